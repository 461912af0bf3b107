/// `tca-trace diff` — a placeholder until its issue lands: replace this file's body.
package enum DiffCommand: TraceCommand {
  package static let name = "diff"
  package static let abstract = "Compare two recorded runs (issue 6)."
  package static let arguments = [ArgumentSpec("<file>", help: "The trace(s) to read.", optional: true)]
  package static let options: [OptionSpec] = []

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    throw CommandLineExit.failure("'diff' is not implemented yet")
  }
}
