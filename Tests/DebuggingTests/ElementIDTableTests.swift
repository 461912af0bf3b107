import Foundation
import Testing

@testable import Debugging

/// `ElementIDTable` (Trace/State/ElementIDTable*.swift): an id's hash read from an element's text
/// is the hash of its tree, whatever the spelling; the table finds repeated ids; and the window of
/// a lazily read array is diffed without parsing its elements.
@Suite struct ElementIDTableTests {
  private func hashes(_ text: String) throws -> (text: UInt64?, tree: UInt64?) {
    let tree = try JSONReader.parse(text)
    let fromText = Array(text.utf8).withUnsafeBytes { ElementIDTable.hash(ofElementText: $0) }
    return (fromText, ElementIDTable.hash(ofElement: tree))
  }

  @Test(arguments: [
    #"{"$type":"T","id":7}"#, #"{"$type":"T","title":"a,\"}b","id":-42,"done":false}"#,
    #"{"$type":"T","id":0}"#, #"{"$type":"T","id":-0}"#, #"{"$type":"T","id":123456789012345678}"#,
    #"{"$type":"T","id":1234567890123456789}"#, #"{"$type":"T","id":12345678901234567890}"#,
    #"{"$type":"T","id":1.5}"#, #"{"$type":"T","id":1e3}"#, #"{"$type":"T","id":"row-1"}"#,
    #"{"$type":"T","id":"r\u0041w"}"#, #"{"$type":"T","id":"日本"}"#,
    #"{"$type":"T","id":{"$uuid":"00000000-0000-4000-8000-000000000001"}}"#,
    #"{"$type":"T","id":{"$uuid":"00000000-0000-4000-8000-000000000001"},"x":[1,{"id":2}]}"#,
    #"{"$type":"T","id":{"$date":"00000000-0000-4000-8000-000000000001"}}"#,
    #"{"$type":"T","id":{"$uuid":"a","b":1}}"#, #"{"$type":"T","id":{"$uuid":1}}"#, #"{"$type":"T","id":[1,2]}"#,
    #"{"$type":"T","id":null}"#, #"{"$type":"T","id":true}"#, #"{"$type":"T","title":"x"}"#,
    #"{"$type":"T"}"#, #"{"title":"x","id":7}"#, #"{"$type":"T","i\u0064":7}"#,
    #"{"$type":"T","item":{"id":3},"id":4}"#, #"{"$type":"T","item":{"id":3}}"#,
    #"{ "$type" : "T" , "id" : 7 }"#, #"{"$type":"T","id": {"$uuid":"a"}}"#, #"{"$type":"T","id":7 }"#,
    #"{"$type":"T","tags":["a","b\\"],"id":"x"}"#, #"{"$type":"T","$id":5,"id":6}"#,
  ])
  func textHashIsTheTreeHash(text: String) throws {
    let (fromText, fromTree) = try hashes(text)
    #expect(fromText == fromTree)
  }

  /// Random elements (structures with ids of every kind among other values), written compactly and
  /// loosely (spaces, `\u` escapes, `1.50`).
  @Test(arguments: 0..<40)
  func randomElementsHashAlikeFromTextAndTree(seed: Int) throws {
    var random = DiffSeededGenerator(seed: UInt64(seed) &* 31)
    for _ in 0..<50 {
      var element = LazyRandomJSON.element(&random)
      if case var .object(members) = element, Bool.random(using: &random) {
        let ids: [JSON] = [
          .string(LazyRandomJSON.string(&random)), .object([.init("$uuid", .string(LazyRandomJSON.string(&random)))]),
          .int(Int64.random(in: Int64.min...Int64.max, using: &random)), .double(2.5),
        ]
        members[2] = .init("id", ids.randomElement(using: &random)!)
        element = .object(members)
      }
      for text in [JSONWriter.string(element), LazyRandomJSON.loose(element)] {
        let (fromText, fromTree) = try hashes(text)
        #expect(fromText == fromTree, "\(text)")
      }
    }
  }

  @Test func repeatedIDsAreFound() {
    var table = ElementIDTable(capacity: 3)
    let ids: [JSON] = [.int(1), .string("1"), .object([.init("$uuid", .string("1"))])]
    for (value, id) in ids.enumerated() {
      #expect(table.insert(hash: ElementIDTable.hash(id), value: value) { ids[$0] == id } == .inserted)
    }
    #expect(table.insert(hash: ElementIDTable.hash(.string("1")), value: 9) { ids[$0] == .string("1") } == .found(1))
    // Ids whose hashes all collide: the table gives up past its probe limit instead of going on.
    var crowded = ElementIDTable(capacity: 200)
    var outcomes: [ElementIDTable.Insertion] = []
    for value in 0..<100 { outcomes.append(crowded.insert(hash: 42, value: value) { _ in false }) }
    #expect(outcomes.prefix(65).allSatisfy { $0 == .inserted })
    #expect(outcomes.last == .crowded)
  }

  // MARK: - Lazily read arrays

  private static func rows(_ count: Int) -> String {
    (0..<count).map {
      #"{"$type":"Row","id":{"$uuid":"00000000-0000-4000-8000-\#(String(format: "%012d", $0))"},"title":"row \#($0)","done":false}"#
    }
    .joined(separator: ",")
  }

  /// A state whose rows (150, about 16 KB) a reader keeps as text: windows between far-apart
  /// changes are diffed by runs as on the parsed state, and reading their ids parses no row.
  /// (The last patch adds a row with an id already there: the element-wise code decides, and
  /// reads every row.)
  @Test(arguments: [
    #"[{"op":"replace","path":"/rows/3/title","value":"x"},{"op":"replace","path":"/rows/140/done","value":true}]"#,
    #"[{"op":"add","path":"/rows/0","value":{"$type":"Row","id":{"$uuid":"00000000-0000-4000-8000-999999999999"},"title":"n","done":false}},{"op":"replace","path":"/rows/120/title","value":"y"}]"#,
    #"[{"op":"remove","path":"/rows/7"},{"op":"replace","path":"/rows/100/done","value":true}]"#,
    #"[{"op":"remove","path":"/rows/7"},{"op":"add","path":"/rows/90","value":{"$type":"Row","id":{"$uuid":"00000000-0000-4000-8000-000000000007"},"title":"back","done":true}}]"#,
    #"[{"op":"replace","path":"/rows/2/title","value":"x"},{"op":"add","path":"/rows/130","value":{"$type":"Row","id":{"$uuid":"00000000-0000-4000-8000-000000000050"},"title":"twice","done":false}}]"#,
  ])
  func lazyWindowsAreDiffedWithoutParsingTheirRows(patch text: String) throws {
    let state = #"{"$type":"S","rows":["# + Self.rows(150) + "]}"
    var bytes = Array(state.utf8)
    let lazy = try bytes.withUnsafeMutableBytes {
      try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer($0), fromDepth: 1)
    }
    guard case let .array(rows)? = lazy["rows"] else { throw JSONError("no rows", line: 0, column: 0) }
    #expect(rows.hasPendingElements)
    let eager = try JSONReader.parse(state)
    let patch = try JSONPatch(json: JSONReader.parse(text))

    var after = eager
    try patch.apply(to: &after)
    let expected = try #require(FocusedChange(patch: patch, before: eager, arrays: .elements)).diff(after: after)

    var lazyAfter = lazy
    let change = try #require(FocusedChange(patch: patch, before: lazy))
    try patch.apply(to: &lazyAfter)
    #expect(try change.diff(after: lazyAfter) == expected)
    guard case let .array(rowsAfter)? = lazyAfter["rows"] else { return }
    // Only the rows the patch and the diff read are trees.
    if !text.contains("twice") { #expect((rowsAfter.storage.pending?.unparsed ?? 0) > 100) }
  }
}
