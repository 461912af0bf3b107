/// Strings for the quick check and skip (`quickCheckValue()`, `quickSkipValue()`), with
/// `scanString()`'s rules but no error: a plain string that ends within its first sixteen bytes
/// (most keys and values of a trace) costs one sixteen-byte compare, inline; anything else
/// (longer strings, escapes, non-ASCII, the last bytes of the input) goes to `quickStringRest`,
/// which scans on sixteen bytes at a time and leaves escapes and UTF-8 to the exact scanner.
///
/// ```swift
/// var p = base  // "Todo 5","id":…
/// parser.quickString(&p, end)  // false (no escapes), p after the closing quote
/// ```
extension JSONParser {
  /// Moves `p` (at an opening quote) past the string and returns whether it holds escapes; `nil`
  /// (with `p` anywhere) when `scanString()` would throw.
  @inline(__always)
  func quickString(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool? {
    let body = p + 1
    if end - body >= 16 {
      let offset = stringSpecialOffset(body)
      if offset < 16, body[offset] == .quote {
        p = body + offset + 1
        return false
      }
    }
    // (Not `inout`: `p` stays in a register in the caller's loop.)
    let (after, hasEscapes) = quickStringRest(body, end)
    guard let after else { return nil }
    p = after
    return hasEscapes
  }

  /// `quickString` past its fast path, from `p` inside the string (all before it plain): where
  /// the string ends (`nil` when `scanString()` would throw) and whether it holds escapes.
  @inline(never)
  func quickStringRest(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (
    after: UnsafePointer<UInt8>?, hasEscapes: Bool
  ) {
    var p = p
    var hasEscapes = false
    while true {
      if end - p >= 16 {
        let offset = stringSpecialOffset(p)
        p += offset
        if offset == 16 { continue }
      } else {
        while p < end, p.pointee >= 0x20, p.pointee < 0x80, p.pointee != .quote, p.pointee != .backslash { p += 1 }
        guard p < end else { return (nil, false) }
      }
      let byte = p.pointee
      if byte == .quote {
        return (p + 1, hasEscapes)
      }
      if byte < 0x20 { return (nil, false) }
      var sub = JSONParser(bytes, count: self.end, from: bytes.distance(to: p))
      if byte == .backslash {
        hasEscapes = true
        do { try sub.scanEscape() } catch { return (nil, false) }
        p = bytes + sub.index
      } else {
        let length = sub.validUTF8Length(at: sub.index)
        guard length > 0 else { return (nil, false) }
        p += length
      }
    }
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
  let halves = unsafeBitCast(stringSpecials(p), to: SIMD2<UInt64>.self)
  if halves[0] != 0 { return UInt64(littleEndian: halves[0]).trailingZeroBitCount >> 3 }
  if halves[1] != 0 { return 8 + UInt64(littleEndian: halves[1]).trailingZeroBitCount >> 3 }
  return 16
}

/// The 16 bytes at `p` with 0xFF where `stringSpecialOffset` stops (a quote, a backslash, a
/// control character or non-ASCII), 0 elsewhere.
@inline(__always)
func stringSpecials(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
  let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
  let quotes: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: .quote)
  let backslashes: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: .backslash)
  // Signed, control characters (below 0x20) and non-ASCII bytes (negative) are below 0x20.
  // (A bit cast: the converting initializer is not always inlined.)
  let others: SIMDMask<SIMD16<Int8>> = unsafeBitCast(bytes, to: SIMD16<Int8>.self) .< SIMD16<Int8>(repeating: 0x20)
  return SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: quotes .| backslashes .| others)
}

/// Whether the `count` bytes at `p` (18 or more) are a string without escapes, control
/// characters or non-ASCII bytes: a quote, no byte `stringSpecialOffset` stops at, a quote.
/// `quickString` ends such a string there, without escapes; a UUID is checked in three compares.
@inline(__always)
func isPlainString(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  guard p[0] == .quote, p[count &- 1] == .quote else { return false }
  // The body's sixteen-byte pieces, the last one ending at the closing quote (not included).
  let bodyEnd = count &- 1
  var found = stringSpecials(p + 1)
  var offset = 17
  while offset &+ 16 < bodyEnd {
    found = found | stringSpecials(p + offset)
    offset &+= 16
  }
  found = found | stringSpecials(p + (bodyEnd &- 16))
  let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
  return halves[0] | halves[1] == 0
}
