/// How a `TraceRecorder` records.
///
/// ```swift
/// var options = TraceRecorderOptions()
/// options.actionFilter = .deny(["*.timerTicked"])
/// options.redactedFieldNames = ["password", "token"]
/// options.keyframeInterval = 100
/// ```
public struct TraceRecorderOptions: Sendable {
  /// Keyframes by bytes: a full `state` is written on the action whose patch brings the patches
  /// written since the last full state to `keyframePatchRatio` × that state's size in bytes (and
  /// to at least `keyframeMinimumPatchBytes`). Default 1: keyframes are at most about half of a
  /// trace's bytes whatever the state's size (about a fifth with single-field changes), and
  /// rebuilding any state applies at most one state's worth of patches after a keyframe.
  /// `.infinity`: no keyframes by bytes.
  public var keyframePatchRatio: Double = 1
  /// The fewest patch bytes between two keyframes by bytes (default 64 KiB): a small state is
  /// rebuilt from patches quickly anyway, and does not need a keyframe every few actions.
  public var keyframeMinimumPatchBytes: Int = 64 << 10
  /// Also a full `state` on every Nth action line (1: on every line, for people who read the
  /// file with jq); `nil` (default): keyframes by bytes only. The header's `keyframeInterval` is
  /// N, or 0 when `nil`.
  public var keyframeInterval: Int?
  /// Which actions are recorded, by label. Changes made by actions left out appear in the patch of
  /// the next recorded action.
  public var actionFilter: ActionFilter = .all
  /// Secret-like names whose values never reach the trace: fields, enum payload labels and
  /// dictionary `String` keys whose words include `password`, `token`, `secret`, `api key`,
  /// `authorization`, `cookie`, `credential`, … (`TraceRedaction.defaultWords`), in any case and
  /// spelling (`userPassword`, `AUTH_TOKEN`, `x-api-key`). Default `.default`; extend it with
  /// `.default.adding(["pin"])`, replace it with `.words([...])`, turn it off with `.none`. The
  /// session header names it (`"redaction":"default"`).
  public var redaction: TraceRedaction = .default
  /// Field names whose values are never written (also `@Redacted` fields and
  /// `CustomTraceRepresentable` types that return `.redacted`).
  public var redactedFieldNames: Set<String> = []
  /// Containers deeper than this are written as `{"$ref":"Type"}`.
  public var maximumDepth: Int = 64
  /// How many actions handed over may wait for the worker before it takes them (a count cap on
  /// top of `actionBudget`; default 1,000,000). When it is reached, new actions are dropped and
  /// counted; the next recorded action is preceded by a `gap` note and carries a full `state`
  /// (or, at `close()`, the `end` line). At least 1.
  public var queueCapacity: Int = 1_000_000
  /// Bytes the actions waiting for the worker may hold, each counted as 256 bytes (default
  /// 32 MB: about 130,000 actions). Beyond it new actions are dropped and counted, with a `gap`
  /// note — the only way an action is lost.
  public var actionBudget: Int = 32 << 20
  /// Bytes the states waiting for the worker may hold (default 16 MB), each counted at the size
  /// of the last full state the worker wrote (its JSON; before the first, a guess from the
  /// element counts of the state's top-level collections, 64 bytes each).
  /// Beyond it `stateCapture` decides.
  public var stateBudget: Int = 16 << 20
  /// What happens to the states of actions sent while the state budget is used up:
  /// `.coalesce` (default) records the action (label, value, timing, sender) without its state,
  /// and the next kept state carries the change; `.exact` makes the sending thread wait for the
  /// worker, so every state is kept (`TestStore` recordings and golden traces use it).
  public var stateCapture: StateCapture = .coalesce
  /// Nanoseconds an action may wait for the worker before it counts as written late (default
  /// 1 s; nil: never). When the worker has caught up, an `info` note says how many actions were
  /// late and by how much at most: `{"kind":"note","t":…,"note":"info","message":"writer fell
  /// behind: 812 actions written up to 1.20s late","delayed":812}`. Never written with
  /// deterministic timestamps.
  public var delayNoteThreshold: UInt64? = 1_000_000_000
  /// The times the trace carries: `.real` (default), or `.deterministic` for golden traces that
  /// are the same bytes on every run.
  public var timestamps: TraceTimestamps = .real
  /// Hand every line to the system as soon as it is written (a `write` per line), for tests and
  /// bug hunts: a crash (`kill -9`, `fatalError`) then loses only what the worker had not reached.
  /// Default `false`: lines are buffered (64 KB) and handed over when the worker has caught up,
  /// when the buffer is full, or when the oldest buffered line is `flushInterval` old.
  public var writeThrough = false
  /// Nanoseconds a written line may wait in the buffer before it is handed to the system
  /// (default 50 ms): with the buffer's 64 KB, the bound on what `kill -9` loses beyond the
  /// actions still queued. See `docs/recording.md`, "What a crash loses".
  public var flushInterval: UInt64 = 50_000_000
  /// On SIGTERM and SIGINT, write every recorder's queued actions and `end` line, then end the
  /// process as the signal would have (default `true`). Installed once per process, and only when
  /// the signal still has its default action (an app's own handler is left alone).
  public var flushesOnTermination = true
  /// Tests: compare every rebuilt state with a full reflection and note any difference.
  package var checksRebuiltStates = false

  public init() {}

  /// The reflection options the recorder uses for actions and states.
  public var reflection: ReflectionOptions {
    ReflectionOptions(maximumDepth: maximumDepth, redactedFieldNames: redactedFieldNames, redaction: redaction)
  }
}

/// What the recorder does when states come faster than the worker writes them
/// (``TraceRecorderOptions/stateCapture``).
public enum StateCapture: Sendable {
  /// Every action is recorded; states beyond the budget are not kept, and the trace says which
  /// (`"coalesced":true` on the action line, an `info` note with `coalesced` before the next
  /// kept state). The app never waits and never copies a large collection for the recorder.
  case coalesce
  /// Every state is kept; the app waits while the budget is used up.
  case exact
}

/// The times a trace carries (``TraceRecorderOptions/timestamps``).
///
/// ```text
/// .real           {"kind":"action","seq":1,"t":11773481,"duration":4877,…}
/// .deterministic  {"kind":"action","seq":1,"t":1000000,"duration":0,…}
/// ```
public enum TraceTimestamps: Sendable {
  /// Monotonic times, the wall-clock start and the process id.
  case real
  /// The same bytes on every run of the same session: every line after the initial state is 1 ms
  /// (``deterministicStep``) after the one before it, reducer durations are 0, the session starts
  /// at `1970-01-01T00:00:00.000Z` (``deterministicStart``) with process id 0. Golden traces are
  /// made of these; drive the feature's effects with a test clock too, so that they end at the
  /// same point of the session on every run.
  case deterministic

  /// The header's `start` with deterministic timestamps.
  public static let deterministicStart = "1970-01-01T00:00:00.000Z"
  /// Nanoseconds between two lines with deterministic timestamps: 1 ms.
  public static let deterministicStep: Int64 = 1_000_000
}

/// Chooses actions by label with glob patterns: `*` matches any run of characters, `?` one.
///
/// ```swift
/// let filter = ActionFilter.deny(["*.timerTicked", "*.binding(*"])
/// filter.allows("Timer.Action.timerTicked")      // false
/// filter.allows("Todos.Action.addTodoButtonTapped")  // true
/// ```
public struct ActionFilter: Sendable, Equatable {
  public var allowed: [String]
  public var denied: [String]

  /// Labels matching one of `allowed` (every label when empty) and none of `denied`.
  public init(allow allowed: [String] = [], deny denied: [String] = []) {
    self.allowed = allowed
    self.denied = denied
  }

  public static let all = ActionFilter()
  public static func allow(_ patterns: [String]) -> ActionFilter { ActionFilter(allow: patterns) }
  public static func deny(_ patterns: [String]) -> ActionFilter { ActionFilter(deny: patterns) }

  public func allows(_ label: String) -> Bool {
    if !allowed.isEmpty, !allowed.contains(where: { Self.matches($0, label) }) { return false }
    return !denied.contains { Self.matches($0, label) }
  }

  /// Whether `text` matches the glob `pattern` (iterative, no recursion).
  static func matches(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
    var i = 0, j = 0, star = -1, mark = 0
    while j < t.count {
      if i < p.count, p[i] == "?" || (p[i] != "*" && p[i] == t[j]) {
        i += 1
        j += 1
      } else if i < p.count, p[i] == "*" {
        star = i
        mark = j
        i += 1
      } else if star >= 0 {
        i = star + 1
        mark += 1
        j = mark
      } else {
        return false
      }
    }
    while i < p.count, p[i] == "*" { i += 1 }
    return i == p.count
  }
}
