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

extension JSONError {
  /// The message of a `Value(json:)` error, its JSON Pointer put under `pointer` (the place of the
  /// value decoded), for an error that names where the value is: on a trace line (`/action`,
  /// `/state`, `/patch/0/value`) or in the state followed (`/todos/3`).
  ///
  /// ```text
  /// at /x/_0: invalid UUID "q"   under /action   →   at /action/x/_0: invalid UUID "q"
  /// at /: "$set" must be an array   under /n   →   at /n: "$set" must be an array
  /// ```
  package func message(under pointer: String) -> String {
    guard message.hasPrefix("at /"), !pointer.isEmpty else { return message }
    let rest = message.dropFirst(3)
    return "at " + pointer + (rest.hasPrefix("/:") ? rest.dropFirst() : rest)
  }
}

extension TraceError {
  /// The error of a value not in the trace's value form (`Value(json:)`'s `error`), on `line`:
  /// `where` says which value (`in the state after this action, ` or nothing for a value of the
  /// line), `pointer` where it is.
  ///
  /// ```text
  /// run.jsonl:3: error: not a value in the trace's value form: at /action/x/_0: invalid UUID "q"
  /// run.jsonl:4: error: not a value in the trace's value form: in the state after this action, at /n: "$set" must be an array
  /// ```
  package static func valueForm(
    _ error: JSONError, file: String, line: Int, in place: String = "", under pointer: String = ""
  ) -> TraceError {
    TraceError(
      file: file, line: line,
      message: "not a value in the trace's value form: " + place + error.message(under: pointer))
  }
}
