import Debugging
import TraceAnalysis

/// `tca-trace export --format perfetto FILE -o trace.json`: the trace as Chrome Trace Event
/// Format JSON for ui.perfetto.dev and chrome://tracing (`PerfettoExporter`), streamed: memory
/// holds the effects still running, whatever the trace's size.
package enum ExportCommand: TraceCommand {
  package static let name = "export"
  package static let abstract = "Export a trace as Chrome Trace Event JSON for ui.perfetto.dev or chrome://tracing."
  package static let discussion = """
    Each reducer run becomes a complete event on the "reducer" thread, each effect an async span
    from its start to its finish or cancellation, each effect output an instant with a flow arrow
    to the action it sent. Open the file at https://ui.perfetto.dev (Open trace file) or in
    chrome://tracing (Load).
    """
  package static let arguments = [ArgumentSpec.file]
  /// JSON for a trace viewer: nothing to colour, so no `--color`.
  package static let usesColor = false
  package static let options: [OptionSpec] = [.prefix, format, output]
  package static let format = OptionSpec(
    ["--format"], value: "<format>", help: "Output format: perfetto (Chrome Trace Event JSON; the default).")
  package static let output = OptionSpec(
    ["-o", "--output"], value: "<file>", help: "Where to write (default: - for standard output).")

  /// The formats `--format` accepts.
  package enum Format: String, CaseIterable {
    case perfetto
  }

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    if let format = arguments.value(Self.format), Format(rawValue: format) == nil {
      throw arguments.invalid(format, Self.format, expected: Format.allCases.map(\.rawValue).joined(separator: ", "))
    }
    context.reducer = arguments.value(OptionSpec.prefix)
    let destination = try OutputFile(
      path: arguments.value(Self.output) ?? "-", permissions: 0o600, reading: arguments.positionals[0], context: context
    )
    var exporter = PerfettoExporter()
    try destination.stream(
      from: { try TraceInput<ExportEventDecoder>(file: arguments.positionals[0], context: context) },
      add: { exporter.add($0, into: &$1) },
      finish: { exporter.finish(into: &$0) }
    )
    return CommandLineExit.success
  }
}

extension ExportEventDecoder: TraceInputDecoder {
  package static func gapEvent(_ item: ExportEvent) -> TraceGapReport.Event? { item.summary.gapEvent }
  package static func sequenceEvent(_ item: ExportEvent) -> (SequenceEvent, line: Int)? {
    item.summary.sequenceEvent.map { ($0, item.summary.line) }
  }
}
