import Foundation
import Testing

@testable import Debugging
@testable import TraceAnalysis

/// `IgnoreMask` on a state read lazily (rows kept as text, as `diff` reads a large state): only
/// the rows patches made trees are visited when the text holds no computed id, and the masked
/// value is the one the eager state gives, row for row.
@Suite struct IgnoreMaskLazyRowsTests {
  static func row(_ i: Int, computedID: Bool = false) -> String {
    let id = computedID ? #""$id":\#(i),"# : ""
    return #"{"$type":"Row",\#(id)"id":\#(i),"title":"row \#(i)","done":false}"#
  }

  /// The state's text with 300 rows (over `JSONLazyArrays.smallest`), read lazily, then `patch`.
  func lazyState(_ rows: [String], patch: String) throws -> JSON {
    let text = #"{"$type":"S","rows":[\#(rows.joined(separator: ","))]}"#
    var state = try Array(text.utf8).withUnsafeBytes {
      try JSONReader.parseKeepingArraysAsText($0, fromDepth: 1)
    }
    try JSONPatch(json: JSONReader.parse(patch)).apply(to: &state)
    return state
  }

  func eager(_ lazy: JSON) throws -> JSON { try JSONReader.parse(JSONWriter.string(lazy)) }

  @Test func visitsOnlyTheParsedRows() throws {
    let state = try lazyState(
      (0..<300).map { Self.row($0) },
      patch:
        #"[{"op":"replace","path":"/rows/7/done","value":true},{"op":"add","path":"/rows/200","value":{"$type":"Row","$id":9,"id":9,"title":"new","done":false}}]"#
    )
    guard case let .array(rows)? = state["rows"] else { throw JSONError("no rows", line: 0, column: 0) }
    #expect(rows.parsedIndicesWhenTextLacksComputedIDs() == [7, 200])
    let masked = IgnoreMask([]).apply(to: state)
    // The added row's computed id is taken out; every other row is as it was.
    #expect(masked == IgnoreMask([]).apply(to: try eager(state)))
    guard case let .array(maskedRows)? = masked["rows"] else { throw JSONError("no rows", line: 0, column: 0) }
    #expect(maskedRows.count == 301)
    #expect(JSONWriter.string(maskedRows[200]) == #"{"$type":"Row","id":9,"title":"new","done":false}"#)
    #expect(JSONWriter.string(maskedRows[7]) == #"{"$type":"Row","id":7,"title":"row 7","done":true}"#)
  }

  @Test func aStateWithNothingToMaskIsNotRebuilt() throws {
    let state = try lazyState(
      (0..<300).map { Self.row($0) }, patch: #"[{"op":"replace","path":"/rows/7/done","value":true}]"#)
    guard case let .array(rows)? = state["rows"] else { throw JSONError("no rows", line: 0, column: 0) }
    #expect(rows.parsedIndicesWhenTextLacksComputedIDs() == [7])
    #expect(IgnoreMask([]).apply(to: state) == state)
    guard case let .array(after)? = IgnoreMask([]).apply(to: state)["rows"] else { return }
    // Still text: nothing was parsed to be compared.
    #expect((after.storage.pending?.unparsed ?? 0) == 299)
  }

  /// A text that holds a computed id is asked row by row, as before.
  @Test func aTextWithComputedIDsIsAskedRowByRow() throws {
    let state = try lazyState(
      (0..<300).map { Self.row($0, computedID: $0 == 150) }, patch: #"[{"op":"remove","path":"/rows/3"}]"#)
    guard case let .array(rows)? = state["rows"] else { throw JSONError("no rows", line: 0, column: 0) }
    #expect(rows.parsedIndicesWhenTextLacksComputedIDs() == nil)
    let masked = IgnoreMask([]).apply(to: state)
    #expect(masked == IgnoreMask([]).apply(to: try eager(state)))
    guard case let .array(maskedRows)? = masked["rows"] else { throw JSONError("no rows", line: 0, column: 0) }
    #expect(JSONWriter.string(maskedRows[149]) == #"{"$type":"Row","id":150,"title":"row 150","done":false}"#)
  }
}
