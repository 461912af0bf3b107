import Foundation
import Debugging

/// Opens a trace for a subcommand: `-` is standard input; a file that cannot be opened is an
/// `Error: …` with exit code 2. Warnings (a truncated last line) are kept until the end, so they
/// come after everything that was shown.
///
/// ```swift
/// let input = try RecordInput(file: "log.jsonl", context: context)
/// while let line = try input.next() { … }
/// input.finish()  // prints "log.jsonl:9: warning: truncated last line …" when there was one
/// ```
package final class TraceInput<Source: TraceLineSource> {
  package let reader: Source
  private let context: CommandContext
  private var warnings: [TraceError] = []
  private let stop: StopFlag?

  /// `reducer`: in a file several reducers wrote, the one read (`--prefix`); `nil` for the first.
  package init(file: String, follow: Bool = false, reducer: String? = nil, context: CommandContext) throws(CommandLineExit) {
    self.context = context
    let stop = follow ? StopFlag() : nil
    self.stop = stop
    let followMode = stop.map { flag in LineReader.Follow(shouldStop: { flag.isSet }) }
    do {
      if file == "-" {
        reader = Source(
          lines: LineReader(
            fileDescriptor: context.inputDescriptor, name: "<stdin>", closesDescriptor: false,
            maximumLineLength: context.maximumLineLength, follow: followMode),
          reducer: reducer)
      } else {
        reader = Source(
          lines: try LineReader(path: file, maximumLineLength: context.maximumLineLength, follow: followMode),
          reducer: reducer)
      }
    } catch {
      throw .failure(error.message)
    }
  }

  /// The file name used in messages (`<stdin>` for `-`).
  package var file: String { reader.file }

  /// The next record; a bad line throws its `TraceError` (`log.jsonl:3:7: error: …`).
  package func next() throws(TraceError) -> Source.Item? {
    while let item = reader.next() {
      switch item {
      case let .success(line):
        if Source.isEnd(line) { stop?.set() }
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
    return nil
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
package typealias RecordInput = TraceInput<TraceReader>
/// Summaries (kind, seq, t, duration, label) without building values: the fast path.
package typealias SummaryInput = TraceInput<TraceSummaryReader>

/// A reader of a trace's lines that `TraceInput` can drive.
package protocol TraceLineSource: AnyObject {
  associatedtype Item
  init(lines: LineReader, reducer: String?)
  var file: String { get }
  func next() -> Result<Item, TraceError>?
  /// Whether the item is the trace's `end` line (a following reader stops there).
  static func isEnd(_ item: Item) -> Bool
}

extension TraceReader: TraceLineSource {
  package static func isEnd(_ item: TraceLine) -> Bool { item.record.kind == .end }
}

extension TraceSummaryReader: TraceLineSource {
  package static func isEnd(_ item: TraceEventSummary) -> Bool { item.kind == .end }
}

/// Tells a following reader to stop (set once the trace's `end` line was read).
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
