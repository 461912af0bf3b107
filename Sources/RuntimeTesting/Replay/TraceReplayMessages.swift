import Debugging

/// The text of every replay failure and note, in one place. Each starts with
/// `Replay of FILE:` and, after the first action, says how many actions matched before it.
enum TraceReplayMessages {
  static let stateLegend = "(Recorded: -, Actual: +)"
  static let actionLegend = "(Recorded: -, Received: +)"

  /// `#9 Todos.Action.sortCompletedTodos (line 15, from effect 2)`.
  static func action(_ action: TraceAction, line: Int) -> String {
    let from = action.effect.map { ", from effect \($0)" } ?? ""
    return "#\(action.seq) \(action.label) (line \(line)\(from))"
  }

  /// `; 8 actions matched before it`.
  static func matched(_ count: Int) -> String {
    "\(ValueDump.count(count, "action")) matched before it"
  }

  static func unreadable(_ file: String, _ error: any Error) -> String {
    "Replay of \(file): cannot read the trace: \(error)"
  }

  static func badLine(_ file: String, _ error: TraceError, matched: Int) -> String {
    let at = error.line > 0 ? "line \(error.line): " : ""
    return "Replay of \(file): \(at)\(error.message); \(self.matched(matched))."
  }

  static func noInitialState(_ file: String) -> String {
    "Replay of \(file): the trace has no initial state (a \"state\" line with seq 0 after the header)."
  }

  static func anotherFeature(_ file: String, recorded: String, actual: String) -> String {
    """
    Replay of \(file): the trace is of another feature: its state is \(recorded), this store's \
    is \(actual).
    """
  }

  static func anotherAction(_ file: String, _ action: TraceAction, line: Int, recorded: String, actual: String)
    -> String
  {
    """
    Replay of \(file): the trace is of another feature: \(self.action(action, line: line)) is a \
    \(recorded), this store's actions are \(actual).
    """
  }

  static func initialState(_ file: String, line: Int, diff: String) -> String {
    """
    Replay of \(file): the initial state differs from the trace's (line \(line)): …

    \(diff)

    \(stateLegend)
    """
  }

  static func state(_ file: String, _ action: TraceAction, line: Int, matched: Int, diff: String) -> String {
    """
    Replay of \(file): the state after \(self.action(action, line: line)) differs from the \
    trace; \(self.matched(matched)): …

    \(diff)

    \(stateLegend)
    """
  }

  static func undecodable(
    _ file: String, _ action: TraceAction, line: Int, type: String, error: TraceValueDecodingError, matched: Int
  ) -> String {
    """
    Replay of \(file): \(self.action(action, line: line)) does not decode as \(type): \(error); \
    \(self.matched(matched)).
    """
  }

  // MARK: - Running effects

  static func notReceived(_ file: String, _ action: TraceAction, line: Int, running: Int, matched: Int) -> String {
    let inFlight =
      running == 0
      ? "no effect is in flight"
      : "\(ValueDump.count(running, "effect")) still in flight after advancing the test clocks"
    return """
      Replay of \(file): the trace has \(self.action(action, line: line)), sent by an effect, but no \
      effect sent an action (\(inFlight)); \(self.matched(matched)).
      """
  }

  static func differentReceived(_ file: String, _ action: TraceAction, line: Int, matched: Int, diff: String) -> String
  {
    """
    Replay of \(file): an effect sent another action than \(self.action(action, line: line)); \
    \(self.matched(matched)): …

    \(diff)

    \(actionLegend)
    """
  }

  static func unexpectedReceived(_ file: String, _ received: [Any], before action: TraceAction, line: Int, matched: Int)
    -> String
  {
    """
    Replay of \(file): effects sent \(ValueDump.count(received.count, "action")) the trace does not \
    have before \(self.action(action, line: line)); \(self.matched(matched)): …

    \(ValueDump.list(received))
    """
  }

  // MARK: - Notes: where the replay could not check

  static func gap(_ file: String, line: Int, dropped: Int64?, lastSeq: Int64, matched: Int) -> String {
    let count = dropped.map { "\($0) action\($0 == 1 ? "" : "s")" } ?? "actions"
    return """
      Replay of \(file): stopped at line \(line): the recorder dropped \(count) there (a gap), so \
      the states after it cannot be reproduced; replayed #1…#\(lastSeq) (\(ValueDump.count(matched, "action")) \
      matched), the rest of the trace not replayed.
      """
  }

  static func changedOutside(_ file: String, line: Int, before seq: Int64, lastSeq: Int64, matched: Int) -> String {
    """
    Replay of \(file): stopped at line \(line): the state changed outside the recorded reducer before \
    #\(seq) (another forEach element, an ifLet child presented again, or a change by its parent), which \
    this store cannot reproduce; replayed #1…#\(lastSeq) (\(ValueDump.count(matched, "action")) matched), the \
    rest of the trace not replayed.
    """
  }

  static func cutOff(_ file: String, line: Int, lastSeq: Int64) -> String {
    """
    Replay of \(file): the trace ends in a cut-off line (line \(line), no newline at the end); \
    replayed every action before it, up to #\(lastSeq).
    """
  }

  static func readerWarning(_ file: String, _ warning: TraceError) -> String {
    let at = warning.line > 0 ? "line \(warning.line): " : ""
    return "Replay of \(file): \(at)\(warning.message)"
  }

  static func writerError(_ file: String, line: Int, message: String) -> String {
    "Replay of \(file): the recorder noted an error at line \(line): \(message)"
  }

  static func coalesced(_ file: String, from: Int64, to: Int64, checkedAt action: TraceAction, line: Int) -> String {
    let range = from == to ? "#\(from)" : "#\(from)…#\(to)"
    return """
      Replay of \(file): the recorder coalesced the states after \(range) into the next one (it \
      fell behind); they are checked together after \(self.action(action, line: line)).
      """
  }

  static func coalescedAtClose(_ file: String, from: Int64, to: Int64, line: Int) -> String {
    let range = from == to ? "#\(from)" : "#\(from)…#\(to)"
    return """
      Replay of \(file): the recorder coalesced the states after \(range) (it fell behind); they \
      are checked together against the state it wrote when it closed (line \(line)).
      """
  }

  static func neverCaptured(_ file: String, from: Int64, to: Int64) -> String {
    let range = from == to ? "#\(from)" : "#\(from)…#\(to)"
    return """
      Replay of \(file): the states after \(range) were not captured (the recorder coalesced them \
      and closed before a later state); not checked.
      """
  }

  static func finalState(_ file: String, seq: Int64, line: Int, matched: Int, diff: String) -> String {
    """
    Replay of \(file): the state after #\(seq) (written when the recorder closed, line \(line)) differs \
    from the trace; \(self.matched(matched)): …

    \(diff)

    \(stateLegend)
    """
  }

  static func unchecked(_ file: String, _ action: TraceAction, line: Int, reason: String) -> String {
    "Replay of \(file): the state after \(self.action(action, line: line)) is not checked: \(reason)."
  }
}
