/// Where in a test a `TestStore` call was made: the `send`, `receive` or `finish` whose assertion
/// failed. Built from the call's `#fileID`, `#filePath`, `#line` and `#column` defaults.
///
/// ```swift
/// print(failure.location)
/// ```
/// ```text
/// RuntimeTestingTests/CounterTests.swift:14:5
/// ```
public struct TestSourceLocation: Sendable, CustomStringConvertible {
  public let fileID: StaticString
  public let filePath: StaticString
  public let line: UInt
  public let column: UInt

  public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  public var description: String { "\(fileID):\(line):\(column)" }
}

extension TestSourceLocation: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.description == rhs.description && "\(lhs.filePath)" == "\(rhs.filePath)"
  }
}

/// One thing a `TestStore` reports: a failed assertion, or (`isFailure == false`) an assertion a
/// non-exhaustive store skipped, shown for information only.
///
/// ```swift
/// TestFailure(message: "Received unexpected action: …", location: location)
/// ```
public struct TestFailure: Sendable, Equatable, CustomStringConvertible {
  /// The full message, as shown in the test report.
  public var message: String
  /// The `send`/`receive` call the message is about.
  public var location: TestSourceLocation
  /// `false` for skipped assertions of a non-exhaustive store (informational: the test still passes).
  public var isFailure: Bool

  public init(message: String, location: TestSourceLocation, isFailure: Bool = true) {
    self.message = message
    self.location = location
    self.isFailure = isFailure
  }

  /// `location: message`, prefixed with `note: ` for informational reports.
  public var description: String {
    "\(location): \(isFailure ? "" : "note: ")\(message)"
  }
}
