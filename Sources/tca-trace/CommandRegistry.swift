import Debugging

/// Every `tca-trace` subcommand, in the order `tca-trace --help` lists them.
///
/// To add a subcommand, write one file in `Commands/` with a type conforming to `TraceCommand`
/// and add it to this list. `diff`, `export` and `report` already have their files
/// (`DiffCommand.swift`, `ExportCommand.swift`, `ReportCommand.swift`): replace their bodies.
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
  ]

  package static func command(named name: String) -> (any TraceCommand.Type)? {
    commands.first { $0.name == name }
  }

  package static let usage = "tca-trace <subcommand> [<options>] <file>"
  package static let version = "tca-trace 0.1.0 (trace format 1)"
}
