import Debugging

/// Every `tca-trace` subcommand, in the order `tca-trace --help` lists them.
///
/// To add a subcommand, write one file in `Commands/` with a type conforming to `TraceCommand`
/// (its name, help and options, and a `run` that hands over to a runner in a folder of its own,
/// such as `Timings/TimingsRunner.swift`) and add it to this list.
package enum CommandRegistry {
  package static let commands: [any TraceCommand.Type] = [
    ShowCommand.self,
    TimingsCommand.self,
    StateCommand.self,
    CatCommand.self,
    BlameCommand.self,
    ValidateCommand.self,
    DiffCommand.self,
    ExportCommand.self,
    ReportCommand.self,
    TestgenCommand.self,
  ]

  /// Every subcommand's name, for suggestions.
  package static var names: [String] { commands.map { $0.name } + ["help"] }

  package static func command(named name: String) -> (any TraceCommand.Type)? {
    commands.first { $0.name == name }
  }

  package static let usage = "tca-trace <subcommand> [<options>] <file>"
  package static let version = "tca-trace 0.1.0 (trace format 1)"
}
