import Testing

@testable import Debugging

@Suite struct JSONWriterTests {
  @Test func compactWithKeysInOrder() {
    let json = JSON.object([
      .init("z", .int(-3)), .init("a", .array([.bool(true), .null, .uint(.max)])),
      .init("o", .object([])), .init("e", .array([])), .init("d", .double(1)),
    ])
    #expect(JSONWriter.string(json) == #"{"z":-3,"a":[true,null,18446744073709551615],"o":{},"e":[],"d":1.0}"#)
  }

  @Test func escapes() {
    let text = "q\" b\\ s/ n\n r\r t\t b\u{8} f\u{C} nul\u{0} us\u{1F} del\u{7F} é 😀 \u{2028}\u{2029}"
    #expect(
      JSONWriter.string(.string(text))
        == #""q\" b\\ s/ n\n r\r t\t b\b f\f nul\u0000 us\u001f del\#u{7F} é 😀 \#u{2028}\#u{2029}""#)
  }

  @Test func escapesInsideLongRuns() {
    let text = String(repeating: "abcdefgh", count: 4) + "\"" + String(repeating: "ijklmnop", count: 3) + "\n"
    #expect(
      JSONWriter.string(.string(text)) == "\"" + String(repeating: "abcdefgh", count: 4) + "\\\""
        + String(repeating: "ijklmnop", count: 3) + "\\n\"")
  }

  @Test func integers() {
    #expect(
      JSONWriter.string(.array([.int(0), .int(7), .int(10), .int(-1), .int(.min), .int(.max), .uint(.max)]))
        == "[0,7,10,-1,-9223372036854775808,9223372036854775807,18446744073709551615]")
  }

  @Test func doublesAlwaysHaveAPointOrAnExponent() {
    let cases: [(Double, String)] = [
      (1, "1.0"), (-0.0, "-0.0"), (0, "0.0"), (2.5, "2.5"), (2.5e-7, "2.5e-07"), (0.1, "0.1"),
      (-123456, "-123456.0"), (1e16, "1e+16"), (1e300, "1e+300"), (Double(bitPattern: 1), "5e-324"),
      (0.30000000000000004, "0.30000000000000004"), (1.7976931348623157e308, "1.7976931348623157e+308"),
      (123456789012.25, "123456789012.25"),
    ]
    for (value, text) in cases {
      #expect(JSONWriter.string(.double(value)) == text)
    }
  }

  @Test func writesIntoAnExistingBuffer() {
    var output = Array("x=".utf8)
    JSONWriter.write(.array([.string("a")]), into: &output)
    #expect(String(decoding: output, as: UTF8.self) == #"x=["a"]"#)
  }

  @Test func nonFiniteDoublesHaveNoJSONFormAndWriteNull() {
    #expect(JSONWriter.string(.array([.double(.nan), .double(-.infinity)])) == "[null,null]")
  }
}
