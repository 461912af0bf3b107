import Debugging

/// The state as a trace is read, for the subcommands that stop at the first problem: the trace
/// layer's `TraceStateTracker`, with a patch that does not apply turned into an error at its line.
///
/// ```swift
/// var tracker = StateTracker()
/// try tracker.apply(line, file: "log.jsonl")   // a `state` line or an `action` line
/// tracker.state                                // the state after that line
/// ```
/// ```text
/// log.jsonl:9: error: patch of action 7 does not apply: path /todos/7 does not exist
/// ```
package struct StateTracker {
  private var tracker = TraceStateTracker()

  package init() {}

  /// The state after the last line applied; `nil` before the first `state` line.
  package var state: JSON? { tracker.state }

  package mutating func apply(_ line: TraceLine, file: String) throws(TraceError) {
    if let problem = tracker.consume(line.record, line: line.line) {
      throw TraceError(file: file, line: problem.line, message: problem.message)
    }
  }
}
