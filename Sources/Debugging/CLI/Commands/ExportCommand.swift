/// `tca-trace export` — a placeholder until its issue lands: replace this file's body.
package enum ExportCommand: TraceCommand {
  package static let name = "export"
  package static let abstract = "Export a trace for Perfetto or chrome://tracing (issue 7)."
  package static let arguments = [ArgumentSpec("<file>", help: "The trace(s) to read.", optional: true)]
  package static let options: [OptionSpec] = []

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    throw CommandLineExit.failure("'export' is not implemented yet")
  }
}
