import Testing

/// `tca-trace timings` (TimingsCommand.swift, TimingsRunner.swift, TimingsJSON.swift) over the
/// trace layer's `TimingReport`.
@Suite struct TimingsCommandTests {
  let directory = TemporaryDirectory.withTodos()

  @Test func text() {
    #expect(
      tcaTrace("timings", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: """
            6 actions, 4.00s

            action                                             count   total     min    mean     p50     p95     p99     max
            Todos.Action.clearCompletedButtonTapped                1   250µs   250µs   250µs   250µs   250µs   250µs   250µs
            Todos.Action.to…ent(id:, action: .titleChanged))       1  12.3µs  12.3µs  12.3µs  12.3µs  12.3µs  12.3µs  12.3µs
            Todos.Action.addButtonTapped                           2  11.2µs  5.10µs  5.60µs  5.10µs  6.10µs  6.10µs  6.10µs
            Todos.Action.to…(.element(id:, action: .toggle))       1  4.20µs  4.20µs  4.20µs  4.20µs  4.20µs  4.20µs  4.20µs
            Todos.Action.sortCompletedTodos                        1  2.50µs  2.50µs  2.50µs  2.50µs  2.50µs  2.50µs  2.50µs

            effect lifetime (by origin)                      started outputs  cancel running   total     min    mean     p50     p95     p99     max
            Todos.Action.addButtonTapped                           1       0       1       0   500ms   500ms   500ms   500ms   500ms   500ms   500ms
            Todos.Action.to…(.element(id:, action: .toggle))       1       1       0       0   1.00s   1.00s   1.00s   1.00s   1.00s   1.00s   1.00s

            slowest actions
              6     250µs  Todos.Action.clearCompletedButtonTapped
              2    12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
              5    6.10µs  Todos.Action.addButtonTapped
              1    5.10µs  Todos.Action.addButtonTapped
              3    4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
              4    2.50µs  Todos.Action.sortCompletedTodos

            reducer                                          |..     .       .     .   .   |
            Todos.Action.to…(.element(id:, action: .toggle)) |       .#######.             |
            Todos.Action.addButtonTapped                     |                     .###:   |
                                                             0                         4.00s
                                                             busy: . <⅓  : <⅔  = <95%  # full or overlapping

            """))
  }

  @Test func timelineFitsColumns() {
    #expect(
      tcaTrace("timings", "--top", "0", "todos.jsonl", in: directory, environment: ["COLUMNS": "50"])
        == ToolRun(
          stdout: """
            6 actions, 4.00s

            action                                             count   total     min    mean     p50     p95     p99     max
            Todos.Action.clearCompletedButtonTapped                1   250µs   250µs   250µs   250µs   250µs   250µs   250µs
            Todos.Action.to…ent(id:, action: .titleChanged))       1  12.3µs  12.3µs  12.3µs  12.3µs  12.3µs  12.3µs  12.3µs
            Todos.Action.addButtonTapped                           2  11.2µs  5.10µs  5.60µs  5.10µs  6.10µs  6.10µs  6.10µs
            Todos.Action.to…(.element(id:, action: .toggle))       1  4.20µs  4.20µs  4.20µs  4.20µs  4.20µs  4.20µs  4.20µs
            Todos.Action.sortCompletedTodos                        1  2.50µs  2.50µs  2.50µs  2.50µs  2.50µs  2.50µs  2.50µs

            effect lifetime (by origin)                      started outputs  cancel running   total     min    mean     p50     p95     p99     max
            Todos.Action.addButtonTapped                           1       0       1       0   500ms   500ms   500ms   500ms   500ms   500ms   500ms
            Todos.Action.to…(.element(id:, action: .toggle))       1       1       0       0   1.00s   1.00s   1.00s   1.00s   1.00s   1.00s   1.00s

            reducer                                          |. .  . .. |
            Todos.Action.to…(.element(id:, action: .toggle)) |  .##.    |
            Todos.Action.addButtonTapped                     |       := |
                                                             0      4.00s
                                                             busy: . <⅓  : <⅔  = <95%  # full or overlapping

            """))
  }

  @Test func runningEffectsAtTheEnd() {
    let trace = """
      \(SampleTraces.header)
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":1000,"duration":100,"label":"A.start","action":{"$enum":"A","start":{}},"patch":[]}
      {"kind":"effect","event":"started","effect":7,"t":1100,"seq":1,"label":"A.start"}

      """
    #expect(
      tcaTrace("timings", "--top", "1", "--width", "30", "-", stdin: trace)
        == ToolRun(
          stdout: """
            1 action, 1.10µs

            action                        count   total     min    mean     p50     p95     p99     max
            A.start                           1   100ns   100ns   100ns   100ns   100ns   100ns   100ns

            effect lifetime (by origin) started outputs  cancel running   total     min    mean     p50     p95     p99     max
            A.start                           1       0       0       1       -       -       -       -       -       -       -

            slowest actions
              1     100ns  A.start

            reducer                     |         =|
                                        0     1.10µs
                                        busy: . <⅓  : <⅔  = <95%  # full or overlapping

            """))
  }

  /// CLI-3: the timeline is laid out for the labels as printed (escaped), so it stays `--width` wide.
  @Test func escapedLabelsKeepTheTimelineWithinTheWidth() {
    let trace = """
      \(SampleTraces.header)
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":1000,"duration":100,"label":"A.\\u0001\\u0002","action":{"$enum":"A","start":{}},"patch":[]}
      {"kind":"action","seq":2,"t":3000,"duration":200,"label":"A.\\u0001\\u0002","action":{"$enum":"A","start":{}},"patch":[]}

      """
    #expect(
      tcaTrace("timings", "--width", "40", "-", stdin: trace)
        == ToolRun(
          stdout: #"""
            2 actions, 3.20µs

            action         count   total     min    mean     p50     p95     p99     max
            A.\u{1}\u{2}       2   300ns   100ns   150ns   100ns   200ns   200ns   200ns

            slowest actions
              2     200ns  A.\u{1}\u{2}
              1     100ns  A.\u{1}\u{2}

            reducer      |       .:              :#|
                         0                    3.20µs
                         busy: . <⅓  : <⅔  = <95%  # full or overlapping

            """#))
  }

  /// Nested TCA labels are told apart by their end: a `--width` with room for them shows them
  /// whole (they were cut at 48 characters whatever the width); at 80 columns they are cut.
  @Test func longLabelsUseTheRoomTheWidthGives() {
    let trace = #"""
      {"kind":"session","format":1,"name":"App","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":1000,"redacted":[]}
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":1000,"duration":100,"label":"App.Action.path(.element(id:, action: .detail(.destination(.presented(.editTapped)))))","action":{"$enum":"A","start":{}},"patch":[]}
      {"kind":"action","seq":2,"t":3000,"duration":200,"label":"App.Action.path(.element(id:, action: .detail(.destination(.presented(.saveTapped)))))","action":{"$enum":"A","start":{}},"patch":[]}

      """#
    #expect(
      tcaTrace("timings", "--width", "160", "-", stdin: trace)
        == ToolRun(
          stdout: """
            2 actions, 3.20µs

            action                                                                                   count   total     min    mean     p50     p95     p99     max
            App.Action.path(.element(id:, action: .detail(.destination(.presented(.saveTapped)))))       1   200ns   200ns   200ns   200ns   200ns   200ns   200ns
            App.Action.path(.element(id:, action: .detail(.destination(.presented(.editTapped)))))       1   100ns   100ns   100ns   100ns   100ns   100ns   100ns

            slowest actions
              2     200ns  App.Action.path(.element(id:, action: .detail(.destination(.presented(.saveTapped)))))
              1     100ns  App.Action.path(.element(id:, action: .detail(.destination(.presented(.editTapped)))))

            reducer                                                                                |                      =#:                                         :####|
                                                                                                   0                                                                  3.20µs
                                                                                                   busy: . <⅓  : <⅔  = <95%  # full or overlapping

            """))
    // Narrower: each label keeps its start and its end, which tells the two apart.
    let narrow = tcaTrace("timings", "--width", "80", "-", stdin: trace).stdout
    #expect(narrow.contains("\nApp.Action.path…tion(.presented(.saveTapped)))))       1   200ns"))
    #expect(narrow.contains("\nApp.Action.path…tion(.presented(.editTapped)))))       1   100ns"))
  }

  @Test func json() {
    #expect(
      tcaTrace("timings", "--format", "json", "--top", "2", "todos.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            {"actions":6,"end":4000000000,"reducers":[{"label":"Todos.Action.clearCompletedButtonTapped","count":1,"total":250000,"min":250000,"mean":250000,"p50":250000,"p95":250000,"p99":250000,"max":250000},{"label":"Todos.Action.todos(.element(id:, action: .titleChanged))","count":1,"total":12300,"min":12300,"mean":12300,"p50":12300,"p95":12300,"p99":12300,"max":12300},{"label":"Todos.Action.addButtonTapped","count":2,"total":11200,"min":5100,"mean":5600,"p50":5100,"p95":6100,"p99":6100,"max":6100},{"label":"Todos.Action.todos(.element(id:, action: .toggle))","count":1,"total":4200,"min":4200,"mean":4200,"p50":4200,"p95":4200,"p99":4200,"max":4200},{"label":"Todos.Action.sortCompletedTodos","count":1,"total":2500,"min":2500,"mean":2500,"p50":2500,"p95":2500,"p99":2500,"max":2500}],"effects":[{"label":"Todos.Action.addButtonTapped","started":1,"outputs":0,"finished":0,"cancelled":1,"running":0,"lifetime":{"count":1,"total":500280000,"min":500280000,"mean":500280000,"p50":500280000,"p95":500280000,"p99":500280000,"max":500280000}},{"label":"Todos.Action.todos(.element(id:, action: .toggle))","started":1,"outputs":1,"finished":1,"cancelled":0,"running":0,"lifetime":{"count":1,"total":1000040000,"min":1000040000,"mean":1000040000,"p50":1000040000,"p95":1000040000,"p99":1000040000,"max":1000040000}}],"slowest":[{"seq":6,"t":3500000000,"duration":250000,"label":"Todos.Action.clearCompletedButtonTapped"},{"seq":2,"t":250000000,"duration":12300,"label":"Todos.Action.todos(.element(id:, action: .titleChanged))"}]}

            """#))
  }

  @Test func widthTooSmall() {
    #expect(
      tcaTrace("timings", "--width", "5", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value '5' is invalid for '--width <columns>': expected at least 20 columns
            Usage: tca-trace timings [<options>] <file>
              See 'tca-trace timings --help' for more information.

            """, code: 2))
  }
}
