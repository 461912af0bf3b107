/// How `TestStore.replay(trace:)` treats the actions effects sent in the recorded session.
public enum TraceReplayEffects: Sendable, Equatable {
  /// Effects do not run; the actions they sent are sent from the trace, in their recorded order
  /// (Redux DevTools' "lock"). Deterministic, and no dependency of the feature is needed. The
  /// default.
  case fromTrace
  /// Effects run with the test's dependencies; every action they send is received and checked
  /// against the trace's, in order. When the trace's next action is one an effect sent and it has
  /// not arrived, the store's test clocks are advanced to the next sleeper's deadline.
  case run
}

/// What a replay did: how many actions it replayed and matched, and where it could not check.
///
/// ```swift
/// let report = await store.replay(trace: "Fixtures/todos.jsonl")
/// report.matched      // 14
/// report.description  // "todos.jsonl: 14 of 14 actions replayed, every state matched"
/// ```
public struct TraceReplayReport: Sendable, Equatable, CustomStringConvertible {
  /// The trace's file name.
  public var file: String
  /// Actions in the trace that the replay reached.
  public var actions: Int
  /// Actions sent (or received) and whose state matched the trace.
  public var matched: Int
  /// Where the replay could not check, in the order met (each also reported as a note).
  public var unchecked: [String]
  /// The failure that stopped the replay, if one did (also reported as a failure).
  public var failure: String?

  public init(file: String, actions: Int, matched: Int, unchecked: [String] = [], failure: String? = nil) {
    self.file = file
    self.actions = actions
    self.matched = matched
    self.unchecked = unchecked
    self.failure = failure
  }

  public var description: String {
    var text = "\(file): \(matched) of \(actions) action\(actions == 1 ? "" : "s") replayed"
    if failure != nil {
      text += ", then a failure"
    } else if unchecked.isEmpty {
      text += ", every state matched"
    } else {
      text += ", \(unchecked.count) place\(unchecked.count == 1 ? "" : "s") not checked"
    }
    return text
  }
}
