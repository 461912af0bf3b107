import Foundation
import Testing

@testable import Debugging

/// Builders for value trees in tests.
func diffTodo(_ id: Int, _ title: String, done: Bool = false) -> Value {
  .structure(
    type: "Todo",
    fields: [.init("id", .int(Int64(id))), .init("title", .string(title)), .init("isComplete", .bool(done))])
}

func diffState(_ todos: [Value], filter: String = "all") -> Value {
  .structure(
    type: "AppState",
    fields: [.init("todos", .array(todos)), .init("filter", .enumCase(type: "Filter", name: filter, values: []))])
}

func diffText(_ old: Value, _ new: Value, color: Bool = false) -> String {
  DiffTextRenderer(options: .init(color: color)).render(StateDiff(old, new))
}

@Suite struct DiffTextTests {
  @Test func equalValuesHaveNoText() {
    #expect(diffText(diffTodo(1, "a"), diffTodo(1, "a")) == "")
    #expect(StateDiff(diffTodo(1, "a"), diffTodo(1, "a")).isEqual)
  }

  @Test func nestedStructField() {
    let old = diffState([diffTodo(1, "Milk"), diffTodo(2, "Eggs"), diffTodo(3, "Tea")])
    let new = diffState([diffTodo(1, "Milk"), diffTodo(2, "Eggs", done: true), diffTodo(3, "Tea")])
    #expect(
      diffText(old, new) == """
          AppState(
            todos: [
              … (1 unchanged),
              [1, id: 2]: Todo(
                … (2 unchanged),
        -       isComplete: false
        +       isComplete: true
              ),
              … (1 unchanged)
            ],
            … (1 unchanged)
          )
        """)
  }

  @Test func moves() {
    let old = diffState([diffTodo(1, "a"), diffTodo(2, "b"), diffTodo(3, "c"), diffTodo(4, "d")])
    let new = diffState([diffTodo(4, "d"), diffTodo(1, "a"), diffTodo(2, "B"), diffTodo(3, "c")], filter: "done")
    #expect(
      diffText(old, new) == """
          AppState(
            todos: [
        ~     [3 → 0, id: 4],
              … (1 unchanged),
              [2 (was 1), id: 2]: Todo(
                … (1 unchanged),
        -       title: "b",
        +       title: "B",
                … (1 unchanged)
              ),
              … (1 unchanged)
            ],
        -   filter: .all
        +   filter: .done
          )
        """)
  }

  @Test func insertFrontDeleteEnd() {
    let old = diffState([diffTodo(1, "a"), diffTodo(2, "b"), diffTodo(3, "c")])
    let new = diffState([diffTodo(0, "z"), diffTodo(1, "a"), diffTodo(2, "b")])
    #expect(
      diffText(old, new) == """
          AppState(
            todos: [
        +     [0, id: 0]: Todo(
        +       id: 0,
        +       title: "z",
        +       isComplete: false
        +     ),
              … (2 unchanged),
        -     [2, id: 3]: Todo(
        -       id: 3,
        -       title: "c",
        -       isComplete: false
        -     )
            ],
            … (1 unchanged)
          )
        """)
  }

  @Test func plainArrays() {
    let old = Value.array([1, 2, 3, 4, 5, 6].map { .int($0) })
    let new = Value.array([0, 1, 2, 30, 4, 6, 7].map { .int($0) })
    #expect(
      diffText(old, new) == """
          [
        +   [0]: 0,
            … (2 unchanged),
        -   [2]: 3,
        +   [3]: 30,
            … (1 unchanged),
        -   [4]: 5,
            … (1 unchanged),
        +   [6]: 7
          ]
        """)
  }

  @Test func multiLineStrings() {
    let body = (1...9).map { "line \($0)" }
    var edited = body
    edited[1] = "line two"
    edited.append("line 10")
    let old = Value.structure(type: "Note", fields: [.init("body", .string(body.joined(separator: "\n")))])
    let new = Value.structure(type: "Note", fields: [.init("body", .string(edited.joined(separator: "\n")))])
    #expect(
      diffText(old, new) == #"""
          Note(
            body: """
              line 1
        -     line 2
        +     line two
              line 3
              line 4
              … (3 unchanged lines)
              line 8
              line 9
        +     line 10
              """
          )
        """#)
  }

  @Test func dictionariesSetsOptionals() {
    let old = Value.structure(
      type: "S",
      fields: [
        .init("d", .dictionary([.init(.string("a"), .int(1)), .init(.string("b"), .int(2))])),
        .init("s", .set([.int(1), .int(2)])),
        .init("o", .null),
        .init("e", .enumCase(type: "E", name: "loading", values: [])),
      ])
    let new = Value.structure(
      type: "S",
      fields: [
        .init("d", .dictionary([.init(.string("a"), .int(10)), .init(.string("c"), .int(3))])),
        .init("s", .set([.int(2), .int(3)])),
        .init("o", diffTodo(1, "x")),
        .init("e", .enumCase(type: "E", name: "loaded", values: [.init(nil, .string("ok"))])),
      ])
    #expect(
      diffText(old, new) == """
          S(
            d: [
        -     "a": 1,
        +     "a": 10,
        -     "b": 2,
        +     "c": 3
            ],
            s: Set([
        -     1,
              … (1 unchanged),
        +     3
            ]),
        -   o: nil,
        +   o: Todo(
        +     id: 1,
        +     title: "x",
        +     isComplete: false
        +   ),
        -   e: .loading
        +   e: .loaded("ok")
          )
        """)
  }
}

@Suite struct StateDiffChangesTests {
  @Test func flatChangesWithPaths() {
    let old = diffState([diffTodo(1, "a"), diffTodo(2, "b"), diffTodo(3, "c")])
    let new = diffState([diffTodo(3, "c"), diffTodo(1, "a", done: true)], filter: "done")
    let changes = StateDiff(old, new).changes.map { "\($0.path) \($0.change)" }
    #expect(
      changes == [
        "/todos/0 moved(from: 2, to: 0, change: Debugging.StateDiff.Change.unchanged(count: 1))",
        "/todos/1/isComplete replaced(old: Debugging.Value.bool(false), new: Debugging.Value.bool(true))",
        #"/todos/1 removed(Debugging.Value.structure(type: "Todo", fields: [Debugging.Value.Field(label: Optional("id"), value: Debugging.Value.int(2)), Debugging.Value.Field(label: Optional("title"), value: Debugging.Value.string("b")), Debugging.Value.Field(label: Optional("isComplete"), value: Debugging.Value.bool(false))]))"#,
        #"/filter replaced(old: Debugging.Value.enumCase(type: "Filter", name: "all", values: []), new: Debugging.Value.enumCase(type: "Filter", name: "done", values: []))"#,
      ])
    #expect(StateDiff(old, old).changes.isEmpty)
    #expect(StateDiff(old, new).description == diffText(old, new))
  }
}

/// A string with a line feed (also the one in "\r\n") is diffed line by line; one without is
/// replaced whole.
@Suite struct DiffStringLinesTests {
  func isLineDiff(_ a: String, _ b: String) -> Bool {
    if case .nested(.lines, _) = ValueDiffer().change(.string(a), .string(b), depth: 0) { return true }
    return false
  }

  @Test func lineFeedsAnywhereMakeALineDiff() {
    #expect(isLineDiff("a\nb", "a\nc"))
    #expect(isLineDiff("one line", "two\nlines"))
    #expect(isLineDiff("windows\r\nline", "windows\r\nlines"))
    #expect(isLineDiff("é\n", "e\u{301}x"))
    #expect(!isLineDiff("a", "b"))
    #expect(!isLineDiff("carriage\rreturn", "only"))
    #expect(!isLineDiff("same\n", "same\n"))
  }
}
