/// Finding a short needle (at least two bytes) in a line, sixty-four bytes at a time: the candidates
/// are the places where the needle's first two bytes follow each other (`"r` for `"reducer":`),
/// each confirmed on the bytes. A line of JSON has a quote every few bytes, so searching for the
/// first byte alone (`memchr`) stops at nearly every string.
///
/// ```swift
/// Array(#"{"kind":"action","reducer":"b"}"#.utf8).withUnsafeBytes {
///   ByteSearch.contains($0, #""reducer":"#)  // true
/// }
/// ```
package enum ByteSearch {
  /// Whether `needle` occurs in `bytes`.
  package static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: StaticString) -> Bool {
    let count = needle.utf8CodeUnitCount
    precondition(count >= 2, "the needle has at least two bytes")
    guard let base = bytes.baseAddress, bytes.count >= count else { return false }
    let text = needle.utf8Start
    // The last place the needle may start.
    let last = bytes.count - count
    let firsts = SIMD16<UInt8>(repeating: text[0])
    let seconds = SIMD16<UInt8>(repeating: text[1])
    @inline(__always) func pairs(at offset: Int) -> SIMDMask<SIMD16<Int8>> {
      (base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .== firsts)
        .& (base.loadUnaligned(fromByteOffset: offset + 1, as: SIMD16<UInt8>.self) .== seconds)
    }
    @inline(__always) func found(in pairs: SIMDMask<SIMD16<Int8>>, at offset: Int) -> Bool {
      for k in 0..<16 where pairs[k] && matches(base + offset + k, text, count) { return true }
      return false
    }
    var offset = 0
    // Sixty-four bytes a step, one test for the four vectors (a 12 MB state line has no
    // candidate in most steps): the vectors end at `offset + 65 <= bytes.count`.
    while offset + 64 <= last {
      let a = pairs(at: offset), b = pairs(at: offset + 16), c = pairs(at: offset + 32), d = pairs(at: offset + 48)
      if isAny(a .| b .| c .| d) {
        if found(in: a, at: offset) || found(in: b, at: offset + 16) || found(in: c, at: offset + 32)
          || found(in: d, at: offset + 48)
        {
          return true
        }
      }
      offset += 64
    }
    // The vectors at `offset` and `offset + 1` are whole while `offset + 17 <= bytes.count`.
    while offset + 16 <= last {
      let pairs = pairs(at: offset)
      if isAny(pairs), found(in: pairs, at: offset) { return true }
      offset += 16
    }
    guard offset <= last else { return false }
    // The last places, fewer than 16: one vector that ends where the last place does (it looks at
    // some places again), when the line is that long.
    if last >= 15 {
      let pairs = pairs(at: last - 15)
      return isAny(pairs) && found(in: pairs, at: last - 15)
    }
    while offset <= last {
      if base.load(fromByteOffset: offset, as: UInt8.self) == text[0], matches(base + offset, text, count) {
        return true
      }
      offset += 1
    }
    return false
  }

  /// Whether `bytes` begin with `prefix` (compared as bytes; `starts(with:)` over a `String`'s
  /// UTF-8 view goes element by element through generic iterators).
  ///
  /// ```swift
  /// ByteSearch.hasPrefix(line, #"{"kind":"action","#)
  /// ```
  @inline(__always)
  static func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard bytes.count >= count, let base = bytes.baseAddress else { return count == 0 }
    return matches(base, prefix.utf8Start, count)
  }

  /// Whether `bytes` are exactly `text`.
  @inline(__always)
  static func equals(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
    bytes.count == text.utf8CodeUnitCount && hasPrefix(bytes, text)
  }

  /// Whether any lane of `mask` is set, as two words (`any(_:)` is a call to a generic
  /// `min()` that is not inlined: as costly as the search itself).
  @inline(__always)
  private static func isAny(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
    let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask)
    let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
    return halves[0] | halves[1] != 0
  }

  @inline(__always)
  private static func matches(_ at: UnsafeRawPointer, _ text: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for k in 0..<count where at.load(fromByteOffset: k, as: UInt8.self) != text[k] { return false }
    return true
  }
}
