/// The inside of a JSON string literal (no quotes), escaped as `JSONWriter` escapes it: `"` and
/// `\` with a backslash, `\n` `\r` `\t` `\b` `\f` by name, other control characters as `\u00XX`;
/// every other byte as it is. For text the report writes in pieces (a value's lines, a label).
///
/// ```swift
/// var bytes: [UInt8] = []
/// JSONStringBody.appendQuoted("say \"hi\"\n", to: &bytes)
/// ```
/// ```text
/// "say \"hi\"\n"
/// ```
enum JSONStringBody {
  /// Appends `text` escaped; runs that need no escape are copied whole.
  static func append(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    guard let base = text.baseAddress else { return }
    var runStart = 0
    for i in 0..<text.count {
      let byte = base[i]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      if i > runStart { bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart)) }
      appendEscape(byte, to: &bytes)
      runStart = i + 1
    }
    if text.count > runStart {
      bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: text.count - runStart))
    }
  }

  /// Appends the UTF-8 of `text` escaped.
  static func append(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { append($0, to: &bytes) }
  }

  /// Appends the UTF-8 of `text` as a whole JSON string literal (quotes included).
  static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    append(text, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let hex: StaticString = "0123456789abcdef"
      bytes.append(UInt8(ascii: "u"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(hex.utf8Start[Int(byte >> 4)])
      bytes.append(hex.utf8Start[Int(byte & 0xF)])
    }
  }
}
