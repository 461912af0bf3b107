import Testing

@testable import Debugging

/// `CompactLine.skip` compares member names eight bytes at a time: it moves past exactly the
/// needle's bytes, whatever the needle's length, wherever the first difference is, and never past
/// the line's end.
@Suite struct CompactLineTests {
  /// Whether `skip(needle)` moves past it at `offset` of `line`, and the cursor after.
  static func skip(_ line: String, at offset: Int, _ needle: StaticString) -> (Bool, Int) {
    var bytes = Array(line.utf8)
    return bytes.withUnsafeMutableBytes { buffer in
      var compact = CompactLine(UnsafeRawBufferPointer(buffer))
      compact.index = offset
      let skipped = compact.skip(needle)
      return (skipped, compact.index)
    }
  }

  @Test func skipsTheNeedleOfAnyLength() {
    let line = #"{"kind":"effect","event":"output","effect":308,"seq":1076}"#
    // (25 bytes: three words and one overlapping the third.)
    #expect(Self.skip(line, at: 0, #"{"kind":"effect","event":"#) == (true, 25))
    #expect(Self.skip(line, at: 25, #""output""#) == (true, 33))
    #expect(Self.skip(line, at: 33, #","effect":"#) == (true, 43))
    #expect(Self.skip(line, at: 46, #","seq":"#) == (true, 53))
    #expect(Self.skip(line, at: 57, "}") == (true, 58))
    // (Sixteen bytes: two whole words.)
    #expect(Self.skip(line, at: 0, #"{"kind":"effect""#) == (true, 16))
  }

  @Test func aDifferenceAnywhereIsNotTheNeedle() {
    let needle: StaticString = #"{"kind":"effect","event":"#
    let line = #"{"kind":"effect","event":"output"}"#
    let count = needle.utf8CodeUnitCount
    for position in 0..<count {
      var bytes = Array(line.utf8)
      bytes[position] ^= 0x20
      let changed = String(decoding: bytes, as: UTF8.self)
      #expect(Self.skip(changed, at: 0, needle) == (false, 0), "difference at \(position)")
    }
  }

  @Test func neverPastTheLinesEnd() {
    // The needle is longer than what is left: not read past the end.
    #expect(Self.skip(#"{"kind":"eff"#, at: 0, #"{"kind":"effect""#) == (false, 0))
    #expect(Self.skip(#"x,"seq""#, at: 1, #","seq":"#) == (false, 1))
    #expect(Self.skip(#"x,"seq":"#, at: 1, #","seq":"#) == (true, 8))
  }
}
