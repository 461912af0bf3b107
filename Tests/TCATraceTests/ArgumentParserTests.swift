import Testing

@testable import tca_trace

/// `ArgumentParser` and `ParsedArguments` (Parsing/): options read by their `OptionSpec`, short
/// options combined in one argument.
@Suite struct ArgumentParserTests {
  /// Options are read by their spec (`ShowCommand.follow`), not by a string a typo would break.
  @Test func optionsAreReadByTheirSpec() throws {
    let parsed = try ArgumentParser.parse(["-f", "--from=3", "--label", "toggle", "log.jsonl"], for: ShowCommand.self)
    #expect(parsed.flag(ShowCommand.follow))
    #expect(!parsed.flag(ShowCommand.labelsOnly))
    #expect(try parsed.integer(ShowCommand.from) == 3)
    #expect(parsed.value(ShowCommand.label) == "toggle")
    #expect(parsed.value(ShowCommand.path) == nil)
    #expect(parsed.positionals == ["log.jsonl"])
  }

  @Test func repeatableOptionKeepsEveryValue() throws {
    let parsed = try ArgumentParser.parse(["--ignore", "a", "--ignore=b", "g.jsonl", "c.jsonl"], for: DiffCommand.self)
    #expect(parsed.allValues(DiffCommand.ignore) == ["a", "b"])
  }

  /// `-fh` is `-f -h`.
  @Test func combinedShortFlags() throws {
    let parsed = try ArgumentParser.parse(["-fh"], for: ShowCommand.self)
    #expect(parsed.flag(ShowCommand.follow) && parsed.flag(.help))
    #expect(parsed.positionals.isEmpty)
  }

  /// A short option with a value takes the rest of its group, or the next argument at its end.
  @Test func shortOptionWithAValue() throws {
    #expect(
      try ArgumentParser.parse(["-oout.html", "t.jsonl"], for: ReportCommand.self).value(ReportCommand.output)
        == "out.html")
    #expect(
      try ArgumentParser.parse(["-o", "out.html", "t.jsonl"], for: ReportCommand.self).value(ReportCommand.output)
        == "out.html")
    let grouped = try ArgumentParser.parse(["-ho", "out.html", "t.jsonl"], for: ReportCommand.self)
    #expect(
      grouped.flag(.help) && grouped.value(ReportCommand.output) == "out.html" && grouped.positionals == ["t.jsonl"])
  }

  @Test func combinedShortFlagsFromTheCommandLine() {
    #expect(tcaTrace("show", "-fh") == tcaTrace("show", "--help"))
    #expect(tcaTrace("show", "-fh").code == 0)
  }

  @Test func unknownLetterInAGroup() {
    #expect(
      tcaTrace("show", "-fz", "log.jsonl")
        == ToolRun(
          stderr: """
            Error: Unknown option '-z'
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }

  @Test func shortOptionMissingItsValue() {
    #expect(
      tcaTrace("export", "-o")
        == ToolRun(
          stderr: """
            Error: Missing value for '--output <file>'
            Usage: tca-trace export [<options>] <file>
              See 'tca-trace export --help' for more information.

            """, code: 2))
  }
}
