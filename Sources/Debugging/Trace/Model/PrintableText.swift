/// Text read from a trace (a label, an app name), made safe to print on a terminal or in a log:
/// control characters (C0, DEL, C1) and the bidirectional controls (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069) are written as Swift escapes, so that a label can neither move
/// the cursor, change the terminal's title, start a new line nor make text read in another order
/// than it is.
///
/// ```swift
/// PrintableText.escaping("Evil\u{1B}[2J.tap\nsecond line")
/// // Evil\u{1b}[2J.tap\nsecond line
/// ```
package enum PrintableText {
  package static func escaping(_ text: String) -> String {
    guard needsEscaping(text) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `text` has a control character (the common case, none, is one pass over the bytes,
  /// eight at a time while they are printable ASCII).
  static func needsEscaping(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { needsEscaping(utf8: $0) }
  }

  static func needsEscaping(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    let raw = UnsafeRawBufferPointer(bytes)
    while start + 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
      // A byte below 0x20, or one of 0x7F and above (DEL, or not ASCII: maybe C1): look closer.
      let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
      let above = (word | (word &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080
      if below | above != 0 { break }
      start += 8
    }
    // The bytes skipped are printable ASCII: the ones before `start` cannot begin a character
    // looked for.
    var previous: UInt8 = 0, beforePrevious: UInt8 = 0
    for byte in bytes[start...] {
      // C0 and DEL; C1 (U+0080–U+009F) is 0xC2 followed by 0x80–0x9F in UTF-8; U+061C is D8 9C;
      // U+200E, U+200F and U+202A–U+202E are E2 80 8E/8F/AA–AE; U+2066–U+2069 are E2 81 A6–A9.
      if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F && byte >= 0x80)
        || (previous == 0xD8 && byte == 0x9C)
        || (beforePrevious == 0xE2 && previous == 0x80
          && (byte == 0x8E || byte == 0x8F || (0xAA...0xAE).contains(byte)))
        || (beforePrevious == 0xE2 && previous == 0x81 && (0xA6...0xA9).contains(byte))
      {
        return true
      }
      beforePrevious = previous
      previous = byte
    }
    return false
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
