import Testing

@testable import Debugging

/// `SingleOperationChange` (Trace/State/SingleOperationChange.swift): the diff of one `replace` or
/// `move` along its pointer is `FocusedChange`'s, and so that of the whole states; other patches
/// are left to it.
@Suite struct SingleOperationChangeTests {
  static let state = #"""
    {"$type":"App","title":"t","todos":[{"$type":"Todo","id":1,"title":"Milk","done":false},{"$type":"Todo","id":2,"title":"Eggs","done":true},{"$type":"Row","$id":"r3","title":"Jam","done":false},{"$type":"Note","text":"n"}],"grid":[[1,2],[{"$type":"Cell","v":3}]],"counts":{"open":3},"mode":{"$enum":"Mode","editing":{"_0":"x"}},"inner":{"$type":"Inner","deep":{"$type":"Deep","n":1,"s":"a"},"m":2},"rows":[{"$type":"R","id":0},{"$type":"R","id":1},{"$type":"R","id":2},{"$type":"R","id":3},{"$type":"R","id":4},{"$type":"R","id":5}],"grid2":[{"$type":"G","cells":[{"$type":"C","id":7,"v":1},{"$type":"C","id":8,"v":2},{"$type":"C","id":9,"v":3}]}]}
    """#

  /// The single-operation diff, the focused diff and the whole states' diff of `patch` (the
  /// single-operation diff checked to be its spine's).
  private func diffs(_ patch: String) throws -> (single: StateDiff?, focused: StateDiff?, whole: StateDiff) {
    let before = try JSONReader.parse(Self.state)
    let operations = try JSONPatch(json: JSONReader.parse(patch))
    let single = SingleOperationChange(patch: operations, before: before)
    let focused = FocusedChange(patch: operations, before: before)
    var after = before
    try operations.apply(to: &after)
    let diff = try single?.diff(after: after)
    if let single { #expect(try single.spine(after: after)?.diff == diff) }
    return (diff, try focused?.diff(after: after), StateDiff(try Value(json: before), try Value(json: after)))
  }

  @Test(arguments: [
    #"[{"op":"replace","path":"/title","value":"u"}]"#,
    #"[{"op":"replace","path":"/title","value":"t"}]"#,
    #"[{"op":"replace","path":"/todos/0/done","value":true}]"#,
    #"[{"op":"replace","path":"/todos/1/title","value":"Two\nlines"}]"#,
    #"[{"op":"replace","path":"/todos/2/title","value":"Tea"}]"#,
    #"[{"op":"replace","path":"/todos/3/text","value":"m"}]"#,
    #"[{"op":"replace","path":"/todos/3/text","value":"n"}]"#,
    #"[{"op":"replace","path":"/todos/0/title","value":{"$type":"Name","s":"Milk"}}]"#,
    #"[{"op":"replace","path":"/grid/1/0/v","value":4}]"#,
    #"[{"op":"replace","path":"/inner/deep/s","value":"b"}]"#,
    #"[{"op":"replace","path":"/inner/deep","value":{"$type":"Deep","n":2,"s":"a"}}]"#,
    #"[{"op":"replace","path":"/inner/m","value":null}]"#,
    #"[{"op":"move","from":"/rows/0","path":"/rows/5"}]"#,
    #"[{"op":"move","from":"/rows/5","path":"/rows/0"}]"#,
    #"[{"op":"move","from":"/rows/1","path":"/rows/3"}]"#,
    #"[{"op":"move","from":"/rows/4","path":"/rows/2"}]"#,
    #"[{"op":"move","from":"/rows/0","path":"/rows/2"}]"#,
    #"[{"op":"move","from":"/todos/2","path":"/todos/0"}]"#,
    #"[{"op":"move","from":"/grid2/0/cells/2","path":"/grid2/0/cells/0"}]"#,
  ])
  func sameDiffAsFocusedChange(patch: String) throws {
    let (single, focused, whole) = try diffs(patch)
    #expect(single != nil)
    #expect(single == focused)
    #expect(single == whole)
  }

  /// Patches of another form, pointers through other objects than structures, and an element
  /// replaced whole are left to `FocusedChange`.
  @Test(arguments: [
    #"[{"op":"replace","path":"/title","value":"u"},{"op":"replace","path":"/title","value":"v"}]"#,
    #"[{"op":"add","path":"/todos/0/title","value":"u"}]"#,
    #"[{"op":"replace","path":"/counts/open","value":4}]"#,
    #"[{"op":"replace","path":"/mode/editing/_0","value":"y"}]"#,
    #"[{"op":"replace","path":"/todos/1","value":{"$type":"Todo","id":2,"title":"E","done":true}}]"#,
    #"[{"op":"replace","path":"/grid/0/1","value":5}]"#,
    #"[{"op":"replace","path":"/todos/0/id","value":9}]"#,
    #"[{"op":"replace","path":"/todos/2/$id","value":"r4"}]"#,
    #"[{"op":"replace","path":"","value":{"$type":"App"}}]"#,
    #"[{"op":"move","from":"/rows/0","path":"/rows/1"}]"#,
    #"[{"op":"move","from":"/todos/3","path":"/todos/1"}]"#,
    #"[{"op":"move","from":"/rows/0","path":"/todos/1"}]"#,
    #"[{"op":"move","from":"/rows/0","path":"/rows/-"}]"#,
    #"[{"op":"move","from":"/rows/0","path":"/rows/2"},{"op":"replace","path":"/title","value":"u"}]"#,
  ])
  func otherPatchesAreLeftToFocusedChange(patch: String) throws {
    #expect(try diffs(patch).single == nil)
  }

  /// An element out of the value form elsewhere (only its id is read) is still the error its
  /// `Value` gives, as with `FocusedChange`.
  @Test func anElementOutOfTheValueFormIsAnError() throws {
    let before = try JSONReader.parse(
      #"{"$type":"S","todos":[{"$type":"Todo","id":1,"at":{"$uuid":"nope"},"title":"Milk"}]}"#)
    let patch = try JSONPatch(json: JSONReader.parse(#"[{"op":"replace","path":"/todos/0/title","value":"Jam"}]"#))
    let single = try #require(SingleOperationChange(patch: patch, before: before))
    var after = before
    try patch.apply(to: &after)
    #expect(throws: JSONError(at: "/todos/0/at", #"invalid UUID "nope""#)) { try single.diff(after: after) }
  }
}
