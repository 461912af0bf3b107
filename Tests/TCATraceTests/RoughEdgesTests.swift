import Foundation
import Testing

/// The rough edges a new user met in an afternoon (issue 16), each with the behaviour now.
@Suite struct RoughEdgesTests {
  let directory = TemporaryDirectory()

  @Test(arguments: [
    (
      ["shwo", "x.jsonl"], "Unknown subcommand 'shwo'. Did you mean 'show'?",
      "tca-trace <subcommand> [<options>] <file>", "tca-trace"
    ),
    (
      ["help", "stat"], "Unknown subcommand 'stat'. Did you mean 'state'?", "tca-trace <subcommand> [<options>] <file>",
      "tca-trace"
    ),
    (
      ["timigns", "x.jsonl"], "Unknown subcommand 'timigns'. Did you mean 'timings'?",
      "tca-trace <subcommand> [<options>] <file>", "tca-trace"
    ),
    (["xyz", "x.jsonl"], "Unknown subcommand 'xyz'", "tca-trace <subcommand> [<options>] <file>", "tca-trace"),
    (
      ["show", "--lables-only", "x.jsonl"], "Unknown option '--lables-only'. Did you mean '--labels-only'?",
      "tca-trace show [<options>] <file>", "tca-trace show"
    ),
  ])
  func aTypoGetsASuggestion(arguments: [String], message: String, usage: String, help: String) {
    #expect(
      tcaTrace(arguments)
        == ToolRun(
          stderr: """
            Error: \(message)
            Usage: \(usage)
              See '\(help) --help' for more information.

            """, code: 2))
  }

  @Test func exportHasNothingToColour() {
    let help = tcaTrace("export", "--help")
    #expect(!help.stdout.contains("--color") && help.stdout.contains("-o, --output <file>"))
    #expect(
      tcaTrace("export", "--color", "never", "x.jsonl")
        == ToolRun(
          stderr: """
            Error: Unknown option '--color'
            Usage: tca-trace export [<options>] <file>
              See 'tca-trace export --help' for more information.

            """, code: 2))
  }
}

/// A payload-less enum value inside an action reads on one line: `filterPicked(.active)`.
@Suite struct OneLineEnumTests {
  @Test func aBareCasePayloadStaysOnItsLine() {
    let trace =
      [
        SampleTraces.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"n":0}}"#,
        #"{"kind":"action","seq":1,"t":1000,"duration":100,"label":"Todos.Action.filterPicked(.active)","action":{"$enum":"Todos.Action","filterPicked":{"_0":{"$enum":"Filter","active":{}}}},"patch":[]}"#,
      ].joined(separator: "\n") + "\n"
    let run = tcaTrace("show", "-", stdin: trace)
    #expect(
      run.stdout.hasSuffix(
        """
        #1      +0.000s   100ns  Todos.Action.filterPicked(.active)
            Todos.Action.filterPicked(.active)
          (No state changes)

        """), "\(run)")
  }
}
