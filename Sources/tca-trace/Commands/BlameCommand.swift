import Debugging

/// `tca-trace blame FILE PATH`: who changed this?
package enum BlameCommand: TraceCommand {
  package static let name = "blame"
  package static let abstract = "List every action that changed the state at a path, with old and new values."
  package static let discussion = """
    <path> is a JSON Pointer (/todos/0/isComplete) or a Swift-like path: todos[0].isComplete,
    todos[id:E621E1F8-C36C-495A-93FC-0C247A3E6E5F].isComplete (an element found by its id),
    scores[5] or selection[E621E1F8-C36C-495A-93FC-0C247A3E6E5F] (a dictionary's entry by its key).

    Exit code: 0 when an action changed the path, 1 when none did (nothing found, like grep; the \
    last line says whether some state has the path at all, or none, as for a typo), 2 for a usage \
    error or an unreadable trace.
    """
  package static let arguments = [
    ArgumentSpec.file,
    ArgumentSpec("<path>", help: "The state path to follow."),
  ]
  package static let options = [OptionSpec.prefix, OptionSpec.format]

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    let path: StatePath
    do {
      path = try StatePath(parsing: arguments.positionals[1])
    } catch {
      throw CommandLineExit.usage("Invalid path '\(arguments.positionals[1])': \(error.message)", command: self)
    }
    return try BlameRunner(file: arguments.positionals[0], path: path, format: try arguments.format(), context: context)
      .run()
  }
}
