import Debugging

extension TraceInput where Decoder == TraceRecordDecoder {
  /// The `Value` of a JSON value from line `line`, or an error at that line when it is not in the
  /// trace's value form (docs/log-format.md): `place` and `pointer` say where the value is
  /// (`TraceError.valueForm`), `under: "/action"` for the line's action value.
  package func value(_ json: JSON, line: Int, in place: TraceError.ValuePlace = .line, under pointer: String = "")
    throws(TraceError) -> Value
  {
    try Value.decoded(json, file: file, line: line, in: place, under: pointer)
  }
}
