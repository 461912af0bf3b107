/// The fast path through a trace: yields a `TraceEventSummary` per line (kind, seq, t, duration,
/// label, event, effect, …) without building action or state values, with the same line rules
/// as `TraceReader` (`TraceLineRules`: header first with a supported format, a cut-off last line
/// a warning).
///
/// The header line is small and is decoded in full (`session`), so a header `TraceReader` refuses
/// is refused here too. Skipped values are checked for JSON syntax (so a cut line is an error) but not decoded: duplicate
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
  /// The header, once the first line was read.
  public private(set) var session: TraceSession?
  private var rules = TraceLineRules()

  /// `reducer`: as `TraceReader`'s, the reducer whose lines are read in a file several wrote.
  public init(path: String, follow: LineReader.Follow? = nil, reducer: String? = nil) throws(LineReaderError) {
    lines = try LineReader(path: path, follow: follow)
    rules.selection = TraceStreamSelection(reducer: reducer)
  }

  public init(lines: LineReader, reducer: String? = nil) {
    self.lines = lines
    rules.selection = TraceStreamSelection(reducer: reducer)
  }

  public var file: String { lines.name }

  public func next() -> Result<TraceEventSummary, TraceError>? {
    rules.next(from: lines, kind: \.kind, scan: scan)
  }

  private func scan(_ view: LineReader.View) -> Result<TraceEventSummary, TraceError> {
    let scanned = TraceLineRules.summary(of: view, file: file)
    guard case let .success(summary) = scanned, summary.kind == .session, session == nil else { return scanned }
    switch TraceLineRules.record(of: view, file: file) {
    case let .success(.session(header)):
      session = header
      return scanned
    case let .failure(error): return .failure(error)
    case .success: return scanned
    }
  }
}
