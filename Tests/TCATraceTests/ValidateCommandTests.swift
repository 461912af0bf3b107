import Testing

/// `tca-trace validate` (ValidateCommand.swift, ValidateRunner.swift).
@Suite struct ValidateCommandTests {
  @Test func validTrace() {
    let directory = TemporaryDirectory.withTodos()
    #expect(tcaTrace("validate", "todos.jsonl", in: directory) == ToolRun(stdout: "todos.jsonl: valid\n"))
  }

  @Test func problemsWithTheirLines() {
    let trace = """
      \(SampleTraces.header)
      {"kind":"state","seq":0,"t":0,"state":{"todos":[]}}
      {"kind":"action","seq":1,"t":10,"duration":1,"label":"A.add","action":{"$enum":"A","add":{}},"patch":[{"op":"add","path":"/todos/0","value":1}]}
      {"kind":"frob","t":11}
      {"kind":"action","seq":3,"t":20,"duration":1,"label":"A.remove","action":{"$enum":"A","remove":{}},"patch":[{"op":"remove","path":"/todos/5"}]}
      {"kind":"action","seq":4,"t":30,"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[]
      {"kind":"end","t":40,"actions":4}
      """
    #expect(
      tcaTrace("validate", "-", stdin: trace)
        == ToolRun(
          stdout: """
            <stdin>:4: error: unknown kind "frob"
            <stdin>:5: error: patch of action 3 does not apply: path /todos/5 does not exist
            <stdin>:5: error: sequence gap: expected seq 2, found 3 with no gap note before it
            <stdin>:6:100: error: unexpected end of input
            <stdin>:7: warning: truncated last line (no newline at the end); ignored
            <stdin>: 5 problems

            """, code: 1))
  }

  @Test func json() {
    let trace = "\(SampleTraces.header)\n{\"kind\":\"state\",\"seq\":0,\"t\":0,\"state\":{}}\n{\"kind\""
    #expect(
      tcaTrace("validate", "--format", "json", "-", stdin: trace)
        == ToolRun(
          stdout: """
            {"file":"<stdin>","valid":false,"problems":[{"line":3,"severity":"warning","message":"truncated last line (no newline at the end); ignored"}]}

            """, code: 1))
  }

  @Test func futureFormat() {
    #expect(
      tcaTrace("validate", "-", stdin: #"{"kind":"session","format":3,"name":"Todos"}"# + "\n")
        == ToolRun(
          stdout: """
            <stdin>:1: error: unsupported trace format 3; this tca-trace reads formats 1, 2
            <stdin>: 1 problem

            """, code: 1))
  }

  @Test func missingFileIsNotAFinding() {
    #expect(
      tcaTrace("validate", "/nonexistent/run.jsonl")
        == ToolRun(stderr: "Error: cannot open '/nonexistent/run.jsonl': No such file or directory\n", code: 2))
  }
}
