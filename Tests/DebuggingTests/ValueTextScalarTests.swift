import Foundation
import Testing

@testable import Debugging

/// `ValueText`'s one-line forms, written as bytes: UUIDs as `uuidString` writes them, escapes as
/// in a Swift string literal.
@Suite struct ValueTextScalarTests {
  @Test func uuidsReadAsFoundationWritesThem() throws {
    for text in ["00000000-0000-0000-0000-000000000C5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"] {
      let uuid = try #require(UUID(uuidString: text))
      #expect(ValueText.compact(.uuid(uuid)) == "UUID(\(uuid.uuidString))")
      #expect(ValueText.compact(.uuid(uuid)) == "UUID(\(text))")
    }
    for _ in 0..<100 {
      let uuid = UUID()
      #expect(ValueText.compact(.uuid(uuid)) == "UUID(\(uuid.uuidString))")
    }
  }

  @Test func escapes() {
    #expect(ValueText.escaped("plain é ✓") == "plain é ✓")
    #expect(ValueText.escaped("a\"b\\c") == #"a\"b\\c"#)
    #expect(ValueText.escaped("tab\tcr\rlf\n") == #"tab\tcr\rlf\n"#)
    #expect(ValueText.escaped("\u{1B}[31m\u{0}\u{7F}") == #"\u{1b}[31m\u{0}\u{7f}"#)
    // C1 (a one-byte CSI), NEL and the bidirectional controls a terminal acts on (QA: printed
    // raw by `state`, `show` and `blame`); a joiner inside an emoji and other text stay.
    #expect(
      ValueText.escaped("A\u{9B}31mB\u{85}C\u{202E}D\u{2066}E\u{200F}F\u{61C}G")
        == #"A\u{9b}31mB\u{85}C\u{202e}D\u{2066}E\u{200f}F\u{61c}G"#)
    #expect(ValueText.escaped("👩\u{200D}💻 Zähler カウンター") == "👩\u{200D}💻 Zähler カウンター")
    #expect(ValueText.compact(.string("say \"hi\"")) == #""say \"hi\"""#)
  }

  /// A string with a line break is not a scalar: `compact` cannot write it on one line. Its lines
  /// are split at "\n" Characters, so a "\r\n" (one Character) stays escaped inside a line.
  @Test func multiLineStrings() {
    #expect(ValueText.compact(.string("a\nb")) == "?")
    #expect(ValueText.compact(.string("a\r\nb")) == "?")
    var lines = TextLines(color: false)
    ValueText.dump(.string("a\r\nb"), label: "note: ", suffix: ",", marker: .inserted, depth: 0, into: &lines)
    #expect(
      lines.text == """
        + note: \"\"\"
        +   a\\r\\nb
        +   \"\"\",
        """)
  }

  @Test func integersAreWrittenInDecimalWithoutAString() {
    var lines = TextLines(color: false)
    for n in [0, 7, 10, -1, -120, 1_000_000, Int.max, Int.min] {
      lines.writeInteger(n)
      lines.write(" ")
    }
    #expect(lines.text == "0 7 10 -1 -120 1000000 9223372036854775807 -9223372036854775808 ")
  }
}
