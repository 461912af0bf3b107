import Debugging

/// One trace line as the exporter sees it: the summary of every line (no values built), and the
/// full record of the small lines (`session`, `effect`, `note`, `end`), whose every key is kept.
public struct ExportEvent: Sendable, Hashable {
  public var summary: TraceEventSummary
  /// The decoded line for `session`, `effect`, `note` and `end`; `nil` for `state` and `action`.
  public var record: TraceRecord?
}

/// Reads a trace for `PerfettoExporter`: the summary reader's fast path for the large lines
/// (actions and states are scanned, not built), full decoding for the small ones (session name,
/// cancellation ids, note messages), with the same line rules as `TraceSummaryReader` (header
/// first with a supported format, truncated last line a warning, a bad line an error with its line).
///
/// ```swift
/// for case let .success(event) in try ExportEventReader(path: "run.jsonl") {
///   print(event.summary.kind, event.record?.kind as Any)
/// }
/// ```
/// ```text
/// session Optional(session)
/// state nil
/// ```
public final class ExportEventReader: Sequence, IteratorProtocol {
  public let lines: LineReader
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

  public func next() -> Result<ExportEvent, TraceError>? {
    rules.next(from: lines, kind: \.summary.kind, scan: scan)
  }

  private func scan(_ view: LineReader.View) -> Result<ExportEvent, TraceError> {
    let summary: TraceEventSummary
    switch TraceLineRules.summary(of: view, file: file) {
    case let .failure(error): return .failure(error)
    case let .success(scanned): summary = scanned
    }
    switch summary.kind {
    case .action, .state:
      return .success(ExportEvent(summary: summary, record: nil))
    case .session, .effect, .note, .end:
      // Small lines: decode them fully (their syntax was checked by the scan).
      return TraceLineRules.record(of: view, file: file).map { ExportEvent(summary: summary, record: $0) }
    }
  }
}
