import Debugging

/// `tca-trace state FILE --at SEQ`: the full state after one action.
package enum StateCommand: TraceCommand {
  package static let name = "state"
  package static let abstract = "Print the full state after an action."
  package static let discussion = """
    Exit code: 0 when the state is printed, 1 when the trace has no such action (nothing found, \
    as show and blame say it), 2 for a usage error or an unreadable trace.
    """
  package static let arguments = [ArgumentSpec.file]
  package static let options: [OptionSpec] = [.prefix, at, .format]
  package static let at = OptionSpec(
    ["--at"], value: "<seq>", help: "The action's sequence number; 0 is the initial state (default: the last action).")

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    let seq = try arguments.integer(Self.at)
    if let seq, seq < 0 { throw arguments.invalid(String(seq), Self.at, expected: "a sequence number, 0 or more") }
    return try StateRunner(file: arguments.positionals[0], seq: seq, format: try arguments.format(), context: context)
      .run()
  }
}
