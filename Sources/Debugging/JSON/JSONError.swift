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
  /// For an error of `Value(json:)`: the JSON Pointer of the value (RFC 6901: `""` is the whole
  /// value, `"/"` its member with the empty key) and what is wrong with it. `message` says both,
  /// the whole value written `/`.
  package private(set) var pointer: String?
  package private(set) var problem: String?

  public init(_ message: String, line: Int, column: Int) {
    self.message = message
    self.line = line
    self.column = column
  }

  /// The error of the value at `pointer`: `at /todos/0/id: invalid UUID "x"` (line and column 0).
  package init(at pointer: String, _ problem: String) {
    self.init("at \(pointer.isEmpty ? "/" : pointer): \(problem)", line: 0, column: 0)
    self.pointer = pointer
    self.problem = problem
  }
  /// `line 1, column 7: unterminated string`
  public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONError {
  /// This error of a `Value(json:)` value, its JSON Pointer put under `prefix` (the place of the
  /// value decoded): on a trace line (`/action`, `/state`, `/patch/0/value`) or in the state
  /// followed (`/todos/3`).
  ///
  /// ```text
  /// at /x/_0: invalid UUID "q"   under /action   →   at /action/x/_0: invalid UUID "q"
  /// at /: "$set" must be an array   under /n   →   at /n: "$set" must be an array
  /// ```
  package func under(_ prefix: String) -> JSONError {
    guard !prefix.isEmpty else { return self }
    if let pointer, let problem { return JSONError(at: prefix + pointer, problem) }
    // An error written as text only: its pointer is read from it.
    guard message.hasPrefix("at /") else { return self }
    let rest = message.dropFirst(3)
    return JSONError("at " + prefix + (rest.hasPrefix("/:") ? rest.dropFirst() : rest), line: 0, column: 0)
  }

  /// `under(pointer)`'s message.
  package func message(under pointer: String) -> String { under(pointer).message }
}

extension TraceError {
  /// Which value a value-form error is about, when it is not a value of the line itself.
  package enum ValuePlace: String {
    /// A value of the line (its place is the pointer: `/action`, `/state`).
    case line = ""
    case state = "in the state, "
    case stateAfterAction = "in the state after this action, "
    case stateAroundAction = "in the state before or after this action, "
    case stateAroundLine = "in the state before or after this line, "
  }

  /// The error of a value not in the trace's value form (`Value(json:)`'s `error`), on `line`:
  /// `place` says which value, `pointer` where it is.
  ///
  /// ```text
  /// run.jsonl:3: error: not a value in the trace's value form: at /action/x/_0: invalid UUID "q"
  /// run.jsonl:4: error: not a value in the trace's value form: in the state after this action, at /n: "$set" must be an array
  /// ```
  package static func valueForm(
    _ error: JSONError, file: String, line: Int, in place: ValuePlace = .line, under pointer: String = ""
  ) -> TraceError {
    TraceError(
      file: file, line: line,
      message: "not a value in the trace's value form: " + place.rawValue + error.message(under: pointer))
  }
}

extension Value {
  /// `Value(json:)` of a value from `line` of `file`, its error as `TraceError.valueForm`.
  package static func decoded(
    _ json: JSON, file: String, line: Int, in place: TraceError.ValuePlace = .line, under pointer: String = ""
  ) throws(TraceError) -> Value {
    do {
      return try Value(json: json)
    } catch {
      throw .valueForm(error, file: file, line: line, in: place, under: pointer)
    }
  }
}
