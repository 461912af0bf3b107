import Debugging

/// A small parser for `tca-trace <subcommand> [options] <file>`: long options with a value as
/// `--from 3` or `--from=3`, short options alone (`-f`) or combined (`-fh` is `-f -h`; a short
/// option with a value takes the rest of the group, `-oout.json`, or the next argument), `--` to
/// end options, `-` as a positional (standard input).
///
/// ```swift
/// try ArgumentParser.parse(["show", "--labels-only"], for: ShowCommand.self)
/// ```
/// ```text
/// Error: Missing expected argument '<file>'
/// ```
package enum ArgumentParser {
  package static func parse(_ arguments: [String], for command: any TraceCommand.Type) throws(CommandLineExit)
    -> ParsedArguments
  {
    try parse(arguments, options: command.allOptions, positionals: command.arguments, command: command)
  }

  package static func parse(
    _ arguments: [String], options: [OptionSpec], positionals: [ArgumentSpec], command: (any TraceCommand.Type)?
  ) throws(CommandLineExit) -> ParsedArguments {
    var parsed = ParsedArguments(command: command)
    var index = 0
    var optionsEnded = false

    func option(named name: String) throws(CommandLineExit) -> OptionSpec {
      guard let option = options.first(where: { $0.names.contains(name) }) else {
        throw .usage(
          "Unknown option '\(name)'" + Suggestion.didYouMean(name, among: options.flatMap(\.names)), command: command)
      }
      return option
    }

    /// Records `option`, with `inlineValue` (`--from=3`, `-oout.json`) or the next argument as
    /// its value when it takes one.
    func take(_ option: OptionSpec, inlineValue: String?) throws(CommandLineExit) {
      if option.valueName == nil {
        if inlineValue != nil {
          throw .usage("The option '\(option.key)' does not take a value", command: command)
        }
        parsed.flags.insert(option.key)
        return
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw .usage("Missing value for '\(option.display)'", command: command)
      }
      if !option.isRepeatable, parsed.values[option.key] != nil {
        throw .usage("The option '\(option.key)' was given more than once", command: command)
      }
      parsed.values[option.key, default: []].append(value)
    }

    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument.hasPrefix("--") {
        guard let equals = argument.firstIndex(of: "=") else {
          try take(option(named: argument), inlineValue: nil)
          continue
        }
        let value = String(argument[argument.index(after: equals)...])
        try take(option(named: String(argument[..<equals])), inlineValue: value)
        continue
      }
      var letters = argument.dropFirst()
      while let letter = letters.popFirst() {
        let short = try option(named: "-\(letter)")
        if short.valueName != nil, !letters.isEmpty {
          try take(short, inlineValue: String(letters))
          break
        }
        try take(short, inlineValue: nil)
      }
    }
    if parsed.flag(.help) { return parsed }
    let required = positionals.filter { !$0.isOptional }.count
    if parsed.positionals.count < required {
      throw .usage("Missing expected argument '\(positionals[parsed.positionals.count].name)'", command: command)
    }
    if parsed.positionals.count > positionals.count {
      throw .usage("Unexpected argument '\(parsed.positionals[positionals.count])'", command: command)
    }
    return parsed
  }
}
