/// Writes JSON as compact UTF-8 bytes (no spaces), keys in their given order.
///
/// ```swift
/// JSONWriter.string(.object([.init("a", .double(1)), .init("b", .string("x\n"))]))
/// ```
/// ```text
/// {"a":1.0,"b":"x\n"}
/// ```
///
/// Escaping and number forms are described on `appendJSONString` / `appendDouble`
/// (JSONOutput.swift). A non-finite `.double` has no JSON form and is written as `null`.
public enum JSONWriter {
  /// Appends the compact JSON text of `json` to `output`.
  public static func write(_ json: JSON, into output: inout [UInt8]) {
    var sink = JSONOutput()
    write(json, to: &sink)
    sink.finish(into: &output)
  }

  static func write(_ json: JSON, to output: inout JSONOutput) {
    switch json {
    case .null: output.appendRaw("null")
    case let .bool(b): b ? output.appendRaw("true") : output.appendRaw("false")
    case let .int(i): output.appendInteger(i)
    case let .uint(u): output.appendInteger(u)
    case let .double(d):
      if d.isFinite { output.appendDouble(d) } else { output.appendRaw("null") }
    case let .string(s): output.appendJSONString(s)
    case let .array(container):
      let elements = container.array
      output.append(.openBracket)
      for i in elements.indices {
        if i > 0 { output.append(.comma) }
        write(elements[i], to: &output)
      }
      output.append(.closeBracket)
    case let .object(container):
      let members = container.array
      output.append(.openBrace)
      for i in members.indices {
        if i > 0 { output.append(.comma) }
        output.appendJSONString(members[i].key)
        output.append(.colon)
        write(members[i].value, to: &output)
      }
      output.append(.closeBrace)
    }
  }

  /// The compact JSON text of `json`.
  public static func string(_ json: JSON) -> String {
    var output = JSONOutput()
    write(json, to: &output)
    return output.string
  }
}
