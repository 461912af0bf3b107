import Debugging

/// The arguments of one subcommand after parsing: flags given, option values and positionals,
/// with typed accessors that turn bad values into usage errors. Options are looked up by their
/// `OptionSpec` (`ShowCommand.from`), never by a string, so a misspelt option does not compile.
///
/// ```swift
/// let parsed = try ArgumentParser.parse(["--from", "3", "log.jsonl"], for: ShowCommand.self)
/// try parsed.integer(ShowCommand.from)  // 3
/// parsed.positionals                    // ["log.jsonl"]
/// ```
package struct ParsedArguments: Sendable {
  package var command: (any TraceCommand.Type)?
  package var flags: Set<String> = []
  package var values: [String: [String]] = [:]
  package var positionals: [String] = []

  package init(command: (any TraceCommand.Type)?) {
    self.command = command
  }

  /// Whether the flag was given.
  package func flag(_ option: OptionSpec) -> Bool {
    assert(option.valueName == nil, "\(option.key) takes a value: read it with value(_:)")
    return flags.contains(option.key)
  }

  /// The last value given for an option.
  package func value(_ option: OptionSpec) -> String? {
    assert(option.valueName != nil, "\(option.key) is a flag: read it with flag(_:)")
    return values[option.key]?.last
  }

  /// Every value given for a repeatable option, in order.
  package func allValues(_ option: OptionSpec) -> [String] {
    assert(option.isRepeatable, "\(option.key) is not repeatable: read it with value(_:)")
    return values[option.key] ?? []
  }

  /// The value of an option as an integer, or a usage error naming the option.
  package func integer(_ option: OptionSpec) throws(CommandLineExit) -> Int? {
    guard let text = value(option) else { return nil }
    guard let number = Int(text) else {
      throw invalid(text, option, expected: "an integer")
    }
    return number
  }

  /// The value of a time or duration option in nanoseconds (`1.5s`, `200ms`, `40us`, `900ns`); a
  /// number without its unit is a usage error that says so, anything else one that says `expected`.
  ///
  /// ```text
  /// Error: The value '5' is invalid for '--since <time>': expected a unit after the number: 5ns, 5us, 5ms or 5s
  /// ```
  package func nanoseconds(_ option: OptionSpec, expected: String) throws(CommandLineExit) -> Int64? {
    guard let text = value(option) else { return nil }
    do {
      return try TimeText.parse(text)
    } catch  where error.isMissingUnit {
      throw invalid(text, option, expected: "a unit after the number: \(text)ns, \(text)us, \(text)ms or \(text)s")
    } catch {
      throw invalid(text, option, expected: expected)
    }
  }

  /// The value of an option as one of `T`'s cases.
  package func choice<T: RawRepresentable & CaseIterable>(_ option: OptionSpec, as type: T.Type) throws(CommandLineExit)
    -> T?
  where T.RawValue == String {
    guard let text = value(option) else { return nil }
    guard let choice = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue)
      let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
      throw invalid(text, option, expected: list)
    }
    return choice
  }

  /// `--max-line-length`: `1048576`, `512K`, `256M`, `1G` (powers of 1024; `KiB`/`KB` spelled out
  /// too); the reader's default when not given.
  package func maximumLineLength() throws(CommandLineExit) -> Int {
    guard let text = value(.maxLineLength) else { return LineReader.defaultMaximumLineLength }
    var digits = Substring(text)
    var shift = 0
    for (suffixes, bits) in [(["G", "GB", "GiB"], 30), (["M", "MB", "MiB"], 20), (["K", "KB", "KiB"], 10)] {
      if let suffix = suffixes.first(where: { text.uppercased().hasSuffix($0.uppercased()) }) {
        digits = digits.dropLast(suffix.count)
        shift = bits
        break
      }
    }
    guard let number = Int(digits), number > 0, number <= (Int.max >> 31) else {
      throw invalid(text, .maxLineLength, expected: "a size such as 1048576, 512K, 256M or 1G")
    }
    return number << shift
  }

  /// `--format text|json`, `.text` when not given.
  package func format() throws(CommandLineExit) -> OutputFormat {
    try choice(.format, as: OutputFormat.self) ?? .text
  }

  /// A usage error: `The value 'x' is invalid for '--from <seq>': expected an integer`.
  package func invalid(_ text: String, _ option: OptionSpec, expected: String) -> CommandLineExit {
    .usage("The value '\(text)' is invalid for '\(option.display)': expected \(expected)", command: command)
  }
}
