import Debugging
import Testing

@testable import tca_trace

/// The tool's shell: help, version, subcommand dispatch and usage errors (TraceTool.swift,
/// HelpText.swift, ArgumentParser.swift).
@Suite struct CommandLineTests {
  @Test func version() {
    #expect(tcaTrace("--version") == ToolRun(stdout: "tca-trace 0.1.0 (trace format 1)\n"))
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func toolHelp(arguments: [String]) {
    #expect(
      tcaTrace(arguments)
        == ToolRun(
          stdout: """
            OVERVIEW: Read, compare and picture traces recorded by .debug().

            USAGE: tca-trace <subcommand> [<options>] <file>

            OPTIONS:
              --color <when>          always, never or auto (default: auto, only on a terminal without
                                      NO_COLOR).
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              show                    Show each action with its state changes and effects.
              timings                 Reducer and effect timing statistics, the slowest actions and a timeline.
              state                   Print the full state after an action.
              cat                     Print the trace; --full expands every action line to its full state.
              blame                   List every action that changed the state at a path, with old and new
                                      values.
              validate                Check a trace's lines and values; report each problem with its line (exit
                                      1 when any).
              diff                    Compare two recorded runs; exit 1 when they behave differently (or got
                                      slower).
              export                  Export a trace as Chrome Trace Event JSON for ui.perfetto.dev or
                                      chrome://tracing.
              report                  Write a self-contained HTML report of a trace: timeline, actions, diffs,
                                      timings.
              testgen                 Write a Swift Testing test that replays the trace with a TestStore, step
                                      by step.

              See 'tca-trace help <subcommand>' for detailed help.

            """))
  }

  /// CLI-7: no subcommand is a usage error: the help on standard error, exit code 2.
  @Test(arguments: [[], ["--color", "never"]])
  func missingSubcommand(arguments: [String]) {
    #expect(
      tcaTrace(arguments)
        == ToolRun(
          stderr: """
            Error: Missing expected subcommand

            OVERVIEW: Read, compare and picture traces recorded by .debug().

            USAGE: tca-trace <subcommand> [<options>] <file>

            OPTIONS:
              --color <when>          always, never or auto (default: auto, only on a terminal without
                                      NO_COLOR).
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              show                    Show each action with its state changes and effects.
              timings                 Reducer and effect timing statistics, the slowest actions and a timeline.
              state                   Print the full state after an action.
              cat                     Print the trace; --full expands every action line to its full state.
              blame                   List every action that changed the state at a path, with old and new
                                      values.
              validate                Check a trace's lines and values; report each problem with its line (exit
                                      1 when any).
              diff                    Compare two recorded runs; exit 1 when they behave differently (or got
                                      slower).
              export                  Export a trace as Chrome Trace Event JSON for ui.perfetto.dev or
                                      chrome://tracing.
              report                  Write a self-contained HTML report of a trace: timeline, actions, diffs,
                                      timings.
              testgen                 Write a Swift Testing test that replays the trace with a TestStore, step
                                      by step.

              See 'tca-trace help <subcommand>' for detailed help.

            """, code: 2))
  }

  @Test(arguments: [
    ["state", "--help"], ["state", "-h"], ["help", "state"], ["state", "log.jsonl", "--at", "x", "--help"],
  ])
  func subcommandHelp(arguments: [String]) {
    #expect(
      tcaTrace(arguments)
        == ToolRun(
          stdout: """
            OVERVIEW: Print the full state after an action.

            Exit code: 0 when the state is printed, 1 when the trace has no such action (nothing found, as show
            and blame say it), 2 for a usage error or an unreadable trace.

            USAGE: tca-trace state [<options>] <file>

            ARGUMENTS:
              <file>                  The trace to read (JSON Lines, format 1 or 2); - reads standard input.

            OPTIONS:
              --prefix <name>         In a trace several reducers wrote, read this one (its prefix or name;
                                      default: the first).
              --at <seq>              The action's sequence number; 0 is the initial state (default: the last
                                      action).
              --format <format>       Output format: text or json (default: text).
              --max-line-length <bytes>
                                      Longest trace line read: bytes, or with K, M or G (default: 256M); a
                                      longer line is an error.
              --color <when>          Colour the output: always, never or auto (default: auto, only on a
                                      terminal without NO_COLOR).
              -h, --help              Show help information.

            """))
  }

  /// CLI-9: a subcommand's description is wrapped at 100 columns.
  @Test func diffHelpIsWrapped() {
    #expect(
      tcaTrace("diff", "--help")
        == ToolRun(
          stdout: #"""
            OVERVIEW: Compare two recorded runs; exit 1 when they behave differently (or got slower).

            Aligns the two runs' actions (by label and value), then reports actions missing from the current
            run, extra ones, aligned actions whose value, resulting state or effects differ, and (with
            --timings) reducer and effect timing regressions. The first divergence comes first, then a summary.

            Ignored paths are walked in the trace's JSON form of states and actions: todos[*].id, **.timestamp,
            /todos/*/id; * is one segment, ** any number. A dictionary's entry is named by its key, as blame
            names it: scores[5], /scores/5, settings["a.b"].

            Exit codes: 0 equivalent, 1 differences or timing regressions, 2 unreadable input.

            USAGE: tca-trace diff [<options>] <golden> <current>

            ARGUMENTS:
              <golden>                The reference trace (e.g. committed with the tests).
              <current>               The trace of the run to check; - reads standard input.

            OPTIONS:
              --prefix <name>         In a trace several reducers wrote, read this one (its prefix or name;
                                      default: the first).
              --ignore <path>         Ignore this path in states and actions (repeatable): todos[*].id,
                                      **.timestamp.
              --timings               Also compare per-label reducer durations and effect lifetimes (p50, p95).
              --threshold <percent>   With --timings: slower by more than this is a regression (default: 25%).
              --min-difference <duration>
                                      With --timings: and by at least this much, with its unit (default: 1ms;
                                      ns, us, ms or s).
              --window <actions>      Actions aligned at a time on each side (default: 1024).
              --format <format>       Output format: text, json, junit or github (default: text).
              --max-line-length <bytes>
                                      Longest trace line read: bytes, or with K, M or G (default: 256M); a
                                      longer line is an error.
              --color <when>          Colour the output: always, never or auto (default: auto, only on a
                                      terminal without NO_COLOR).
              -h, --help              Show help information.

            """#))
  }

  /// QA: option rows were not wrapped (only descriptions were): no help line is wider than 100.
  @Test func everyHelpLineFitsIn100Columns() {
    for arguments in [["--help"]] + CommandRegistry.commands.map({ [$0.name, "--help"] }) {
      let run = tcaTrace(arguments)
      for line in run.stdout.split(separator: "\n") where line.count > 100 {
        Issue.record("\(arguments.joined(separator: " ")): \(line.count) columns: \(line)")
      }
    }
  }

  @Test func everySubcommandHasHelp() {
    for name in ["show", "timings", "state", "cat", "blame", "validate", "diff", "export", "report", "testgen"] {
      let run = tcaTrace(name, "--help")
      #expect(run.code == 0 && run.stderr.isEmpty && run.stdout.hasPrefix("OVERVIEW: "), "\(name)")
      #expect(run.stdout.contains("USAGE: tca-trace \(name) [<options>]"), "\(name)")
    }
  }

  @Test func unknownSubcommand() {
    #expect(
      tcaTrace("frobnicate", "log.jsonl")
        == ToolRun(
          stderr: """
            Error: Unknown subcommand 'frobnicate'
            Usage: tca-trace <subcommand> [<options>] <file>
              See 'tca-trace --help' for more information.

            """, code: 2))
  }

  @Test func helpForUnknownSubcommand() {
    #expect(
      tcaTrace("help", "frobnicate")
        == ToolRun(
          stderr: """
            Error: Unknown subcommand 'frobnicate'
            Usage: tca-trace <subcommand> [<options>] <file>
              See 'tca-trace --help' for more information.

            """, code: 2))
  }

  @Test func unknownToolOption() {
    #expect(
      tcaTrace("--frobnicate")
        == ToolRun(
          stderr: """
            Error: Unknown option '--frobnicate'
            Usage: tca-trace <subcommand> [<options>] <file>
              See 'tca-trace --help' for more information.

            """, code: 2))
  }

  @Test func missingFile() {
    #expect(
      tcaTrace("show")
        == ToolRun(
          stderr: """
            Error: Missing expected argument '<file>'
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  @Test func unexpectedArgument() {
    #expect(
      tcaTrace("timings", "a.jsonl", "b.jsonl")
        == ToolRun(
          stderr: """
            Error: Unexpected argument 'b.jsonl'
            Usage: tca-trace timings [<options>] <file>
              See 'tca-trace timings --help' for more information.

            """, code: 2))
  }

  @Test func unknownOption() {
    #expect(
      tcaTrace("validate", "--frobnicate", "log.jsonl")
        == ToolRun(
          stderr: """
            Error: Unknown option '--frobnicate'
            Usage: tca-trace validate [<options>] <file>
              See 'tca-trace validate --help' for more information.

            """, code: 2))
  }

  @Test func missingOptionValue() {
    #expect(
      tcaTrace("state", "log.jsonl", "--at")
        == ToolRun(
          stderr: """
            Error: Missing value for '--at <seq>'
            Usage: tca-trace state [<options>] <file>
              See 'tca-trace state --help' for more information.

            """, code: 2))
  }

  @Test func badInteger() {
    #expect(
      tcaTrace("state", "log.jsonl", "--at=three")
        == ToolRun(
          stderr: """
            Error: The value 'three' is invalid for '--at <seq>': expected an integer
            Usage: tca-trace state [<options>] <file>
              See 'tca-trace state --help' for more information.

            """, code: 2))
  }

  @Test func badFormat() {
    #expect(
      tcaTrace("validate", "log.jsonl", "--format", "yaml")
        == ToolRun(
          stderr: """
            Error: The value 'yaml' is invalid for '--format <format>': expected text or json
            Usage: tca-trace validate [<options>] <file>
              See 'tca-trace validate --help' for more information.

            """, code: 2))
  }

  @Test func badColor() {
    #expect(
      tcaTrace("--color", "sometimes", "show", "log.jsonl")
        == ToolRun(
          stderr: """
            Error: The value 'sometimes' is invalid for '--color <when>': expected always, never or auto
            Usage: tca-trace <subcommand> [<options>] <file>
              See 'tca-trace --help' for more information.

            """, code: 2))
  }

  @Test func repeatedOption() {
    #expect(
      tcaTrace("state", "log.jsonl", "--at", "1", "--at", "2")
        == ToolRun(
          stderr: """
            Error: The option '--at' was given more than once
            Usage: tca-trace state [<options>] <file>
              See 'tca-trace state --help' for more information.

            """, code: 2))
  }

  @Test func flagWithValue() {
    #expect(
      tcaTrace("cat", "--full=yes", "log.jsonl")
        == ToolRun(
          stderr: """
            Error: The option '--full' does not take a value
            Usage: tca-trace cat [<options>] <file>
              See 'tca-trace cat --help' for more information.

            """, code: 2))
  }
}
