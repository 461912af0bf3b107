import Debugging

/// Runs `tca-trace cat [--full] FILE`: the trace again, line by line as read; with `full`, every
/// action line carrying its full `state` and the header saying `keyframeInterval` 1, so jq can
/// read any state directly.
package struct CatRunner {
  package var file: String
  package var full: Bool
  package var context: CommandContext

  package init(file: String, full: Bool, context: CommandContext) {
    self.file = file
    self.full = full
    self.context = context
  }

  package func run() throws -> Int32 {
    let input = try RecordInput(file: file, context: context)
    var tracker = StateTracker()
    while let line = try input.next() {
      var record = line.record
      switch record {
      case var .session(session) where full:
        session.keyframeInterval = 1
        record = .session(session)
      case .state where full:
        try tracker.apply(line, file: input.file)
      case var .action(action) where full:
        try tracker.apply(line, file: input.file)
        action.state = tracker.state
        record = .action(action)
      default:
        break
      }
      try context.output.jsonLine(record.json)
    }
    try input.finish()
    return CommandLineExit.success
  }
}
