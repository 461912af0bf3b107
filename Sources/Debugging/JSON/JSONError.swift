/// Why a JSON text could not be read, and where (1-based line and column).
///
/// Columns count bytes of UTF-8 from the start of the line (`é` is two), like the trace reader's
/// `FILE:LINE:COLUMN` diagnostics.
/// Errors from `Value(json:)` have no position in a text: their line and column are 0 and the
/// message starts with the JSON Pointer of the offending value.
///
/// ```swift
/// try JSONReader.parse(#"{"a":tru}"#)
/// ```
/// ```text
/// line 1, column 6: invalid literal, expected true
/// ```
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public var line: Int
  public var column: Int
  public init(_ message: String, line: Int, column: Int) {
    self.message = message
    self.line = line
    self.column = column
  }
  /// `line 1, column 7: unterminated string`
  public var description: String { "line \(line), column \(column): \(message)" }
}
