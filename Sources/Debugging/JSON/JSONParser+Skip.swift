/// Skipping a value without building it, for `JSONObjectScanner`. The structure is fully checked
/// (brackets, commas, colons, literals, number syntax, string escapes, control characters, UTF-8,
/// depth), so a truncated line is still an error; duplicate keys and number ranges inside a skipped
/// value are only checked when it is decoded.
extension JSONParser {
  mutating func skipValue() throws(JSONError) {
    skipWhitespace()
    guard index < end else { throw endOfInput() }
    switch bytes[index] {
    case .quote: _ = try scanString()
    case .openBrace: try skipObject()
    case .openBracket: try skipArray()
    case .letterT: try parseLiteral("true")
    case .letterF: try parseLiteral("false")
    case .letterN: try parseLiteral("null")
    case .minus, .zero ... .nine: try skipNumber()
    default: throw unexpected("expected a value, found", at: index)
    }
  }

  private mutating func skipArray() throws(JSONError) {
    try enterContainer()
    skipWhitespace()
    if index < end, bytes[index] == .closeBracket {
      index += 1
      depth -= 1
      return
    }
    while true {
      try skipValue()
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      let byte = bytes[index]
      index += 1
      if byte == .comma { continue }
      if byte == .closeBracket { break }
      throw unexpected(#"expected "," or "]", found"#, at: index - 1)
    }
    depth -= 1
  }

  private mutating func skipObject() throws(JSONError) {
    try enterContainer()
    skipWhitespace()
    if index < end, bytes[index] == .closeBrace {
      index += 1
      depth -= 1
      return
    }
    while true {
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      guard bytes[index] == .quote else { throw unexpected("expected a string key, found", at: index) }
      _ = try scanString()
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      guard bytes[index] == .colon else { throw unexpected(#"expected ":", found"#, at: index) }
      index += 1
      try skipValue()
      skipWhitespace()
      guard index < end else { throw endOfInput() }
      let byte = bytes[index]
      index += 1
      if byte == .comma { continue }
      if byte == .closeBrace { break }
      throw unexpected(#"expected "," or "}", found"#, at: index - 1)
    }
    depth -= 1
  }

  /// Number syntax only: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func skipNumber() throws(JSONError) {
    let start = index
    if bytes[index] == .minus { index += 1 }
    guard index < end else { throw endOfInput() }
    guard isDigit(bytes[index]) else { throw invalidNumber() }
    if bytes[index] == .zero {
      index += 1
      if index < end, isDigit(bytes[index]) { throw error("invalid number, leading zero", at: start) }
    } else {
      while index < end, isDigit(bytes[index]) { index += 1 }
    }
    if index < end, bytes[index] == .dot {
      index += 1
      guard index < end else { throw endOfInput() }
      guard isDigit(bytes[index]) else { throw invalidNumber() }
      while index < end, isDigit(bytes[index]) { index += 1 }
    }
    if index < end, bytes[index] | 0x20 == .letterE {
      index += 1
      guard index < end else { throw endOfInput() }
      if bytes[index] == .minus || bytes[index] == .plus {
        index += 1
        guard index < end else { throw endOfInput() }
      }
      guard isDigit(bytes[index]) else { throw invalidNumber() }
      while index < end, isDigit(bytes[index]) { index += 1 }
    }
  }
}
