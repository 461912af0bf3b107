/// How much a `TestStore` insists on.
///
/// ```swift
/// store.exhaustivity = .off                                  // assert only what you set
/// store.exhaustivity = .off(showSkippedAssertions: true)     // …and note what was skipped
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every received action received and every effect
  /// finished by the end of the test (the default).
  case on
  /// Only what a `send`/`receive` closure sets is checked; unasserted changes, received actions
  /// and effects still running are skipped. With `showSkippedAssertions`, each skip is reported
  /// as an informational note (not a failure).
  case off(showSkippedAssertions: Bool)

  /// `.off(showSkippedAssertions: false)`.
  public static let off = Self.off(showSkippedAssertions: false)

  /// Whether skipped assertions are reported as notes.
  var showsSkippedAssertions: Bool {
    switch self {
    case .on: true
    case let .off(show): show
    }
  }
}
