/// Whether a JSON text is exactly what `JSONWriter` writes for the value it reads as, so that a
/// value still held as text (`JSONLazyElements.swift`) is written by copying it: no whitespace,
/// strings escaped as `JSONOutput` escapes them (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other
/// control characters as lowercase `\u00xx`, nothing else), numbers in the writer's form.
///
/// ```swift
/// JSONCanonicalText.isCanonical(#"{"a":[1,2.5,"\u001f"]}"#)   // true
/// JSONCanonicalText.isCanonical(#"{"a": 1}"#)                 // false: a space
/// JSONCanonicalText.isCanonical(#""\u00e9""#)                 // false: written as é
/// JSONCanonicalText.isCanonical("1.50")                       // false: written as 1.5
/// ```
///
/// The text must be one value `JSONReader` reads without an error (it was checked when read).
enum JSONCanonicalText {
  static func isCanonical(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { isCanonical($0.baseAddress!, 0..<$0.count) }
  }

  static func isCanonical(_ bytes: UnsafePointer<UInt8>, _ range: Range<Int>) -> Bool {
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      switch bytes[i] {
      case .quote:
        guard let after = canonicalStringEnd(bytes, from: i + 1, end) else { return false }
        i = after
      case .minus, .zero ... .nine:
        guard let after = canonicalNumberEnd(bytes, from: i, end) else { return false }
        i = after
      case .space, .newline, .tab, .carriageReturn:
        return false
      default:
        // Brackets, braces, commas, colons and the letters of literals.
        i += 1
      }
    }
    return true
  }

  /// After the closing quote of a string whose content starts at `i`, or `nil` when the writer
  /// would escape it differently.
  private static func canonicalStringEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Int? {
    var i = start
    while true {
      if end - i >= 16 {
        let offset = stringSpecialOffset(bytes + i)
        i += offset
        if offset == 16 { continue }
      }
      guard i < end else { return nil }
      let byte = bytes[i]
      switch byte {
      case .quote:
        return i + 1
      case .backslash:
        guard i + 1 < end else { return nil }
        switch bytes[i + 1] {
        case .quote, .backslash, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ b f n r t
          i += 2
        case .letterU:
          // Only a control character without a short escape, in lowercase hex.
          guard i + 5 < end, bytes[i + 2] == .zero, bytes[i + 3] == .zero, bytes[i + 4] == .zero || bytes[i + 4] == 0x31
          else { return nil }
          let last = bytes[i + 5]
          let low: UInt8
          switch last {
          case .zero ... .nine: low = last - .zero
          case 0x61...0x66: low = last - 0x61 + 10
          default: return nil
          }
          let unit = (bytes[i + 4] - .zero) << 4 | low
          guard unit != 0x08, unit != 0x09, unit != 0x0A, unit != 0x0C, unit != 0x0D else { return nil }
          i += 6
        default:
          return nil
        }
      default:
        // Non-ASCII (valid UTF-8, written as it is) or plain ASCII.
        i += 1
      }
    }
  }

  /// After the number at `i`, or `nil` when the writer writes it otherwise.
  private static func canonicalNumberEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Int? {
    var i = start
    var isInteger = true
    while i < end {
      let byte = bytes[i]
      if byte &- .zero < 10 || byte == .minus || byte == .plus {
        i += 1
      } else if byte == .dot || byte | 0x20 == .letterE {
        isInteger = false
        i += 1
      } else {
        break
      }
    }
    let length = i - start
    // An integer of up to 18 digits is written as it is read, except `-0`.
    if isInteger, length <= 18, !(bytes[start] == .minus && bytes[start + 1] == .zero) { return i }
    var parser = JSONParser(bytes, count: i, from: start)
    guard let value = try? parser.parseNumber(), parser.index == i else { return nil }
    var output = JSONOutput(capacity: 32)
    JSONWriter.write(value, to: &output)
    let same = output.string.utf8.elementsEqual(UnsafeBufferPointer(start: bytes + start, count: length))
    return same ? i : nil
  }
}
