import Foundation
import Testing

@testable import Debugging

/// A test-only rendering of a `Value` tree, so expected trees read like Swift:
///
/// ```text
/// Todo(
///   id: UUID(00000000-0000-0000-0000-000000000001),
///   description: "Milk",
///   isComplete: false
/// )
/// ```
func reflectedTree(_ value: Value) -> String {
  var output = ""
  render(value, indent: "", into: &output)
  return output
}

func reflectedTree(of value: Any, options: ReflectionOptions = .init()) -> String {
  reflectedTree(Value(reflecting: value, options: options))
}

private func render(_ value: Value, indent: String, into output: inout String) {
  switch value {
  case let .structure(type, fields):
    output += type
    renderFields(fields, open: "(", close: ")", indent: indent, into: &output)
  case let .enumCase(type, name, values):
    output += type + "." + name
    if !values.isEmpty { renderFields(values, open: "(", close: ")", indent: indent, into: &output) }
  case let .tuple(fields):
    renderFields(fields, open: "(", close: ")", indent: indent, into: &output)
  case let .array(elements):
    renderFields(elements.map { Value.Field(nil, $0) }, open: "[", close: "]", indent: indent, into: &output)
  case let .set(elements):
    output += "Set"
    renderFields(elements.map { Value.Field(nil, $0) }, open: "([", close: "])", indent: indent, into: &output)
  case let .dictionary(entries):
    guard !entries.isEmpty else { output += "[:]"; return }
    output += "[\n"
    for (index, entry) in entries.enumerated() {
      output += indent + "  "
      render(entry.key, indent: indent + "  ", into: &output)
      output += ": "
      render(entry.value, indent: indent + "  ", into: &output)
      output += index == entries.count - 1 ? "\n" : ",\n"
    }
    output += indent + "]"
  case let .string(string): output += string.debugDescription
  case let .int(int): output += "\(int)"
  case let .uint(uint): output += "UInt(\(uint))"
  case let .double(double): output += "Double(\(double))"
  case let .bool(bool): output += "\(bool)"
  case let .uuid(uuid): output += "UUID(\(uuid.uuidString))"
  case let .date(date): output += "Date(\(date.timeIntervalSinceReferenceDate))"
  case let .url(url): output += "URL(\(url.absoluteString))"
  case let .data(data): output += "Data(\(data.map { String($0, radix: 16) }.joined(separator: " ")))"
  case .null: output += "nil"
  case let .redacted(type): output += "<redacted \(type)>"
  case let .reference(type): output += "<reference \(type)>"
  }
}

private func renderFields(
  _ fields: [Value.Field], open: String, close: String, indent: String, into output: inout String
) {
  guard !fields.isEmpty else { output += open + close; return }
  output += open + "\n"
  for (index, field) in fields.enumerated() {
    output += indent + "  "
    if let label = field.label { output += label + ": " }
    render(field.value, indent: indent + "  ", into: &output)
    output += index == fields.count - 1 ? "\n" : ",\n"
  }
  output += indent + close
}

@Suite struct ReflectTreePrinterTests {
  @Test func rendersEveryCase() {
    let value = Value.structure(
      type: "T",
      fields: [
        .init("a", .array([.int(1), .uint(UInt64.max)])),
        .init("b", .enumCase(type: "E", name: "c", values: [])),
        .init(nil, .dictionary([.init(.string("k"), .null)])),
        .init("s", .set([])),
        .init("r", .redacted(type: "String")),
      ])
    #expect(
      reflectedTree(value) == """
        T(
          a: [
            1,
            UInt(18446744073709551615)
          ],
          b: E.c,
          [
            "k": nil
          ],
          s: Set([]),
          r: <redacted String>
        )
        """)
  }
}
