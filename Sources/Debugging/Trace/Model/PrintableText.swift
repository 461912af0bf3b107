/// Text read from a trace (a label, an app name), made safe to print on a terminal or in a log:
/// control characters (C0, DEL, C1) are written as Swift escapes, so that a label can neither
/// move the cursor, change the terminal's title nor start a new line.
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

  /// Whether `text` has a control character (the common case, none, is one pass over the bytes).
  static func needsEscaping(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      // C0 and DEL; C1 (U+0080–U+009F) is 0xC2 followed by 0x80–0x9F in UTF-8.
      if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F && byte >= 0x80) { return true }
      previous = byte
    }
    return false
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
