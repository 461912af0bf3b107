import Foundation

/// What a command keeps until the process exits instead of freeing it: the teardown of a large
/// state (1.3 ms for 100,000 todos, on the main thread after the last line is printed) is work
/// the exit does anyway. Only when the tool runs as a process of its own (`main.swift` says so);
/// a command run inside another process (a test) frees as usual.
///
/// ```swift
/// ProcessEnd.keep(tracker)   // freed by the exit, not here
/// ```
package enum ProcessEnd {
  private final class Kept: @unchecked Sendable {
    let lock = NSLock()
    var exits = false
    var values: [Any] = []
  }
  private static let kept = Kept()

  /// Called by `main.swift`: the process ends once the command returns.
  package static func endsWithCommand() {
    kept.lock.withLock { kept.exits = true }
  }

  /// Keeps `value` until the exit, when the process ends with the command.
  package static func keep(_ value: Any) {
    kept.lock.withLock {
      if kept.exits { kept.values.append(value) }
    }
  }
}
