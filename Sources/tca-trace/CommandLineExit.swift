import Debugging

/// How the tool ends when it does not end normally: a message, where it goes and the exit code.
/// One type owns all three (like swift-argument-parser's `MessageInfo`).
///
/// ```swift
/// throw CommandLineExit.usage("Missing expected argument '<file>'", command: ShowCommand.self)
/// ```
/// ```text
/// Error: Missing expected argument '<file>'
/// Usage: tca-trace show [<options>] <file>
///   See 'tca-trace show --help' for more information.
/// ```
/// (on standard error, exit code 2)
package struct CommandLineExit: Error, Equatable {
  /// The text to print, without a final newline; empty for none.
  package var message: String
  /// Whether `message` goes to standard output (help, version) or standard error.
  package var toStandardOutput: Bool
  package var code: Int32

  package init(message: String, toStandardOutput: Bool, code: Int32) {
    self.message = message
    self.toStandardOutput = toStandardOutput
    self.code = code
  }

  /// Exit codes, as in DESIGN.md: 0 success, 1 problems found, 2 usage errors or unreadable input.
  package static let success: Int32 = 0
  package static let problemsFound: Int32 = 1
  package static let failure: Int32 = 2

  /// A usage error: the message, the command's usage line and where to find help; exit 2.
  package static func usage(_ message: String, command: (any TraceCommand.Type)?) -> Self {
    let name = command.map { "tca-trace \($0.name)" } ?? "tca-trace"
    let usage = command.map { "tca-trace \($0.usage)" } ?? CommandRegistry.usage
    return Self(
      message: "Error: \(message)\nUsage: \(usage)\n  See '\(name) --help' for more information.",
      toStandardOutput: false, code: failure)
  }

  /// Input that cannot be read (a missing file, a bad line): `Error: …` on standard error, exit 2.
  package static func failure(_ message: String) -> Self {
    Self(message: "Error: \(message)", toStandardOutput: false, code: failure)
  }

  /// A readable trace where what was asked for is not (`state --at 99` of a trace of 3
  /// actions): the message on standard error, exit 1 — "nothing found", as `show` whose filters
  /// match no action and `blame` of a path no action changed, never 2 (bad input).
  package static func nothingFound(_ message: String) -> Self {
    Self(message: message, toStandardOutput: false, code: problemsFound)
  }

  /// Help or version text on standard output, exit 0.
  package static func information(_ text: String) -> Self {
    Self(message: text, toStandardOutput: true, code: success)
  }
}
