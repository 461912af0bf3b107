import Testing
import TraceTestSupport

@testable import Debugging

/// `ActionChange` (ActionChange.swift): the diff model of one action from the state before it and
/// its patch, comparing only what the patch touches; the diff `show` prints and the report shows.
/// Shown with `DiffTextRenderer`.
@Suite struct ActionChangeTests {
  static let todos = #"""
    {"$type":"Todos.State","todos":[
      {"$type":"Todo","id":1,"title":"Milk","isComplete":false},
      {"$type":"Todo","id":2,"title":"Eggs","isComplete":false},
      {"$type":"Todo","id":3,"title":"Tea","isComplete":true}],
     "filter":{"$enum":"Filter","all":{}},
     "destination":{"$enum":"Destination","edit":{"title":"Milk","count":1,"_2":true}},
     "tags":{"$set":["a","b"]},
     "notes":{"a":"x"}}
    """#

  /// The text of the patch's diff over `todos`.
  func diff(_ patch: String, state: String = Self.todos) throws -> String {
    let before = try JSONReader.parse(state)
    let operations = try JSONPatch(json: JSONReader.parse(patch))
    let change = ActionChange(patch: operations, before: before)
    var after = before
    try operations.apply(to: &after)
    return DiffTextRenderer().render(try #require(try change.diff(after: after)))
  }

  @Test func replaceDeepInsideAnElement() throws {
    #expect(
      try diff(#"[{"op":"replace","path":"/todos/1/isComplete","value":true}]"#) == """
          Todos.State(
            todos: [
              … (1 unchanged),
              [1, id: 2]: Todo(
                … (2 unchanged),
        -       isComplete: false
        +       isComplete: true
              ),
              … (1 unchanged)
            ],
            … (4 unchanged)
          )
        """)
  }

  @Test func addAppendsOneElement() throws {
    #expect(
      try diff(#"[{"op":"add","path":"/todos/-","value":{"$type":"Todo","id":4,"title":"Jam","isComplete":false}}]"#)
        == """
          Todos.State(
            todos: [
              … (3 unchanged),
        +     [3, id: 4]: Todo(
        +       id: 4,
        +       title: "Jam",
        +       isComplete: false
        +     )
            ],
            … (4 unchanged)
          )
        """)
  }

  @Test func removeAndMoveInOneArray() throws {
    #expect(
      try diff(#"[{"op":"remove","path":"/todos/1"}]"#) == """
          Todos.State(
            todos: [
              … (1 unchanged),
        -     [1, id: 2]: Todo(
        -       id: 2,
        -       title: "Eggs",
        -       isComplete: false
        -     ),
              … (1 unchanged)
            ],
            … (4 unchanged)
          )
        """)
    #expect(
      try diff(#"[{"op":"move","from":"/todos/0","path":"/todos/2"}]"#) == """
          Todos.State(
            todos: [
              … (2 unchanged),
        ~     [0 → 2, id: 1]
            ],
            … (4 unchanged)
          )
        """)
  }

  /// Elements without an id are matched by position, as in the diff of the whole states: a moved
  /// string is a removal and an insertion (`show` and the report show the same diff).
  @Test func moveWithoutIDsIsTheWholeStatesDiff() throws {
    let state = #"{"$type":"S","names":["a","b","c","d"]}"#
    let text = try diff(#"[{"op":"move","from":"/names/0","path":"/names/2"}]"#, state: state)
    let before = try JSONReader.parse(state)
    let after = try JSONReader.parse(#"{"$type":"S","names":["b","c","a","d"]}"#)
    #expect(text == DiffTextRenderer().render(StateDiff(try Value(json: before), try Value(json: after))))
    #expect(
      text == """
          S(
            names: [
        -     [0]: "a",
              … (2 unchanged),
        +     [2]: "a",
              … (1 unchanged)
            ]
          )
        """)
  }

  /// Several operations: the deepest container holding all of them is compared.
  @Test func severalOperations() throws {
    #expect(
      try diff(
        #"""
        [{"op":"replace","path":"/todos/2/title","value":"Coffee"},{"op":"replace","path":"/todos/2/isComplete","value":false}]
        """#) == """
            Todos.State(
              todos: [
                … (2 unchanged),
                [2, id: 3]: Todo(
                  … (1 unchanged),
          -       title: "Tea",
          +       title: "Coffee",
          -       isComplete: true
          +       isComplete: false
                )
              ],
              … (4 unchanged)
            )
          """)
    #expect(
      try diff(
        #"[{"op":"remove","path":"/todos/0"},{"op":"replace","path":"/filter","value":{"$enum":"Filter","done":{}}}]"#)
          == """
            Todos.State(
              todos: [
          -     [0, id: 1]: Todo(
          -       id: 1,
          -       title: "Milk",
          -       isComplete: false
          -     ),
                … (2 unchanged)
              ],
          -   filter: .all,
          +   filter: .done,
              … (3 unchanged)
            )
          """)
  }

  @Test func enumPayloadsSetsAndDictionaries() throws {
    #expect(
      try diff(#"[{"op":"replace","path":"/destination/edit/count","value":2}]"#) == """
          Todos.State(
            … (2 unchanged),
            destination: .edit(
              … (1 unchanged),
        -     count: 1,
        +     count: 2,
              … (1 unchanged)
            ),
            … (2 unchanged)
          )
        """)
    #expect(
      try diff(#"[{"op":"replace","path":"/destination/edit/_2","value":false}]"#) == """
          Todos.State(
            … (2 unchanged),
            destination: .edit(
              … (2 unchanged),
        -     true
        +     false
            ),
            … (2 unchanged)
          )
        """)
    #expect(
      try diff(#"[{"op":"replace","path":"/tags/$set/0","value":"c"}]"#) == """
          Todos.State(
            … (3 unchanged),
            tags: Set([
        -     "a",
              … (1 unchanged),
        +     "c"
            ]),
            … (1 unchanged)
          )
        """)
    #expect(
      try diff(#"[{"op":"add","path":"/notes/b","value":"y"}]"#) == """
          Todos.State(
            … (4 unchanged),
            notes: [
              … (1 unchanged),
        +     "b": "y"
            ]
          )
        """)
  }

  @Test func nothingChanged() throws {
    #expect(try diff(#"[{"op":"test","path":"/todos/0/id","value":1}]"#) == "")
    #expect(try diff(#"[{"op":"replace","path":"/todos/0/title","value":"Milk"}]"#) == "")
    #expect(try diff(#"[{"op":"move","from":"/todos/1","path":"/todos/1"}]"#) == "")
  }

  @Test func notAValue() throws {
    #expect(throws: JSONError.self) {
      try diff(
        #"[{"op":"replace","path":"/x","value":{"$uuid":"also bad"}}]"#, state: #"{"$type":"S","x":{"$uuid":"nope"}}"#)
    }
  }

  /// Over a long synthetic session, the changes (paths and values) are the ones a diff of the
  /// whole states finds.
  @Test func agreesWithWholeStateDiffs() throws {
    let path = traceFile(SyntheticTrace.text(actions: 600, stateSize: 12, keyframeInterval: 50))
    var tracker = TraceStateTracker()
    var compared = 0
    for case let .success(line) in try TraceReader(path: path) {
      let before = tracker.state
      tracker.consume(line.record, line: line.line)
      guard case let .action(action) = line.record, let before, let after = tracker.state else { continue }
      if action.patch.operations.contains(where: { if case .move = $0 { return true } else { return false } }) {
        continue
      }
      let ours = try #require(try ActionChange(patch: action.patch, before: before).diff(after: after)).changes
      let whole = StateDiff(try Value(json: before), try Value(json: after)).changes
      #expect(ours == whole, "action \(action.seq)")
      compared += 1
    }
    #expect(compared > 500)
  }
}
