import Debugging

extension TraceInput where Decoder == TraceRecordDecoder {
  /// The `Value` of a JSON value from line `line`, or an error at that line when it is not in the
  /// trace's value form (docs/log-format.md).
  package func value(_ json: JSON, line: Int) throws(TraceError) -> Value {
    do {
      return try Value(json: json)
    } catch {
      throw TraceError(file: file, line: line, message: "not a value in the trace's value form: \(error.message)")
    }
  }
}
