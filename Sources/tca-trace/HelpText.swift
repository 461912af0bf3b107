import Debugging

/// The help screens, built from the commands' declarations.
///
/// ```swift
/// HelpText.command(CatCommand.self)
/// ```
/// ```text
/// OVERVIEW: Print the trace with every action line expanded to its full state.
///
/// USAGE: tca-trace cat [<options>] <file>
///
/// ARGUMENTS:
///   <file>                  The trace to read (JSON Lines, format 1 or 2); - reads standard input.
///
/// OPTIONS:
///   --full                  Expand every action line to its full state (the default).
///   ...
/// ```
package enum HelpText {
  /// `tca-trace --help`.
  package static var tool: String {
    var lines = [
      "OVERVIEW: Read, compare and picture traces recorded by .debug().",
      "",
      "USAGE: \(CommandRegistry.usage)",
      "",
      "OPTIONS:",
      row("--color <when>", "always, never or auto (default: auto, only on a terminal without NO_COLOR)."),
      row("--version", "Show the version."),
      row("-h, --help", "Show help information."),
      "",
      "SUBCOMMANDS:",
    ]
    lines += CommandRegistry.commands.map { row($0.name, $0.abstract) }
    lines += ["", "  See 'tca-trace help <subcommand>' for detailed help."]
    return lines.joined(separator: "\n")
  }

  /// `tca-trace <subcommand> --help`.
  package static func command(_ command: any TraceCommand.Type) -> String {
    var lines = ["OVERVIEW: \(command.abstract)", ""]
    if !command.discussion.isEmpty { lines += [wrapped(command.discussion), ""] }
    lines += ["USAGE: tca-trace \(command.usage)", ""]
    if !command.arguments.isEmpty {
      lines.append("ARGUMENTS:")
      lines += command.arguments.map { row($0.name, $0.help) }
      lines.append("")
    }
    lines.append("OPTIONS:")
    lines += command.allOptions.map {
      row(($0.names.joined(separator: ", ") + ($0.valueName.map { " \($0)" } ?? "")), $0.help)
    }
    return lines.joined(separator: "\n")
  }

  /// `text` with each line longer than `width` columns broken at spaces (lines already shorter
  /// are kept as written).
  static func wrapped(_ text: String, width: Int = 100) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var out: [String] = []
      var current = ""
      for word in line.split(separator: " ", omittingEmptySubsequences: false) {
        if !current.isEmpty && current.count + 1 + word.count > width {
          out.append(current)
          current = String(word)
        } else {
          current = current.isEmpty ? String(word) : current + " " + word
        }
      }
      out.append(current)
      return out.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// `  --from <seq>            Start at action <seq>.`: names padded to 24 columns, the help
  /// wrapped at `width` columns with a hanging indent; names too long for their column stand on
  /// a line of their own.
  ///
  /// ```text
  ///   --color <when>          Colour the output: always, never or auto (default: auto, only on a
  ///                           terminal without NO_COLOR).
  /// ```
  static func row(_ names: String, _ help: String, width: Int = 100) -> String {
    let indent = String(repeating: " ", count: helpColumn)
    let body = wrapped(help, width: width - helpColumn).split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\n" + indent)
    let padded = "  " + names
    if padded.count < helpColumn {
      return padded + String(repeating: " ", count: helpColumn - padded.count) + body
    }
    return padded + "\n" + indent + body
  }

  /// Where the help of an option row starts.
  private static let helpColumn = 26
}
