import Foundation

// What `TraceEventSummary(line:bytes:)` collects from a line's members, and checks once the kind
// is known.

/// The members a summary reads.
enum SummaryKey: Equatable {
  case kind, seq, t, duration, label, event, effect, note, dropped, actions, format, state, coalesced, reducer, other

  init(_ k: UnsafeRawBufferPointer) {
    func equals(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == k.count && memcmp(literal.utf8Start, k.baseAddress!, k.count) == 0
    }
    switch k.count {
    case 1: self = k[0] == UInt8(ascii: "t") ? .t : .other
    case 3: self = equals("seq") ? .seq : .other
    case 4: self = equals("kind") ? .kind : equals("note") ? .note : .other
    case 5: self = equals("label") ? .label : equals("event") ? .event : equals("state") ? .state : .other
    case 6: self = equals("effect") ? .effect : equals("format") ? .format : .other
    case 7: self = equals("dropped") ? .dropped : equals("actions") ? .actions : equals("reducer") ? .reducer : .other
    case 8: self = equals("duration") ? .duration : .other
    case 9: self = equals("coalesced") ? .coalesced : .other
    default: self = .other
    }
  }
}

/// The JSON type a value starting with `byte` has, for error messages.
func typeName(_ byte: UInt8) -> String {
  switch byte {
  case UInt8(ascii: "\""): return "string"
  case UInt8(ascii: "{"): return "object"
  case UInt8(ascii: "["): return "array"
  case UInt8(ascii: "t"), UInt8(ascii: "f"): return "boolean"
  case UInt8(ascii: "n"): return "null"
  default: return "number"
  }
}

/// The values of `kind`, `event` and `note` the recorder writes, matched on their raw bytes (with
/// the quotes) so that the common line builds no `String` for them.
enum KnownName {
  case action, effect, state, note, session, end, started, output, finished, cancelled, gap, info, error

  init?(_ raw: UnsafeRawBufferPointer) {
    func equals(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == raw.count && memcmp(literal.utf8Start, raw.baseAddress!, raw.count) == 0
    }
    guard raw.count >= 4, raw[0] == UInt8(ascii: "\"") else { return nil }
    switch raw.count {
    case 5: if equals(#""end""#) { self = .end } else if equals(#""gap""#) { self = .gap } else { return nil }
    case 6: if equals(#""note""#) { self = .note } else if equals(#""info""#) { self = .info } else { return nil }
    case 7: if equals(#""state""#) { self = .state } else if equals(#""error""#) { self = .error } else { return nil }
    case 8:
      if equals(#""action""#) {
        self = .action
      } else if equals(#""effect""#) {
        self = .effect
      } else if equals(#""output""#) {
        self = .output
      } else {
        return nil
      }
    case 9:
      if equals(#""session""#) { self = .session } else if equals(#""started""#) { self = .started } else { return nil }
    case 10: if equals(#""finished""#) { self = .finished } else { return nil }
    case 11: if equals(#""cancelled""#) { self = .cancelled } else { return nil }
    default: return nil
    }
  }

  var text: String {
    switch self {
    case .action: "action"
    case .effect: "effect"
    case .state: "state"
    case .note: "note"
    case .session: "session"
    case .end: "end"
    case .started: "started"
    case .output: "output"
    case .finished: "finished"
    case .cancelled: "cancelled"
    case .gap: "gap"
    case .info: "info"
    case .error: "error"
    }
  }

  var kind: TraceKind? {
    switch self {
    case .action: .action
    case .effect: .effect
    case .state: .state
    case .note: .note
    case .session: .session
    case .end: .end
    default: nil
    }
  }

  var event: TraceEffectEvent.Event? {
    switch self {
    case .started: .started
    case .output: .output
    case .finished: .finished
    case .cancelled: .cancelled
    default: nil
    }
  }

  var note: TraceNote.Note? {
    switch self {
    case .gap: .gap
    case .info: .info
    case .error: .error
    default: nil
    }
  }
}

/// What the scanner collected from one line, checked once the `kind` is known: the first value
/// of each member read (no array per line).
struct ScannedFields {
  var kind: String?, label: String?, event: String?, note: String?
  var seq: Int64?, t: Int64?, duration: Int64?, effect: Int64?, dropped: Int64?, actions: Int64?, format: Int64?
  /// `kind`, `event` and `note` when they were read as a `KnownName` (no `String` switch then).
  var knownKind: TraceKind?, knownEvent: TraceEffectEvent.Event?, knownNote: TraceNote.Note?
  var typeError: (SummaryKey, String, String)?
  var hasState = false
  var coalesced = false
  /// The tag for the stream selection: the first `reducer` member's string, `.unknown` once a
  /// key has escapes (the selection searches the line then).
  var reducer = TraceReducerTag.none
  var sawReducer = false

  mutating func setKnown(_ key: SummaryKey, _ name: KnownName) {
    switch key {
    case .kind: knownKind = name.kind
    case .event: knownEvent = name.event
    case .note: knownNote = name.note
    default: break
    }
  }

  func string(_ key: SummaryKey) -> String? {
    switch key {
    case .kind: kind
    case .label: label
    case .event: event
    case .note: note
    default: nil
    }
  }

  mutating func setString(_ key: SummaryKey, _ value: String) {
    switch key {
    case .kind: kind = value
    case .label: label = value
    case .event: event = value
    case .note: note = value
    default: break
    }
  }

  func integer(_ key: SummaryKey) -> Int64? {
    switch key {
    case .seq: seq
    case .t: t
    case .duration: duration
    case .effect: effect
    case .dropped: dropped
    case .actions: actions
    case .format: format
    default: nil
    }
  }

  mutating func setInteger(_ key: SummaryKey, _ value: Int64) {
    switch key {
    case .seq: seq = value
    case .t: t = value
    case .duration: duration = value
    case .effect: effect = value
    case .dropped: dropped = value
    case .actions: actions = value
    case .format: format = value
    default: break
    }
  }

  func summary(line: Int) throws(TraceSummaryFailure) -> TraceEventSummary {
    func fail(_ message: String) -> TraceSummaryFailure { TraceSummaryFailure(message: message, column: 0) }
    if let (key, _, found) = typeError, key == .kind { throw fail("\"kind\" must be a string, found \(found)") }
    guard let kindName = string(.kind) else { throw fail("missing key \"kind\"") }
    guard let kind = knownKind ?? TraceKind(rawValue: kindName) else { throw fail("unknown kind \"\(kindName)\"") }
    if let (key, expected, found) = typeError {
      throw fail("\(kindName): \"\(key)\" must be \(expected), found \(found)")
    }
    var summary = TraceEventSummary.Fields(line: line, kind: kind)
    summary.hasState = hasState && kind != .session
    summary.coalesced = coalesced && kind == .action
    func require<T>(_ value: T?, _ key: String) throws(TraceSummaryFailure) -> T {
      guard let value else { throw fail("\(kindName): missing key \"\(key)\"") }
      return value
    }
    func count(_ key: SummaryKey, _ name: String, optional: Bool = false) throws(TraceSummaryFailure) -> Int64? {
      guard let value = integer(key) else {
        if optional { return nil }
        throw fail("\(kindName): missing key \"\(name)\"")
      }
      guard value >= 0 else { throw fail("\(kindName): \"\(name)\" must not be negative, found \(value)") }
      return value
    }
    switch kind {
    case .session:
      let format = try require(integer(.format), "format")
      guard TraceFormat.supported.contains(format) else { throw fail(TraceFormat.unsupportedMessage(format)) }
      summary.format = format
    case .state:
      summary.seq = try count(.seq, "seq")
      summary.t = try count(.t, "t")
    case .action:
      summary.seq = try count(.seq, "seq")
      summary.t = try count(.t, "t")
      summary.duration = try count(.duration, "duration")
      summary.label = try require(string(.label), "label")
      summary.effect = try count(.effect, "effect", optional: true)
    case .effect:
      let name = try require(string(.event), "event")
      guard let event = knownEvent ?? TraceEffectEvent.Event(rawValue: name) else {
        throw fail("effect: unknown event \"\(name)\"")
      }
      summary.event = event
      summary.effect = try count(.effect, "effect")
      summary.t = try count(.t, "t")
      let needsSeq = event == .started || event == .output
      summary.seq = try count(.seq, "seq", optional: !needsSeq)
      summary.label = needsSeq ? try require(string(.label), "label") : string(.label)
    case .note:
      summary.t = try count(.t, "t")
      let name = try require(string(.note), "note")
      guard let note = knownNote ?? TraceNote.Note(rawValue: name) else { throw fail("note: unknown note \"\(name)\"") }
      summary.note = note
      summary.dropped = try count(.dropped, "dropped", optional: note != .gap)
    case .end:
      summary.t = try count(.t, "t")
      summary.actions = try count(.actions, "actions")
    }
    return TraceEventSummary(fields: summary, reducerTag: reducer)
  }
}
