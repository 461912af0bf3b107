/// Turns `String(reflecting: type)` into the name a Swift developer would write, without regexes:
/// module prefixes dropped, `Array`, `Dictionary` and `Optional` written with sugar, the
/// `(unknown context at $…)` of private and local types removed (a type declared inside a method
/// of `Outer` is `Outer.Local`).
///
/// ```swift
/// TypeNameScanner.readable("Swift.Dictionary<Swift.String, Swift.Optional<Main.Todo>>")
/// ```
/// ```text
/// [String: Todo?]
/// ```
///
/// A small recursive-descent parser over the UTF-8 bytes. Anything it does not understand is
/// copied through unchanged, so an unexpected spelling degrades to a longer name, never a crash.
struct TypeNameScanner {
  private let bytes: [UInt8]
  private var position = 0
  /// Nesting guard: type names are short, but a hostile spelling must not overflow the stack.
  private var depth = 0

  private init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// The readable form of a fully qualified type name.
  static func readable(_ qualifiedName: String) -> String {
    var scanner = TypeNameScanner(qualifiedName)
    var output = ""
    while scanner.position < scanner.bytes.count {
      let start = scanner.position
      output += scanner.type()
      if scanner.position == start {
        output.unicodeScalars.append(Unicode.Scalar(scanner.bytes[scanner.position]))
        scanner.position += 1
      }
    }
    return output
  }

  // MARK: - Grammar

  /// `type := keyword* (tuple-or-function | nominal) "..."?`, joined by ` & ` in compositions.
  private mutating func type() -> String {
    depth += 1
    defer { depth -= 1 }
    guard depth < 64 else { return rest() }
    var output = ""
    // Attributes and keywords before a type: `@Sendable`, `inout`, `any`, `some`, `__owned`.
    while let word = leadingKeyword() {
      output += word + " "
    }
    if peek == UInt8(ascii: "(") && !startsContext() {
      output += tupleOrFunction()
    } else {
      output += nominal()
    }
    while peek == UInt8(ascii: ".") && match("...") { output += "..." }
    if match(" & ") {
      output += " & " + type()
    }
    return output
  }

  /// `(a: A, B)` possibly followed by ` async throws -> R` (a function type) and `.Type`.
  private mutating func tupleOrFunction() -> String {
    position += 1  // (
    var elements: [String] = []
    while position < bytes.count && peek != UInt8(ascii: ")") {
      var element = ""
      if let label = tupleLabel() { element = label + ": " }
      let start = position
      element += type()
      if position == start { return "(" + elements.joined(separator: ", ") + rest() }
      elements.append(element)
      _ = match(", ")
    }
    _ = match(")")
    var output = "(" + elements.joined(separator: ", ") + ")"
    while let effect = [" async", " throws"].first(where: { match($0) }) { output += effect }
    if match(" -> ") { output += " -> " + type() }
    return output + metatypeSuffixes()
  }

  /// `Module.Outer<Args>.Inner`: drops the module and unnamed contexts, applies sugar.
  private mutating func nominal() -> String {
    var components: [String] = []
    var lastArguments: [String]? = nil
    while position < bytes.count {
      if match("(extension in ") {
        skip(past: UInt8(ascii: ":"))  // `(extension in Main):Swift.Array.Chunk` names `Array.Chunk`
        continue
      }
      if match("(unknown context at ") {
        skip(past: UInt8(ascii: ")"))  // private and local types
      } else {
        let name = identifier()
        guard !name.isEmpty else { break }
        var component = name
        lastArguments = nil
        if peek == UInt8(ascii: "<") {
          let arguments = genericArguments()
          component += "<" + arguments.joined(separator: ", ") + ">"
          lastArguments = arguments
        }
        components.append(component)
      }
      guard !hasWord(".Type"), !hasWord(".Protocol"), !hasPrefix("..."), match(".") else { break }
    }
    // The first component of a qualified name is its module (`Swift.Int`, `Main.Todo`).
    let hasModule = components.count > 1 && !components[0].contains("<")
    let modulePrefix = hasModule ? components.removeFirst() : nil
    if modulePrefix == "Swift", components.count == 1, let arguments = lastArguments {
      if let sugared = sugar(components[0], arguments) { return sugared + metatypeSuffixes() }
    }
    return components.joined(separator: ".") + metatypeSuffixes()
  }

  private func sugar(_ component: String, _ arguments: [String]) -> String? {
    switch (component.prefix { $0 != "<" }, arguments.count) {
    case ("Array", 1): return "[" + arguments[0] + "]"
    case ("Dictionary", 2): return "[" + arguments[0] + ": " + arguments[1] + "]"
    case ("Optional", 1):
      let wrapped = arguments[0]
      let needsParentheses =
        wrapped.contains(" -> ") || wrapped.contains(" & ") || wrapped.hasPrefix("any ")
        || wrapped.hasPrefix("some ")
      return needsParentheses ? "(" + wrapped + ")?" : wrapped + "?"
    default: return nil
    }
  }

  /// `<A, B>`.
  private mutating func genericArguments() -> [String] {
    position += 1  // <
    var arguments: [String] = []
    while position < bytes.count && peek != UInt8(ascii: ">") {
      let start = position
      arguments.append(type())
      if position == start { arguments.append(rest()); break }
      _ = match(", ")
    }
    _ = match(">")
    return arguments
  }

  private mutating func metatypeSuffixes() -> String {
    var output = ""
    while true {
      if hasWord(".Type") {
        position += 5
        output += ".Type"
      } else if hasWord(".Protocol") {
        position += 9
        output += ".Protocol"
      } else {
        return output
      }
    }
  }

  // MARK: - Tokens

  private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  private func startsContext() -> Bool {
    hasPrefix("(unknown context at ") || hasPrefix("(extension in ")
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
      return true
    default: return false
    }
  }

  private mutating func identifier() -> String {
    let start = position
    while let byte = peek, Self.isIdentifierByte(byte) { position += 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// `label: ` inside a tuple, or nil (the position is restored).
  private mutating func tupleLabel() -> String? {
    let start = position
    let name = identifier()
    if !name.isEmpty && match(": ") { return name }
    position = start
    return nil
  }

  private mutating func leadingKeyword() -> String? {
    let start = position
    if peek == UInt8(ascii: "@") {
      position += 1
      let word = identifier()
      if match(" ") { return "@" + word }
      position = start
      return nil
    }
    let word = identifier()
    if ["any", "some", "inout", "__owned", "__shared", "borrowing", "consuming", "sending"].contains(word),
      match(" ")
    {
      return word
    }
    position = start
    return nil
  }

  private func hasPrefix(_ text: String) -> Bool {
    var index = position
    for byte in text.utf8 {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
    }
    return true
  }

  /// `text` follows, and not as the start of a longer identifier (`.Type`, not `.TypeName`).
  private func hasWord(_ text: String) -> Bool {
    guard hasPrefix(text) else { return false }
    let end = position + text.utf8.count
    return end >= bytes.count || !Self.isIdentifierByte(bytes[end])
  }

  private mutating func match(_ text: String) -> Bool {
    guard hasPrefix(text) else { return false }
    position += text.utf8.count
    return true
  }

  private mutating func skip(past byte: UInt8) {
    while let next = peek {
      position += 1
      if next == byte { return }
    }
  }

  private mutating func rest() -> String {
    defer { position = bytes.count }
    return String(decoding: bytes[position...], as: UTF8.self)
  }
}
