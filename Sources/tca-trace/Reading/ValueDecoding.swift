import Debugging

extension TraceInput where Decoder == TraceRecordDecoder {
  /// The `Value` of a JSON value from line `line`, or an error at that line when it is not in the
  /// trace's value form (docs/log-format.md): `place` and `pointer` say where the value is
  /// (`TraceError.valueForm`), `under: "/action"` for the line's action value.
  package func value(_ json: JSON, line: Int, in place: String = "", under pointer: String) throws(TraceError) -> Value
  {
    do {
      return try Value(json: json)
    } catch {
      throw .valueForm(error, file: file, line: line, in: place, under: pointer)
    }
  }
}
