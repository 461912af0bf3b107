import Debugging
import TraceAnalysis

/// `tca-trace report FILE -o report.html`: one self-contained HTML page (`HTMLReportBuilder`) —
/// timeline, filterable action list, each action's value and state diff, timing tables — that
/// opens from disk in any browser, with no network access.
package enum ReportCommand: TraceCommand {
  package static let name = "report"
  package static let abstract = "Write a self-contained HTML report of a trace: timeline, actions, diffs, timings."
  package static let discussion = """
    The page needs no network and runs only its own inline script (a strict Content-Security-Policy);
    everything from the trace is shown as text. Open an action directly with report.html#seq=42.
    The file is created readable by its owner only, like the trace it shows.
    """
  package static let arguments = [ArgumentSpec.file]
  package static let options: [OptionSpec] = [.prefix, output]
  package static let output = OptionSpec(
    ["-o", "--output"], value: "<file>", help: "Where to write the page (default: - for standard output).")

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    let destination = try OutputFile(path: arguments.value(Self.output) ?? "-", permissions: 0o600, context: context)
    var builder = HTMLReportBuilder()
    try destination.stream(
      from: {
        // The page carries each action's diff, never a state: the state follows the patches.
        let input = try RecordInput(file: arguments.positionals[0], reportsGaps: true, context: context)
        input.reader.skipsKeyframeStates = true
        input.reader.keepsArraysAsText = true
        return input
      },
      add: { builder.add($0, into: &$1) },
      finish: { builder.finish(into: &$0) }
    )
    return CommandLineExit.success
  }
}
