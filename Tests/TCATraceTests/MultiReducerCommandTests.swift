import Testing

/// A file two reducers wrote (format 2): `validate` checks both; every reading subcommand takes
/// `--prefix` to read the second.
@Suite struct MultiReducerCommandTests {
  static let trace = """
    {"kind":"session","format":2,"reducer":"counter","name":"Counter","prefix":"counter","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"Linux x86_64","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}
    {"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}
    {"kind":"session","format":2,"reducer":"other","name":"Counter","prefix":"other","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"Linux x86_64","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}
    {"kind":"state","reducer":"other","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}
    {"kind":"action","seq":1,"t":1000000,"duration":0,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
    {"kind":"action","reducer":"other","seq":1,"t":2000000,"duration":0,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
    {"kind":"action","reducer":"other","seq":2,"t":3000000,"duration":0,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":2}]}
    {"kind":"end","t":4000000,"actions":1}
    {"kind":"end","reducer":"other","t":5000000,"actions":2}

    """

  @Test func validateChecksEveryReducerOfTheFile() {
    let directory = TemporaryDirectory()
    _ = directory.file("two.jsonl", contents: Self.trace)
    _ = directory.file("bad.jsonl", contents: Self.trace.replacingOccurrences(of: #""seq":2,"#, with: #""seq":4,"#))
    #expect(
      tcaTrace("validate", "two.jsonl", in: directory)
        == ToolRun(stdout: "two.jsonl (reducers \"counter\", \"other\"): valid\n"))
    #expect(
      tcaTrace("validate", "bad.jsonl", in: directory)
        == ToolRun(
          stdout: """
            bad.jsonl:7: error: sequence gap: expected seq 2, found 4 with no gap note before it
            bad.jsonl:9: error: end says 2 actions, but the last action is 4
            bad.jsonl (reducers "counter", "other"): 2 problems

            """, code: 1))
    #expect(
      tcaTrace("validate", "--prefix", "counter", "bad.jsonl", in: directory) == ToolRun(stdout: "bad.jsonl: valid\n"))
  }

  /// Standard input cannot be read again per reducer: every session is checked in one pass, the
  /// file's answer (it was `<stdin>: warning: this trace also holds reducer "other" …`, exit 1).
  @Test func validateChecksEveryReducerOnStandardInput() {
    #expect(
      tcaTrace("validate", "-", stdin: Self.trace)
        == ToolRun(stdout: "<stdin> (reducers \"counter\", \"other\"): valid\n"))
    #expect(
      tcaTrace("validate", "-", stdin: Self.trace.replacingOccurrences(of: #""seq":2,"#, with: #""seq":4,"#))
        == ToolRun(
          stdout: """
            <stdin>:7: error: sequence gap: expected seq 2, found 4 with no gap note before it
            <stdin>:9: error: end says 2 actions, but the last action is 4
            <stdin> (reducers "counter", "other"): 2 problems

            """, code: 1))
    #expect(
      tcaTrace("validate", "--prefix", "other", "-", stdin: Self.trace) == ToolRun(stdout: "<stdin>: valid\n"))
  }

  /// A tagged line before its session's header: what a reader of that session says, and the
  /// session's other lines are not checked.
  @Test func validateReportsALineBeforeItsSessionHeader() {
    let lines = Self.trace.split(separator: "\n", omittingEmptySubsequences: false)
    let swapped = ([lines[0], lines[1], lines[3], lines[2]] + lines[4...]).joined(separator: "\n")
    #expect(
      tcaTrace("validate", "-", stdin: swapped)
        == ToolRun(
          stdout: """
            <stdin>:3: error: first line must be a session header, found "state"
            <stdin> (reducers "counter", "other"): 1 problem

            """, code: 1))
  }

  /// A second `session` line with a tag already taken, by a later session or line 1's: the
  /// reader of that session read both as one (`validate` said `valid` for line 1's tag, `(reducers
  /// "counter", "counter")`).
  @Test func aSecondSessionWithATakenTagIsAnError() {
    let lines = Self.trace.split(separator: "\n", omittingEmptySubsequences: false)
    let again = (lines[0...5] + [lines[2]] + lines[6...]).joined(separator: "\n")
    let directory = TemporaryDirectory()
    _ = directory.file("again.jsonl", contents: again)
    #expect(
      tcaTrace("validate", "again.jsonl", in: directory)
        == ToolRun(
          stdout: """
            again.jsonl:7: error: reducer "other": a second session header with this tag (the first is on line 3)
            again.jsonl (reducers "counter", "other"): 1 problem

            """, code: 1))
    #expect(
      tcaTrace("show", "--prefix", "other", "again.jsonl", in: directory).stderr
        == "again.jsonl:7: error: reducer \"other\": a second session header with this tag (the first is on line 3)\n")
    // The first session's reader does not read the other session's lines: no error there.
    #expect(
      tcaTrace("validate", "--prefix", "counter", "again.jsonl", in: directory)
        == ToolRun(stdout: "again.jsonl: valid\n"))
    #expect(
      tcaTrace("validate", "-", stdin: Self.firstTagAgain)
        == ToolRun(
          stdout: """
            <stdin>:4: error: reducer "counter": a second session header with this tag (the first is on line 1)
            <stdin> (reducers "counter"): 1 problem

            """, code: 1))
    #expect(
      tcaTrace("show", "-", stdin: Self.firstTagAgain)
        == ToolRun(
          stdout: """
            Counter (counter) — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.001s     0ns  Counter.Action.incrementButtonTapped
                Counter.Action.incrementButtonTapped
                Counter.State(
              -   count: 0
              +   count: 1
                )

            """,
          stderr: """
            <stdin>:4: error: reducer "counter": a second session header with this tag (the first is on line 1)

            """, code: 2))
  }

  /// On a file read on several threads (`timings`, `show --labels-only`), the threads after the
  /// first know line 1's tag too: the same error as on one thread (it exited 0 with a warning).
  @Test func aTakenTagIsAnErrorOnEveryThread() {
    let directory = TemporaryDirectory()
    _ = directory.file("again.jsonl", contents: Self.firstTagAgain)
    let threads = ["TCA_TRACE_SUMMARY_RANGE_BYTES": "300", "TCA_TRACE_SUMMARY_THREADS": "3"]
    let error =
      "again.jsonl:4: error: reducer \"counter\": a second session header with this tag (the first is on line 1)\n"
    for command in [["timings"], ["show", "--labels-only"]] {
      let one = tcaTrace(command + ["again.jsonl"], in: directory)
      let three = tcaTrace(command + ["again.jsonl"], in: directory, environment: threads)
      #expect(one.stderr == error)
      #expect(one.code == 2)
      #expect(three.stdout == one.stdout)
      #expect(three.stderr == error)
      #expect(three.code == 2)
    }
  }

  /// Line 1's session, then a second header with its tag and that session's lines.
  static let firstTagAgain: String = {
    let lines = trace.split(separator: "\n").map {
      String($0).replacingOccurrences(of: #""reducer":"other""#, with: #""reducer":"counter""#)
    }
    return [lines[0], lines[1], lines[4], lines[0], lines[3], lines[5], lines[7], lines[8], ""].joined(separator: "\n")
  }()

  /// A later session is selected by its prefix or name too, as by its tag (its `session` line
  /// says which tag its lines carry): `--prefix Settings` found no reducer.
  @Test func aLaterSessionIsSelectedByItsName() {
    let directory = TemporaryDirectory()
    _ = directory.file(
      "named.jsonl",
      contents: Self.trace.replacingOccurrences(
        of: #""reducer":"other","name":"Counter","prefix":"other""#,
        with: #""reducer":"other","name":"Settings","prefix":"panel""#))
    for name in ["other", "Settings", "panel"] {
      #expect(
        tcaTrace("state", "--prefix", name, "named.jsonl", in: directory)
          == ToolRun(stdout: "Counter.State(\n  count: 2\n)\n"), "\(name)")
    }
    #expect(
      tcaTrace("state", "--prefix", "Nothing", "named.jsonl", in: directory)
        == ToolRun(
          stderr: #"named.jsonl:1: error: no reducer "Nothing" in this trace; it holds "counter", "other""# + "\n",
          code: 2))
  }

  @Test func stateBlameCatAndTestgenReadTheReducerPrefixSelects() {
    let directory = TemporaryDirectory()
    _ = directory.file("two.jsonl", contents: Self.trace)
    #expect(
      tcaTrace("state", "--prefix", "other", "two.jsonl", in: directory)
        == ToolRun(stdout: "Counter.State(\n  count: 2\n)\n"))
    #expect(
      tcaTrace("blame", "--prefix", "other", "two.jsonl", "count", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.002s     0ns  Counter.Action.incrementButtonTapped
              - 0
              + 1
            #2      +0.003s     0ns  Counter.Action.incrementButtonTapped
              - 1
              + 2
            2 actions changed count.

            """))
    #expect(
      tcaTrace("cat", "--prefix", "other", "two.jsonl", in: directory).stdout.split(separator: "\n").count == 5)
    #expect(tcaTrace("testgen", "--prefix", "other", "two.jsonl", in: directory).stdout.contains("actions #1…#2"))
    #expect(
      tcaTrace("state", "--prefix", "nope", "two.jsonl", in: directory)
        == ToolRun(
          stderr: "two.jsonl:1: error: no reducer \"nope\" in this trace; it holds \"counter\", \"other\"\n", code: 2))
  }
}
