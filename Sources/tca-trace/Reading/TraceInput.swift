import Debugging
import Foundation

/// Opens a trace for a subcommand: `-` is standard input; a file that cannot be opened is an
/// `Error: …` with exit code 2. Warnings (a truncated last line) are kept until the end, so they
/// come after everything that was shown.
///
/// ```swift
/// let input = try RecordInput(file: "log.jsonl", context: context)
/// while let line = try input.next() { … }
/// input.finish()  // prints "log.jsonl:9: warning: truncated last line …" when there was one
/// ```
package final class TraceInput<Decoder: TraceInputDecoder> {
  package let reader: TraceLineReader<Decoder>
  private let context: CommandContext
  private var warnings: [TraceError] = []
  /// Gaps and coalesced states met so far: said at the end (never silent).
  // One thread reads a trace, line after line: no dynamic exclusivity check per line.
  @exclusivity(unchecked) private var gaps = TraceGapReport()
  private var reportedGaps = false
  /// Whether the gaps are said at the end (`show`, `timings`, `report`: `reportsGaps:`).
  private let reportsGaps: Bool
  /// Duplicated, out-of-order and jumping sequence numbers, warned about as they are read
  /// (`nil` for `validate`, which reports them as problems itself).
  @exclusivity(unchecked) private var sequence: SequenceCheck?
  /// The lines under `reader`, asked after each line whether a followed file was truncated or
  /// replaced.
  private let lines: LineReader

  /// `reducer`: in a file several reducers wrote, the one read (`--prefix`); `nil` for the first.
  package init(
    file: String, follow: Bool = false, reducer: String? = nil, checksSequence: Bool = true, reportsGaps: Bool = false,
    context: CommandContext
  ) throws(CommandLineExit) {
    self.context = context
    self.reportsGaps = reportsGaps
    self.following = follow
    self.sequence = checksSequence ? SequenceCheck() : nil
    // Followed until interrupted, past the `end` line: the app may run again into the same file.
    let followMode = follow ? LineReader.Follow(shouldStop: { false }) : nil
    if follow, file != "-", !FileManager.default.fileExists(atPath: file) {
      // `tail -F`: a trace the app has not created yet is waited for.
      try? context.errors.line("tca-trace: waiting for '\(file)' to appear")
      while !FileManager.default.fileExists(atPath: file) { Platform.sleep(.milliseconds(100)) }
    }
    do {
      let lines =
        file == "-"
        ? LineReader(
          fileDescriptor: context.inputDescriptor, name: "<stdin>", closesDescriptor: false,
          maximumLineLength: context.maximumLineLength, follow: followMode)
        : try LineReader(path: file, maximumLineLength: context.maximumLineLength, follow: followMode)
      self.lines = lines
      reader = TraceLineReader(lines: lines, reducer: reducer ?? context.reducer)
    } catch {
      throw .failure(error.message)
    }
  }

  /// The file name used in messages (`<stdin>` for `-`).
  package var file: String { reader.file }

  /// Lines read and decoded on a second thread (`readAhead()`), or `nil`: read here.
  private var ahead: ReadAhead<Result<Decoder.Record, TraceError>>?
  private var following = false

  /// From now on, lines are read and decoded on a second thread while this one takes them
  /// (`ReadAhead`): for a command that does about as much with each line as reading it costs
  /// (`blame`), or a few times more (`show`: 15 % less time on a 94 MB trace). Call it once the
  /// reader is set up; `reader` is then not to be touched
  /// before `next()` returned `nil`. A followed file is read here (its lines arrive slowly).
  package func readAhead() {
    guard ahead == nil, !following else { return }
    let reader = reader, lines = lines
    ahead = ReadAhead(bytesRead: { lines.bytesRead }) { reader.next() }
  }

  // The reading thread holds its `ReadAhead` until it stops: a command that ends early (an error,
  // `--to`) stops it here.
  deinit { ahead?.cancel() }

  /// Items made elsewhere in the order the reader would give them (`ReportSegments`), or `nil`.
  private var source: (() -> Result<Decoder.Record, TraceError>?)?

  /// From now on, the items come from `source`, which gives what `reader` would (the same lines,
  /// numbered the same, read on other threads): the gaps, the sequence checks and the warnings
  /// are this input's as ever. `reader` is not read.
  package func read(from source: @escaping () -> Result<Decoder.Record, TraceError>?) {
    self.source = source
  }

  private func nextItem() -> Result<Decoder.Record, TraceError>? {
    if let source { return source() }
    guard let ahead else { return reader.next() }
    return ahead.next()
  }

  /// The next record; a bad line throws its `TraceError` (`log.jsonl:3:7: error: …`).
  package func next() throws(TraceError) -> Decoder.Record? {
    while let item = nextItem() {
      if let restart = lines.takeRestart() {
        // `tail -F`: say so, and read the new content as a new trace.
        try? context.output.flush()
        try? context.errors.line(
          TraceError(file: file, line: 0, severity: .warning, message: restart.message).description)
        if sequence != nil { sequence = SequenceCheck() }
      }
      switch item {
      case let .success(line):
        if let event = Decoder.gapEvent(line) { gaps.add(event) }
        if sequence != nil { checkSequence(line) }
        return line
      case let .failure(error):
        guard error.severity == .warning else {
          // The error ends the command: the warnings before it come first (a cut-off only line,
          // then "empty trace").
          try? finish()
          throw error
        }
        warnings.append(error)
      }
    }
    if reportsGaps, !reportedGaps {
      reportedGaps = true
      warnings += gaps.warnings(file: file)
    }
    return nil
  }

  /// Warns at once (after what was shown so far) about a sequence number that is not the next one:
  /// `log.jsonl:5: warning: duplicated sequence number 2 (also on line 4)`.
  private func checkSequence(_ item: Decoder.Record) {
    guard let (event, line) = Decoder.sequenceEvent(item) else { return }
    switch event {
    case let .state(seq): sequence?.state(seq: seq, line: line)
    case .gap: sequence?.gap()
    case let .action(seq):
      guard let message = sequence?.action(seq: seq, line: line) else { return }
      try? context.output.flush()
      try? context.errors.line(TraceError(file: file, line: line, severity: .warning, message: message).description)
    }
  }

  /// Prints the warnings collected while reading, after flushing what was shown.
  package func finish() throws(OutputClosed) {
    guard !warnings.isEmpty else { return }
    try context.output.flush()
    for warning in warnings { try? context.errors.line(warning.description) }
    warnings = []
  }
}

/// Full records (`TraceLine`), for what needs actions' values and states.
package typealias RecordInput = TraceInput<TraceRecordDecoder>
/// Summaries (kind, seq, t, duration, label) without building values: the fast path.
package typealias SummaryInput = TraceInput<TraceSummaryDecoder>

/// The decoder of a trace reader that `TraceInput` can drive: it says what each record means for
/// the gaps and the sequence of action numbers.
package protocol TraceInputDecoder: TraceLineDecoder {
  /// What the record says about actions not recorded or states not captured.
  static func gapEvent(_ record: Record) -> TraceGapReport.Event?
  /// What the record means for the sequence of actions (a state, an action, a gap note), and its line.
  static func sequenceEvent(_ record: Record) -> (SequenceEvent, line: Int)?
}

/// The lines that matter to the sequence of action numbers.
package enum SequenceEvent {
  case state(Int64)
  case action(Int64)
  case gap
}

extension TraceRecordDecoder: TraceInputDecoder {
  package static func sequenceEvent(_ item: TraceLine) -> (SequenceEvent, line: Int)? {
    switch item.record {
    case let .state(state): return (.state(state.seq), item.line)
    case let .action(action): return (.action(action.seq), item.line)
    case let .note(note) where note.note == .gap: return (.gap, item.line)
    default: return nil
    }
  }
}

extension TraceSummaryDecoder: TraceInputDecoder {
  package static func gapEvent(_ item: TraceEventSummary) -> TraceGapReport.Event? { item.gapEvent }
  package static func sequenceEvent(_ item: TraceEventSummary) -> (SequenceEvent, line: Int)? {
    item.sequenceEvent.map { ($0, item.line) }
  }
}

extension TraceEventSummary {
  /// What this line means for the sequence of action numbers.
  package var sequenceEvent: SequenceEvent? {
    switch kind {
    case .state: return seq.map { .state($0) }
    case .action: return seq.map { .action($0) }
    case .note where note == .gap: return .gap
    default: return nil
    }
  }
}
