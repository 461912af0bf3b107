import Testing

/// One rule for "nothing found" across `show`, `state` and `blame`: a readable trace where the
/// selection matches nothing exits 1 (as `grep` does), never 2, which stays for usage errors and
/// unreadable input; something shown exits 0.
@Suite struct NothingFoundExitTests {
  let directory = TemporaryDirectory.withTodos()
  static let header = "Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)\n"

  @Test func showWhoseFiltersMatchNoAction() {
    #expect(
      tcaTrace("show", "--label", "NoSuchAction", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            \(Self.header)
            No action matched the filters.

            """, code: 1))
    #expect(
      tcaTrace("show", "--from", "99", "todos.jsonl", in: directory)
        == tcaTrace("show", "--label", "x", "todos.jsonl", in: directory))
    // A path in the states that no action changed, as `blame` says it.
    #expect(tcaTrace("show", "--path", "filter", "todos.jsonl", in: directory).code == 1)
    #expect(
      tcaTrace("show", "--labels-only", "--label", "NoSuchAction", "todos.jsonl", in: directory) == ToolRun(code: 1))
    // Something shown: 0.
    #expect(tcaTrace("show", "--label", "toggle", "todos.jsonl", in: directory).code == 0)
  }

  /// Without filters every action is shown, and a session without any is fine.
  @Test func showWithoutFiltersOfASessionWithoutActions() {
    _ = directory.file("empty-session.jsonl", contents: SampleTraces.header + "\n")
    #expect(tcaTrace("show", "empty-session.jsonl", in: directory) == ToolRun(stdout: Self.header))
  }

  @Test func stateAtAnActionTheTraceDoesNotHave() {
    #expect(
      tcaTrace("state", "todos.jsonl", "--at", "99", in: directory)
        == ToolRun(stderr: "todos.jsonl has no action 99 (the last is 6)\n", code: 1))
  }

  @Test func blameOfAPathNoActionChanged() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "filter", in: directory)
        == ToolRun(stdout: "No action changed filter.\n", code: 1))
    #expect(
      tcaTrace("blame", "todos.jsonl", "nosuch", in: directory)
        == ToolRun(stdout: "No state has nosuch: the path is not in any state of this trace.\n", code: 1))
    #expect(tcaTrace("blame", "todos.jsonl", "todos[0].title", in: directory).code == 0)
  }

  /// Bad input is still 2, whatever the command.
  @Test func badInputIsStillTwo() {
    #expect(
      tcaTrace("show", "--label", "x", "nope.jsonl", in: directory)
        == ToolRun(stderr: "Error: cannot open 'nope.jsonl': No such file or directory\n", code: 2))
    #expect(
      tcaTrace("state", "nope.jsonl", "--at", "1", in: directory)
        == ToolRun(stderr: "Error: cannot open 'nope.jsonl': No such file or directory\n", code: 2))
    #expect(
      tcaTrace("blame", "nope.jsonl", "filter", in: directory)
        == ToolRun(stderr: "Error: cannot open 'nope.jsonl': No such file or directory\n", code: 2))
  }
}
