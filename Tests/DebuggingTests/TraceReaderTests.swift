import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

@Suite struct TraceReaderTests {
  let header =
    #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":1,"redacted":[]}"#

  @Test func readsEveryRecordWithItsLine() throws {
    let reader = try TraceReader(path: traceFile(sampleTrace))
    #expect(
      traceItems(reader) == """
        1 session
        2 state
        3 action
        4 effect
        5 effect
        6 action
        7 effect
        8 end
        """)
    #expect(reader.session?.name == "Todos")
  }

  @Test func badLinesAreErrorsAndReadingGoesOn() throws {
    let text = """
      \(header)
      {"kind":"state","seq":0,"t":0,"state":{}}

      {"kind":"wat"}
      \(header)
      {"kind":"end","t":1,"actions":0}
      {"kind":"end"
      """
    #expect(
      traceItems(try TraceReader(path: traceFile(text))) == """
        1 session
        2 state
        t.jsonl:3: error: empty line
        t.jsonl:4: error: unknown kind "wat"
        t.jsonl:5: error: a session header is only allowed on the first line
        6 end
        t.jsonl:7: warning: truncated last line (no newline at the end); ignored
        """)
  }

  @Test func jsonErrorsCarryTheColumn() throws {
    let bad = #"{"kind":"end","t":1,"actions":"#
    var expected = ""
    do { _ = try JSONReader.parse(bad) } catch { expected = "t.jsonl:2:\(error.column): error: \(error.message)" }
    #expect(traceItems(try TraceReader(path: traceFile("\(header)\n\(bad)\n"))) == "1 session\n\(expected)")
  }

  @Test func binaryGarbageIsAParseErrorPerLine() throws {
    let path = traceFile("\(header)\n")
    let handle = FileHandle(forWritingAtPath: path)!
    handle.seekToEndOfFile()
    handle.write(Data([0xFF, 0x00, 0x7B, 10, 0x7B, 0x22, 0xC3, 10]))
    handle.closeFile()
    var expected = ["1 session"]
    for (line, bytes) in [(2, [0xFF, 0x00, 0x7B] as [UInt8]), (3, [0x7B, 0x22, 0xC3])] {
      do { _ = try JSONReader.parse(bytes) } catch {
        expected.append("t.jsonl:\(line):\(error.column): error: \(error.message)")
      }
    }
    #expect(expected.count == 3)
    #expect(traceItems(try TraceReader(path: path)) == expected.joined(separator: "\n"))
  }

  @Test func headerProblemsStopReading() throws {
    #expect(
      traceItems(try TraceReader(path: traceFile(""))) == "t.jsonl:1: error: empty trace: expected a session header")
    #expect(
      traceItems(try TraceReader(path: traceFile(#"{"kind":"end","t":1,"actions":0}"# + "\n" + header + "\n")))
        == #"t.jsonl:1: error: first line must be a session header, found "end""#)
    #expect(
      traceItems(try TraceReader(path: traceFile(#"{"kind":"session","format":3}"# + "\n" + header + "\n")))
        == "t.jsonl:1: error: unsupported trace format 3; this tca-trace reads formats 1, 2")
  }

  /// A cut-off line is a warning wherever it is; with nothing before it the trace is empty (an
  /// error), as for every reader (TraceLineRules).
  @Test func aFileWithOnlyATruncatedLineIsAWarningThenAnEmptyTrace() throws {
    let expected = """
      t.jsonl:1: warning: truncated last line (no newline at the end); ignored
      t.jsonl:1: error: empty trace: expected a session header
      """
    #expect(traceItems(try TraceReader(path: traceFile("xxx"))) == expected)
    #expect(traceItems(try TraceReader(path: traceFile(header))) == expected)
  }

  @Test func errorDescription() {
    #expect(
      TraceError(file: "file.jsonl", line: 12, column: 7, message: "unterminated string").description
        == "file.jsonl:12:7: error: unterminated string")
    #expect(TraceError(file: "x", line: 0, message: "cannot read").description == "x: error: cannot read")
  }
}
