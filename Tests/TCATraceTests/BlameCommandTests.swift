import Testing

/// `tca-trace blame` (BlameCommand.swift, BlameRunner.swift, StatePath.swift).
@Suite struct BlameCommandTests {
  let directory = TemporaryDirectory.withTodos()

  @Test func fieldOfAnElementFoundById() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "todos[id:1].isComplete", in: directory) == ToolRun(stdout: """
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
          - (absent)
          + false
        #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
          - false
          + true
        #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped
          - true
          + (absent)
        3 actions changed todos[id:1].isComplete.

        """))
  }

  @Test func jsonPointerFollowsThePosition() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "/todos/0/title", "--format", "json", in: directory) == ToolRun(stdout: """
        {"seq":1,"t":18200000,"label":"Todos.Action.addButtonTapped","path":"/todos/0/title","new":""}
        {"seq":2,"t":250000000,"label":"Todos.Action.todos(.element(id:, action: .titleChanged))","path":"/todos/0/title","old":"","new":"Milk"}
        {"seq":5,"t":3000000000,"label":"Todos.Action.addButtonTapped","path":"/todos/0/title","old":"Milk","new":""}

        """))
  }

  @Test func wholeElement() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "todos[id:2]", in: directory) == ToolRun(stdout: """
        #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
          - (absent)
          + Todo(id: 2, title: "", isComplete: false)
        1 action changed todos[id:2].

        """))
  }

  @Test func nothingChanged() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "filter", in: directory) == ToolRun(stdout: "No action changed filter.\n"))
  }

  @Test func aPathNoStateHasIsSaidSo() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "todos[id:9].title", in: directory) == ToolRun(stdout: """
        No state has todos[id:9].title: the path is not in any state of this trace.

        """))
    #expect(
      tcaTrace("blame", "todos.jsonl", "/nosuch", in: directory) == ToolRun(stdout: """
        No state has /nosuch: the path is not in any state of this trace.

        """))
  }

  @Test(arguments: [
    ("todos[", "unclosed [ at column 6"),
    ("todos..title", "empty name at column 7"),
    ("todos[x]", "expected [index] or [id:value] at column 6"),
    ("todos[0]title", "expected . or [ at column 9"),
    ("/todos/~2", #"invalid pointer "/todos/~2": ~ must be followed by 0 or 1"#),
    ("", "empty path"),
  ])
  func invalidPath(path: String, message: String) {
    #expect(
      tcaTrace("blame", "todos.jsonl", path, in: directory) == ToolRun(stderr: """
        Error: Invalid path '\(path)': \(message)
        Usage: tca-trace blame [<options>] <file> <path>
          See 'tca-trace blame --help' for more information.

        """, code: 2))
  }
}
