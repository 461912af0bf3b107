import Debugging

/// `tca-trace timings FILE`: reducer and effect statistics, the slowest actions and a timeline.
package enum TimingsCommand: TraceCommand {
  package static let name = "timings"
  package static let abstract = "Reducer and effect timing statistics, the slowest actions and a timeline."
  package static let arguments = [ArgumentSpec.file]
  package static let options = [
    OptionSpec(["--top"], value: "<n>", help: "How many of the slowest actions to list (default: 10)."),
    OptionSpec(["--width"], value: "<columns>", help: "Width of the timeline (default: the terminal's, $COLUMNS or 80)."),
    OptionSpec.format,
  ]

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let top = try arguments.integer("--top") ?? 10
    guard top >= 0 else { throw arguments.invalid(String(top), "--top", expected: "a number of actions, 0 or more") }
    let width = try arguments.integer("--width") ?? context.columns
    guard width >= 20 else { throw arguments.invalid(String(width), "--width", expected: "at least 20 columns") }
    return try TimingsRunner(
      file: arguments.positionals[0], format: try arguments.format(), top: top, width: width, context: context
    ).run()
  }
}
