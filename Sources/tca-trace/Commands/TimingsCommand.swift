import Debugging

/// `tca-trace timings FILE`: reducer and effect statistics, the slowest actions and a timeline.
package enum TimingsCommand: TraceCommand {
  package static let name = "timings"
  package static let abstract = "Reducer and effect timing statistics, the slowest actions and a timeline."
  package static let arguments = [ArgumentSpec.file]
  package static let options: [OptionSpec] = [.prefix, top, width, .format]
  package static let top = OptionSpec(
    ["--top"], value: "<n>", help: "How many of the slowest actions to list (default: 10).")
  package static let width = OptionSpec(
    ["--width"], value: "<columns>", help: "Width of the timeline (default: the terminal's, $COLUMNS or 80).")

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    let top = try arguments.integer(Self.top) ?? 10
    guard top >= 0 else { throw arguments.invalid(String(top), Self.top, expected: "a number of actions, 0 or more") }
    let width = try arguments.integer(Self.width) ?? context.columns
    guard width >= 20 else { throw arguments.invalid(String(width), Self.width, expected: "at least 20 columns") }
    return try TimingsRunner(
      file: arguments.positionals[0], format: try arguments.format(), top: top, width: width, context: context
    ).run()
  }
}
