/// A problem with a trace, located by file, line and (for JSON errors) column.
///
/// ```swift
/// TraceError(file: "run.jsonl", line: 12, column: 7, message: "unterminated string").description
/// ```
/// ```text
/// run.jsonl:12:7: error: unterminated string
/// ```
public struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Severity: String, Sendable {
    case error, warning
  }

  public var file: String
  /// 1-based; 0 when the problem is about the whole file.
  public var line: Int
  /// 1-based byte column, for JSON syntax errors.
  public var column: Int?
  public var severity: Severity
  public var message: String

  public init(file: String, line: Int, column: Int? = nil, severity: Severity = .error, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
  }

  public var description: String {
    var location = file
    if line > 0 { location += ":\(line)" }
    if let column { location += ":\(column)" }
    return "\(location): \(severity.rawValue): \(message)"
  }
}

/// The messages the readers use for whole-file problems.
enum TraceMessages {
  static let empty = "empty trace: expected a session header"
  static let truncated = "truncated last line (no newline at the end); ignored"
  static let emptyLine = "empty line"
  static func headerExpected(found kind: String) -> String {
    "first line must be a session header, found \"\(kind)\""
  }
  static let headerAgain = "a session header is only allowed on the first line"
  /// A later `session` line whose tag an earlier one has (`SessionHeaders`).
  static func sessionAgain(tag: String, firstLine: Int) -> String {
    "reducer \"\(tag)\": a second session header with this tag (the first is on line \(firstLine))"
  }
}
