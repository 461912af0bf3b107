import Debugging

/// `tca-trace show FILE`: each action with its time, duration, label, value and state diff.
package enum ShowCommand: TraceCommand {
  package static let name = "show"
  package static let abstract = "Show each action with its state changes and effects."
  package static let discussion = """
    Each action is printed with its sequence number, time offset, reducer duration and label, then
    the action value and the structural state diff ("(No state changes)" when none; "(State not
    captured: …)" for an action whose state the recorder coalesced into the next). Effect events
    appear where they happened. Filters combine: --label Todo --from 10 --path todos.

    With --format json every line printed is a trace line (docs/log-format.md): the session header
    first, then each shown action and its effect events, notes and the end line (with
    --labels-only, action lines carry seq, t, duration, label and effect only), as jq reads them:
    tca-trace show --format json log.jsonl | jq -c 'select(.kind == "action") | .label'

    Exit code: 0 when an action is shown (or no filter is given), 1 when filters are given and no \
    action passes them (nothing found, like grep), 2 for a usage error or an unreadable trace.
    """
  package static let arguments = [ArgumentSpec.file]
  package static let options: [OptionSpec] = [
    .prefix, label, from, to, since, until, path, labelsOnly, fullState, follow, format,
  ]
  package static let label = OptionSpec(
    ["--label"], value: "<pattern>", help: "Only actions whose label contains <pattern> (* matches any text).")
  package static let from = OptionSpec(["--from"], value: "<seq>", help: "Only actions from sequence number <seq> on.")
  package static let to = OptionSpec(["--to"], value: "<seq>", help: "Only actions up to sequence number <seq>.")
  package static let since = OptionSpec(
    ["--since"], value: "<time>", help: "Only actions at or after <time>, with its unit: 1.5s, 200ms, 40us, 900ns.")
  package static let until = OptionSpec(["--until"], value: "<time>", help: "Only actions at or before <time>.")
  package static let path = OptionSpec(
    ["--path"], value: "<path>", help: "Only actions that changed the state at <path> (todos, /todos/0).")
  package static let labelsOnly = OptionSpec(
    ["--labels-only"], help: "One line per action: sequence number, time, duration and label.")
  package static let fullState = OptionSpec(
    ["--full-state"], help: "Print the full state after each action instead of the diff.")
  package static let follow = OptionSpec(
    ["-f", "--follow"],
    help:
      "Keep reading as the trace grows, past its end line, until interrupted; a file not there yet is waited for, one truncated or replaced (the app run again) is followed from its new start (like tail -F)."
  )
  package static let format = OptionSpec(
    ["--format"], value: "<format>",
    help: "Output format: text or json (trace lines, the session header first; default: text).")

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    let options = try ShowOptions(arguments)
    return try ShowRunner(options: options, context: context).run()
  }
}
