import Debugging

/// One option a subcommand accepts: its names, the name of its value (none for a flag) and the
/// line of help shown for it.
///
/// ```swift
/// OptionSpec(["--from"], value: "<seq>", help: "Start at action <seq>.")
/// ```
/// ```text
///   --from <seq>            Start at action <seq>.
/// ```
package struct OptionSpec: Sendable {
  package var names: [String]
  package var valueName: String?
  package var help: String
  /// Whether the option may be given more than once (`--ignore a --ignore b`).
  package var isRepeatable: Bool

  package init(_ names: [String], value: String? = nil, help: String, repeatable: Bool = false) {
    self.names = names
    self.valueName = value
    self.help = help
    self.isRepeatable = repeatable
  }

  /// The name options are looked up by: the longest one (`--help` for `-h, --help`).
  package var key: String { names.max { $0.count < $1.count } ?? "" }

  /// `--label <pattern>`, as error messages name the option.
  package var display: String { valueName.map { "\(key) \($0)" } ?? key }

  // MARK: - Options many subcommands share

  package static let help = OptionSpec(["-h", "--help"], help: "Show help information.")
  package static let color = OptionSpec(
    ["--color"], value: "<when>",
    help: "Colour the output: always, never or auto (default: auto, only on a terminal without NO_COLOR).")
  package static let maxLineLength = OptionSpec(
    ["--max-line-length"], value: "<bytes>",
    help: "Longest trace line read: bytes, or with K, M or G (default: 256M); a longer line is an error.")
  package static let format = OptionSpec(
    ["--format"], value: "<format>", help: "Output format: text or json (default: text).")
}

/// A positional argument, such as `<file>`.
package struct ArgumentSpec: Sendable {
  package var name: String
  package var help: String
  package var isOptional: Bool

  package init(_ name: String, help: String, optional: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = optional
  }

  /// The trace file every reading subcommand takes.
  package static let file = ArgumentSpec(
    "<file>", help: "The trace to read (JSON Lines, format 1 or 2); - reads standard input.")
}
