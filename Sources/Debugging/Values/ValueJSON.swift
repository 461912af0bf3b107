// CONTRACT STUB — owned by the JSON work (branch `json`). Signatures are fixed; the mapping is
// specified in docs/log-format.md ("Values: the JSON form of a Swift value").

extension Value {
  /// The JSON form of this value (docs/log-format.md).
  public var json: JSON {
    fatalError("Value.json: not implemented yet (branch json)")
  }

  /// Decodes the JSON form back into a value; the inverse of `json`.
  public init(json: JSON) throws(JSONError) {
    fatalError("Value(json:): not implemented yet (branch json)")
  }

  /// Appends the compact JSON form of this value to `output` without building a `JSON` first.
  public func writeJSON(into output: inout [UInt8]) {
    JSONWriter.write(json, into: &output)
  }
}
