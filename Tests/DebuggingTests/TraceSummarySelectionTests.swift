import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `TraceSummaryReader` decides which lines belong to the first session from its own scan of
/// each line (`TraceReducerTag`), where the other readers search the line for `"reducer":`:
/// both must keep and skip the same lines, whatever the line looks like.
@Suite struct TraceSummarySelectionTests {
  static let header =
    #"{"kind":"session","format":2,"reducer":"first","name":"T","prefix":"first","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":0,"redacted":[]}"#
  static let otherHeader =
    #"{"kind":"session","format":2,"reducer":"other","name":"T","prefix":"other","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":0,"redacted":[]}"#

  func action(_ seq: Int, _ members: String = "", after: String = "") -> String {
    #"{"kind":"action"\#(members),"seq":\#(seq),"t":\#(seq),"duration":1,"label":"L\#(seq)","action":{},"patch":[]\#(after)}"#
  }

  /// Each line's seq and label as both readers read them, and the closing warning.
  func read(_ lines: [String], reducer: String? = nil) throws -> (summaries: [String], records: [String]) {
    let path = traceFile(lines.joined(separator: "\n") + "\n")
    let summaries = Array(try TraceSummaryReader(path: path, reducer: reducer)).map { item in
      switch item {
      case let .success(s): "\(s.line) \(s.kind.rawValue) \(s.label ?? "")"
      case let .failure(e): "\(e.line) \(e.severity.rawValue): \(e.message)"
      }
    }
    let records = Array(try TraceReader(path: path, reducer: reducer)).map { item in
      switch item {
      case let .success(r):
        if case let .action(a) = r.record {
          "\(r.line) action \(a.label)"
        } else {
          "\(r.line) \(r.record.kind.rawValue) "
        }
      case let .failure(e): "\(e.line) \(e.severity.rawValue): \(e.message)"
      }
    }
    return (summaries, records)
  }

  @Test func keepsTheLinesTheSearchKeeps() throws {
    let lines = [
      Self.header,
      Self.otherHeader,
      action(1),
      action(1, #","reducer":"other""#),
      action(2, after: #","nested":{"reducer":"other"}"#),
      action(3, after: #","reducer":"other""#),
      action(4, #","r\u0065ducer":"other""#),
      action(5, #","reducer" :"other""#),
      action(6, #","reducer":7"#),
      action(7, #","reducer":"third""#),
      action(8, #","reducer":"other","reducer2":"first""#),
      action(9, #","label2":"\"reducer\":\"other\"""#),
      action(10, #","reducer":null"#),
    ]
    let (summaries, records) = try read(lines)
    #expect(summaries == records)
    #expect(
      summaries == [
        "1 session ", "3 action L1", "5 action L2", "7 action L4", "8 action L5", "9 action L6", "12 action L9",
        "13 action L10",
        #"0 warning: this trace also holds reducers "other" (4 lines not read), "third" (1 line not read); select one with --prefix other"#,
      ])
    let (otherSummaries, otherRecords) = try read(lines, reducer: "other")
    #expect(otherSummaries == otherRecords)
    #expect(otherSummaries == ["2 session ", "4 action L1", "6 action L3", "11 action L8"])
  }

  /// A line that does not scan is searched: its error if it is the first session's, nothing if
  /// it is another's.
  @Test func searchesALineThatDoesNotScan() throws {
    let lines = [
      Self.header,
      action(1, #","reducer":"other""#, after: ",]"),
      action(1),
      action(2, after: ",]"),
    ]
    let (summaries, records) = try read(lines)
    #expect(summaries == records)
    #expect(
      summaries == [
        "1 session ", "3 action L1", #"4 error: expected a string key, found "]""#,
        #"0 warning: this trace also holds reducer "other" (1 line not read); select one with --prefix other"#,
      ])
  }
}
