import RuntimeTesting

/// Collects what a `TestStore` reports, so tests can assert exact messages.
@MainActor
final class FailureLog {
  private(set) var failures: [TestFailure] = []

  /// A reporter that appends to this log.
  var reporter: TestFailureReporter {
    TestFailureReporter { [weak self] failure in self?.failures.append(failure) }
  }

  /// The messages of real failures, in order.
  var messages: [String] { failures.filter(\.isFailure).map(\.message) }

  /// The messages of informational notes (skipped assertions), in order.
  var notes: [String] { failures.filter { !$0.isFailure }.map(\.message) }
}
