import Debugging
import Foundation

/// A value of a trace (its JSON form, `docs/log-format.md`) written as a Swift expression, for
/// `tca-trace testgen`.
///
/// ```swift
/// SwiftLiteral.expression(of: JSONReader.parse(#"{"$type":"Todo.State","description":"Milk","id":{"$uuid":"…"},"isComplete":false}"#))
/// ```
/// ```text
/// Todo.State(description: "Milk", id: UUID(uuidString: "…")!, isComplete: false)
/// ```
///
/// Structs are written with their memberwise initialiser (fields in declaration order), enum
/// cases with a leading dot (the type comes from the context), sets as array literals,
/// dictionaries as dictionary literals. A value that cannot be written — redacted, or a
/// reference cut off by a cycle or the depth limit — makes the whole expression unwritable, with
/// the reason.
enum SwiftLiteral {
  /// Why a value cannot be written as Swift.
  struct Unwritable: Error, Equatable {
    var reason: String
  }

  /// Collects long arrays of structs into helper functions that append the elements one
  /// statement at a time: a literal of 2,000 initialiser calls takes the compiler minutes, the
  /// same statements a few seconds.
  ///
  /// ```swift
  /// todos: largeTodosValues1()
  /// …
  /// private func largeTodosValues1() -> IdentifiedArrayOf<Todo.State> {
  ///   var values = IdentifiedArrayOf<Todo.State>()
  ///   values.append(Todo.State(description: "Todo 0", …))
  /// ```
  ///
  /// Elements with an `id` field go into an `IdentifiedArrayOf` (TCA's convention, as for
  /// `[id:]` paths), others into an `Array`.
  final class Hoisting {
    let prefix: String
    let threshold: Int
    private(set) var helpers: [String] = []

    init(prefix: String, threshold: Int = 64) {
      self.prefix = prefix
      self.threshold = threshold
    }

    func hoist(_ elements: [JSON]) throws(Unwritable) -> String? {
      guard elements.count > threshold, case let .object(first)? = elements.first, first.first?.key == "$type",
        case let .string(type) = first[0].value, SwiftLiteral.isTypeName(type)
      else { return nil }
      var identified = true
      for element in elements {
        guard case let .object(members) = element, members.first?.key == "$type", members[0].value == .string(type)
        else { return nil }
        if !members.contains(where: { $0.key == "id" || $0.key == Value.identityLabel }) { identified = false }
      }
      let name = "\(prefix)Values\(helpers.count + 1)"
      let collection = identified ? "IdentifiedArrayOf<\(type)>" : "[\(type)]"
      var lines = [
        "/// \(elements.count) elements of the trace's state, one statement each (quicker to compile than a literal).",
        "private func \(name)() -> \(collection) {",
        "  var values = \(collection)()",
      ]
      for element in elements {
        lines.append(
          "  values.append(\(try SwiftLiteral.expression(of: element, indent: "  ", column: 16, hoisting: self)))")
      }
      lines += ["  return values", "}"]
      helpers.append(lines.joined(separator: "\n"))
      return "\(name)()"
    }
  }

  /// Expressions longer than this are split over several lines.
  static let lineWidth = 110

  /// `json` as a Swift expression, on one line or, when long, on several indented by `indent`;
  /// `column` is where on its first line the expression starts (default: after `indent`).
  static func expression(of json: JSON, indent: String = "", column: Int? = nil, hoisting: Hoisting? = nil)
    throws(Unwritable) -> String
  {
    try expression(json, indent: indent, column: column ?? indent.count, hoisting: hoisting)
  }

  private static func expression(_ json: JSON, indent: String, column: Int, hoisting: Hoisting?) throws(Unwritable)
    -> String
  {
    switch json {
    case .null: return "nil"
    case let .bool(b): return b ? "true" : "false"
    case let .int(i): return String(i)
    case let .uint(u): return String(u)
    case let .double(d): return double(d)
    case let .string(s): return string(s)
    case let .array(elements):
      if let hoisting, let call = try hoisting.hoist(elements.array) { return call }
      return try list(
        elements.map { element throws(Unwritable) in
          try expression(element, indent: indent + "  ", column: indent.count + 2, hoisting: hoisting)
        }, "[", "]", indent: indent, column: column)
    case let .object(members):
      return try object(members.array, indent: indent, column: column, hoisting: hoisting)
    }
  }

  private static func object(_ members: [JSON.Member], indent: String, column: Int, hoisting: Hoisting?)
    throws(Unwritable) -> String
  {
    guard let first = members.first else { return "[:]" }
    let inner = indent + "  "
    switch first.key {
    case "$type":
      guard case let .string(type) = first.value else { throw Unwritable(reason: "a \"$type\" that is not a string") }
      return try structure(type, Array(members.dropFirst()), indent: indent, column: column, hoisting: hoisting)
    case "$enum":
      guard members.count == 2, case let .object(payload) = members[1].value else {
        throw Unwritable(reason: "an enum case without its payload")
      }
      guard isIdentifier(members[1].key) else {
        throw Unwritable(reason: "an enum case named \(string(members[1].key)), not a Swift identifier")
      }
      let name = "." + identifier(members[1].key)
      if payload.isEmpty { return name }
      return try list(
        arguments(payload.array, indent: inner, hoisting: hoisting), name + "(", ")", indent: indent, column: column)
    case "$tuple":
      guard case let .object(fields) = first.value else { throw Unwritable(reason: "a tuple without fields") }
      return try list(
        arguments(fields.array, indent: inner, hoisting: hoisting), "(", ")", indent: indent, column: column)
    case "$set":
      guard case let .array(elements) = first.value else { throw Unwritable(reason: "a set without elements") }
      return try list(
        elements.map { element throws(Unwritable) in
          try expression(element, indent: inner, column: inner.count, hoisting: hoisting)
        }, "[", "]", indent: indent, column: column)
    case "$dict":
      guard case let .array(entries) = first.value else { throw Unwritable(reason: "a dictionary without entries") }
      if entries.isEmpty { return "[:]" }
      var items: [String] = []
      for entry in entries {
        guard case let .array(pair) = entry, pair.count == 2 else {
          throw Unwritable(reason: "a dictionary entry that is not a pair")
        }
        items.append(
          try expression(pair[0], indent: inner, column: inner.count, hoisting: hoisting) + ": "
            + expression(pair[1], indent: inner, column: inner.count, hoisting: hoisting))
      }
      return list(items, "[", "]", indent: indent, column: column)
    case "$double":
      switch first.value.stringValue {
      case "nan": return ".nan"
      case "inf": return ".infinity"
      case "-inf": return "-.infinity"
      default: throw Unwritable(reason: "an unknown \"$double\"")
      }
    case "$uuid": return "UUID(uuidString: \(string(first.value.stringValue ?? "")))!"
    case "$date":
      let seconds = members.first { $0.key == "$t" }?.value.doubleValue ?? 0
      return "Date(timeIntervalSinceReferenceDate: \(double(seconds)))"
    case "$url": return "URL(string: \(string(first.value.stringValue ?? "")))!"
    case "$data": return "Data(base64Encoded: \(string(first.value.stringValue ?? "")))!"
    case "$redacted":
      let type = first.value.stringValue ?? "value"
      // In a state the test starts from, a stand-in keeps the file compiling; the comment says so.
      if hoisting != nil, let standIn = redactedStandIn(for: type) { return "\(standIn) /* redacted in the trace */" }
      throw Unwritable(reason: "a redacted \(type) (the trace does not hold its value)")
    case "$ref":
      throw Unwritable(
        reason:
          "a reference to \(first.value.stringValue ?? "a value") (a cycle or the depth limit: the trace does not hold its value)"
      )
    default:
      var items: [String] = []
      for member in members {
        items.append(
          string(member.key) + ": "
            + (try expression(member.value, indent: inner, column: inner.count, hoisting: hoisting)))
      }
      return list(items, "[", "]", indent: indent, column: column)
    }
  }

  /// Whether a value of `type` is written whole (`5..<10`, `IndexSet([1, 5])`): its recorded
  /// fields (`lowerBound`, `ranges`) cannot be assigned one by one.
  static func isWrittenWhole(_ type: String) -> Bool {
    type == "IndexSet" || type.hasPrefix("Range<") || type.hasPrefix("ClosedRange<")
  }

  /// `Todo.State(description: "Milk", …)`; `IndexSet`, `Range` and `ClosedRange` as Swift
  /// writes them.
  private static func structure(
    _ type: String, _ fields: [JSON.Member], indent: String, column: Int, hoisting: Hoisting?
  ) throws(Unwritable) -> String {
    func field(_ name: String) -> JSON? { fields.first { $0.key == name }?.value }
    guard isTypeName(type) else { throw Unwritable(reason: "a type named \(string(type)), not a Swift type name") }
    switch type {
    case "IndexSet":
      if let indexSet = indexSet(field("ranges")) { return indexSet }
    case _ where type.hasPrefix("Range<") && fields.count == 2:
      return try
        "\(expression(fields[0].value, indent: indent, column: column, hoisting: hoisting))..<\(expression(fields[1].value, indent: indent, column: column, hoisting: hoisting))"
    case _ where type.hasPrefix("ClosedRange<") && fields.count == 2:
      return try
        "\(expression(fields[0].value, indent: indent, column: column, hoisting: hoisting))...\(expression(fields[1].value, indent: indent, column: column, hoisting: hoisting))"
    default:
      break
    }
    // `$id` is a computed `Identifiable.id` the recorder adds: not an initialiser argument.
    let stored = fields.first?.key == Value.identityLabel ? Array(fields.dropFirst()) : fields
    return try list(
      arguments(stored, indent: indent + "  ", hoisting: hoisting), type + "(", ")", indent: indent, column: column)
  }

  /// `IndexSet(integersIn: 0..<1)`, `IndexSet([1, 5])` from the recorded ranges.
  private static func indexSet(_ ranges: JSON?) -> String? {
    guard case let .array(ranges)? = ranges else { return nil }
    var bounds: [(Int64, Int64)] = []
    for range in ranges {
      guard let lower = range["lowerBound"]?.intValue, let upper = range["upperBound"]?.intValue, lower <= upper else {
        return nil
      }
      bounds.append((lower, upper))
    }
    if bounds.count == 1 { return "IndexSet(integersIn: \(bounds[0].0)..<\(bounds[0].1))" }
    let all = bounds.flatMap { Array($0.0..<$0.1) }
    return "IndexSet([\(all.map(String.init).joined(separator: ", "))])"
  }

  /// `label: value` for each member; `_0`, `_1` … are unlabelled.
  private static func arguments(_ members: [JSON.Member], indent: String, hoisting: Hoisting?) throws(Unwritable)
    -> [String]
  {
    var arguments: [String] = []
    for (position, member) in members.enumerated() {
      let value = try expression(member.value, indent: indent, column: indent.count, hoisting: hoisting)
      if member.key == "_\(position)" {
        arguments.append(value)
        continue
      }
      guard isIdentifier(member.key) else {
        throw Unwritable(reason: "a field named \(string(member.key)), not a Swift identifier")
      }
      arguments.append("\(member.key): \(value)")
    }
    return arguments
  }

  /// `open` + items + `close`, on one line when it is short, else one item per line.
  private static func list(_ items: [String], _ open: String, _ close: String, indent: String, column: Int) -> String {
    let single = open + items.joined(separator: ", ") + close
    if column + single.count <= lineWidth, !single.contains("\n") { return single }
    let inner = indent + "  "
    return open + "\n" + items.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + close
  }

  // MARK: - Scalars

  /// The shortest text that reads back as `d`, always with a `.` or an exponent.
  static func double(_ d: Double) -> String {
    if d.isNaN { return ".nan" }
    if d.isInfinite { return d < 0 ? "-.infinity" : ".infinity" }
    return "\(d)"
  }

  /// A Swift string literal: `"Milk"`, `"a\"b\n"`, control characters as `\u{1F}`.
  static func string(_ s: String) -> String {
    var text = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\0": text += "\\0"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
          text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return text + "\""
  }

  /// What a redacted value of these types is written as in the state a test starts from.
  private static let redactedStandIns: [String: String] = [
    "String": "\"\"", "Int": "0", "Int64": "0", "Int32": "0", "UInt": "0", "Double": "0.0", "Float": "0.0",
    "Bool": "false",
    "UUID": "UUID(uuidString: \"00000000-0000-0000-0000-000000000000\")!",
    "Date": "Date(timeIntervalSinceReferenceDate: 0)",
    "Data": "Data()", "String?": "nil", "Int?": "nil", "UUID?": "nil",
  ]

  /// What a redacted value of `type` starts as in a generated test: a scalar's zero, `nil` for an
  /// optional, an empty collection (`[String]`, `[String: String]`, `Set<…>`,
  /// `IdentifiedArray<…>`); nil for other types (testgen then says it cannot write the state).
  static func redactedStandIn(for type: String) -> String? {
    if let standIn = redactedStandIns[type] { return standIn }
    if type.hasSuffix("?") || type.hasPrefix("Optional<") { return "nil" }
    if type.hasPrefix("[") && type.hasSuffix("]") {
      var depth = 0
      for character in type.dropFirst().dropLast() {
        switch character {
        case "[", "<", "(": depth += 1
        case "]", ">", ")": depth -= 1
        case ":" where depth == 0: return "[:]"
        default: break
        }
      }
      return "[]"
    }
    for collection in ["Array<", "Set<", "IdentifiedArray<", "ContiguousArray<"] where type.hasPrefix(collection) {
      return "[]"
    }
    if type.hasPrefix("Dictionary<") { return "[:]" }
    return nil
  }

  /// A field or case name, in backticks when it is a Swift keyword. Only for a name that
  /// `isIdentifier` accepts.
  static func identifier(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// Whether `name` is a plain Swift identifier (letters, digits and `_`, not starting with a
  /// digit): a name from the trace is written into the test only then, so a trace cannot put code
  /// there (`evil() ; fatalError(); _ = (` is refused).
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  /// Whether `name` reads as a Swift type name: identifiers joined by `.`, with generic
  /// arguments, arrays, dictionaries and optionals (`IdentifiedArray<UUID, Todo.State>`,
  /// `[String: Int]?`); no parentheses, quotes, semicolons or line breaks, so a trace cannot put
  /// code where a type goes.
  static func isTypeName(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_" || first == "[" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || "_.<>[], :?".contains($0) }
  }

  /// `text` for a `//` comment of the test: line breaks and other control characters written as
  /// `\u{A}`, so that the text of a label, a file name or a message stays in its comment.
  ///
  /// ```swift
  /// SwiftLiteral.commentText("L\nfatalError()")  // L\u{A}fatalError()
  /// ```
  static func commentText(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscapeInComment) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if needsEscapeInComment(scalar) {
        escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func needsEscapeInComment(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
      || scalar.value == 0x2029
  }

  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
    "as", "catch", "false", "is", "nil", "self", "Self", "super", "throw", "throws", "true", "try",
    "precedencegroup", "Any",
  ]
}
