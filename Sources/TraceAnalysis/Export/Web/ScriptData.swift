import Debugging

/// JSON made safe to sit inside `<script type="application/json">`: `<`, `>` and `&` become
/// `\u003c`, `\u003e`, `\u0026`, and U+2028/U+2029 become `\u2028`/`\u2029`, so no string in the
/// data can close the element (`</script>`), open a comment (`<!--`) or end a line of script.
/// These characters only occur inside JSON strings, where the escapes mean the same characters,
/// so `JSON.parse` reads back exactly the data that was written.
///
/// ```swift
/// ScriptData.string(.string("</script><b>"))  // "\"\\u003c/script\\u003e\\u003cb\\u003e\""
/// ```
enum ScriptData {
  /// Appends `json` to `output`, escaped for a script data block.
  static func write(_ json: JSON, into output: inout [UInt8]) {
    var raw: [UInt8] = []
    JSONWriter.write(json, into: &raw)
    escape(raw, into: &output)
  }

  static func string(_ json: JSON) -> String {
    var output: [UInt8] = []
    write(json, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Escapes compact JSON bytes (as `JSONWriter` writes them).
  static func escape(_ raw: [UInt8], into output: inout [UInt8]) {
    output.reserveCapacity(output.count + raw.count + raw.count / 16)
    var i = 0
    let count = raw.count
    while i < count {
      let byte = raw[i]
      switch byte {
      case UInt8(ascii: "<"): output.append(contentsOf: escapeLess)
      case UInt8(ascii: ">"): output.append(contentsOf: escapeGreater)
      case UInt8(ascii: "&"): output.append(contentsOf: escapeAmpersand)
      case 0xE2 where i + 2 < count && raw[i + 1] == 0x80 && (raw[i + 2] == 0xA8 || raw[i + 2] == 0xA9):
        output.append(contentsOf: raw[i + 2] == 0xA8 ? escapeLineSeparator : escapeParagraphSeparator)
        i += 2
      default: output.append(byte)
      }
      i += 1
    }
  }

  private static let escapeLess = Array(#"\u003c"#.utf8)
  private static let escapeGreater = Array(#"\u003e"#.utf8)
  private static let escapeAmpersand = Array(#"\u0026"#.utf8)
  private static let escapeLineSeparator = Array(#"\u2028"#.utf8)
  private static let escapeParagraphSeparator = Array(#"\u2029"#.utf8)
}
