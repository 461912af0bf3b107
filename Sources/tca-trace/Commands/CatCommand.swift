import Debugging

/// `tca-trace cat [--full] FILE`: the trace as read (every line checked), or with `--full` with
/// every action line carrying its full state.
package enum CatCommand: TraceCommand {
  package static let name = "cat"
  package static let abstract = "Print the trace; --full expands every action line to its full state."
  package static let discussion = """
    Without --full, the lines as recorded, each one read and checked (a cut-off last line is left
    out with a warning). With --full, the output is a valid trace (keyframeInterval 1): every
    action line has "state", so jq can read any state directly:
    tca-trace cat --full log.jsonl | jq -c 'select(.seq == 3) | .state'
    """
  package static let arguments = [ArgumentSpec.file]
  package static let options: [OptionSpec] = [.prefix, full]
  package static let full = OptionSpec(["--full"], help: "Expand every action line to its full state.")

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    return try CatRunner(file: arguments.positionals[0], full: arguments.flag(Self.full), context: context).run()
  }
}
