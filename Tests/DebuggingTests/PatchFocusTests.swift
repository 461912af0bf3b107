import Testing
import TraceTestSupport

@testable import Debugging

/// `PatchFocus` (PatchFocus.swift): diffs of pruned states render exactly as diffs of whole states.
@Suite struct PatchFocusTests {
  @Test func prunesUntouchedSiblings() throws {
    let state = try JSONReader.parse(
      #"""
      {"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo","id":1,"title":"Milk"},{"$type":"Todo","id":2,"title":"Eggs"}]}
      """#)
    let patch = try JSONPatch(json: JSONReader.parse(#"[{"op":"replace","path":"/todos/1/title","value":"Jam"}]"#))
    #expect(
      JSONWriter.string(PatchFocus(patch).prune(state, side: .old)) == #"""
        {"$type":"Todos.State","filter":null,"todos":[{"$type":"Todo","id":1},{"$type":"Todo","id":2,"title":"Eggs"}]}
        """#)
  }

  /// One member of a set added or removed: the others become `null` stand-ins, the member is kept
  /// on the side it is on; a dictionary's pairs are kept whole (keys may repeat); the diff is the
  /// whole states'.
  @Test func prunesUntouchedMembersAndPairs() throws {
    let (old, new) = try Self.pruned(
      #"{"$type":"S","tags":{"$set":["a","b","c"]},"names":{"$dict":[[1,"one"],[2,"two"],[3,"three"]]}}"#,
      #"[{"op":"remove","path":"/tags/$set/1"},{"op":"replace","path":"/names/$dict/2/1","value":"THREE"}]"#)
    #expect(
      old == #"{"$type":"S","tags":{"$set":[null,"b",null]},"names":{"$dict":[[1,"one"],[2,"two"],[3,"three"]]}}"#)
    #expect(new == #"{"$type":"S","tags":{"$set":[null,null]},"names":{"$dict":[[1,"one"],[2,"two"],[3,"THREE"]]}}"#)
  }

  /// A member that is `null` (the stand-in), or that reads the same as another member (a
  /// look-alike): the set is kept whole, on both sides (stand-ins made `nil` removed from a
  /// `Set<String?>` read "unchanged"; found in QA).
  @Test func membersThatStandInsWouldHideAreKeptWhole() throws {
    let state =
      #"{"$type":"S","tags":{"$set":[null,"a"]},"refs":{"$set":[{"$ref":"N"},{"$ref":"N"}]},"names":{"$dict":[[1,"one"],[1,"uno"],[2,"two"]]}}"#
    let (old, new) = try Self.pruned(
      state,
      #"[{"op":"remove","path":"/tags/$set/0"},{"op":"remove","path":"/refs/$set/1"},{"op":"replace","path":"/names/$dict/1/1","value":"UNO"}]"#
    )
    #expect(old == state)
    #expect(
      new
        == #"{"$type":"S","tags":{"$set":["a"]},"refs":{"$set":[{"$ref":"N"}]},"names":{"$dict":[[1,"one"],[1,"UNO"],[2,"two"]]}}"#
    )
  }

  /// `state` and the state after `patch`, pruned for the patch; the diff of the pruned states is
  /// the whole states'.
  private static func pruned(_ state: String, _ patch: String) throws -> (String, String) {
    let before = try JSONReader.parse(state)
    let patch = try JSONPatch(json: JSONReader.parse(patch))
    var after = before
    try patch.apply(to: &after)
    let (old, new) = PatchFocus(patch).prune(before: before, after: after)
    #expect(
      StateDiff(try Value(json: old), try Value(json: new)).description
        == StateDiff(try Value(json: before), try Value(json: after)).description)
    return (JSONWriter.string(old), JSONWriter.string(new))
  }

  @Test func sameTextAsTheWholeStatesOnASyntheticSession() throws {
    let text = SyntheticTrace.text(actions: 400, stateSize: 30, keyframeInterval: 50)
    var tracker = TraceStateTracker()
    var compared = 0
    for line in text.split(separator: "\n") {
      let record = try TraceRecord(json: JSONReader.parse(String(line)))
      let before = tracker.state
      tracker.consume(record, line: 0)
      guard case let .action(action) = record, !action.patch.operations.isEmpty, let before, let after = tracker.state
      else { continue }
      let focus = PatchFocus(action.patch)
      let whole = DiffTextRenderer().render(StateDiff(try Value(json: before), try Value(json: after)))
      let pruned = DiffTextRenderer().render(
        StateDiff(try Value(json: focus.prune(before, side: .old)), try Value(json: focus.prune(after, side: .new))))
      #expect(pruned == whole, "action \(action.seq)")
      compared += 1
    }
    #expect(compared > 300)
  }

  @Test(arguments: [
    #"[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":9,"title":"New"}}]"#,
    #"[{"op":"remove","path":"/todos/1"}]"#,
    #"[{"op":"move","from":"/todos/2","path":"/todos/0"}]"#,
    #"[{"op":"remove","path":"/todos/0"},{"op":"add","path":"/todos/1","value":{"$type":"Todo","id":8,"title":"X"}}]"#,
    #"[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":8,"title":"A"}},{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":9,"title":"B"}}]"#,
    #"[{"op":"replace","path":"/todos/1","value":{"$type":"Todo","id":5,"title":"Other"}}]"#,
    #"[{"op":"replace","path":"/tags","value":{"$set":["z"]}},{"op":"replace","path":"/todos/0/title","value":"M"}]"#,
    #"[{"op":"replace","path":"","value":{"$type":"Todos.State","todos":[],"tags":{"$set":[]}}}]"#,
  ])
  func sameTextAsTheWholeStates(patch: String) throws {
    let before = try JSONReader.parse(
      #"""
      {"$type":"Todos.State","todos":[{"$type":"Todo","id":1,"title":"Milk"},{"$type":"Todo","id":2,"title":"Eggs"},{"$type":"Todo","id":3,"title":"Jam"}],"tags":{"$set":["a"]}}
      """#)
    let operations = try JSONPatch(json: JSONReader.parse(patch))
    var after = before
    try operations.apply(to: &after)
    let focus = PatchFocus(operations)
    let whole = DiffTextRenderer().render(StateDiff(try Value(json: before), try Value(json: after)))
    let pruned = DiffTextRenderer().render(
      StateDiff(try Value(json: focus.prune(before, side: .old)), try Value(json: focus.prune(after, side: .new))))
    #expect(pruned == whole)
    #expect(!whole.isEmpty)
  }
}
