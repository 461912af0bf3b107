import Foundation
import Testing

/// `tca-trace state` and `tca-trace cat` (StateRunner.swift, CatRunner.swift).
@Suite struct StateCommandTests {
  let directory = TemporaryDirectory.withTodos()

  @Test func stateAfterAnAction() {
    #expect(
      tcaTrace("state", "todos.jsonl", "--at", "2", in: directory)
        == ToolRun(
          stdout: """
            Todos.State(
              filter: .all,
              todos: [
                [0]: Todo(
                  id: 1,
                  title: "Milk",
                  isComplete: false
                )
              ]
            )

            """))
  }

  @Test func lastStateByDefault() {
    #expect(
      tcaTrace("state", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            Todos.State(
              filter: .all,
              todos: [
                [0]: Todo(
                  id: 2,
                  title: "",
                  isComplete: false
                )
              ]
            )

            """))
  }

  @Test func initialStateAsJSON() {
    #expect(
      tcaTrace("state", "todos.jsonl", "--at", "0", "--format", "json", in: directory)
        == ToolRun(
          stdout: #"""
            {"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[]}

            """#))
  }

  @Test func stateAfterAKeyframeAndAPatch() {
    #expect(
      tcaTrace("state", "todos.jsonl", "--at", "6", "--format", "json", in: directory)
        == ToolRun(
          stdout: #"""
            {"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo","id":2,"title":"","isComplete":false}]}

            """#))
  }

  @Test func noSuchAction() {
    #expect(
      tcaTrace("state", "todos.jsonl", "--at", "9", in: directory)
        == ToolRun(stderr: "todos.jsonl has no action 9 (the last is 6)\n", code: 1))
  }

  @Test func negativeSequenceNumber() {
    #expect(
      tcaTrace("state", "todos.jsonl", "--at", "-1", in: directory)
        == ToolRun(
          stderr: """
            Error: The value '-1' is invalid for '--at <seq>': expected a sequence number, 0 or more
            Usage: tca-trace state [<options>] <file>
              See 'tca-trace state --help' for more information.

            """, code: 2))
  }

  @Test func patchThatDoesNotApply() {
    let trace = """
      \(SampleTraces.header)
      {"kind":"state","seq":0,"t":0,"state":{"todos":[]}}
      {"kind":"action","seq":1,"t":10,"duration":1,"label":"A.remove","action":{"$enum":"A","remove":{}},"patch":[{"op":"remove","path":"/todos/3"}]}

      """
    #expect(
      tcaTrace("state", "-", stdin: trace)
        == ToolRun(
          stderr: "<stdin>:3: error: patch of action 1 does not apply: path /todos/3 does not exist\n", code: 2))
  }

  @Test func catFull() {
    let run = tcaTrace("cat", "--full", "todos.jsonl", in: directory)
    let lines = run.stdout.split(separator: "\n")
    #expect(run.code == 0 && run.stderr.isEmpty && lines.count == 15)
    #expect(
      lines[0]
        == #"{"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":1,"redacted":[]}"#
    )
    #expect(
      lines[3]
        == #"{"kind":"action","seq":2,"t":250000000,"duration":12300,"label":"Todos.Action.todos(.element(id:, action: .titleChanged))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction","element":{"id":1,"action":{"$enum":"Todo.Action","titleChanged":{"_0":"Milk"}}}}}},"patch":[{"op":"replace","path":"/todos/0/title","value":"Milk"}],"state":{"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo","id":1,"title":"Milk","isComplete":false}]}}"#
    )
    #expect(
      lines[12]
        == #"{"kind":"action","seq":6,"t":3500000000,"duration":250000,"label":"Todos.Action.clearCompletedButtonTapped","action":{"$enum":"Todos.Action","clearCompletedButtonTapped":{}},"patch":[{"op":"remove","path":"/todos/1"}],"state":{"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo","id":2,"title":"","isComplete":false}]}}"#
    )
  }

  /// Without `--full`, `cat` prints the lines as recorded (patches only, the header's own
  /// keyframe interval); a cut-off last line is left out with a warning.
  @Test func catWithoutFullPrintsTheLinesAsRecorded() {
    let trace = """
      \(SampleTraces.header)
      {"kind":"state","seq":0,"t":0,"state":{"count":0}}
      {"kind":"action","seq":1,"t":10,"duration":1,"label":"A.inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
      {"kind":"action","seq":2,"t":20,"duration":1,"label":"A.inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/count","value":2}]}
      """
    #expect(tcaTrace("cat", "-", stdin: trace + "\n") == ToolRun(stdout: trace + "\n"))
    let cutOff = trace.dropLast(40)
    #expect(
      tcaTrace("cat", "-", stdin: String(cutOff))
        == ToolRun(
          stdout: trace.split(separator: "\n").dropLast().joined(separator: "\n") + "\n",
          stderr: "<stdin>:4: warning: truncated last line (no newline at the end); ignored\n"))
    #expect(
      tcaTrace("cat", "--full", "-", stdin: trace + "\n")
        == ToolRun(
          stdout: """
            {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":1,"redacted":[]}
            {"kind":"state","seq":0,"t":0,"state":{"count":0}}
            {"kind":"action","seq":1,"t":10,"duration":1,"label":"A.inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/count","value":1}],"state":{"count":1}}
            {"kind":"action","seq":2,"t":20,"duration":1,"label":"A.inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/count","value":2}],"state":{"count":2}}

            """))
  }

  @Test func catOutputIsAValidTrace() {
    let expanded = tcaTrace("cat", "--full", "todos.jsonl", in: directory)
    #expect(tcaTrace("validate", "-", stdin: expanded.stdout) == ToolRun(stdout: "<stdin>: valid\n"))
  }

  /// A trace where the writer fell behind: actions 3 to 10 are announced by a gap note (line 5)
  /// and 11 carries a keyframe; at the end, a gap note (line 7) for 12 and 13, then `end`.
  static let gapTrace = """
    \(SampleTraces.header)
    {"kind":"state","seq":0,"t":0,"state":{"count":0}}
    {"kind":"action","seq":1,"t":1,"duration":1,"label":"inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
    {"kind":"action","seq":2,"t":2,"duration":1,"label":"inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/count","value":2}]}
    {"kind":"note","t":11,"note":"gap","message":"writer fell behind: 8 actions dropped","dropped":8}
    {"kind":"action","seq":11,"t":11,"duration":1,"label":"inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/count","value":11}],"state":{"count":11}}
    {"kind":"note","t":14,"note":"gap","message":"writer fell behind: 2 actions dropped","dropped":2}
    {"kind":"end","t":14,"actions":13}

    """

  /// QA: `--at` an action lost in a gap named "the last is 2", which is neither the last action
  /// nor why: the action was not recorded, and the gap note says so.
  @Test func actionDroppedInAGap() {
    let directory = TemporaryDirectory()
    _ = directory.file("gap.jsonl", contents: Self.gapTrace)
    #expect(
      tcaTrace("state", "gap.jsonl", "--at", "5", in: directory)
        == ToolRun(
          stderr: """
            gap.jsonl has no action 5: it was not recorded (the gap note on line 5 says "writer fell behind: 8 actions dropped"; actions 3 to 10 are missing)

            """, code: 1))
    #expect(
      tcaTrace("state", "gap.jsonl", "--at", "13", in: directory)
        == ToolRun(
          stderr: """
            gap.jsonl has no action 13: it was not recorded (the gap note on line 7 says "writer fell behind: 2 actions dropped"; actions 12 to 13 are missing)

            """, code: 1))
    #expect(
      tcaTrace("state", "gap.jsonl", "--at", "14", in: directory)
        == ToolRun(
          stderr: """
            gap.jsonl has no action 14 (the last is 11)

            """, code: 1))
    #expect(
      tcaTrace("state", "gap.jsonl", "--at", "11", "--format", "json", in: directory)
        == ToolRun(
          stdout: """
            {"count":11}

            """))
  }

  /// Without a gap note the jump is the trace's fault: say where it is.
  @Test func actionMissingWithoutAGapNote() {
    let directory = TemporaryDirectory()
    _ = directory.file(
      "jump.jsonl",
      contents: Self.gapTrace.replacingOccurrences(
        of: #"{"kind":"note","t":11,"note":"gap","message":"writer fell behind: 8 actions dropped","dropped":8}"#
          + "\n", with: ""))
    #expect(
      tcaTrace("state", "jump.jsonl", "--at", "3", in: directory)
        == ToolRun(
          stderr: """
            jump.jsonl:5: warning: sequence jumps from 2 to 11 with no gap note (8 actions missing)
            jump.jsonl has no action 3: the trace jumps from action 2 to action 11 on line 5, with no gap note

            """, code: 1))
  }
}
