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

  /// Escapes compact JSON bytes (as `JSONWriter` writes them). Runs of bytes that need no escape
  /// are found sixteen at a time and copied whole.
  static func escape(_ raw: [UInt8], into output: inout [UInt8]) {
    output.reserveCapacity(output.count + raw.count + raw.count / 16)
    raw.withUnsafeBufferPointer { raw in
      guard let base = raw.baseAddress else { return }
      let count = raw.count
      var i = 0, runStart = 0
      func flushRun(to end: Int) {
        if end > runStart {
          output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: end - runStart))
        }
      }
      // Bytes up to `scalarEnd` are looked at one by one (a chunk with something to escape).
      var scalarEnd = 0
      while i < count {
        if i >= scalarEnd, count - i >= 16 {
          if !Self.hasSpecial(base + i) {
            i += 16
            continue
          }
          scalarEnd = i + 16
        }
        let byte = base[i]
        let escaped: [UInt8]?
        var width = 1
        switch byte {
        case UInt8(ascii: "<"): escaped = escapeLess
        case UInt8(ascii: ">"): escaped = escapeGreater
        case UInt8(ascii: "&"): escaped = escapeAmpersand
        case 0xE2 where i + 2 < count && base[i + 1] == 0x80 && (base[i + 2] == 0xA8 || base[i + 2] == 0xA9):
          escaped = base[i + 2] == 0xA8 ? escapeLineSeparator : escapeParagraphSeparator
          width = 3
        default: escaped = nil
        }
        if let escaped {
          flushRun(to: i)
          output.append(contentsOf: escaped)
          runStart = i + width
        }
        i += width
      }
      flushRun(to: count)
    }
  }

  /// Whether one of the 16 bytes at `p` is `<`, `>`, `&` or 0xE2 (the lead byte of U+2028/9),
  /// compared as vectors (typed masks and a bit cast, which compile to vector instructions).
  @inline(__always)
  private static func hasSpecial(_ p: UnsafePointer<UInt8>) -> Bool {
    let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    let less: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: UInt8(ascii: "<"))
    let greater: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
    let ampersand: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
    let lead: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: 0xE2)
    let found = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: less .| greater .| ampersand .| lead)
    let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
    return halves[0] | halves[1] != 0
  }

  private static let escapeLess = Array(#"\u003c"#.utf8)
  private static let escapeGreater = Array(#"\u003e"#.utf8)
  private static let escapeAmpersand = Array(#"\u0026"#.utf8)
  private static let escapeLineSeparator = Array(#"\u2028"#.utf8)
  private static let escapeParagraphSeparator = Array(#"\u2029"#.utf8)
}
