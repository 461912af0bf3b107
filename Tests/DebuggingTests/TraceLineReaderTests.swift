import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// The reader every trace reader is (`TraceReader`, `TraceSummaryReader`, `ExportEventReader`),
/// with a decoder of plain `KIND WORDS` lines, so only the reader's own rules show.
@Suite struct TraceLineReaderTests {
  struct Word: Equatable {
    var line: Int
    var kind: TraceKind
    var text: String
  }

  struct WordDecoder: TraceLineDecoder {
    static func kind(of record: Word) -> TraceKind { record.kind }
    func decode(_ view: LineReader.View, file: String) -> Result<Word, TraceError> {
      let text = String(decoding: view.bytes, as: UTF8.self)
      guard let kind = TraceKind(rawValue: String(text.prefix { $0 != " " })) else {
        return .failure(TraceError(file: file, line: view.number, message: "not a kind: \(text)"))
      }
      return .success(Word(line: view.number, kind: kind, text: text))
    }
  }

  func items(_ text: String, maximumLineLength: Int = LineReader.defaultMaximumLineLength) throws -> String {
    let lines = try LineReader(path: traceFile(text), chunkSize: 16, maximumLineLength: maximumLineLength)
    let reader = TraceLineReader<WordDecoder>(lines: lines)
    var out: [String] = []
    while let item = reader.next() {
      switch item {
      case let .success(word): out.append("\(word.line) \(word.text)")
      case let .failure(error): out.append(error.description.replacingOccurrences(of: reader.file, with: "t.jsonl"))
      }
    }
    #expect(reader.next() == nil)
    return out.joined(separator: "\n")
  }

  @Test func blankLinesAreErrorsWithTheirLineAndReadingGoesOn() throws {
    #expect(
      try items("session a\n\nstate b\n \t\r\naction c\nwat\nsession d\nend\n") == """
        1 session a
        t.jsonl:2: error: empty line
        3 state b
        t.jsonl:4: error: empty line
        5 action c
        t.jsonl:6: error: not a kind: wat
        t.jsonl:7: error: a session header is only allowed on the first line
        8 end
        """)
  }

  @Test func aCutOffLastLineIsAWarningAfterEveryLineBeforeIt() throws {
    #expect(
      try items("session a\nstate b\naction c\naction d") == """
        1 session a
        2 state b
        3 action c
        t.jsonl:4: warning: truncated last line (no newline at the end); ignored
        """)
    #expect(
      try items("session a") == """
        t.jsonl:1: warning: truncated last line (no newline at the end); ignored
        t.jsonl:1: error: empty trace: expected a session header
        """)
  }

  @Test func anOverLongLineIsAnErrorOnItsLineAndEndsReading() throws {
    #expect(
      try items("session a\nstate b\naction 0123456789\nend\n", maximumLineLength: 10) == """
        1 session a
        2 state b
        t.jsonl:3: error: line longer than 10 bytes, the maximum line length (--max-line-length raises it)
        """)
  }

  @Test func aBadFirstLineEndsReading() throws {
    #expect(
      try items("state b\nsession a\n") == """
        t.jsonl:1: error: first line must be a session header, found "state"
        """)
    #expect(try items("") == "t.jsonl:1: error: empty trace: expected a session header")
  }
}
