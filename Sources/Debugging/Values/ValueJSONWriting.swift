import Foundation

/// `Value.writeJSON(into:)`: the JSON form written straight to bytes, without building a `JSON`.
extension Value {
  /// Appends the compact JSON form of this value to `output` without building a `JSON` first.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// Value.set([.int(1), .double(.nan)]).writeJSON(into: &out)
  /// ```
  /// ```text
  /// {"$set":[1,{"$double":"nan"}]}
  /// ```
  public func writeJSON(into output: inout [UInt8]) {
    var sink = JSONOutput()
    writeJSON(to: &sink)
    sink.finish(into: &output)
  }

  func writeJSON(to output: inout JSONOutput) {
    switch self {
    case let .structure(type, fields):
      output.appendRaw(#"{"$type":"#)
      output.appendJSONString(type)
      for (i, field) in fields.enumerated() {
        output.append(.comma)
        Value.writeField(field, at: i, into: &output)
      }
      output.append(.closeBrace)
    case let .enumCase(type, name, values):
      output.appendRaw(#"{"$enum":"#)
      output.appendJSONString(type)
      output.append(.comma)
      output.appendJSONString(name)
      output.append(.colon)
      Value.writeFields(values, into: &output)
      output.append(.closeBrace)
    case let .tuple(fields):
      output.appendRaw(#"{"$tuple":"#)
      Value.writeFields(fields, into: &output)
      output.append(.closeBrace)
    case let .array(elements):
      Value.writeElements(elements, into: &output)
    case let .set(elements):
      output.appendRaw(#"{"$set":"#)
      Value.writeElements(elements, into: &output)
      output.append(.closeBrace)
    case let .dictionary(entries):
      Value.writeDictionary(entries, into: &output)
    case let .string(s): output.appendJSONString(s)
    case let .int(i): output.appendInteger(i)
    case let .uint(u): output.appendInteger(u)
    case let .double(d): Value.writeDouble(d, into: &output)
    case let .bool(b): b ? output.appendRaw("true") : output.appendRaw("false")
    case let .uuid(u): Value.writeUUID(u, into: &output)
    case let .date(date):
      let t = date.timeIntervalSinceReferenceDate
      output.appendRaw(#"{"$date":"#)
      output.appendJSONString(Value.iso8601(t))
      output.appendRaw(#","$t":"#)
      Value.writeDouble(t, into: &output)
      output.append(.closeBrace)
    case let .url(url):
      output.appendRaw(#"{"$url":"#)
      output.appendJSONString(url.absoluteString)
      output.append(.closeBrace)
    case let .data(data):
      output.appendRaw(#"{"$data":""#)
      Value.appendBase64(data, into: &output)
      output.appendRaw(#""}"#)
    case .null: output.appendRaw("null")
    case let .redacted(type):
      output.appendRaw(#"{"$redacted":"#)
      output.appendJSONString(type)
      output.append(.closeBrace)
    case let .reference(type):
      output.appendRaw(#"{"$ref":"#)
      output.appendJSONString(type)
      output.append(.closeBrace)
    }
  }

  private static func writeField(_ field: Field, at index: Int, into output: inout JSONOutput) {
    if let label = field.label {
      output.appendJSONString(label)
    } else {
      output.appendRaw(#""_"#)
      output.appendInteger(Int64(index))
      output.append(.quote)
    }
    output.append(.colon)
    field.value.writeJSON(to: &output)
  }

  /// `{"label":value,"_1":value}`
  private static func writeFields(_ fields: [Field], into output: inout JSONOutput) {
    output.append(.openBrace)
    for (i, field) in fields.enumerated() {
      if i > 0 { output.append(.comma) }
      writeField(field, at: i, into: &output)
    }
    output.append(.closeBrace)
  }

  private static func writeElements(_ elements: [Value], into output: inout JSONOutput) {
    output.append(.openBracket)
    for (i, element) in elements.enumerated() {
      if i > 0 { output.append(.comma) }
      element.writeJSON(to: &output)
    }
    output.append(.closeBracket)
  }

  private static func writeDictionary(_ entries: [Entry], into output: inout JSONOutput) {
    let plain = entries.allSatisfy { entry in
      if case let .string(key) = entry.key { return key.utf8.first != 0x24 }
      return false
    }
    if plain {
      output.append(.openBrace)
      for (i, entry) in entries.enumerated() {
        if i > 0 { output.append(.comma) }
        entry.key.writeJSON(to: &output)
        output.append(.colon)
        entry.value.writeJSON(to: &output)
      }
      output.append(.closeBrace)
      return
    }
    output.appendRaw(#"{"$dict":["#)
    for (i, entry) in entries.enumerated() {
      if i > 0 { output.append(.comma) }
      output.append(.openBracket)
      entry.key.writeJSON(to: &output)
      output.append(.comma)
      entry.value.writeJSON(to: &output)
      output.append(.closeBracket)
    }
    output.appendRaw("]}")
  }

  private static func writeDouble(_ d: Double, into output: inout JSONOutput) {
    if d.isFinite {
      output.appendDouble(d)
    } else {
      output.appendRaw(#"{"$double":""#)
      d.isNaN ? output.appendRaw("nan") : d < 0 ? output.appendRaw("-inf") : output.appendRaw("inf")
      output.appendRaw(#""}"#)
    }
  }

  /// `{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}`
  private static func writeUUID(_ uuid: UUID, into output: inout JSONOutput) {
    output.appendRaw(#"{"$uuid":""#)
    appendUUID(uuid, into: &output)
    output.appendRaw(#""}"#)
  }
}
