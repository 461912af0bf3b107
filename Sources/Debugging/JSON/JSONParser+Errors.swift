/// Error construction for `JSONParser`: positions are computed only when an error is thrown, by
/// counting from the start of the buffer (line = newlines + 1, column = bytes since the last
/// newline + 1, as in `FILE:LINE:COLUMN` diagnostics and docs/log-format.md).
extension JSONParser {
  func error(_ message: String, at offset: Int) -> JSONError {
    let (line, column) = position(of: offset)
    return JSONError(message, line: line, column: column)
  }

  /// The input stopped inside a value: a truncated line.
  func endOfInput() -> JSONError {
    error("unexpected end of input", at: end)
  }

  /// `<prefix> "x"<suffix>` naming the character at `offset`; invalid UTF-8 there is reported as
  /// such, and an invisible character by its code point (`found U+FEFF (a byte order mark)`).
  func unexpected(_ prefix: String, at offset: Int, suffix: String = "") -> JSONError {
    let byte = bytes[offset]
    if byte < 0x80 {
      if byte < 0x20 || byte == 0x7F {
        return error("\(prefix) \(hexScalar(UInt32(byte)))\(suffix)", at: offset)
      }
      let text = byte == .quote ? #"'"'"# : "\"\(Character(Unicode.Scalar(byte)))\""
      return error("\(prefix) \(text)\(suffix)", at: offset)
    }
    let length = validUTF8Length(at: offset)
    guard length > 0 else { return error("invalid UTF-8", at: offset) }
    let text = String(decoding: UnsafeBufferPointer(start: bytes + offset, count: length), as: UTF8.self)
    if let scalar = text.unicodeScalars.first, Self.isInvisible(scalar) {
      let name = scalar.value == 0xFEFF ? " (a byte order mark)" : ""
      return error("\(prefix) \(hexScalar(scalar.value))\(name)\(suffix)", at: offset)
    }
    return error("\(prefix) \"\(text)\"\(suffix)", at: offset)
  }

  /// A character that would be invisible (or move the cursor) between quotes in a message:
  /// C1 controls, format characters such as a byte order mark, and spaces other than " ".
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned: true
    default: false
    }
  }

  /// `U+000A`
  func hexScalar(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var i = 0
    while i < offset {
      if bytes[i] == .newline {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    return (line, offset - lineStart + 1)
  }
}
