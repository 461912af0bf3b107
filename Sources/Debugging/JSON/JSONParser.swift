/// The byte-level engine behind `JSONReader` and `JSONObjectScanner`: a recursive-descent parser
/// with an explicit depth limit, over a buffer the caller keeps alive.
///
/// Containers are built on two shared stacks (`elementStack`, `memberStack`) and copied out once at
/// their closing bracket, so every array and object is allocated exactly once at its final size.
struct JSONParser {
  let bytes: UnsafePointer<UInt8>
  /// One past the last byte this parser may read.
  let end: Int
  /// The next byte to read.
  var index: Int
  var depth = 0
  var scratch: [UInt8] = []
  var elementStack: [JSON] = []
  var memberStack: [JSON.Member] = []

  init(_ bytes: UnsafePointer<UInt8>, count: Int, from start: Int = 0) {
    self.bytes = bytes
    self.end = count
    self.index = start
  }

  /// One whole document: a value with only whitespace around it.
  mutating func parseDocument() throws(JSONError) -> JSON {
    skipWhitespace()
    guard index < end else { throw error("empty input", at: index) }
    let value = try parseValue()
    try expectEnd()
    return value
  }

  /// After the value: only whitespace may follow.
  mutating func expectEnd() throws(JSONError) {
    skipWhitespace()
    if index < end { throw unexpected("unexpected", at: index, suffix: " after the JSON value") }
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while index < end {
      let byte = bytes[index]
      guard byte == .space || byte == .newline || byte == .tab || byte == .carriageReturn else { return }
      index += 1
    }
  }

  mutating func parseValue() throws(JSONError) -> JSON {
    skipWhitespace()
    guard index < end else { throw endOfInput() }
    switch bytes[index] {
    case .quote: return .string(try parseString())
    case .openBrace: return try parseObject()
    case .openBracket: return try parseArray()
    case .letterT: try parseLiteral("true"); return .bool(true)
    case .letterF: try parseLiteral("false"); return .bool(false)
    case .letterN: try parseLiteral("null"); return .null
    case .minus, .zero ... .nine: return try parseNumber()
    default: throw unexpected("expected a value, found", at: index)
    }
  }

  mutating func enterContainer() throws(JSONError) {
    depth += 1
    if depth > JSONReader.maximumDepth {
      throw error("nesting deeper than \(JSONReader.maximumDepth) levels", at: index)
    }
    index += 1
  }

  mutating func parseArray() throws(JSONError) -> JSON {
    try enterContainer()
    let base = elementStack.count
    skipWhitespace()
    if index < end, bytes[index] == .closeBracket {
      index += 1
      depth -= 1
      return .array([])
    }
    while true {
      let element = try parseValue()
      elementStack.append(element)
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      let byte = bytes[index]
      index += 1
      if byte == .comma { continue }
      if byte == .closeBracket { break }
      throw unexpected(#"expected "," or "]", found"#, at: index - 1)
    }
    let elements = Array(elementStack[base...])
    elementStack.removeSubrange(base...)
    depth -= 1
    return .array(elements)
  }

  mutating func parseObject() throws(JSONError) -> JSON {
    try enterContainer()
    let base = memberStack.count
    var seen: Set<String> = []
    skipWhitespace()
    if index < end, bytes[index] == .closeBrace {
      index += 1
      depth -= 1
      return .object([])
    }
    while true {
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      guard bytes[index] == .quote else { throw unexpected("expected a string key, found", at: index) }
      let keyStart = index
      let key = try parseString()
      try checkDuplicate(key, base: base, seen: &seen, at: keyStart)
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      guard bytes[index] == .colon else { throw unexpected(#"expected ":", found"#, at: index) }
      index += 1
      let value = try parseValue()
      memberStack.append(JSON.Member(key, value))
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      let byte = bytes[index]
      index += 1
      if byte == .comma { continue }
      if byte == .closeBrace { break }
      throw unexpected(#"expected "," or "}", found"#, at: index - 1)
    }
    let members = Array(memberStack[base...])
    memberStack.removeSubrange(base...)
    depth -= 1
    return .object(members)
  }

  /// Small objects compare keys linearly; from 16 members on, a set takes over.
  @inline(__always)
  func checkDuplicate(_ key: String, base: Int, seen: inout Set<String>, at offset: Int) throws(JSONError) {
    let count = memberStack.count - base
    if count < 16 {
      var i = base
      while i < memberStack.count {
        if memberStack[i].key == key { throw duplicate(key, at: offset) }
        i += 1
      }
    } else {
      if seen.isEmpty {
        for member in memberStack[base...] { seen.insert(member.key) }
      }
      if !seen.insert(key).inserted { throw duplicate(key, at: offset) }
    }
  }

  func duplicate(_ key: String, at offset: Int) -> JSONError {
    var quoted: [UInt8] = []
    quoted.appendJSONString(key)
    return error("duplicate key \(String(decoding: quoted, as: UTF8.self))", at: offset)
  }

  mutating func parseLiteral(_ literal: StaticString) throws(JSONError) {
    let start = index
    let count = literal.utf8CodeUnitCount
    let text = literal.utf8Start
    for k in 0..<count {
      guard start + k < end else { throw endOfInput() }
      guard bytes[start + k] == text[k] else {
        throw error("invalid literal, expected \(literal)", at: start)
      }
    }
    index = start + count
  }
}

extension UInt8 {
  static let space: UInt8 = 0x20
  static let newline: UInt8 = 0x0A
  static let tab: UInt8 = 0x09
  static let carriageReturn: UInt8 = 0x0D
  static let quote: UInt8 = 0x22
  static let backslash: UInt8 = 0x5C
  static let slash: UInt8 = 0x2F
  static let comma: UInt8 = 0x2C
  static let colon: UInt8 = 0x3A
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D
  static let openBracket: UInt8 = 0x5B
  static let closeBracket: UInt8 = 0x5D
  static let minus: UInt8 = 0x2D
  static let plus: UInt8 = 0x2B
  static let dot: UInt8 = 0x2E
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let letterT: UInt8 = 0x74
  static let letterF: UInt8 = 0x66
  static let letterN: UInt8 = 0x6E
  static let letterE: UInt8 = 0x65
  static let capitalE: UInt8 = 0x45
  static let letterU: UInt8 = 0x75
}
