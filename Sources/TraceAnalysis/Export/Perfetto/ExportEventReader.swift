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
/// cancellation ids, note messages): a `TraceLineReader` with `ExportEventDecoder`, so its line
/// rules are `TraceSummaryReader`'s (header first with a supported format, truncated last line a
/// warning, a bad line an error with its line).
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
public typealias ExportEventReader = TraceLineReader<ExportEventDecoder>

/// `ExportEventReader`'s line decoding: the summary of every line, the record of the small ones.
///
/// ```swift
/// var decoder = ExportEventDecoder()
/// let lines = try LineReader(path: "run.jsonl")
/// while let item = try lines.nextLine({ decoder.decode($0, file: lines.name) }) {
///   print(try item.get().record != nil)
/// }
/// ```
/// ```text
/// true
/// false
/// ```
public struct ExportEventDecoder: TraceLineDecoder {
  /// The labels of recent lines, made once (`JSONStringTable`).
  private let strings = JSONStringTable()

  public init() {}

  public static func kind(of record: ExportEvent) -> TraceKind { record.summary.kind }

  public func decode(_ view: LineReader.View, file: String) -> Result<ExportEvent, TraceError> {
    let summary: TraceEventSummary
    switch TraceLineRules.summary(of: view, file: file, strings: strings) {
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
