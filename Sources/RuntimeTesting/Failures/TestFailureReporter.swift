import Foundation
import Testing
import XCTest

/// Where a `TestStore` sends its failures. The default, ``automatic``, records them as issues of
/// the running test: `Issue.record` under Swift Testing, `XCTFail` under XCTest, at the source
/// location of the `send`/`receive` call. Tests of test helpers inject their own to read messages:
///
/// ```swift
/// var messages: [String] = []
/// let store = TestStore(
///   initialState: Counter.State(),
///   reducer: Counter(),
///   failureReporter: TestFailureReporter { messages.append($0.message) }
/// )
/// ```
public struct TestFailureReporter: Sendable {
  private let report: @MainActor @Sendable (TestFailure) -> Void

  /// A reporter that calls `report` for every failure and informational note.
  public init(_ report: @escaping @MainActor @Sendable (TestFailure) -> Void) {
    self.report = report
  }

  /// Reports `failure`.
  @MainActor
  public func callAsFunction(_ failure: TestFailure) { report(failure) }

  /// Swift Testing's `Issue.record` inside a Swift Testing test (`Test.current != nil`; notes are
  /// recorded with severity `.warning`), otherwise `XCTFail` (notes are printed).
  public static let automatic = Self { failure in
    if Test.current != nil {
      let location = failure.location
      Issue.record(
        Comment(rawValue: failure.message),
        severity: failure.isFailure ? .error : .warning,
        sourceLocation: SourceLocation(
          fileID: "\(location.fileID)",
          filePath: "\(location.filePath)",
          line: Int(location.line),
          column: Int(location.column)
        )
      )
    } else if failure.isFailure {
      XCTFail(failure.message, file: failure.location.filePath, line: failure.location.line)
    } else {
      print(failure.description)
    }
  }
}
