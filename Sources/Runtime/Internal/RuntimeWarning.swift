import Foundation

/// Runtime warnings: logic errors the runtime survives (an action for a missing element, an
/// unhandled effect error) but reports.
///
/// Warnings go to standard error, or to a handler bound for the current task, which is how tests
/// observe them:
///
/// ```swift
/// RuntimeWarning.$handler.withValue({ message in warnings.append(message) }) {
///   store.send(.todos(.element(id: missingID, action: .toggle)))
/// }
/// ```
public enum RuntimeWarning {
  /// Receives warnings instead of standard error while bound.
  @TaskLocal public static var handler: (@Sendable (String) -> Void)?

  /// Reports `message` to the bound handler, or to standard error.
  public static func report(_ message: String) {
    if let handler {
      handler(message)
    } else {
      FileHandle.standardError.write(Data("[tca-trace] Runtime warning: \(message)\n".utf8))
    }
  }
}
