/// One line of a trace (see `docs/log-format.md`, formats 1 and 2).
///
/// ```swift
/// let record = try TraceRecord(json: JSONReader.parse(#"{"kind":"end","t":900,"actions":2}"#))
/// record  // .end(TraceEnd(t: 900, actions: 2))
/// JSONWriter.string(record.json)
/// ```
/// ```text
/// {"kind":"end","t":900,"actions":2}
/// ```
public enum TraceRecord: Sendable, Hashable {
  // (Boxed: a header is much larger than the other records and comes once, so every other record
  // is copied at its own size.)
  indirect case session(TraceSession)
  case state(TraceState)
  case action(TraceAction)
  case effect(TraceEffectEvent)
  case note(TraceNote)
  case end(TraceEnd)

  /// The `kind` of this line.
  public var kind: TraceKind {
    switch self {
    case .session: return .session
    case .state: return .state
    case .action: return .action
    case .effect: return .effect
    case .note: return .note
    case .end: return .end
    }
  }
}

/// The `kind` member of a trace line.
public enum TraceKind: String, Sendable, Hashable, CaseIterable {
  case session, state, action, effect, note, end
}

/// The trace format versions this library reads and writes.
public enum TraceFormat {
  /// The format written by `TraceWriter`: `2` (format 1 plus several reducers in one file,
  /// the redaction rule set in the header; `docs/log-format.md`).
  public static let current: Int64 = 2
  /// Every format this reader accepts.
  public static let supported: [Int64] = [1, 2]

  /// The message for a `format` this reader refuses:
  /// `unsupported trace format 2; this tca-trace reads format 1`.
  public static func unsupportedMessage(_ format: Int64) -> String {
    let list = supported.map(String.init).joined(separator: ", ")
    return "unsupported trace format \(format); this tca-trace reads formats \(list)"
  }
}

/// The first line: what was recorded, where and how.
public struct TraceSession: Sendable, Hashable {
  public var format: Int64
  public var name: String
  public var prefix: String
  /// Wall-clock start, ISO 8601 UTC with milliseconds: `2026-11-21T19:33:07.123Z`.
  public var start: String
  public var clock: String
  /// The monotonic clock's reading at `t` = 0, in nanoseconds (`DispatchTime.now().uptimeNanoseconds`
  /// when recorded): sessions recorded in one process share the clock, so `origin + t` puts their
  /// lines on one timeline. `nil` when not recorded (deterministic timestamps, older traces).
  public var origin: Int64?
  public var platform: String
  public var pid: Int64
  public var keyframeInterval: Int64
  public var redacted: [String]
  /// Format 2: the tag of this session's lines in a file several reducers write (`counter1`;
  /// see `docs/log-format.md`); `nil` in format 1.
  public var reducer: String?
  /// Format 2: the redaction rule set in force (`"default"`, `"none"`, `"default+custom"`).
  public var redaction: String?

  public init(
    format: Int64 = TraceFormat.current, name: String, prefix: String = "", start: String,
    clock: String = "monotonic", origin: Int64? = nil, platform: String, pid: Int64, keyframeInterval: Int64,
    redacted: [String] = [], reducer: String? = nil, redaction: String? = nil
  ) {
    self.reducer = reducer
    self.redaction = redaction
    self.format = format
    self.name = name
    self.prefix = prefix
    self.start = start
    self.clock = clock
    self.origin = origin
    self.platform = platform
    self.pid = pid
    self.keyframeInterval = keyframeInterval
    self.redacted = redacted
  }
}

/// A full state: the initial one (`seq` 0) or a later snapshot.
public struct TraceState: Sendable, Hashable {
  public var seq: Int64
  public var t: Int64
  public var state: JSON
  /// `"changedOutside":true`: the state changed outside the recorded reducer after action `seq`
  /// (another `forEach` row, an `ifLet` child presented again, a parent's change); this is the
  /// state the next action starts from, not the state after action `seq`.
  public var changedOutside: Bool
  public init(seq: Int64, t: Int64, state: JSON, changedOutside: Bool = false) {
    self.seq = seq
    self.t = t
    self.state = state
    self.changedOutside = changedOutside
  }
}

/// One action that reached the reducer, with its timing and the state change it made.
public struct TraceAction: Sendable, Hashable {
  public var seq: Int64
  /// Nanoseconds from the session's origin when the action reached the reducer.
  public var t: Int64
  /// Nanoseconds the reducer ran.
  public var duration: Int64
  public var label: String
  public var action: JSON
  /// The effect that sent this action; `nil` when sent by the user.
  public var effect: Int64?
  /// The change from the previous state; empty when nothing changed.
  public var patch: JSONPatch
  /// The full state after this action, on keyframe lines.
  public var state: JSON?
  /// Format 2: the state after this action was not captured (the writer was busy); `patch` is
  /// empty and the change appears in the next action without the flag (`"coalesced":true`).
  public var coalesced: Bool

  public init(
    seq: Int64, t: Int64, duration: Int64, label: String, action: JSON, effect: Int64? = nil,
    patch: JSONPatch = JSONPatch(), state: JSON? = nil, coalesced: Bool = false
  ) {
    self.coalesced = coalesced
    self.seq = seq
    self.t = t
    self.duration = duration
    self.label = label
    self.action = action
    self.effect = effect
    self.patch = patch
    self.state = state
  }
}

/// A step in an effect's life.
public struct TraceEffectEvent: Sendable, Hashable {
  public enum Event: String, Sendable, Hashable, CaseIterable {
    case started, output, finished, cancelled
  }

  public var event: Event
  /// The effect id, unique in the session.
  public var effect: Int64
  public var t: Int64
  /// `started`: the originating action; `output`: the action the effect sent. `nil` otherwise.
  public var seq: Int64?
  /// `started`: the originating action's label; `output`: the sent action's label.
  public var label: String?
  /// `started`: the cancellation id, when the effect is cancellable.
  public var id: String?

  public init(
    event: Event, effect: Int64, t: Int64, seq: Int64? = nil, label: String? = nil, id: String? = nil
  ) {
    self.event = event
    self.effect = effect
    self.t = t
    self.seq = seq
    self.label = label
    self.id = id
  }
}

/// Something the writer says: dropped lines, a failure, or information.
public struct TraceNote: Sendable, Hashable {
  public enum Note: String, Sendable, Hashable, CaseIterable {
    case gap, error, info
  }

  public var t: Int64
  public var note: Note
  public var message: String
  /// `gap`: how many actions or states were not recorded.
  public var dropped: Int64?
  /// How many actions were written late (the writer fell behind but recorded them).
  public var delayed: Int64?
  /// Format 2, `info`: how many actions before this note had their states coalesced.
  public var coalesced: Int64?

  public init(
    t: Int64, note: Note, message: String, dropped: Int64? = nil, delayed: Int64? = nil, coalesced: Int64? = nil
  ) {
    self.coalesced = coalesced
    self.t = t
    self.note = note
    self.message = message
    self.dropped = dropped
    self.delayed = delayed
  }
}

/// The last line of a cleanly closed trace.
public struct TraceEnd: Sendable, Hashable {
  public var t: Int64
  /// The `seq` of the last action recorded.
  public var actions: Int64
  public init(t: Int64, actions: Int64) {
    self.t = t
    self.actions = actions
  }
}
