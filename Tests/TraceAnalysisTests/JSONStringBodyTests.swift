import Debugging
import Testing

@testable import TraceAnalysis

/// `JSONStringBody` (JSONStringBody.swift): the same escapes as `JSONWriter`.
@Suite struct JSONStringBodyTests {
  @Test func escapesAsJSONWriterDoes() {
    var bytes: [UInt8] = []
    JSONStringBody.appendQuoted("say \"hi\"\n\\ \t\r\u{08}\u{0C}\u{01}\u{1F} é → <\u{7F}>", to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == #"""
        "say \"hi\"\n\\ \t\r\b\f\u0001\u001f é → <\#u{7F}>"
        """#)
    #expect(
      bytes == JSONWriter.string(.string("say \"hi\"\n\\ \t\r\u{08}\u{0C}\u{01}\u{1F} é → <\u{7F}>")).utf8.map { $0 })
  }

  @Test func appendsPiecesWithoutQuotes() {
    var bytes: [UInt8] = []
    for piece in ["Todo(\n", "  title: \"Milk\"\n", ")"] { JSONStringBody.append(piece, to: &bytes) }
    #expect(String(decoding: bytes, as: UTF8.self) == #"Todo(\n  title: \"Milk\"\n)"#)
  }
}
