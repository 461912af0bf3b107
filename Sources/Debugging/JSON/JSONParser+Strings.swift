/// Strings: one validating scan (escapes, control characters, UTF-8) finds the closing quote; a
/// string without escapes is then made straight from its bytes, one with escapes is decoded in a
/// second pass that cannot fail.
///
/// Lone surrogate escapes (`"\ud800"` not followed by a low surrogate, or a low surrogate alone)
/// are errors: a Swift `String` cannot hold them.
extension JSONParser {
  /// Parses the string starting at the quote at `index`.
  mutating func parseString() throws(JSONError) -> String {
    let contentStart = index + 1
    let hasEscapes = try scanString()
    let contentEnd = index - 1
    let content = UnsafeBufferPointer(start: bytes + contentStart, count: contentEnd - contentStart)
    if !hasEscapes { return String(decoding: content, as: UTF8.self) }
    return decodeEscapes(content)
  }

  /// Moves past the string starting at the quote at `index`, validating it; returns whether it
  /// holds escapes.
  mutating func scanString() throws(JSONError) -> Bool {
    index += 1
    var hasEscapes = false
    while true {
      while end - index >= 8 {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
        let mask = stringSpecialMask(word)
        if mask != 0 {
          index += mask.trailingZeroBitCount >> 3
          break
        }
        index += 8
      }
      guard index < end else { throw endOfInput() }
      let byte = bytes[index]
      if byte == .quote {
        index += 1
        return hasEscapes
      } else if byte == .backslash {
        hasEscapes = true
        try scanEscape()
      } else if byte < 0x20 {
        throw error("control character \(hexScalar(UInt32(byte))) in string", at: index)
      } else if byte >= 0x80 {
        let length = validUTF8Length(at: index)
        if length < 0 { throw endOfInput() }
        if length == 0 { throw error("invalid UTF-8", at: index) }
        index += length
      } else {
        index += 1
      }
    }
  }

  /// Validates the escape at `index` (a backslash) and moves past it.
  mutating func scanEscape() throws(JSONError) {
    let start = index
    guard index + 1 < end else { throw endOfInput() }
    switch bytes[index + 1] {
    case .quote, .backslash, .slash, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
      index += 2
    case .letterU:
      let unit = try hexQuad(at: index + 2, escapeStart: start)
      index += 6
      if unit >= 0xDC00 && unit <= 0xDFFF {
        throw error("unpaired surrogate \(escapeText(unit)) in string", at: start)
      }
      if unit >= 0xD800 && unit <= 0xDBFF {
        guard index < end else { throw endOfInput() }
        guard bytes[index] == .backslash else {
          throw error("unpaired surrogate \(escapeText(unit)) in string", at: start)
        }
        guard index + 1 < end else { throw endOfInput() }
        guard bytes[index + 1] == .letterU else {
          throw error("unpaired surrogate \(escapeText(unit)) in string", at: start)
        }
        let low = try hexQuad(at: index + 2, escapeStart: index)
        guard low >= 0xDC00 && low <= 0xDFFF else {
          throw error("unpaired surrogate \(escapeText(unit)) in string", at: start)
        }
        index += 6
      }
    default:
      let length = max(1, validUTF8Length(at: index + 1))
      let text = String(decoding: UnsafeBufferPointer(start: bytes + index, count: 1 + length), as: UTF8.self)
      let shown = bytes[index + 1] < 0x20 ? "\\" + hexScalar(UInt32(bytes[index + 1])) : text
      throw error("invalid escape \"\(shown)\" in string", at: start)
    }
  }

  func escapeText(_ unit: UInt16) -> String {
    let hex = String(unit, radix: 16, uppercase: true)
    return "\"\\u" + String(repeating: "0", count: 4 - hex.count) + hex + "\""
  }

  /// The four hex digits of a `\u` escape starting at `offset`.
  func hexQuad(at offset: Int, escapeStart: Int) throws(JSONError) -> UInt16 {
    var value: UInt16 = 0
    for k in 0..<4 {
      guard offset + k < end else { throw endOfInput() }
      let byte = bytes[offset + k]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw error(#"invalid escape "\u", expected 4 hex digits"#, at: escapeStart)
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// The length of the valid UTF-8 sequence at `offset` (2–4), 0 when invalid, -1 when cut off by
  /// the end of the input. Overlong forms, surrogates and values above U+10FFFF are invalid.
  func validUTF8Length(at offset: Int) -> Int {
    let lead = bytes[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return 0
    }
    for k in 1..<length {
      guard offset + k < end else { return -1 }
      let byte = bytes[offset + k]
      if k == 1 {
        guard byte >= low && byte <= high else { return 0 }
      } else {
        guard byte & 0xC0 == 0x80 else { return 0 }
      }
    }
    return length
  }

  /// Decodes an already validated string body with escapes, straight into the new string's
  /// storage: escapes only shorten the text (`\n` is one byte, `\u00e9` two, a surrogate pair
  /// four), so `content.count` bytes are room enough.
  func decodeEscapes(_ content: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: content.count) { out in
      var written = 0
      var i = 0
      var runStart = 0
      func copyRun(to end: Int) {
        for k in runStart..<end { out[written + k - runStart] = content[k] }
        written += end - runStart
      }
      while i < content.count {
        guard content[i] == .backslash else {
          i += 1
          continue
        }
        copyRun(to: i)
        let kind = content[i + 1]
        switch kind {
        case 0x62: out[written] = 0x08
        case 0x66: out[written] = 0x0C
        case 0x6E: out[written] = 0x0A
        case 0x72: out[written] = 0x0D
        case 0x74: out[written] = 0x09
        case .letterU:
          var scalar = UInt32(hexValue(content, i + 2))
          if scalar >= 0xD800 && scalar <= 0xDBFF {
            let low = UInt32(hexValue(content, i + 8))
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
          written += Self.writeUTF8(scalar, into: out, at: written) - 1
          i += 4
        default: out[written] = kind  // " \ /
        }
        written += 1
        i += 2
        runStart = i
      }
      copyRun(to: content.count)
      return written
    }
  }

  private func hexValue(_ content: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt16 {
    var value: UInt16 = 0
    for k in 0..<4 {
      let byte = content[offset + k] | 0x20  // lower-case letters; digits unchanged
      value = value << 4 | UInt16(byte <= 0x39 ? byte - 0x30 : byte - 0x61 + 10)
    }
    return value
  }

  /// Writes `scalar` as UTF-8 at `offset` of `out`; the number of bytes written.
  private static func writeUTF8(_ scalar: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
    switch scalar {
    case ..<0x80:
      out[offset] = UInt8(scalar)
      return 1
    case ..<0x800:
      out[offset] = UInt8(0xC0 | scalar >> 6)
      out[offset + 1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case ..<0x10000:
      out[offset] = UInt8(0xE0 | scalar >> 12)
      out[offset + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      out[offset + 2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      out[offset] = UInt8(0xF0 | scalar >> 18)
      out[offset + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      out[offset + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      out[offset + 3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }

}

/// A mask with the high bit set in each byte of `word` that is a quote, a backslash, a control
/// character or non-ASCII. Bits above the lowest set one may be false positives (borrows), so only
/// the lowest is meaningful.
@inline(__always)
func stringSpecialMask(_ word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  let quotes = word ^ (ones &* 0x22)
  let backslashes = word ^ (ones &* 0x5C)
  let control = (word &- ones &* 0x20) & ~word
  let quote = (quotes &- ones) & ~quotes
  let backslash = (backslashes &- ones) & ~backslashes
  return (word | control | quote | backslash) & highs
}
