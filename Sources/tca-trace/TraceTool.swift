import Debugging

/// The whole command-line tool behind `tca-trace`, in-process: picks the subcommand, parses its
/// arguments, runs it, and turns every way of ending into text and an exit code.
///
/// ```swift
/// let code = TraceTool.run(["show", "--labels-only", "log.jsonl"], environment: .process())
/// ```
package enum TraceTool {
  package static func run(_ arguments: [String], environment: ToolEnvironment) -> Int32 {
    var code: Int32
    do {
      code = try dispatch(arguments, environment)
    } catch let exit as CommandLineExit {
      code = exit.code
      try? environment.output.flush()
      if !exit.message.isEmpty {
        try? (exit.toStandardOutput ? environment.output : environment.errors).line(exit.message)
      }
    } catch let closed as OutputClosed {
      // A reader that went away (`| head`) is not an error: stop quietly.
      code = closed.reason == nil ? CommandLineExit.success : CommandLineExit.failure
      if let message = closed.message { try? environment.errors.line(message) }
    } catch let error as TraceError {
      // A bad line: `log.jsonl:3:7: error: unterminated string`, after what was shown before it.
      code = CommandLineExit.failure
      try? environment.output.flush()
      try? environment.errors.line(error.description)
    } catch {
      code = CommandLineExit.failure
      try? environment.output.flush()
      try? environment.errors.line("Error: \(error)")
    }
    do {
      try environment.output.flush()
    } catch {
      if let message = error.message {
        try? environment.errors.line(message)
        code = CommandLineExit.failure
      }
    }
    try? environment.errors.flush()
    return code
  }

  private static func dispatch(_ arguments: [String], _ environment: ToolEnvironment) throws -> Int32 {
    var rest = arguments[...]
    var color: ColorChoice?
    while let first = rest.first, first.hasPrefix("-") {
      rest = rest.dropFirst()
      switch first {
      case "--version": throw CommandLineExit.information(CommandRegistry.version)
      case "-h", "--help": throw CommandLineExit.information(HelpText.tool)
      case "--color":
        guard let value = rest.first else {
          throw CommandLineExit.usage("Missing value for '--color <when>'", command: nil)
        }
        rest = rest.dropFirst()
        color = try colorChoice(value)
      case _ where first.hasPrefix("--color="):
        color = try colorChoice(String(first.dropFirst("--color=".count)))
      default:
        throw CommandLineExit.usage(
          "Unknown option '\(first)'" + Suggestion.didYouMean(first, among: ["--version", "--help", "--color"]),
          command: nil)
      }
    }
    guard let name = rest.first else {
      // No subcommand is a usage error (exit 2), as in DESIGN.md; the help says which there are.
      throw CommandLineExit(
        message: "Error: Missing expected subcommand\n\n" + HelpText.tool, toStandardOutput: false,
        code: CommandLineExit.failure)
    }
    if name == "help" {
      guard let topic = rest.dropFirst().first else { throw CommandLineExit.information(HelpText.tool) }
      guard let command = CommandRegistry.command(named: topic) else {
        throw CommandLineExit.usage(
          "Unknown subcommand '\(topic)'" + Suggestion.didYouMean(topic, among: CommandRegistry.names), command: nil)
      }
      throw CommandLineExit.information(HelpText.command(command))
    }
    guard let command = CommandRegistry.command(named: name) else {
      throw CommandLineExit.usage(
        "Unknown subcommand '\(name)'" + Suggestion.didYouMean(name, among: CommandRegistry.names), command: nil)
    }
    let parsed = try ArgumentParser.parse(Array(rest.dropFirst()), for: command)
    if parsed.flag(.help) { throw CommandLineExit.information(HelpText.command(command)) }
    let choice = try parsed.choice(.color, as: ColorChoice.self) ?? color ?? .auto
    let maximumLineLength = try parsed.maximumLineLength()
    let context = CommandContext(
      output: environment.output,
      errors: environment.errors,
      inputDescriptor: environment.inputDescriptor,
      style: TextStyle(
        colored: choice.resolve(isTerminal: environment.outputIsTerminal, noColor: environment.variable("NO_COLOR"))),
      columns: environment.terminalColumns ?? environment.variable("COLUMNS").flatMap { Int($0) }.flatMap {
        $0 > 0 ? $0 : nil
      } ?? 80,
      maximumLineLength: maximumLineLength)
    return try command.run(parsed, in: context)
  }

  private static func colorChoice(_ text: String) throws(CommandLineExit) -> ColorChoice {
    guard let choice = ColorChoice(rawValue: text) else {
      throw .usage("The value '\(text)' is invalid for '--color <when>': expected always, never or auto", command: nil)
    }
    return choice
  }
}

/// The outside world `TraceTool` runs in: the process's descriptors and environment, or
/// in-memory stand-ins for tests.
package struct ToolEnvironment {
  package var output: TextOutput
  package var errors: TextOutput
  package var inputDescriptor: Int32
  package var outputIsTerminal: Bool
  package var terminalColumns: Int?
  package var variable: (String) -> String?

  package init(
    output: TextOutput, errors: TextOutput, inputDescriptor: Int32, outputIsTerminal: Bool, terminalColumns: Int?,
    variable: @escaping (String) -> String?
  ) {
    self.output = output
    self.errors = errors
    self.inputDescriptor = inputDescriptor
    self.outputIsTerminal = outputIsTerminal
    self.terminalColumns = terminalColumns
    self.variable = variable
  }

  /// The real process: standard input, output and error, its terminal and its environment.
  package static func process() -> ToolEnvironment {
    ToolEnvironment(
      output: TextOutput(descriptor: Platform.standardOutput),
      errors: TextOutput(descriptor: Platform.standardError, capacity: 1),
      inputDescriptor: Platform.standardInput,
      outputIsTerminal: Platform.isTerminal(Platform.standardOutput),
      terminalColumns: Platform.terminalColumns(Platform.standardOutput),
      variable: Platform.environment)
  }
}
