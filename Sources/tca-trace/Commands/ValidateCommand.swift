import Debugging

/// `tca-trace validate FILE`: every problem in a trace, with its line number; exit 1 when any.
package enum ValidateCommand: TraceCommand {
  package static let name = "validate"
  package static let abstract =
    "Check a trace's lines and values; report each problem with its line (exit 1 when any)."
  package static let arguments = [ArgumentSpec.file]
  package static let options = [OptionSpec.prefix, OptionSpec.format]

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    return try ValidateRunner(file: arguments.positionals[0], format: try arguments.format(), context: context).run()
  }
}
