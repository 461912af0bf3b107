import Debugging

/// A `tca-trace` subcommand. Adding one is one file: a type conforming to this protocol, listed
/// in `CommandRegistry.commands`.
///
/// ```swift
/// package enum CountCommand: TraceCommand {
///   package static let name = "count"
///   package static let abstract = "Count the actions in a trace."
///   package static let arguments = [ArgumentSpec.file]
///   package static let options: [OptionSpec] = []
///   package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
///     try context.output.line("42")
///     return CommandLineExit.success
///   }
/// }
/// ```
/// Help (`-h`, `--help`, `tca-trace help count`), `--color`, usage errors and exit codes come
/// from `TraceTool`; `run` only does the work. It may throw `CommandLineExit` (a message and an
/// exit code), `TraceError` (a bad line: `log.jsonl:3:7: error: …`, exit 2) or `OutputClosed`.
package protocol TraceCommand: Sendable {
  /// The word after `tca-trace`.
  static var name: String { get }
  /// One line for `tca-trace --help`.
  static var abstract: String { get }
  /// Paragraphs shown after the usage in the subcommand's help; empty for none.
  static var discussion: String { get }
  static var arguments: [ArgumentSpec] { get }
  /// The subcommand's own options; `--max-line-length`, `--color` (unless `usesColor` is false)
  /// and `-h, --help` are added to every subcommand.
  static var options: [OptionSpec] { get }
  /// Whether the output can be coloured (`--color`); `export` writes JSON and has nothing to colour.
  static var usesColor: Bool { get }
  /// Runs the subcommand and returns its exit code.
  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32
}

extension TraceCommand {
  package static var discussion: String { "" }
  package static var usesColor: Bool { true }

  /// Every option the subcommand accepts, shared ones last.
  package static var allOptions: [OptionSpec] { options + [.maxLineLength] + (usesColor ? [.color] : []) + [.help] }

  /// `show [<options>] <file>`.
  package static var usage: String {
    let positionals = arguments.map { $0.isOptional ? "[\($0.name)]" : $0.name }
    return ([name, "[<options>]"] + positionals).joined(separator: " ")
  }
}

/// Where a subcommand reads and writes, and how the output should look.
package final class CommandContext {
  package let output: TextOutput
  package let errors: TextOutput
  /// The descriptor `-` reads.
  package let inputDescriptor: Int32
  /// Colours for `output` (decided from `--color`, the terminal and `NO_COLOR`).
  package let style: TextStyle
  /// The width of the output: the terminal's, else `$COLUMNS`, else 80.
  package let columns: Int
  /// The longest trace line read (`--max-line-length`); a longer one is an error naming its line.
  package let maximumLineLength: Int
  /// `--prefix`: in a trace several reducers wrote, the one read (nil: the first).
  package var reducer: String?

  package init(
    output: TextOutput, errors: TextOutput, inputDescriptor: Int32, style: TextStyle, columns: Int,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) {
    self.output = output
    self.errors = errors
    self.inputDescriptor = inputDescriptor
    self.style = style
    self.columns = columns
    self.maximumLineLength = maximumLineLength
  }
}
