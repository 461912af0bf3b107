/// The fast path through a trace: yields a `TraceEventSummary` per line (kind, seq, t, duration,
/// label, event, effect, …) without building action or state values, with the same line rules
/// as `TraceReader` (header first with a supported format, truncated last line a warning).
///
/// Skipped values are checked for JSON syntax (so a cut line is an error) but not decoded: duplicate
/// keys or out-of-range numbers inside `state` pass here and fail in `TraceReader`.
///
/// ```swift
/// for case let .success(event) in try TraceSummaryReader(path: "run.jsonl") where event.kind == .action {
///   print(event.seq!, event.label!, event.duration!)
/// }
/// ```
/// ```text
/// 1 Todos.Action.addButtonTapped 5100
/// ```
public final class TraceSummaryReader: Sequence, IteratorProtocol {
  public let lines: LineReader
  private var rules = TraceLineRules()

  public init(path: String, follow: LineReader.Follow? = nil) throws(LineReaderError) {
    lines = try LineReader(path: path, follow: follow)
  }

  public init(lines: LineReader) {
    self.lines = lines
  }

  public var file: String { lines.name }

  public func next() -> Result<TraceEventSummary, TraceError>? {
    rules.next(from: lines, summaryOf: { $0 }) { TraceLineRules.summary(of: $0, file: file, truncatedHeaderIsError: true) }
  }
}
