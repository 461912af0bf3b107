/// The byte-level cursor behind `JSONReader` and `JSONObjectScanner`: whitespace, literals,
/// strings, numbers, skipping and error positions, over a buffer the caller keeps alive.
/// `JSONTreeParser` builds `JSON` trees with it.
struct JSONParser {
  let bytes: UnsafePointer<UInt8>
  /// One past the last byte this parser may read.
  let end: Int
  /// The next byte to read.
  var index: Int
  var depth = 0

  init(_ bytes: UnsafePointer<UInt8>, count: Int, from start: Int = 0) {
    self.bytes = bytes
    self.end = count
    self.index = start
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

  mutating func enterContainer() throws(JSONError) {
    depth += 1
    if depth > JSONReader.maximumDepth {
      throw error("nesting deeper than \(JSONReader.maximumDepth) levels", at: index)
    }
    index += 1
  }

  func duplicate(_ key: String, at offset: Int) -> JSONError {
    error("duplicate key \(JSONOutput.quoted(key))", at: offset)
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
  static let letterU: UInt8 = 0x75
}
