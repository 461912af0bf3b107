/// The state as a trace is read: the last full state, with each action's patch applied.
///
/// ```swift
/// var tracker = StateTracker()
/// try tracker.apply(line)   // a `state` line or an `action` line
/// tracker.state             // the state after that line
/// ```
package struct StateTracker {
  /// The state after the last line applied; `nil` before the first `state` line.
  package private(set) var state: JSON?

  package init() {}

  /// Takes the state from a `state` line or a keyframe, or applies an action's patch. A patch
  /// that does not apply is an error at that line.
  package mutating func apply(_ line: TraceLine, file: String) throws(TraceError) {
    switch line.record {
    case let .state(snapshot):
      state = snapshot.state
    case let .action(action):
      if let full = action.state {
        state = full
        return
      }
      guard !action.patch.operations.isEmpty else { return }
      guard var current = state else {
        throw TraceError(file: file, line: line.line, message: "action \(action.seq) has a patch but no state came before it")
      }
      state = nil
      do {
        try action.patch.apply(to: &current)
      } catch {
        throw TraceError(file: file, line: line.line, message: "action \(action.seq): patch does not apply: \(error.message)")
      }
      state = current
    default:
      return
    }
  }
}
