import Testing

/// `tca-trace diff` with input it cannot compare: exit code 2 and the exact message.
@Suite struct DiffErrorTests {
  let directory = DiffTraces.directory()

  @Test func mismatchedFormatVersions() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "format2.jsonl", in: directory)
        == ToolRun(
          stderr: """
            format2.jsonl:1: error: unsupported trace format 3; this tca-trace reads formats 1, 2

            """, code: 2))
    #expect(
      tcaTrace("diff", "format2.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stderr: """
            format2.jsonl:1: error: unsupported trace format 3; this tca-trace reads formats 1, 2

            """, code: 2))
  }

  @Test func standardInputForBothRuns() {
    #expect(
      tcaTrace("diff", "-", "-", in: directory, stdin: SampleTraces.todos)
        == ToolRun(
          stderr: """
            Error: <golden> and <current> cannot both be - (standard input is read once)
            Usage: tca-trace diff [<options>] <golden> <current>
              See 'tca-trace diff --help' for more information.

            """, code: 2))
  }

  @Test func emptyFile() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "empty.jsonl", in: directory)
        == ToolRun(
          stderr: """
            empty.jsonl:1: error: empty trace: expected a session header

            """, code: 2))
  }

  /// A file whose only line is cut off: the warning first, as every other command prints it
  /// (BadInputTests.onlyLineCutOff), then the error; on either side.
  @Test func onlyLineCutOff() {
    _ = directory.file("cut.jsonl", contents: String(SampleTraces.header.prefix(60)))
    let expected = ToolRun(
      stderr: """
        cut.jsonl:1: warning: truncated last line (no newline at the end); ignored
        cut.jsonl:1: error: empty trace: expected a session header

        """, code: 2)
    #expect(tcaTrace("diff", "golden.jsonl", "cut.jsonl", in: directory) == expected)
    #expect(tcaTrace("diff", "cut.jsonl", "golden.jsonl", in: directory) == expected)
  }

  @Test func truncatedFile() {
    // Every whole line is compared; the cut-off line is a warning.
    #expect(
      tcaTrace("diff", "golden.jsonl", "truncated.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and truncated.jsonl differ.

            First divergence: golden seq 3 (line 5), current seq 3 (line 5): Counter.Action.factButtonTapped
              effects differ:
                effect 1 in golden:  id "fact", sent Counter.Action.factResponse(_:), finished
                effect 1 in current: not started

            Summary: 4 actions in golden.jsonl, 3 in truncated.jsonl: 3 aligned, 1 missing, 1 state difference, 1 effect difference.

            Other differences:

            golden seq 4 (line 8), current –: Counter.Action.factResponse(_:)
              action missing from the current run

            the end, after golden seq 4 (line 8), current seq 3 (line 5)
              final state differs:
                  Counter.State(
                    … (1 unchanged),
                -   fact: "2 is prime"
                +   fact: nil
                  )

            """,
          stderr: """
            truncated.jsonl:6: warning: truncated last line (no newline at the end); ignored

            """, code: 1))
  }

  @Test func badLine() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "badline.jsonl", in: directory)
        == ToolRun(
          stderr: """
            badline.jsonl:4:30: error: unexpected end of input

            """, code: 2))
  }

  @Test func missingFile() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "nope.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: cannot open 'nope.jsonl': No such file or directory

            """, code: 2))
  }

  @Test func badOptions() {
    #expect(
      tcaTrace("diff", "--ignore", "todos[]", "golden.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value 'todos[]' is invalid for '--ignore <path>': expected a path such as todos[*].id or /todos/*/id (expected [index], [key], [*] or [**] at column 6)
            Usage: tca-trace diff [<options>] <golden> <current>
              See 'tca-trace diff --help' for more information.

            """, code: 2))
    #expect(
      tcaTrace("diff", "--threshold", "lots", "golden.jsonl", "golden.jsonl", in: directory).stderr.hasPrefix(
        """
        Error: The value 'lots' is invalid for '--threshold <percent>': expected a percentage such as 25%
        """))
    #expect(
      tcaTrace("diff", "--min-difference", "1 hour", "golden.jsonl", "golden.jsonl", in: directory).stderr.hasPrefix(
        """
        Error: The value '1 hour' is invalid for '--min-difference <duration>': expected a duration such as 1ms, 250us or 500ns
        """))
    #expect(
      tcaTrace("diff", "--format", "xml", "golden.jsonl", "golden.jsonl", in: directory).stderr.hasPrefix(
        """
        Error: The value 'xml' is invalid for '--format <format>': expected text, json, junit or github
        """))
    #expect(
      tcaTrace("diff", "golden.jsonl", in: directory).stderr.hasPrefix(
        """
        Error: Missing expected argument '<current>'
        """))
  }

  /// A duration needs its unit: `--min-difference 5` was read as 5ns (and `show --since 5` as 5s).
  @Test func durationWithoutUnit() {
    #expect(
      tcaTrace("diff", "--timings", "--min-difference", "5", "golden.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value '5' is invalid for '--min-difference <duration>': expected a unit after the number: 5ns, 5us, 5ms or 5s
            Usage: tca-trace diff [<options>] <golden> <current>
              See 'tca-trace diff --help' for more information.

            """, code: 2))
  }

  /// Two runs whose states are not in the value form where they differ: the golden run's first
  /// such part is the error, as when the whole states were converted, whichever part the diff
  /// met first. A part not in the value form where the states are equal is not read.
  @Test func aStateNotInTheValueForm() {
    func trace(_ state: String) -> String {
      DiffTraces.header + "\n" + #"{"kind":"state","seq":0,"t":0,"state":"# + state + "}\n"
    }
    _ = directory.file("bad-b.jsonl", contents: trace(#"{"$type":"S","a":1,"b":{"$uuid":"bad"}}"#))
    _ = directory.file("bad-a.jsonl", contents: trace(#"{"$type":"S","a":{"$uuid":"bad2"},"b":1}"#))
    #expect(
      tcaTrace("diff", "bad-b.jsonl", "bad-a.jsonl", in: directory)
        == ToolRun(
          stderr: """
            bad-b.jsonl:2: error: not a value in the trace's value form: in the state, at /b: invalid UUID "bad"

            """, code: 2))
    _ = directory.file("equal-bad-1.jsonl", contents: trace(#"{"$type":"S","u":{"$uuid":"bad"},"b":1}"#))
    _ = directory.file("equal-bad-2.jsonl", contents: trace(#"{"$type":"S","u":{"$uuid":"bad"},"b":2}"#))
    #expect(
      tcaTrace("diff", "--color", "never", "equal-bad-1.jsonl", "equal-bad-2.jsonl", in: directory)
        == ToolRun(
          stdout: """
            equal-bad-1.jsonl and equal-bad-2.jsonl differ.

            First divergence: the initial state
              initial state differs:
                  S(
                    … (1 unchanged),
                -   b: 1
                +   b: 2
                  )

            Summary: 0 actions in equal-bad-1.jsonl, 0 in equal-bad-2.jsonl: 0 aligned, 1 state difference.

            """, code: 1))
  }
}
