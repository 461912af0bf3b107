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
