import ExampleFeatures
import RuntimeTesting
import Testing
import XCTest

/// The automatic reporter: a Swift Testing issue at the `send`/`receive` call inside a Swift
/// Testing test.
@MainActor
@Suite struct TestFailureReporterTests {
  @Test func failuresAreIssuesAtTheCallSite() async {
    let line = #line + 3
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State(), reducer: Counter())
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        A state change does not match expectation: …

            Counter.State(
          -   count: 2
          +   count: 1
            )

        (Expected: -, Actual: +)
        """
      ]
        && issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileID == "RuntimeTestingTests/TestFailureReporterTests.swift"
    }
  }
}

extension TestFailureReporterTests {
  @Test func endOfTestFailuresAreIssuesAtTheSendThatStartedTheEffect() async {
    let line = #line + 6
    await withKnownIssue {
      let clock = TestClock()
      let store = TestStore(initialState: EffectsBasics.State()) {
        EffectsBasics(clock: clock)
      }
      await store.send(.decrementButtonTapped) { $0.count = -1 }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "An effect returned for this action is still running."
      ) == true
        && issue.sourceLocation?.line == line
    }
  }
}

/// The automatic reporter under XCTest: `XCTFail` at the call site.
final class TestStoreXCTestTests: XCTestCase {
  nonisolated(unsafe) var recorded: [(description: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    recorded.append((description, lineNumber))
  }

  @MainActor
  func testFailuresAreXCTFailures() async {
    let line = #line + 2
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.incrementButtonTapped)

    XCTAssertEqual(recorded.map(\.line), [line])
    XCTAssertEqual(
      recorded.map(\.description),
      [
        """
        State was not expected to change, but a change occurred: …

            Counter.State(
          -   count: 0
          +   count: 1
            )

        (Expected: -, Actual: +)
        """
      ])
  }
}
