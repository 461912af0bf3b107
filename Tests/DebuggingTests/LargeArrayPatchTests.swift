import Testing

@testable import Debugging

/// Patches that add, remove and move rows of a 5,000-row state — enough shifts for its arrays to
/// be chunked (`ChunkedArray`) — followed three ways: the state as a tree, as a tree whose large
/// array is read lazily (kept as text), and as text (`LazyState`, as `validate` follows it). All
/// three end with the rows where a plain Swift array of their ids puts them.
@Suite struct LargeArrayPatchTests {
  static let count = 5_000
  static let stateText =
    #"{"todos":["# + (0..<count).map { #"{"id":\#($0),"done":false}"# }.joined(separator: ",") + "]}"

  /// A deterministic script: each patch adds a row at the top, removes one, moves one, and marks
  /// one done; `ids` is where a Swift array puts the rows.
  static func script(steps: Int) -> (patches: [String], ids: [Int], done: Set<Int>) {
    var ids = Array(0..<count), done: Set<Int> = [], next = count
    var state: UInt64 = 11
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var patches: [String] = []
    for _ in 0..<steps {
      let removed = random(ids.count + 1)
      ids.insert(next, at: 0)
      ids.remove(at: removed)
      let from = random(ids.count), to = random(ids.count)
      ids.insert(ids.remove(at: from), at: to)
      let marked = random(ids.count)
      done.insert(ids[marked])
      patches.append(
        "[" + #"{"op":"add","path":"/todos/0","value":{"id":\#(next),"done":false}},"#
          + #"{"op":"remove","path":"/todos/\#(removed)"},"#
          + #"{"op":"move","from":"/todos/\#(from)","path":"/todos/\#(to)"},"#
          + #"{"op":"replace","path":"/todos/\#(marked)/done","value":true}"# + "]")
      next += 1
    }
    return (patches, ids, done)
  }

  static func expectedRows(_ ids: [Int], _ done: Set<Int>) -> String {
    #"{"todos":["# + ids.map { #"{"id":\#($0),"done":\#(done.contains($0))}"# }.joined(separator: ",") + "]}"
  }

  @Test func rowsEndWhereASwiftArrayPutsThem() throws {
    let (patches, ids, done) = Self.script(steps: 60)
    let text = Array(Self.stateText.utf8)
    var tree = TraceStateTracker(verifiesKeyframes: true)
    var lazyTree = TraceStateTracker(verifiesKeyframes: true)
    var asText = TraceStateTracker(verifiesKeyframes: true)
    tree.consume(.state(TraceState(seq: 0, t: 0, state: try JSONReader.parse(Self.stateText))), line: 2)
    let lazy = try text.withUnsafeBytes { try JSONReader.parseKeepingArraysAsText($0, fromDepth: 1) }
    lazyTree.consume(.state(TraceState(seq: 0, t: 0, state: lazy)), line: 2)
    asText.consume(stateText: StateText(text), seq: 0)
    for (k, patch) in patches.enumerated() {
      let action = TraceAction(
        seq: Int64(k + 1), t: 1, duration: 1, label: "a", action: .null, effect: nil,
        patch: try JSONPatch(json: JSONReader.parse(patch)), state: nil, coalesced: false)
      #expect(tree.consume(.action(action), line: k + 3) == nil)
      #expect(lazyTree.consume(.action(action), line: k + 3) == nil)
      #expect(asText.consume(.action(action), line: k + 3) == nil)
    }
    let expected = Self.expectedRows(ids, done)
    #expect(tree.builtState().map(JSONWriter.string) == expected)
    #expect(lazyTree.builtState().map(JSONWriter.string) == expected)
    #expect(asText.builtState().map(JSONWriter.string) == expected)
    guard case let .object(members)? = tree.builtState(), case let .array(todos) = members[0].value else {
      Issue.record("no todos")
      return
    }
    #expect(todos.storage.trees.isChunked, "60 shifting patches chunk a 5,000-row array")
  }
}
