/// Builds a `JSON` tree with a `JSONParser`: recursive descent with an explicit depth limit.
///
/// Containers are built on two shared stacks and moved out at their closing bracket, so every
/// array and object is allocated once, at its final size.
struct JSONTreeParser: ~Copyable {
  var cursor: JSONParser
  var elements = JSONBuildStack<JSON>()
  private var members = JSONBuildStack<JSON.Member>()
  /// The fingerprints of the keys in `members`, for duplicate checks.
  private var fingerprints = JSONBuildStack<UInt64>()
  private var keyCache: JSONKeyCache
  /// Where large arrays keep their elements as text, when they do (`JSONTreeParser+Lazy.swift`).
  var lazy: JSONLazyArrays?
  /// The ranges of the elements kept as text of the arrays being read, as `elements` holds theirs.
  var lazyRanges = JSONBuildStack<JSONTextSpan>()

  init(_ cursor: JSONParser) {
    self.cursor = cursor
    keyCache = JSONKeyCache()
  }

  /// A parser whose key cache is `keys`, shared with other parses (`JSONKeyTable`).
  init(_ cursor: JSONParser, keys: JSONKeyTable?) {
    self.cursor = cursor
    keyCache = JSONKeyCache(keys)
  }

  /// One whole document: a value with only whitespace around it.
  mutating func parseDocument() throws(JSONError) -> JSON {
    cursor.skipWhitespace()
    guard cursor.index < cursor.end else { throw cursor.error("empty input", at: cursor.index) }
    let value = try parseValue()
    try cursor.expectEnd()
    return value
  }

  mutating func parseValue() throws(JSONError) -> JSON {
    cursor.skipWhitespace()
    guard cursor.index < cursor.end else { throw cursor.endOfInput() }
    switch cursor.bytes[cursor.index] {
    case .quote: return .string(try cursor.parseString())
    case .openBrace: return try parseObject()
    case .openBracket: return try parseArray()
    case .letterT: try cursor.parseLiteral("true"); return .bool(true)
    case .letterF: try cursor.parseLiteral("false"); return .bool(false)
    case .letterN: try cursor.parseLiteral("null"); return .null
    case .minus, .zero ... .nine: return try cursor.parseNumber()
    default: throw cursor.unexpected("expected a value, found", at: cursor.index)
    }
  }

  private mutating func parseArray() throws(JSONError) -> JSON {
    if let lazy, cursor.depth + 1 >= lazy.fromDepth { return try parseArrayKeepingText() }
    try cursor.enterContainer()
    let base = elements.count
    cursor.skipWhitespace()
    if cursor.index < cursor.end, cursor.bytes[cursor.index] == .closeBracket {
      cursor.index += 1
      cursor.depth -= 1
      return .array([])
    }
    while true {
      elements.push(try parseValue())
      cursor.skipWhitespace()
      guard cursor.index < cursor.end else { throw cursor.endOfInput() }
      let byte = cursor.bytes[cursor.index]
      cursor.index += 1
      if byte == .comma { continue }
      if byte == .closeBracket { break }
      throw cursor.unexpected(#"expected "," or "]", found"#, at: cursor.index - 1)
    }
    cursor.depth -= 1
    return .array(elements.pop(from: base))
  }

  private mutating func parseObject() throws(JSONError) -> JSON {
    try cursor.enterContainer()
    let base = members.count
    var seen: Set<UInt64> = []
    cursor.skipWhitespace()
    if cursor.index < cursor.end, cursor.bytes[cursor.index] == .closeBrace {
      cursor.index += 1
      cursor.depth -= 1
      return .object([])
    }
    while true {
      cursor.skipWhitespace()
      guard cursor.index < cursor.end else { throw cursor.endOfInput() }
      guard cursor.bytes[cursor.index] == .quote else {
        throw cursor.unexpected("expected a string key, found", at: cursor.index)
      }
      let keyStart = cursor.index
      let (key, fingerprint) = try cursor.parseKey(cache: &keyCache)
      try checkDuplicate(key, fingerprint, base: base, seen: &seen, at: keyStart)
      cursor.skipWhitespace()
      guard cursor.index < cursor.end else { throw cursor.endOfInput() }
      guard cursor.bytes[cursor.index] == .colon else {
        throw cursor.unexpected(#"expected ":", found"#, at: cursor.index)
      }
      cursor.index += 1
      let value = try parseValue()
      members.push(JSON.Member(key, value))
      fingerprints.push(fingerprint)
      cursor.skipWhitespace()
      guard cursor.index < cursor.end else { throw cursor.endOfInput() }
      let byte = cursor.bytes[cursor.index]
      cursor.index += 1
      if byte == .comma { continue }
      if byte == .closeBrace { break }
      throw cursor.unexpected(#"expected "," or "}", found"#, at: cursor.index - 1)
    }
    cursor.depth -= 1
    fingerprints.truncate(to: base)
    return .object(members.pop(from: base))
  }

  /// Small objects compare fingerprints linearly; from 16 members on, a set of them takes over.
  /// Equal fingerprints are confirmed on the bytes.
  @inline(__always)
  private func checkDuplicate(_ key: String, _ fingerprint: UInt64, base: Int, seen: inout Set<UInt64>, at offset: Int)
    throws(JSONError)
  {
    let count = members.count - base
    if count >= 16 {
      if seen.isEmpty {
        for i in base..<fingerprints.count { seen.insert(fingerprints[i]) }
      }
      if seen.insert(fingerprint).inserted { return }
    }
    var i = base
    while i < members.count {
      if fingerprints[i] == fingerprint && members[i].key.utf8.elementsEqual(key.utf8) {
        throw cursor.duplicate(key, at: offset)
      }
      i += 1
    }
  }
}
