import Debugging
import Testing

@testable import tca_trace

/// `TextOutput` (Output/TextOutput.swift).
@Suite struct TextOutputTests {
  /// `jsonLine` writes one JSON Lines record: the compact JSON, then a newline.
  @Test func jsonLineWritesOneRecordAndANewline() throws {
    let output = TextOutput()
    try output.jsonLine(.object([.init("seq", .int(3)), .init("label", .string("A.tap"))]))
    try output.line("after")
    try output.flush()
    #expect(
      String(decoding: output.captured, as: UTF8.self) == #"""
        {"seq":3,"label":"A.tap"}
        after

        """#)
  }
}
