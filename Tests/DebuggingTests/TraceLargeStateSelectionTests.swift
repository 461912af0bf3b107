import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// A reader that keeps arrays as text (`show`, `blame`) decodes a large `state` line before
/// deciding whose it is (`TraceRecordDecoder.tellsTagsOfLargeStateLines`), where other readers
/// search the line for `"reducer":"`: both must keep and skip the same lines, and say the same.
@Suite struct TraceLargeStateSelectionTests {
  static let header = TraceSummarySelectionTests.header
  static let otherHeader = TraceSummarySelectionTests.otherHeader

  /// A state line of about 6 KB (read lazily: over `JSONLazyArrays.smallest`), `members` after
  /// `kind`, `after` after the state.
  func state(_ seq: Int, _ members: String = "", after: String = "", inside: String = "") -> String {
    let rows = (0..<200).map { #"{"id":\#($0),"title":"row \#($0)"}"# }.joined(separator: ",")
    return #"{"kind":"state"\#(members),"seq":\#(seq),"t":\#(seq),"state":{\#(inside)"rows":[\#(rows)]}\#(after)}"#
  }

  func action(_ seq: Int) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(seq),"duration":1,"label":"L\#(seq)","action":{},"patch":[]}"#
  }

  /// Each line as read, with the number of rows of a state, and the closing warning.
  func read(_ lines: [String], lazily: Bool, reducer: String? = nil) throws -> [String] {
    let reader = try TraceReader(path: traceFile(lines.joined(separator: "\n") + "\n"), reducer: reducer)
    reader.keepsArraysAsText = lazily
    return Array(reader).map { item in
      switch item {
      case let .success(r):
        switch r.record {
        case let .state(s): "\(r.line) state \(s.seq) rows: \(rowCount(s.state))"
        case let .action(a): "\(r.line) action \(a.label)"
        default: "\(r.line) \(r.record.kind.rawValue)"
        }
      case let .failure(e): "\(e.line) \(e.severity.rawValue): \(e.message)"
      }
    }
  }

  func rowCount(_ state: JSON) -> Int {
    guard case let .array(rows)? = state["rows"] else { return -1 }
    return rows.count
  }

  @Test func keepsTheLargeStateLinesTheSearchKeeps() throws {
    let lines = [
      Self.header,
      state(0),
      Self.otherHeader,
      state(0, #","reducer":"other""#),
      state(1, after: #","reducer":"other""#),
      state(2, inside: #""reducer":"other","#),
      state(3, #","r\u0065ducer":"other""#),
      state(4, #","reducer" :"other""#),
      state(5, #","reducer":7"#),
      state(6, #","reducer":"third""#),
      action(7),
    ]
    let lazy = try read(lines, lazily: true)
    #expect(lazy == (try read(lines, lazily: false)))
    #expect(
      lazy == [
        "1 session", "2 state 0 rows: 200", "6 state 2 rows: 200", "7 state 3 rows: 200", "8 state 4 rows: 200",
        "9 state 5 rows: 200", "11 action L7",
        #"0 warning: this trace also holds reducers "other" (3 lines not read), "third" (1 line not read); select one with --prefix other"#,
      ])
    let other = try read(lines, lazily: true, reducer: "other")
    #expect(other == (try read(lines, lazily: false, reducer: "other")))
    #expect(other == ["3 session", "4 state 0 rows: 200", "5 state 1 rows: 200"])
  }

  /// A large state line that does not parse is the first session's error, and nothing when it
  /// is another's (it is searched for its tag, as before).
  @Test func searchesALargeStateLineThatDoesNotParse() throws {
    let lines = [
      Self.header,
      state(0, #","reducer":"other""#, after: ",]"),
      state(0),
      state(1, after: ",]"),
      action(2),
    ]
    let lazy = try read(lines, lazily: true)
    #expect(lazy == (try read(lines, lazily: false)))
    #expect(lazy.count == 5)
    #expect(lazy[0] == "1 session")
    #expect(lazy[1] == "3 state 0 rows: 200")
    #expect(lazy[2].hasPrefix("4 error: "))
    #expect(lazy[3] == "5 action L2")
  }
}
