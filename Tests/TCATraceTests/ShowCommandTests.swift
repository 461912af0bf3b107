import Testing

/// `tca-trace show` (ShowCommand.swift, ShowRunner.swift, ShowTextRenderer.swift).
@Suite struct ShowCommandTests {
  let directory = TemporaryDirectory.withTodos()

  @Test func wholeTrace() {
    #expect(
      tcaTrace("show", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)

            #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
                Todos.Action.addButtonTapped
                Todos.State(
                  … (1 unchanged),
                  todos: [
              +     [0, id: 1]: Todo(
              +       id: 1,
              +       title: "",
              +       isComplete: false
              +     )
                  ]
                )

            #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
                Todos.Action.todos(
                  .element(
                    id: 1,
                    action: .titleChanged("Milk")
                  )
                )
                Todos.State(
                  … (1 unchanged),
                  todos: [
                    [0, id: 1]: Todo(
                      … (1 unchanged),
              -       title: "",
              +       title: "Milk",
                      … (1 unchanged)
                    )
                  ]
                )

            #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
                Todos.Action.todos(
                  .element(
                    id: 1,
                    action: .toggle
                  )
                )
                Todos.State(
                  … (1 unchanged),
                  todos: [
                    [0, id: 1]: Todo(
                      … (2 unchanged),
              -       isComplete: false
              +       isComplete: true
                    )
                  ]
                )
              effect 1 started (cancellable: sort)

            #4      +2.100s  2.50µs  Todos.Action.sortCompletedTodos  (from effect 1)
                Todos.Action.sortCompletedTodos
              (No state changes)
            effect 1 finished at +2.100s after 1.00s (started by #3 Todos.Action.todos(.element(id:, action: .toggle)))

            #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
                Todos.Action.addButtonTapped
                Todos.State(
                  … (1 unchanged),
                  todos: [
              +     [0, id: 2]: Todo(
              +       id: 2,
              +       title: "",
              +       isComplete: false
              +     ),
                    … (1 unchanged)
                  ]
                )
              effect 2 started (cancellable: save)
            note +3.100s info: app moved to the background

            #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped
                Todos.Action.clearCompletedButtonTapped
                Todos.State(
                  … (1 unchanged),
                  todos: [
                    … (1 unchanged),
              -     [1, id: 1]: Todo(
              -       id: 1,
              -       title: "Milk",
              -       isComplete: true
              -     )
                  ]
                )
            effect 2 cancelled at +3.500s after 500ms (started by #5 Todos.Action.addButtonTapped)
            end +4.000s: 6 actions

            """))
  }

  @Test func labelsOnly() {
    #expect(
      tcaTrace("show", "--labels-only", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
            #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
            #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
            #4      +2.100s  2.50µs  Todos.Action.sortCompletedTodos  (from effect 1)
            #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
            #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped

            """))
  }

  @Test func labelsOnlyFromStandardInput() {
    #expect(
      tcaTrace("show", "--labels-only", "--to", "2", "-", stdin: SampleTraces.todos)
        == ToolRun(
          stdout: """
            #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
            #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))

            """))
  }

  @Test func labelPatternShowsTheActionAndItsEffect() {
    #expect(
      tcaTrace("show", "--label", "Todos.*toggle", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)

            #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
                Todos.Action.todos(
                  .element(
                    id: 1,
                    action: .toggle
                  )
                )
                Todos.State(
                  … (1 unchanged),
                  todos: [
                    [0, id: 1]: Todo(
                      … (2 unchanged),
              -       isComplete: false
              +       isComplete: true
                    )
                  ]
                )
              effect 1 started (cancellable: sort)
            effect 1 finished at +2.100s after 1.00s (started by #3 Todos.Action.todos(.element(id:, action: .toggle)))

            """))
  }

  @Test func pathFindsElementsById() {
    #expect(
      tcaTrace("show", "--labels-only", "--path", "todos[id:1].title", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
            #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
            #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped

            """))
  }

  @Test func pathAsJSONPointer() {
    #expect(
      tcaTrace("show", "--labels-only", "--path", "/todos/0/isComplete", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
            #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
            #5      +3.000s  6.10µs  Todos.Action.addButtonTapped

            """))
  }

  @Test func timeRange() {
    #expect(
      tcaTrace("show", "--labels-only", "--since", "1s", "--until", "3000ms", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
            #4      +2.100s  2.50µs  Todos.Action.sortCompletedTodos  (from effect 1)
            #5      +3.000s  6.10µs  Todos.Action.addButtonTapped

            """))
  }

  @Test func fullState() {
    #expect(
      tcaTrace("show", "--full-state", "--from", "5", "--to", "5", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)

            #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
                Todos.Action.addButtonTapped
                Todos.State(
                  filter: .all,
                  todos: [
                    [0]: Todo(
                      id: 2,
                      title: "",
                      isComplete: false
                    ),
                    [1]: Todo(
                      id: 1,
                      title: "Milk",
                      isComplete: true
                    )
                  ]
                )
              effect 2 started (cancellable: save)
            note +3.100s info: app moved to the background

            """))
  }

  /// JSON output is trace lines, the session header first (as jq expects of a trace).
  @Test func json() {
    #expect(
      tcaTrace("show", "--format", "json", "--from", "3", "--to", "4", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}
            {"kind":"action","seq":3,"t":1100000000,"duration":4200,"label":"Todos.Action.todos(.element(id:, action: .toggle))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction","element":{"id":1,"action":{"$enum":"Todo.Action","toggle":{}}}}}},"patch":[{"op":"replace","path":"/todos/0/isComplete","value":true}]}
            {"kind":"effect","event":"started","effect":1,"seq":3,"t":1100010000,"label":"Todos.Action.todos(.element(id:, action: .toggle))","id":"sort"}
            {"kind":"effect","event":"output","effect":1,"seq":4,"t":2100000000,"label":"Todos.Action.sortCompletedTodos"}
            {"kind":"action","seq":4,"t":2100000000,"duration":2500,"label":"Todos.Action.sortCompletedTodos","effect":1,"action":{"$enum":"Todos.Action","sortCompletedTodos":{}},"patch":[]}
            {"kind":"effect","event":"finished","effect":1,"t":2100050000}

            """#))
  }

  @Test func labelsOnlyJSON() {
    #expect(
      tcaTrace("show", "--format", "json", "--labels-only", "--label", "addButton", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}
            {"kind":"action","seq":1,"t":18200000,"duration":5100,"label":"Todos.Action.addButtonTapped"}
            {"kind":"action","seq":5,"t":3000000000,"duration":6100,"label":"Todos.Action.addButtonTapped"}

            """))
  }

  /// An action an effect sent keeps its `effect` key, as the trace line and the text's
  /// "(from effect 1)" do.
  @Test func labelsOnlyJSONKeepsTheSendingEffect() {
    #expect(
      tcaTrace("show", "--format", "json", "--labels-only", "--label", "sort", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}
            {"kind":"action","seq":4,"t":2100000000,"duration":2500,"label":"Todos.Action.sortCompletedTodos","effect":1}

            """))
  }

  @Test func colorAlways() {
    #expect(
      tcaTrace("show", "--color", "always", "--labels-only", "--to", "1", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            \u{1B}[33m#1\u{1B}[0m      +0.018s  5.10µs  \u{1B}[1;36mTodos.Action.addButtonTapped\u{1B}[0m

            """))
  }

  @Test func colorAlwaysBeforeTheSubcommandEvenWithNoColor() {
    let run = tcaTrace(
      "--color=always", "show", "--labels-only", "todos.jsonl", in: directory, environment: ["NO_COLOR": "1"])
    #expect(run.stdout.contains("\u{1B}[33m#1\u{1B}[0m"))
  }

  @Test func autoColorIsOffWhenNotATerminal() {
    let run = tcaTrace("show", "--color", "auto", "todos.jsonl", in: directory)
    #expect(run.code == 0 && !run.stdout.contains("\u{1B}["))
  }

  @Test func diffColoredWhenAsked() {
    let run = tcaTrace("show", "--color", "always", "--from", "3", "--to", "3", "todos.jsonl", in: directory)
    #expect(run.stdout.contains("\u{1B}[31m-       isComplete: false\u{1B}[0m"))
    #expect(run.stdout.contains("\u{1B}[32m+       isComplete: true\u{1B}[0m"))
  }

  @Test func labelsOnlyAndFullStateConflict() {
    #expect(
      tcaTrace("show", "--labels-only", "--full-state", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: --labels-only and --full-state cannot be used together
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  @Test func badTime() {
    #expect(
      tcaTrace("show", "--since", "soon", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value 'soon' is invalid for '--since <time>': expected a time such as 1.5s, 200ms, 40us or 900ns
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  @Test func badPath() {
    #expect(
      tcaTrace("show", "--path", "todos[id:", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value 'todos[id:' is invalid for '--path <path>': expected a JSON Pointer or a path such as todos[0].title (unclosed [ at column 6)
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  /// CLI-6: an empty range is a usage error, not an empty output.
  @Test func rangeEndsBeforeItStarts() {
    #expect(
      tcaTrace("show", "--from", "7", "--to", "5", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: --from 7 is after --to 5
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
    #expect(
      tcaTrace("show", "--since", "2s", "--until", "1s", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: --since 2s is after --until 1s
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  /// An empty `--path` or `--label` (an unset shell variable, say) is a usage error, not "all".
  @Test func emptyPathAndLabel() {
    #expect(
      tcaTrace("show", "--path", "", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value '' is invalid for '--path <path>': expected a JSON Pointer or a path such as todos[0].title (empty path)
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
    #expect(
      tcaTrace("show", "--label=", "--labels-only", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value '' is invalid for '--label <pattern>': expected text the label contains (* matches any text)
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  /// A time needs its unit: `--since 5` was read as 5 seconds here and as 5ns by diff.
  @Test func timeWithoutUnit() {
    #expect(
      tcaTrace("show", "--until", "5", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value '5' is invalid for '--until <time>': expected a unit after the number: 5ns, 5us, 5ms or 5s
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  /// The header is there even when no action matches, so a consumer always sees the session;
  /// filters that match nothing exit 1 (nothing found).
  @Test func jsonHeaderWithoutActions() {
    let header = """
      {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}

      """
    #expect(
      tcaTrace("show", "--format", "json", "--label", "nothing", "todos.jsonl", in: directory)
        == ToolRun(stdout: header, code: 1))
    #expect(
      tcaTrace("show", "--format", "json", "--labels-only", "--label", "nothing", "todos.jsonl", in: directory)
        == ToolRun(stdout: header, code: 1))
  }

  /// The labels-only fast path decodes the header in full, so it refuses the headers the full
  /// reader refuses.
  @Test func labelsOnlyRefusesABadHeader() {
    let directory = TemporaryDirectory()
    _ = directory.file(
      "bad.jsonl",
      contents: """
        {"kind":"session","format":1,"prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}
        {"kind":"state","seq":0,"t":0,"state":{}}

        """)
    let expected = ToolRun(
      stderr: """
        bad.jsonl:1: error: session: missing key "name"

        """, code: 2)
    #expect(tcaTrace("show", "--labels-only", "bad.jsonl", in: directory) == expected)
    #expect(tcaTrace("show", "bad.jsonl", in: directory) == expected)
  }

  /// Effects of shown actions that never ended are said after the trace is read (`timings` and
  /// `export` counted them; `show` said nothing).
  @Test func effectsStillRunningAtTheEndAreSaid() {
    let directory = TemporaryDirectory()
    _ = directory.file(
      "running.jsonl",
      contents: [
        SampleTraces.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","n":0}}"#,
        #"{"kind":"action","seq":1,"t":1000000,"duration":1000,"label":"A.load","action":{"$enum":"A","load":{}},"patch":[]}"#,
        #"{"kind":"effect","event":"started","effect":1,"seq":1,"t":1100000,"label":"A.load","id":"load"}"#,
        #"{"kind":"effect","event":"started","effect":2,"seq":1,"t":1200000,"label":"A.load"}"#,
        #"{"kind":"action","seq":2,"t":2000000,"duration":1000,"label":"A.tick","action":{"$enum":"A","tick":{}},"patch":[]}"#,
        #"{"kind":"effect","event":"started","effect":3,"seq":2,"t":2100000,"label":"A.tick"}"#,
        #"{"kind":"effect","event":"finished","effect":2,"t":2500000}"#,
        #"{"kind":"end","t":3000000,"actions":2}"#,
      ].joined(separator: "\n") + "\n")
    #expect(
      tcaTrace("show", "running.jsonl", in: directory).stdoutAfterHeader == """
        #1      +0.001s  1.00µs  A.load
            A.load
          (No state changes)
          effect 1 started (cancellable: load)
          effect 2 started

        #2      +0.002s  1.00µs  A.tick
            A.tick
          (No state changes)
          effect 3 started
        effect 2 finished at +0.002s after 1.30ms (started by #1 A.load)
        end +0.003s: 2 actions
        effect 1 still running at the end (started by #1 A.load)
        effect 3 still running at the end (started by #2 A.tick)

        """)
    // Effects follow their action's filter.
    #expect(
      tcaTrace("show", "--from", "2", "running.jsonl", in: directory).stdout.hasSuffix(
        "end +0.003s: 2 actions\neffect 3 still running at the end (started by #2 A.tick)\n"))
  }
}
