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
