/// Runs `tca-trace state FILE --at SEQ`: rebuilds the state after action SEQ (the last state line
/// at or before it plus the later patches) and prints it, pretty or as JSON for jq.
package struct StateRunner {
  package var file: String
  /// `nil`: after the last action.
  package var seq: Int?
  package var format: OutputFormat
  package var context: CommandContext

  package init(file: String, seq: Int?, format: OutputFormat, context: CommandContext) {
    self.file = file
    self.seq = seq
    self.format = format
    self.context = context
  }

  package func run() throws -> Int32 {
    let input = try RecordInput(file: file, context: context)
    var tracker = StateTracker()
    var found: (seq: Int64, line: Int)?
    var lastSeq: Int64?
    while let line = try input.next() {
      let lineSeq: Int64
      switch line.record {
      case let .state(state): lineSeq = state.seq
      case let .action(action): lineSeq = action.seq
      default: continue
      }
      if let seq, lineSeq > Int64(seq) { break }
      try tracker.apply(line, file: input.file)
      lastSeq = lineSeq
      found = (lineSeq, line.line)
    }
    try input.finish()
    guard let found, let state = tracker.state, seq.map({ Int64($0) == found.seq }) ?? true else {
      let last = lastSeq.map { "the last is \($0)" } ?? "it has no state"
      throw CommandLineExit.failure("\(input.file) has no action \(seq ?? 0) (\(last))")
    }
    if format == .json {
      var bytes: [UInt8] = []
      JSONWriter.write(state, into: &bytes)
      try context.output.write(bytes: bytes)
      try context.output.line()
    } else {
      try context.output.line(ShowTextRenderer(style: context.style).dump(try input.value(state, line: found.line)))
    }
    return CommandLineExit.success
  }
}
