import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

/// `PrintableText`: labels from a trace printed without their control characters acting.
@Suite struct PrintableTextTests {
  @Test func controlCharactersAreEscaped() {
    #expect(
      PrintableText.escaping("Evil\u{1B}[2J\u{1B}]0;pwned\u{07}.tap\r\nsecond\tline\u{7F}\u{9B}31m")
        == #"Evil\u{1b}[2J\u{1b}]0;pwned\u{7}.tap\r\nsecond\tline\u{7f}\u{9b}31m"#)
  }

  @Test func ordinaryLabelsAreUnchanged() {
    for label in [
      "Todos.Action.todos(.element(id:, action: .checkBoxToggled))", "Zähler.Action.tippen", "カウンター", "\"quoted\" \\ é",
    ] {
      #expect(PrintableText.escaping(label) == label)
    }
  }

  /// Each control character (C0, DEL, C1) at every place of a label 0…19 bytes long, so that the
  /// eight-byte scan and the byte-by-byte tail both meet it; and the printable edges (space, `~`).
  @Test func controlCharactersAtEveryPlace() {
    for control in ["\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{61C}", "\u{200E}", "\u{202E}", "\u{2069}"] {
      for length in 1...20 {
        for place in 0..<length {
          var label = String(repeating: "a", count: length - 1)
          label.insert(contentsOf: control, at: label.index(label.startIndex, offsetBy: place))
          #expect(PrintableText.needsEscaping(label), "\(control.unicodeScalars.first!.value) at \(place) of \(length)")
        }
      }
    }
    for label in [
      String(repeating: " ~", count: 12), "é" + String(repeating: "x", count: 15), "\u{A0}abcdefgh\u{A0}",
      "👩\u{200D}💻\u{2028}\u{2065}\u{202F}",
    ] {
      #expect(!PrintableText.needsEscaping(label))
    }
  }

  @Test func timingsTextEscapesLabels() throws {
    let label = JSONWriter.string(.string("Evil\u{1B}[2J.tap\nSecondLine.tapped"))
    let text = """
      {"kind":"session","format":1,"name":"C","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":100,"redacted":[]}
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":10,"duration":5,"label":\(label),"action":{"$enum":"A","tap":{}},"patch":[]}
      {"kind":"effect","event":"started","effect":1,"seq":1,"t":12,"label":\(label)}
      {"kind":"effect","event":"finished","effect":1,"t":18}
      {"kind":"end","t":20,"actions":1}

      """
    var builder = TimingReportBuilder(slowestCount: 1)
    for case let .success(event) in try TraceSummaryReader(path: traceFile(text)) { builder.add(event) }
    #expect(
      builder.report().renderText(timelineColumns: 10) == #"""
        1 action, 20ns

        action                                 count   total     min    mean     p50     p95     p99     max
        Evil\u{1b}[2J.tap\nSecondLine.tapped       1     5ns     5ns     5ns     5ns     5ns     5ns     5ns

        effect lifetime (by origin)          started outputs  cancel running   total     min    mean     p50     p95     p99     max
        Evil\u{1b}[2J.tap\nSecondLine.tapped       1       0       0       0     6ns     6ns     6ns     6ns     6ns     6ns     6ns

        slowest actions
          1       5ns  Evil\u{1b}[2J.tap\nSecondLine.tapped

        reducer                              |     ##:  |
        Evil\u{1b}[2J.tap\nSecondLine.tapped |      ### |
                                             0       20ns
                                             busy: . <⅓  : <⅔  = <95%  # full or overlapping
        """#)
  }
}
