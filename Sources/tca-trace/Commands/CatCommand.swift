import Debugging

/// `tca-trace cat --full FILE`: the trace with every action line carrying its full state.
package enum CatCommand: TraceCommand {
  package static let name = "cat"
  package static let abstract = "Print the trace with every action line expanded to its full state."
  package static let discussion = """
    The output is a valid trace (keyframeInterval 1): every action line has "state", so jq can
    read any state directly: tca-trace cat --full log.jsonl | jq -c 'select(.seq == 3) | .state'
    """
  package static let arguments = [ArgumentSpec.file]
  package static let options = [
    OptionSpec(["--full"], help: "Expand every action line to its full state (the default)."),
  ]

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    try CatRunner(file: arguments.positionals[0], context: context).run()
  }
}
