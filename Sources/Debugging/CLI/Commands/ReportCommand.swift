/// `tca-trace report` — a placeholder until its issue lands: replace this file's body.
package enum ReportCommand: TraceCommand {
  package static let name = "report"
  package static let abstract = "Write a self-contained HTML report of a trace (issue 7)."
  package static let arguments = [ArgumentSpec("<file>", help: "The trace(s) to read.", optional: true)]
  package static let options: [OptionSpec] = []

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    throw CommandLineExit.failure("'report' is not implemented yet")
  }
}
