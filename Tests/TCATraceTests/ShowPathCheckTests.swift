import Debugging
import Testing
import TraceTestSupport

@testable import tca_trace

/// `ShowPathCheck` (ShowPathCheck.swift): decided from the patch, the same answer as comparing the whole
/// values at the path before and after (`ShowActionFilter.changesPath`).
@Suite struct ShowPathCheckTests {
  static let state = #"""
    {"$type":"Todos.State","todos":[{"$type":"Todo","id":1,"title":"Milk","isComplete":false},{"$type":"Todo","id":2,"title":"Eggs","isComplete":true},{"$type":"Todo","id":3,"title":"Jam","isComplete":false}],"tags":{"$set":["a"]},"filter":"all"}
    """#

  func changed(_ pathText: String, _ patchText: String, keyframe: String? = nil) throws -> (fast: Bool, whole: Bool) {
    let before = try JSONReader.parse(Self.state)
    let patch = try JSONPatch(json: JSONReader.parse(patchText))
    var after = before
    if let keyframe {
      after = try JSONReader.parse(keyframe)
    } else {
      try patch.apply(to: &after)
    }
    var filter = ShowActionFilter()
    filter.path = try StatePath(parsing: pathText)
    let change = ShowPathCheck(filter: filter, patch: patch, isKeyframe: keyframe != nil, before: before)
    return (change.changed(after: after), filter.changesPath(patch, before: before, after: after))
  }

  @Test(
    arguments: [
      // Inside the path: a value written again is no change; a new one is.
      ("todos", #"[{"op":"replace","path":"/todos/1/title","value":"Eggs"}]"#, false),
      ("todos", #"[{"op":"replace","path":"/todos/1/title","value":"Ham"}]"#, true),
      (
        "todos",
        #"[{"op":"replace","path":"/todos/1/title","value":"Ham"},{"op":"replace","path":"/todos/1/title","value":"Eggs"}]"#,
        false
      ),
      (
        "todos",
        #"[{"op":"replace","path":"/todos/1","value":{"$type":"Todo","id":2,"title":"Eggs","isComplete":true}}]"#, false
      ),
      ("todos", #"[{"op":"add","path":"/todos/-","value":{"$type":"Todo","id":4}}]"#, true),
      ("todos", #"[{"op":"remove","path":"/todos/0"}]"#, true),
      ("todos", #"[{"op":"add","path":"/todos/0/title","value":"Milk"}]"#, false),
      ("todos", #"[{"op":"add","path":"/todos/0/note","value":"new"}]"#, true),
      ("todos", #"[{"op":"test","path":"/todos/0/title","value":"Milk"}]"#, false),
      // Moves: within the path, out of it, into it, onto itself.
      ("todos", #"[{"op":"move","from":"/todos/2","path":"/todos/0"}]"#, true),
      ("todos", #"[{"op":"move","from":"/todos/1","path":"/todos/1"}]"#, false),
      ("/todos/0", #"[{"op":"move","from":"/todos/0/title","path":"/filter"}]"#, true),
      ("/todos/0", #"[{"op":"move","from":"/filter","path":"/todos/0/title"}]"#, true),
      ("/todos/0/title", #"[{"op":"move","from":"/todos/0/title","path":"/todos/0/name"}]"#, true),
      // A parent (or the whole state) replaced: the value at the path compared.
      (
        "/todos/0/title",
        #"[{"op":"replace","path":"/todos/0","value":{"$type":"Todo","id":1,"title":"Milk","isComplete":true}}]"#, false
      ),
      (
        "/todos/0/title", #"[{"op":"replace","path":"/todos/0","value":{"$type":"Todo","id":1,"title":"Oat milk"}}]"#,
        true
      ),
      ("/todos/0/title", #"[{"op":"replace","path":"","value":{"todos":[{"title":"Milk"}]}}]"#, false),
      ("/todos/0/title", #"[{"op":"remove","path":"/todos/0"}]"#, true),
      // Next to the path: not touched; an element added or removed before it in an array shifts
      // another element to the position: compared.
      ("/todos/1/title", #"[{"op":"replace","path":"/todos/0/title","value":"Oat milk"}]"#, false),
      ("/todos/1/title", #"[{"op":"remove","path":"/todos/0"}]"#, true),
      (
        "/todos/1/title",
        #"[{"op":"remove","path":"/todos/0"},{"op":"replace","path":"/todos/1/isComplete","value":true}]"#, true
      ),
      ("/todos/0/title", #"[{"op":"add","path":"/todos/3","value":{"id":4}}]"#, false),
      ("/todos/3", #"[{"op":"add","path":"/todos/-","value":{"id":4}}]"#, true),
      (
        "/todos/1/title",
        #"[{"op":"remove","path":"/todos/0"},{"op":"replace","path":"/todos/1/title","value":"Jam"}]"#, true
      ),
      (
        "/todos/1/title",
        #"[{"op":"remove","path":"/todos/0"},{"op":"replace","path":"/todos/1/title","value":"Eggs"}]"#, false
      ),
      (
        "/todos/1",
        #"[{"op":"add","path":"/todos/0","value":{"id":0}},{"op":"replace","path":"/todos/2/title","value":"Eggs"}]"#,
        true
      ),
      (
        "/todos/1",
        #"[{"op":"add","path":"/todos/0","value":{"id":0}},{"op":"replace","path":"/todos/1/title","value":"Eggs"}]"#,
        true
      ),
      ("filter", #"[{"op":"replace","path":"/todos/1/title","value":"Ham"}]"#, false),
      // Through a set's elements, and by id.
      ("tags[0]", #"[{"op":"replace","path":"/tags","value":{"$set":["a"]}}]"#, false),
      ("tags[0]", #"[{"op":"replace","path":"/tags","value":{"$set":["b"]}}]"#, true),
      ("todos[id:3].title", #"[{"op":"remove","path":"/todos/0"}]"#, false),
      ("todos[id:3].title", #"[{"op":"replace","path":"/todos/2/title","value":"Honey"}]"#, true),
    ] as [(String, String, Bool)])
  func sameAsComparingTheWholeValues(path: String, patch: String, expected: Bool) throws {
    let (fast, whole) = try changed(path, patch)
    #expect(whole == expected)
    #expect(fast == expected)
    // Said before the patch applies (show then prepares no diff text): never for a change.
    if try Self.cannotChange(path, patch) { #expect(!expected) }
  }

  static func cannotChange(_ pathText: String, _ patchText: String) throws -> Bool {
    var filter = ShowActionFilter()
    filter.path = try StatePath(parsing: pathText)
    let patch = try JSONPatch(json: JSONReader.parse(patchText))
    return ShowPathCheck(filter: filter, patch: patch, isKeyframe: false, before: try JSONReader.parse(state))
      .cannotChange
  }

  @Test func aPatchElsewhereCannotChangeThePath() throws {
    #expect(try Self.cannotChange("filter", #"[{"op":"replace","path":"/todos/1/title","value":"Ham"}]"#))
    #expect(try Self.cannotChange("todos[1].title", #"[{"op":"replace","path":"/todos/2/title","value":"Ham"}]"#))
    #expect(try !Self.cannotChange("todos[1].title", #"[{"op":"replace","path":"/todos/1/title","value":"Ham"}]"#))
    #expect(try !Self.cannotChange("todos[1].title", #"[{"op":"remove","path":"/todos/0"}]"#))
    // By id, which element the path names is known only in the state: never decided early.
    #expect(try !Self.cannotChange("todos[id:3].title", #"[{"op":"replace","path":"/filter","value":"x"}]"#))
  }

  /// A keyframe's state is compared with the state before, whatever its patch says.
  @Test func keyframe() throws {
    let keyframe = Self.state.replacingOccurrences(of: "Jam", with: "Honey")
    let patch = #"[{"op":"replace","path":"/todos/0/title","value":"Milk"}]"#
    #expect(try changed("todos", patch, keyframe: keyframe) == (true, true))
    #expect(try changed("todos", patch, keyframe: Self.state) == (false, false))
    #expect(try changed("filter", patch, keyframe: keyframe) == (false, false))
  }

  /// Every action of a synthetic session, at paths above, at and inside what its patches change.
  @Test func sameAsComparingTheWholeValuesOnASyntheticSession() throws {
    let text = SyntheticTrace.text(actions: 600, stateSize: 20, keyframeInterval: 50)
    let paths = try ["todos", "/todos/0", "/todos/3/title", "todos[1].isComplete", "filter", "todos[id:5].title"].map(
      StatePath.init(parsing:))
    var tracker = TraceStateTracker()
    var changes = [Int](repeating: 0, count: paths.count)
    for line in text.split(separator: "\n") {
      let record = try TraceRecord(json: JSONReader.parse(String(line)))
      guard case let .action(action) = record else {
        tracker.consume(record, line: 0)
        continue
      }
      let before = tracker.state
      var filters: [ShowActionFilter] = []
      var probes: [ShowPathCheck] = []
      for path in paths {
        var filter = ShowActionFilter()
        filter.path = path
        filters.append(filter)
        probes.append(
          ShowPathCheck(filter: filter, patch: action.patch, isKeyframe: action.state != nil, before: before))
      }
      tracker.consume(record, line: 0)
      for index in paths.indices {
        let whole = filters[index].changesPath(action.patch, before: before, after: tracker.state)
        #expect(probes[index].changed(after: tracker.state) == whole, "action \(action.seq), path \(paths[index])")
        if whole { changes[index] += 1 }
      }
    }
    #expect(changes[0] > 500 && changes[1] > 0 && changes[3] > 0)
  }
}
