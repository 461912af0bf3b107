import Testing

/// `tca-trace diff --ignore` on dictionaries the trace writes as `$dict` pairs: an entry is
/// named by its key, as `blame` names it (`scores[2]`, `/scores/2`), never by the place of its pair.
@Suite struct DiffIgnoreDictionaryTests {
  static let header =
    #"{"kind":"session","format":2,"reducer":"Scores","name":"Scores","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":100,"redacted":[],"redaction":"default"}"#
  static let initial =
    #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Scores.State","scores":{"$dict":[[1,10],[2,20],[3,30]]},"owners":{"$dict":[[{"$type":"Player.ID","rawValue":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}},"Blob"]]}}}"#

  static func trace(_ operations: String...) -> String {
    """
    \(header)
    \(initial)
    {"kind":"action","seq":1,"t":1000,"duration":2000,"label":"Scores.Action.play","action":{"$enum":"Scores.Action","play":{}},"patch":[\(operations.joined(separator: ","))]}
    {"kind":"end","t":2000,"actions":1}

    """
  }

  let directory: TemporaryDirectory = {
    let directory = TemporaryDirectory()
    _ = directory.file("golden.jsonl", contents: trace(#"{"op":"replace","path":"/scores/$dict/1/1","value":21}"#))
    _ = directory.file("current.jsonl", contents: trace(#"{"op":"replace","path":"/scores/$dict/1/1","value":99}"#))
    // One more entry, with a key that sorts before the others: every pair after it moves.
    _ = directory.file(
      "added.jsonl",
      contents: trace(
        #"{"op":"add","path":"/scores/$dict/0","value":[0,5]}"#,
        #"{"op":"replace","path":"/scores/$dict/2/1","value":21}"#,
        #"{"op":"replace","path":"/owners/$dict/0/1","value":"Blub"}"#))
    return directory
  }()

  static let noDifference = ToolRun(
    stdout: """
      No behavioural differences: golden.jsonl and current.jsonl (1 action each) behave the same.

      """)

  @Test func anEntryIsIgnoredByItsKey() {
    #expect(
      tcaTrace("diff", "--ignore", "scores[2]", "golden.jsonl", "current.jsonl", in: directory) == Self.noDifference)
    #expect(
      tcaTrace("diff", "--ignore", "/scores/2", "golden.jsonl", "current.jsonl", in: directory) == Self.noDifference)
    #expect(tcaTrace("diff", "--ignore", "**.2", "golden.jsonl", "current.jsonl", in: directory) == Self.noDifference)
  }

  /// The pair at place 1 holds key 2: ignoring key 1 leaves key 2's difference (and key 1 is
  /// not counted among the unchanged entries).
  @Test func anotherKeyIsNotThePairAtThatPlace() {
    #expect(
      tcaTrace("diff", "--ignore", "scores[1]", "golden.jsonl", "current.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and current.jsonl differ.

            First divergence: golden seq 1 (line 3), current seq 1 (line 3): Scores.Action.play
              state after the action differs:
                  Scores.State(
                    scores: [
                -     2: 21,
                +     2: 99,
                      … (1 unchanged)
                    ],
                    … (1 unchanged)
                  )

            Summary: 1 action in golden.jsonl, 1 in current.jsonl: 1 aligned, 1 state difference.

            """, code: 1))
  }

  /// An entry only one run has, and an entry keyed by an id type around a UUID (typed in lower
  /// case), are ignored by their keys; the pairs after a new one have moved, and still match.
  @Test func anAddedEntryAndAnIDKey() {
    #expect(
      tcaTrace(
        "diff", "--ignore", "scores[0]", "--ignore", "owners[e621e1f8-c36c-495a-93fc-0c247a3e6e5f]", "golden.jsonl",
        "added.jsonl", in: directory)
        == ToolRun(
          stdout: """
            No behavioural differences: golden.jsonl and added.jsonl (1 action each) behave the same.

            """))
    #expect(
      tcaTrace("diff", "--ignore", "scores[0]", "golden.jsonl", "added.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and added.jsonl differ.

            First divergence: golden seq 1 (line 3), current seq 1 (line 3): Scores.Action.play
              state after the action differs:
                  Scores.State(
                    … (1 unchanged),
                    owners: [
                -     Player.ID(rawValue: UUID(E621E1F8-C36C-495A-93FC-0C247A3E6E5F)): "Blob"
                +     Player.ID(rawValue: UUID(E621E1F8-C36C-495A-93FC-0C247A3E6E5F)): "Blub"
                    ]
                  )

            Summary: 1 action in golden.jsonl, 1 in added.jsonl: 1 aligned, 1 state difference.

            """, code: 1))
  }

  /// A key is any text in brackets, quoted when it holds `]` or `.` (a plain object's member too);
  /// `[id:…]` finds one element by its id, which a pattern does not do.
  @Test func keysInBrackets() {
    #expect(
      tcaTrace("diff", "--ignore", #"scores["2"]"#, "golden.jsonl", "current.jsonl", in: directory) == Self.noDifference
    )
    #expect(
      tcaTrace("diff", "--ignore", "todos[id:3]", "golden.jsonl", "current.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value 'todos[id:3]' is invalid for '--ignore <path>': expected a path such as todos[*].id or /todos/*/id (expected [index], [key], [*] or [**], not [id:…] at column 6)
            Usage: tca-trace diff [<options>] <golden> <current>
              See 'tca-trace diff --help' for more information.

            """, code: 2))
  }
}
