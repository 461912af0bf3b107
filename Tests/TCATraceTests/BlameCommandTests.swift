import Testing

/// `tca-trace blame` (BlameCommand.swift, BlameRunner.swift, StatePath.swift).
@Suite struct BlameCommandTests {
  let directory = TemporaryDirectory.withTodos()

  @Test func fieldOfAnElementFoundById() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "todos[id:1].isComplete", in: directory)
        == ToolRun(
          stdout: """
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

  /// A secret replaced by another reads `<redacted>` on both sides, yet the recorder's replace at
  /// the path says it changed: blame lists it (and not an action that only replaced a neighbour).
  @Test func aReplacedSecretIsAChange() {
    let directory = TemporaryDirectory()
    func action(_ seq: Int, _ patch: String) -> String {
      #"{"kind":"action","seq":\#(seq),"t":\#(seq)000000,"duration":1000,"label":"Settings.Action.save","action":{"$enum":"Settings.Action","save":{}},"patch":\#(patch)}"#
    }
    _ = directory.file(
      "secrets.jsonl",
      contents: [
        SampleTraces.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Settings.State","apiKey":{"$redacted":"String"},"user":"ada"}}"#,
        action(1, #"[{"op":"replace","path":"/apiKey","value":{"$redacted":"String"}}]"#),
        action(2, #"[{"op":"replace","path":"/user","value":"grace"}]"#),
      ].joined(separator: "\n") + "\n")
    #expect(
      tcaTrace("blame", "secrets.jsonl", "apiKey", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.001s  1.00µs  Settings.Action.save
              - <redacted String>
              + <redacted String>
            1 action changed apiKey.

            """))
  }

  @Test func jsonPointerFollowsThePosition() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "/todos/0/title", "--format", "json", in: directory)
        == ToolRun(
          stdout: """
            {"seq":1,"t":18200000,"label":"Todos.Action.addButtonTapped","path":"/todos/0/title","new":""}
            {"seq":2,"t":250000000,"label":"Todos.Action.todos(.element(id:, action: .titleChanged))","path":"/todos/0/title","old":"","new":"Milk"}
            {"seq":5,"t":3000000000,"label":"Todos.Action.addButtonTapped","path":"/todos/0/title","old":"Milk","new":""}

            """))
  }

  @Test func wholeElement() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "todos[id:2]", in: directory)
        == ToolRun(
          stdout: """
            #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
              - (absent)
              + Todo(id: 2, title: "", isComplete: false)
            1 action changed todos[id:2].

            """))
  }

  /// A path in the states that no action changed: nothing found (exit 1), as `show --path` and
  /// `grep` say it; the line says the path is there.
  @Test func nothingChanged() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "filter", in: directory)
        == ToolRun(stdout: "No action changed filter.\n", code: 1))
  }

  @Test func aPathNoStateHasIsSaidSo() {
    #expect(
      tcaTrace("blame", "todos.jsonl", "todos[id:9].title", in: directory)
        == ToolRun(
          stdout: """
            No state has todos[id:9].title: the path is not in any state of this trace.

            """, code: 1))
    #expect(
      tcaTrace("blame", "todos.jsonl", "/nosuch", in: directory)
        == ToolRun(
          stdout: """
            No state has /nosuch: the path is not in any state of this trace.

            """, code: 1))
  }

  /// A dictionary's entry by its key (a number; an id type around a UUID, typed in lower case)
  /// and a set's member by its place: the trace writes them inside `$dict` pairs and `$set`
  /// members, whose pointers are not the path's. `blame` said "No state has scores[5]" and "No
  /// action changed tags[1]"; a key inserted before (#2) shifts the pairs, not the entry.
  /// A JSON Pointer that stops at a container's marker, as copied from a patch
  /// (`/pair/$tuple/x` → `/pair/$tuple`), names the container: the tuple is shown as a tuple
  /// (inside its marker its fields read as a dictionary's entries, `["x": 1, "_1": 2]`), and
  /// `--format json` gives the tuple's pointer and values.
  @Test func aPointerEndingAtAMarkerNamesTheContainer() {
    let directory = TemporaryDirectory()
    _ = directory.file(
      "tuple.jsonl",
      contents: [
        SampleTraces.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","pair":{"$tuple":{"x":1,"_1":2}},"tags":{"$set":["a"]}}}"#,
        #"{"kind":"action","seq":1,"t":1000,"duration":1000,"label":"A.move","action":null,"patch":[{"op":"replace","path":"/pair/$tuple/x","value":5}]}"#,
        #"{"kind":"action","seq":2,"t":2000,"duration":1000,"label":"A.tag","action":null,"patch":[{"op":"add","path":"/tags/$set/1","value":"b"}]}"#,
        #"{"kind":"end","t":3000,"actions":2}"#,
      ].joined(separator: "\n") + "\n")
    #expect(
      tcaTrace("blame", "tuple.jsonl", "/pair/$tuple", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.000s  1.00µs  A.move
              - (x: 1, 2)
              + (x: 5, 2)
            1 action changed /pair/$tuple.

            """))
    #expect(
      tcaTrace("blame", "--format", "json", "tuple.jsonl", "/pair/$tuple", in: directory)
        == ToolRun(
          stdout: #"""
            {"seq":1,"t":1000,"label":"A.move","path":"/pair","old":{"$tuple":{"x":1,"_1":2}},"new":{"$tuple":{"x":5,"_1":2}}}

            """#))
    #expect(
      tcaTrace("blame", "tuple.jsonl", "/tags/$set", in: directory)
        == ToolRun(
          stdout: """
            #2      +0.000s  1.00µs  A.tag
              - Set(["a"])
              + Set(["a", "b"])
            1 action changed /tags/$set.

            """))
  }

  @Test func entriesOfDictionariesAndMembersOfSets() {
    let directory = TemporaryDirectory()
    func action(_ seq: Int, _ label: String, _ operation: String) -> String {
      #"{"kind":"action","seq":\#(seq),"t":\#(seq)000,"duration":1000,"label":"A.\#(label)","action":null,"patch":[\#(operation)]}"#
    }
    _ = directory.file(
      "keys.jsonl",
      contents: [
        SampleTraces.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","scores":{"$dict":[[5,10],[7,1]]},"selection":{"$dict":[[{"$type":"Todo.ID","rawValue":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}},false]]},"tags":{"$set":["a","c"]}}}"#,
        action(1, "score", #"{"op":"replace","path":"/scores/$dict/0/1","value":11}"#),
        action(2, "newPlayer", #"{"op":"add","path":"/scores/$dict/0","value":[1,0]}"#),
        action(3, "score", #"{"op":"replace","path":"/scores/$dict/1/1","value":12}"#),
        action(4, "select", #"{"op":"replace","path":"/selection/$dict/0/1","value":true}"#),
        action(5, "tag", #"{"op":"add","path":"/tags/$set/1","value":"b"}"#),
        #"{"kind":"end","t":6000,"actions":5}"#,
      ].joined(separator: "\n") + "\n")
    #expect(
      tcaTrace("blame", "keys.jsonl", "scores[5]", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.000s  1.00µs  A.score
              - 10
              + 11
            #3      +0.000s  1.00µs  A.score
              - 11
              + 12
            2 actions changed scores[5].

            """))
    #expect(
      tcaTrace("blame", "keys.jsonl", "scores[5]", "--format", "json", in: directory)
        == ToolRun(
          stdout: """
            {"seq":1,"t":1000,"label":"A.score","path":"/scores/$dict/0/1","old":10,"new":11}
            {"seq":3,"t":3000,"label":"A.score","path":"/scores/$dict/1/1","old":11,"new":12}

            """))
    let selected = ToolRun(
      stdout: """
        #4      +0.000s  1.00µs  A.select
          - false
          + true
        1 action changed selection[e621e1f8-c36c-495a-93fc-0c247a3e6e5f].

        """)
    #expect(
      tcaTrace("blame", "keys.jsonl", "selection[e621e1f8-c36c-495a-93fc-0c247a3e6e5f]", in: directory) == selected)
    #expect(
      tcaTrace("blame", "keys.jsonl", "tags[1]", in: directory)
        == ToolRun(
          stdout: """
            #5      +0.000s  1.00µs  A.tag
              - "c"
              + "b"
            1 action changed tags[1].

            """))
    #expect(
      tcaTrace("show", "keys.jsonl", "--path", "scores[5]", "--color", "never", in: directory)
        == ToolRun(
          stdout: """
            Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)

            #1      +0.000s  1.00µs  A.score
                nil
                S(
                  scores: [
              -     5: 10,
              +     5: 11,
                    … (1 unchanged)
                  ],
                  … (2 unchanged)
                )

            #3      +0.000s  1.00µs  A.score
                nil
                S(
                  scores: [
                    … (1 unchanged),
              -     5: 11,
              +     5: 12,
                    … (1 unchanged)
                  ],
                  … (2 unchanged)
                )

            """))
  }

  @Test(arguments: [
    ("todos[", "unclosed [ at column 6"),
    ("todos..title", "empty name at column 7"),
    ("todos[ ]", "expected [index], [key] or [id:value] at column 6"),
    ("todos[0]title", "expected . or [ at column 9"),
    ("/todos/~2", #"invalid pointer "/todos/~2": ~ must be followed by 0 or 1"#),
    ("", "empty path"),
  ])
  func invalidPath(path: String, message: String) {
    #expect(
      tcaTrace("blame", "todos.jsonl", path, in: directory)
        == ToolRun(
          stderr: """
            Error: Invalid path '\(path)': \(message)
            Usage: tca-trace blame [<options>] <file> <path>
              See 'tca-trace blame --help' for more information.

            """, code: 2))
  }
}

/// `blame` reads the trace on a second thread (`ReadAhead`, batches of 512 lines or 1 MB): changes
/// in several batches come out in order, and a bad line far into the trace is its error with the
/// changes before it printed, as when one thread read it.
@Suite struct BlameReadAheadTests {
  static func trace(actions: Int, badLine: Int? = nil) -> String {
    var lines = [
      SampleTraces.header,
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","count":0,"note":""}}"#,
    ]
    for seq in 1...actions {
      // Every 300th action changes `count`; one in the middle carries a 1.2 MB note (its own batch).
      let patch =
        seq == 450
        ? #"[{"op":"replace","path":"/note","value":"\#(String(repeating: "x", count: 1_200_000))"}]"#
        : seq % 300 == 0 ? #"[{"op":"replace","path":"/count","value":\#(seq)}]"# : "[]"
      lines.append(
        #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1_000_000),"duration":1000,"label":"S.Action.tick","action":{"$enum":"S.Action","tick":{}},"patch":\#(patch)}"#
      )
      if lines.count == badLine { lines.append(#"{"kind":"action","seq":"#) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What both traces print first: `count` at actions 300 and 600, in two different batches.
  static let firstTwoChanges = """
    #300    +0.300s  1.00µs  S.Action.tick
      - 0
      + 300
    #600    +0.600s  1.00µs  S.Action.tick
      - 300
      + 600

    """

  @Test func changesInSeveralBatchesComeOutInOrder() {
    let directory = TemporaryDirectory()
    _ = directory.file("long.jsonl", contents: Self.trace(actions: 1_000))
    #expect(
      tcaTrace("blame", "long.jsonl", "count", in: directory)
        == ToolRun(
          stdout: Self.firstTwoChanges + """
            #900    +0.900s  1.00µs  S.Action.tick
              - 600
              + 900
            3 actions changed count.

            """))
  }

  @Test func aBadLineFarIntoTheTraceIsItsError() {
    let directory = TemporaryDirectory()
    _ = directory.file("long.jsonl", contents: Self.trace(actions: 1_000, badLine: 700))
    #expect(
      tcaTrace("blame", "long.jsonl", "count", in: directory)
        == ToolRun(
          stdout: Self.firstTwoChanges,
          stderr: """
            long.jsonl:701:24: error: unexpected end of input

            """, code: 2))
  }
}

/// A JSON Pointer through an array follows the position: an element added or removed before it
/// (without a keyframe) changes the value there, which `blame` and `show --path` must report.
@Suite struct BlameShiftedIndexTests {
  static let trace = """
    \(SampleTraces.header)
    {"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[{"$type":"Todo","id":1,"title":"Milk"}]}}
    {"kind":"action","seq":1,"t":1000000,"duration":1000,"label":"Todos.Action.addButtonTapped","action":{"$enum":"Todos.Action","addButtonTapped":{}},"patch":[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":2,"title":"Eggs"}}]}
    {"kind":"action","seq":2,"t":2000000,"duration":1000,"label":"Todos.Action.rename","action":{"$enum":"Todos.Action","rename":{}},"patch":[{"op":"replace","path":"/todos/0/title","value":"Jam"}]}
    {"kind":"action","seq":3,"t":3000000,"duration":1000,"label":"Todos.Action.deleteFirst","action":{"$enum":"Todos.Action","deleteFirst":{}},"patch":[{"op":"remove","path":"/todos/0"}]}

    """

  let directory = TemporaryDirectory()

  @Test func anElementAddedOrRemovedBeforeThePositionChangesIt() {
    _ = directory.file("shift.jsonl", contents: Self.trace)
    #expect(
      tcaTrace("blame", "shift.jsonl", "/todos/1/title", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.001s  1.00µs  Todos.Action.addButtonTapped
              - (absent)
              + "Milk"
            #3      +0.003s  1.00µs  Todos.Action.deleteFirst
              - "Milk"
              + (absent)
            2 actions changed /todos/1/title.

            """))
    #expect(
      tcaTrace("show", "--labels-only", "--path", "todos[1]", "shift.jsonl", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.001s  1.00µs  Todos.Action.addButtonTapped
            #3      +0.003s  1.00µs  Todos.Action.deleteFirst

            """))
    // By id the element only moved: no change.
    #expect(
      tcaTrace("blame", "shift.jsonl", "todos[id:1].title", in: directory)
        == ToolRun(stdout: "No action changed todos[id:1].title.\n", code: 1))
  }

  /// A state written whole after the first — after coalesced actions, or changed outside the
  /// reducer — is the only record of the changes it carries: `blame` shows it when it changed the
  /// value, and says the states were coalesced (it missed a burst's changes, silently).
  @Test func statesWrittenWholeAreBlamedToo() {
    let directory = TemporaryDirectory()
    func action(_ seq: Int, coalesced: Bool, patch: String) -> String {
      #"{"kind":"action","seq":\#(seq),"t":\#(seq)000000,"duration":1000,"label":"Counter.Action.increment","#
        + (coalesced ? #""coalesced":true,"# : "")
        + #""action":{"$enum":"Counter.Action","increment":{}},"patch":\#(patch)}"#
    }
    _ = directory.file(
      "burst.jsonl",
      contents: [
        SampleTraces.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#,
        action(1, coalesced: false, patch: #"[{"op":"replace","path":"/count","value":1}]"#),
        #"{"kind":"state","seq":1,"changedOutside":true,"t":1500000,"state":{"$type":"Counter.State","count":10}}"#,
        action(2, coalesced: true, patch: "[]"),
        action(3, coalesced: true, patch: "[]"),
        #"{"kind":"note","t":3500000,"note":"info","message":"writer busy: the states of 2 actions (#2–#3) were not captured; the state after #3 follows","coalesced":2}"#,
        #"{"kind":"state","seq":3,"t":3600000,"state":{"$type":"Counter.State","count":12}}"#,
      ].joined(separator: "\n") + "\n")
    #expect(
      tcaTrace("blame", "burst.jsonl", "count", "--color", "never", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.001s  1.00µs  Counter.Action.increment
              - 0
              + 1
            (state changed outside the reducer after #1)
              - 1
              + 10
            (state after #3, recorded whole: it includes the changes of the coalesced actions)
              - 10
              + 12
            1 action changed count; 2 states recorded whole changed it too.

            """,
          stderr:
            "burst.jsonl: warning: the states of 2 actions were not captured (coalesced while the writer was busy): #2–#3; the next recorded state carries their changes\n"
        ))
    #expect(
      tcaTrace("blame", "burst.jsonl", "count", "--format", "json", in: directory).stdout == """
        {"seq":1,"t":1000000,"label":"Counter.Action.increment","path":"/count","old":0,"new":1}
        {"seq":1,"t":1500000,"state":"state changed outside the reducer after #1","path":"/count","old":1,"new":10}
        {"seq":3,"t":3600000,"state":"state after #3, recorded whole: it includes the changes of the coalesced actions","path":"/count","old":10,"new":12}

        """)
  }
}
