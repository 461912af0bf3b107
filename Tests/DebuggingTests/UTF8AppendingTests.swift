import Testing

@testable import Debugging

/// `appendUTF8` and `appendInteger`: the bytes `String` interpolation would give.
@Suite struct UTF8AppendingTests {
  @Test(arguments: [0, 7, 9, 10, 42, 1_000_000, Int64.max, -1, -42, Int64.min])
  func integersAsInterpolationWritesThem(number: Int64) {
    var bytes: [UInt8] = Array("#".utf8)
    bytes.appendInteger(number)
    #expect(String(decoding: bytes, as: UTF8.self) == "#\(number)")
  }

  @Test func textAsItsUTF8() {
    var bytes: [UInt8] = []
    for piece in ["effect ", "", "é日本🙂", String(repeating: "x", count: 40)] { bytes.appendUTF8(piece) }
    #expect(String(decoding: bytes, as: UTF8.self) == "effect é日本🙂" + String(repeating: "x", count: 40))
  }
}
