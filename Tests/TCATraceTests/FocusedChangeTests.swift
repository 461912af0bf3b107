import Debugging
import Testing
import TraceTestSupport

/// `FocusedChange` (Trace/State/FocusedChange.swift): the diff an action's patch makes, taken from
/// the patch and the nodes it touches, is the diff of the whole states.
@Suite struct FocusedChangeTests {
  /// The focused diff and the whole states' diff, with the state patched in place between.
  private func diffs(_ before: JSON, _ patch: String) throws -> (focused: StateDiff?, whole: StateDiff) {
    let operations = try JSONPatch(json: JSONReader.parse(patch))
    var state = before
    let focused = FocusedChange(patch: operations, before: state)
    try operations.apply(to: &state)
    return (try focused?.diff(after: state), StateDiff(try Value(json: before), try Value(json: state)))
  }

  private static let todos = #"""
    {"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo","id":1,"title":"Milk","tags":["a"]},{"$type":"Todo","id":2,"title":"Eggs","tags":[]},{"$type":"Todo","id":3,"title":"Jam","tags":["b","c"]},{"$type":"Todo","id":4,"title":"Tea","tags":[]},{"$type":"Todo","id":5,"title":"Oats","tags":[]}],"counts":{"open":3,"done":2},"mode":{"$enum":"Mode","editing":{"draft":{"$type":"Draft","text":"x","lines":[1,2,3]},"_1":7}}}
    """#

  @Test(arguments: [
    #"[{"op":"replace","path":"/todos/1/title","value":"Jam"}]"#,
    #"[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":9,"title":"New","tags":[]}}]"#,
    #"[{"op":"add","path":"/todos/-","value":{"$type":"Todo","id":9,"title":"New","tags":[]}}]"#,
    #"[{"op":"remove","path":"/todos/1"}]"#,
    #"[{"op":"move","from":"/todos/3","path":"/todos/0"}]"#,
    #"[{"op":"move","from":"/todos/0","path":"/todos/3"}]"#,
    #"[{"op":"move","from":"/todos/4","path":"/todos/3"},{"op":"move","from":"/todos/3","path":"/todos/2"}]"#,
    #"[{"op":"move","from":"/todos/0","path":"/todos/4"}]"#,
    #"[{"op":"move","from":"/todos/4","path":"/todos/0"}]"#,
    #"[{"op":"move","from":"/todos/1","path":"/todos/4"},{"op":"replace","path":"/todos/4/title","value":"Done"}]"#,
    #"[{"op":"move","from":"/todos/4","path":"/todos/1"},{"op":"add","path":"/todos/1/tags/0","value":"n"}]"#,
    #"[{"op":"move","from":"/todos/2","path":"/todos/3"},{"op":"replace","path":"/todos/3/title","value":"Swap"}]"#,
    #"[{"op":"move","from":"/todos/0","path":"/todos/2"},{"op":"replace","path":"/todos/2","value":{"$type":"Todo","id":1,"title":"W","tags":[]}}]"#,
    #"[{"op":"remove","path":"/todos/0"},{"op":"add","path":"/todos/2","value":{"$type":"Todo","id":1,"title":"Milk","tags":["a"]}}]"#,
    #"[{"op":"remove","path":"/todos/0"},{"op":"add","path":"/todos/3","value":{"$type":"Todo","id":8,"title":"X","tags":[]}}]"#,
    #"[{"op":"replace","path":"/todos/1","value":{"$type":"Todo","id":7,"title":"Other","tags":[]}}]"#,
    #"[{"op":"replace","path":"/todos/2/tags/1","value":"z"}]"#,
    #"[{"op":"add","path":"/todos/2/tags/0","value":"y"},{"op":"replace","path":"/todos/4/title","value":"Rye"}]"#,
    #"[{"op":"replace","path":"/todos/1/title","value":"E"},{"op":"replace","path":"/todos/1/tags","value":["q"]}]"#,
    #"[{"op":"replace","path":"/counts/open","value":4}]"#,
    #"[{"op":"replace","path":"/mode/editing/draft/text","value":"xy"}]"#,
    #"[{"op":"replace","path":"/mode/editing/_1","value":8}]"#,
    #"[{"op":"add","path":"/mode/editing/draft/lines/1","value":9}]"#,
    #"[{"op":"replace","path":"/filter","value":{"$enum":"Filter","active":{}}}]"#,
    #"[{"op":"replace","path":"/todos/1/title","value":"Eggs"}]"#,
    #"[{"op":"replace","path":"","value":{"$type":"Todos.State","todos":[]}}]"#,
  ])
  func sameDiffAsTheWholeStates(patch: String) throws {
    let (focused, whole) = try diffs(JSONReader.parse(Self.todos), patch)
    let diff = try #require(focused)
    #expect(diff == whole)
    #expect(DiffTextRenderer().render(diff) == DiffTextRenderer().render(whole))
  }

  /// An element changed inside that is not in the value form elsewhere (only its id is read for
  /// the diff) is still an error, as its `Value` is, naming the place.
  @Test func anElementOutOfTheValueFormIsAnError() throws {
    let state = try JSONReader.parse(
      #"{"$type":"S","todos":[{"$type":"Todo","id":1,"at":{"$uuid":"nope"},"title":"Milk"}]}"#)
    let patch = try JSONPatch(json: JSONReader.parse(#"[{"op":"replace","path":"/todos/0/title","value":"Jam"}]"#))
    var after = state
    let focused = try #require(FocusedChange(patch: patch, before: state))
    try patch.apply(to: &after)
    #expect(throws: JSONError(at: "/todos/0/at", #"invalid UUID "nope""#)) { try focused.diff(after: after) }
  }

  /// Rows whose ids repeat are not matched by id (the array differ pairs them by position and
  /// shows no id), wherever the repeated id is in the window.
  @Test(arguments: [
    #"[{"op":"replace","path":"/rows/0/title","value":"x"},{"op":"replace","path":"/rows/3/title","value":"y"}]"#,
    #"[{"op":"replace","path":"/rows/1/title","value":"x"},{"op":"replace","path":"/rows/2/title","value":"y"}]"#,
    #"[{"op":"remove","path":"/rows/0"},{"op":"replace","path":"/rows/2/title","value":"y"}]"#,
  ])
  func repeatedIDsAreNotMatchedByID(patch: String) throws {
    let rows =
      #"{"$type":"S","rows":[{"$type":"R","id":1,"title":"a"},{"$type":"R","id":2,"title":"b"},{"$type":"R","id":2,"title":"c"},{"$type":"R","id":3,"title":"d"}]}"#
    let (focused, whole) = try diffs(JSONReader.parse(rows), patch)
    let diff = try #require(focused)
    #expect(diff == whole)
    #expect(DiffTextRenderer().render(diff) == DiffTextRenderer().render(whole))
  }

  /// Found by the differential QA test: a dictionary key that reads like an index ("2") removed
  /// showed "(No state changes)" (the object's shape changed, yet its remaining members were
  /// walked); elements that are enum cases or tuples with an `id` lost `id:` in a move.
  @Test(arguments: [
    (
      #"{"$type":"S","counts":{"1":1,"2":2}}"#, #"[{"op":"remove","path":"/counts/2"}]"#,
      "  S(\n    counts: [\n      … (1 unchanged),\n-     \"2\": 2\n    ]\n  )"
    ),
    (
      #"{"$type":"S","items":[{"$enum":"Item","row":{"id":1,"title":"a"}},{"$enum":"Item","row":{"id":2,"title":"b"}},{"$enum":"Item","row":{"id":3,"title":"c"}}]}"#,
      #"[{"op":"move","from":"/items/0","path":"/items/2"}]"#,
      "  S(\n    items: [\n      … (2 unchanged),\n~     [0 → 2, id: 1]\n    ]\n  )"
    ),
    (
      #"{"$type":"S","items":[{"$tuple":{"id":1,"title":"a"}},{"$tuple":{"id":2,"title":"b"}}]}"#,
      #"[{"op":"move","from":"/items/1","path":"/items/0"}]"#,
      "  S(\n    items: [\n~     [1 → 0, id: 2],\n      … (1 unchanged)\n    ]\n  )"
    ),
  ])
  func differentialFindings(state: String, patch: String, expected: String) throws {
    let (focused, whole) = try diffs(JSONReader.parse(state), patch)
    #expect(DiffTextRenderer().render(whole) == expected)
    if let focused { #expect(DiffTextRenderer().render(focused) == expected) }
  }

  /// Patches that may change an object's shape are left to the whole states.
  @Test(arguments: [
    #"[{"op":"add","path":"/counts/late","value":1}]"#,
    #"[{"op":"remove","path":"/counts/open"}]"#,
    #"[{"op":"replace","path":"/todos/1/id","value":12}]"#,
    #"[{"op":"replace","path":"/filter/$enum","value":"Other"}]"#,
    #"[{"op":"replace","path":"/todos/9/title","value":"x"}]"#,
    #"[{"op":"replace","path":"/counts/0","value":1},{"op":"add","path":"/counts/1","value":1}]"#,
  ])
  func notTakenForShapeChanges(patch: String) throws {
    let state = try JSONReader.parse(Self.todos)
    #expect(FocusedChange(patch: try JSONPatch(json: JSONReader.parse(patch)), before: state) == nil)
  }

  /// Random patches of one to three operations on a list of 40 todos (adds, removes, moves,
  /// replaced elements and fields), each checked against the whole states' diff.
  @Test func sameDiffAsTheWholeStatesForRandomPatches() throws {
    var random = Random(seed: 7)
    var nextID = 40
    func todo(_ id: Int) -> String { #"{"$type":"Todo","id":\#(id),"title":"T\#(id)","done":false}"# }
    var state = try JSONReader.parse(#"{"$type":"S","todos":[\#((0..<40).map(todo).joined(separator: ","))]}"#)
    var compared = 0
    for _ in 0..<300 {
      guard case let .array(elements)? = state["todos"] else { break }
      var count = elements.count
      var operations: [String] = []
      for _ in 0...random.next(3) {
        let i = random.next(max(count, 1))
        switch random.next(count > 2 ? 6 : 1) {
        case 0:
          nextID += 1
          operations.append(#"{"op":"add","path":"/todos/\#(random.next(count + 1))","value":\#(todo(nextID))}"#)
          count += 1
        case 1:
          operations.append(#"{"op":"remove","path":"/todos/\#(i)"}"#)
          count -= 1
        case 2:
          let to = random.next(count)
          operations.append(#"{"op":"move","from":"/todos/\#(i)","path":"/todos/\#(to)"}"#)
          if random.next(2) == 0 { operations.append(#"{"op":"replace","path":"/todos/\#(to)/done","value":true}"#) }
        case 3:
          nextID += 1
          operations.append(#"{"op":"replace","path":"/todos/\#(i)","value":\#(todo(nextID))}"#)
        case 4:
          operations.append(#"{"op":"replace","path":"/todos/\#(i)/done","value":true}"#)
        default:
          operations.append(#"{"op":"replace","path":"/todos/\#(i)/title","value":"E\#(random.next(99))"}"#)
        }
      }
      let patch = try JSONPatch(json: JSONReader.parse("[" + operations.joined(separator: ",") + "]"))
      let before = state
      let focused = try #require(FocusedChange(patch: patch, before: state), "\(operations)")
      try patch.apply(to: &state)
      let whole = StateDiff(try Value(json: before), try Value(json: state))
      #expect(try focused.diff(after: state) == whole, "\(operations)")
      compared += 1
    }
    #expect(compared == 300)
  }

  /// Patches as the recorder writes them (`JSONPatch(from:to:)`) for random reorders of identified
  /// rows, with rows removed, added and changed at once (what a coalesced action carries): the
  /// focused diff, found from where each row came from, is the whole states' diff.
  @Test func sameDiffAsTheWholeStatesForRecordedReorders() throws {
    var random = Random(seed: 11)
    func row(_ id: Int, _ title: String, done: Bool = false) -> Value {
      .structure(
        type: "Row", fields: [.init("id", .int(Int64(id))), .init("title", .string(title)), .init("done", .bool(done))])
    }
    var reordered = 0
    for round in 0..<400 {
      var rows = (0..<random.next(60)).map { row($0, "r\($0)") }
      let old = Value.structure(type: "S", fields: [.init("rows", .array(rows)), .init("n", .int(1))])
      for _ in 0..<random.next(4) where !rows.isEmpty { rows.remove(at: random.next(rows.count)) }
      for _ in 0..<(1 + random.next(5)) where !rows.isEmpty {
        let moved = rows.remove(at: random.next(rows.count))
        rows.insert(moved, at: random.next(rows.count + 1))
      }
      for n in 0..<random.next(3) { rows.insert(row(1000 + n, "new"), at: random.next(rows.count + 1)) }
      for _ in 0..<random.next(4) where !rows.isEmpty {
        let index = random.next(rows.count)
        guard case let .structure(_, fields) = rows[index], case let .int(id) = fields[0].value else { continue }
        rows[index] = row(Int(id), "edited \(round)", done: random.next(2) == 0)
      }
      let new = Value.structure(type: "S", fields: [.init("rows", .array(rows)), .init("n", .int(2))])
      let patch = JSONPatch(from: old, to: new)
      var state = old.json
      let focused = try #require(FocusedChange(patch: patch, before: state), "round \(round)")
      try patch.apply(to: &state)
      #expect(state == new.json, "round \(round)")
      #expect(try focused.diff(after: state) == StateDiff(old, new), "round \(round): \(JSONWriter.string(patch.json))")
      if patch.operations.contains(where: { if case .move = $0 { true } else { false } }) { reordered += 1 }
    }
    #expect(reordered > 300)
  }

  /// Every action of a synthetic session (toggles, edits, adds, removes, moves).
  @Test func sameDiffAsTheWholeStatesOnASyntheticSession() throws {
    var state: JSON?
    var compared = 0
    for line in SyntheticTrace.text(actions: 400, stateSize: 30, keyframeInterval: 50).split(separator: "\n") {
      let record = try TraceRecord(json: JSONReader.parse(String(line)))
      if case let .state(snapshot) = record { state = snapshot.state }
      guard case let .action(action) = record, var current = state else { continue }
      let before = current
      let focused = FocusedChange(patch: action.patch, before: current)
      try action.patch.apply(to: &current)
      state = current
      guard !action.patch.operations.isEmpty else { continue }
      let diff = try #require(focused).diff(after: current)
      #expect(diff == StateDiff(try Value(json: before), try Value(json: current)), "action \(action.seq)")
      compared += 1
    }
    #expect(compared > 300)
  }
}

/// A small deterministic generator for the random patches.
private struct Random {
  var seed: UInt64
  mutating func next(_ bound: Int) -> Int {
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    return bound <= 0 ? 0 : Int((seed >> 33) % UInt64(bound))
  }
}
