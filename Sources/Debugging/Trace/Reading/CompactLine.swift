// A line as the recorder writes it (`TraceAction.writeJSON`, `TraceRecordJSON`): members in a
// fixed order, no spaces, counts as plain digits, strings without escapes. Reading such a line
// is matching its bytes in order; a line written any other way is read member by member
// (`JSONObjectScanner`), which decides.

/// A cursor over one line that reads what the recorder writes, each read `nil` (or `false`) when
/// the bytes are not what it expects, the cursor then in no particular place.
///
/// ```swift
/// var line = CompactLine(bytes)  // {"kind":"effect","event":"finished","effect":3,"t":120}
/// line.skip(#"{"kind":"effect","event":"#)  // true
/// line.string()                             // the bytes of finished
/// line.skip(#","effect":"#); line.count()   // 3
/// ```
struct CompactLine {
  let base: UnsafePointer<UInt8>
  let end: Int
  var index = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    end = bytes.count
  }

  /// Whether the whole line was read.
  var atEnd: Bool { index == end }

  /// Moves past `text` if the bytes at the cursor are `text`: compared eight bytes at a time
  /// (the last eight overlapping the ones before), a line's member names being most of its bytes.
  @inline(__always)
  mutating func skip(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard end - index >= count else { return false }
    let line = UnsafeRawPointer(base + index), expected = UnsafeRawPointer(text.utf8Start)
    if count >= 8 {
      var k = 0
      while k + 8 <= count {
        guard
          line.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            == expected.loadUnaligned(fromByteOffset: k, as: UInt64.self)
        else { return false }
        k += 8
      }
      if k < count,
        line.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          != expected.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      {
        return false
      }
    } else {
      for k in 0..<count where base[index + k] != text.utf8Start[k] { return false }
    }
    index += count
    return true
  }

  /// A count as the reader takes it (`traceCount`): 1 to 18 digits, no leading zero, followed by
  /// neither a fraction nor an exponent.
  mutating func count() -> Int64? {
    var value: Int64 = 0
    let start = index
    while index < end, case let digit = base[index] &- .zero, digit < 10 {
      value = value &* 10 &+ Int64(digit)
      index += 1
    }
    let digits = index - start
    guard digits > 0, digits <= 18, digits == 1 || base[start] != .zero else { return nil }
    if index < end, base[index] == .dot || base[index] | 0x20 == .letterE { return nil }
    return value
  }

  /// A string without escapes that the reader reads (`quickString`): its bytes, between the quotes.
  mutating func string() -> UnsafeBufferPointer<UInt8>? {
    guard index < end, base[index] == .quote else { return nil }
    let parser = JSONParser(base, count: end)
    var p = base + index
    guard parser.quickString(&p, base + end) == false else { return nil }
    let start = index + 1
    index = base.distance(to: p)
    return UnsafeBufferPointer(start: base + start, count: index - 1 - start)
  }

  /// A value at depth 1 (a member of the line) that `JSONReader` reads (`quickCheckValue`),
  /// with no space before or after it.
  mutating func checkedValue(_ keys: QuickKeys) -> Range<Int>? {
    value { parser in parser.quickCheckValue(reusing: keys) }
  }

  /// `checkedValue(_:)` of a value like those checked before under `key` (a label's hash,
  /// `JSONValueTemplates.key`): tried against the shape of the last one first (the same bytes
  /// between the values, each value checked as the scan and the value form check it), and the
  /// shape of a value checked byte by byte is kept for the next. The same answer as
  /// `checkedValue(_:)`: a value of the shape is one the scan accepts, for the same reasons.
  mutating func checkedValue(_ keys: QuickKeys, shapedLike key: UInt64) -> Range<Int>? {
    guard keys.checksForms else { return checkedValue(keys) }
    let templates = keys.valueTemplates
    if let template = templates.template(for: key) {
      let parser = JSONParser(base, count: end, from: index)
      if let after = template.match(JSONFormRules.self, at: base + index, end: base + end, parser: parser) {
        let start = index
        index = base.distance(to: after)
        return start..<index
      }
    }
    guard let range = checkedValue(keys) else { return nil }
    templates.remember(base + range.lowerBound, count: range.count, for: key)
    return range
  }

  /// `checkedValue` that also notes where the members and elements of its large containers are.
  mutating func checkedValue(_ keys: QuickKeys, children: inout JSONChildIndex) -> Range<Int>? {
    value { parser in parser.quickCheckValue(children: &children, reusing: keys) }
  }

  /// The range of the value `read` moves a parser past (at depth 1), if it does and the value
  /// neither starts nor ends with a space (a range with one is not the value's).
  private mutating func value(_ read: (inout JSONParser) -> Bool) -> Range<Int>? {
    guard index < end, !Self.isSpace(base[index]) else { return nil }
    var parser = JSONParser(base, count: end, from: index)
    parser.depth = 1
    guard read(&parser), parser.index > index, !Self.isSpace(base[parser.index - 1]) else { return nil }
    defer { index = parser.index }
    return index..<parser.index
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
