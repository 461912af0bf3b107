/// The fast path of `skipValue()`: one loop with a bit stack of open containers instead of a
/// recursive descent, strings scanned sixteen bytes at a time (`SIMD16`), literals compared as
/// words.
///
/// It accepts exactly what `skipValue()` accepts and ends at the same byte; it reports no errors:
/// on anything it does not accept (bad syntax, a cut-off value, nesting deeper than 63 levels
/// below the current one or than `JSONReader.maximumDepth`) it returns `false`, and the caller runs
/// `skipValue()` from the same place for the exact message and position.
///
/// ```swift
/// var parser = JSONParser(base, count: count, from: valueStart)
/// if !parser.quickSkipValue() {  // `index` unchanged
///   try parser.skipValue()  // throws e.g. "line 1, column 40: unexpected end of input"
/// }
/// ```
extension JSONParser {
  /// Moves past the value at `index` (after whitespace) and returns `true`, or returns `false`
  /// with `index` and `depth` unchanged.
  mutating func quickSkipValue() -> Bool {
    guard let after = quickSkipEnd() else { return false }
    index = after
    return true
  }

  /// Where the value at `index` ends, or `nil` when `skipValue()` would throw.
  private func quickSkipEnd() -> Int? {
    let start = bytes
    let end = bytes + self.end
    // Containers open below the value's level: bit k of `kinds` is 1 for an object, 0 for an array.
    let room = min(63, JSONReader.maximumDepth - depth)
    var kinds: UInt64 = 0
    var level = 0
    var p = bytes + self.index
    while true {
      // A value at `p`.
      guard let c = Self.quickNonSpace(&p, end) else { return nil }
      switch c {
      case .quote:
        guard quickString(&p, end) else { return nil }
      case .openBrace, .openBracket:
        guard level < room else { return nil }
        level += 1
        p += 1
        guard let next = Self.quickNonSpace(&p, end) else { return nil }
        if c == .openBrace {
          kinds = kinds << 1 | 1
          if next == .closeBrace {
            p += 1
            level -= 1
            kinds >>= 1
          } else {
            guard quickKey(&p, end) else { return nil }
            continue
          }
        } else {
          kinds = kinds << 1
          if next == .closeBracket {
            p += 1
            level -= 1
            kinds >>= 1
          } else {
            continue
          }
        }
      case .letterT:
        guard Self.quickWord(p, end, "true") else { return nil }
        p += 4
      case .letterF:
        guard Self.quickWord(p, end, "false") else { return nil }
        p += 5
      case .letterN:
        guard Self.quickWord(p, end, "null") else { return nil }
        p += 4
      case .minus, .zero ... .nine:
        guard Self.quickNumber(&p, end) else { return nil }
      default:
        return nil
      }
      // After a value: close containers until one goes on with a comma.
      while true {
        if level == 0 { return start.distance(to: p) }
        guard let next = Self.quickNonSpace(&p, end) else { return nil }
        p += 1
        let inObject = kinds & 1 == 1
        if next == .comma {
          if inObject {
            guard Self.quickNonSpace(&p, end) != nil, quickKey(&p, end) else { return nil }
          }
          break
        }
        guard next == (inObject ? .closeBrace : .closeBracket) else { return nil }
        level -= 1
        kinds >>= 1
      }
    }
  }

  /// The first byte at or after `p` that is not whitespace (`p` moved to it), or `nil` at the end.
  @inline(__always)
  private static func quickNonSpace(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt8? {
    while p < end {
      let byte = p.pointee
      if byte > .space { return byte }
      guard byte == .space || byte == .newline || byte == .tab || byte == .carriageReturn else { return byte }
      p += 1
    }
    return nil
  }

  /// A key, whitespace and the colon, from the key's opening quote at `p`.
  @inline(__always)
  private func quickKey(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
    guard p.pointee == .quote, quickString(&p, end), let colon = Self.quickNonSpace(&p, end), colon == .colon else {
      return false
    }
    p += 1
    return true
  }

  /// Whether `literal` (4 or 5 bytes) is at `p`.
  @inline(__always)
  private static func quickWord(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ literal: StaticString)
    -> Bool
  {
    let count = literal.utf8CodeUnitCount
    guard end - p >= count else { return false }
    let text = UnsafeRawPointer(literal.utf8Start)
    let found = UnsafeRawPointer(p)
    guard found.loadUnaligned(as: UInt32.self) == text.loadUnaligned(as: UInt32.self) else { return false }
    return count == 4 || p[4] == literal.utf8Start[4]
  }

  /// The string whose opening quote is at `p`, with `scanString()`'s rules.
  @inline(__always)
  private func quickString(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
    p += 1
    while true {
      if end - p >= 16 {
        let offset = stringSpecialOffset(p)
        p += offset
        if offset == 16 { continue }
      } else {
        while p < end, p.pointee >= 0x20, p.pointee < 0x80, p.pointee != .quote, p.pointee != .backslash { p += 1 }
        guard p < end else { return false }
      }
      let byte = p.pointee
      if byte == .quote {
        p += 1
        return true
      }
      if byte < 0x20 { return false }
      guard quickRare(&p) else { return false }
    }
  }

  /// An escape or a non-ASCII character in a string at `p`, checked by the full scanner.
  private func quickRare(_ p: inout UnsafePointer<UInt8>) -> Bool {
    var sub = JSONParser(bytes, count: end, from: bytes.distance(to: p))
    if p.pointee == .backslash {
      do { try sub.scanEscape() } catch { return false }
      p = bytes + sub.index
      return true
    }
    let length = sub.validUTF8Length(at: sub.index)
    guard length > 0 else { return false }
    p += length
    return true
  }

  /// Number syntax only, as `skipNumber()`: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  @inline(__always)
  private static func quickNumber(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
    func isDigit(_ byte: UInt8) -> Bool { byte &- .zero < 10 }
    if p.pointee == .minus { p += 1 }
    guard p < end, isDigit(p.pointee) else { return false }
    if p.pointee == .zero {
      p += 1
      if p < end, isDigit(p.pointee) { return false }
    } else {
      while p < end, isDigit(p.pointee) { p += 1 }
    }
    if p < end, p.pointee == .dot {
      p += 1
      guard p < end, isDigit(p.pointee) else { return false }
      while p < end, isDigit(p.pointee) { p += 1 }
    }
    if p < end, p.pointee | 0x20 == .letterE {
      p += 1
      if p < end, p.pointee == .minus || p.pointee == .plus { p += 1 }
      guard p < end, isDigit(p.pointee) else { return false }
      while p < end, isDigit(p.pointee) { p += 1 }
    }
    return true
  }
}

/// The offset of the first byte of the 16 at `p` that is a quote, a backslash, a control
/// character or non-ASCII; 16 when there is none.
///
/// ```swift
/// Array(#"Todo.State","id":"#.utf8).withUnsafeBufferPointer { stringSpecialOffset($0.baseAddress!) }  // 10
/// ```
@inline(__always)
func stringSpecialOffset(_ p: UnsafePointer<UInt8>) -> Int {
  let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
  let quotes: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: .quote)
  let backslashes: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: .backslash)
  // Signed, control characters (below 0x20) and non-ASCII bytes (negative) are below 0x20.
  let others: SIMDMask<SIMD16<Int8>> = SIMD16<Int8>(truncatingIfNeeded: bytes) .< SIMD16<Int8>(repeating: 0x20)
  let found = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: quotes .| backslashes .| others)
  let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
  if halves[0] != 0 { return UInt64(littleEndian: halves[0]).trailingZeroBitCount >> 3 }
  if halves[1] != 0 { return 8 + UInt64(littleEndian: halves[1]).trailingZeroBitCount >> 3 }
  return 16
}
