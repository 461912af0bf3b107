/// The fast path through a trace: yields a `TraceEventSummary` per line (kind, seq, t, duration,
/// label, event, effect, …) without building action or state values: a `TraceLineReader` with
/// `TraceSummaryDecoder`, so its line rules are `TraceReader`'s (`TraceLineRules`: header first
/// with a supported format, a cut-off last line a warning).
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
public typealias TraceSummaryReader = TraceLineReader<TraceSummaryDecoder>

extension TraceLineReader where Decoder == TraceSummaryDecoder {
  /// The header, once the first line was read.
  public var session: TraceSession? { decoder.session }

  /// For a reader of a stretch after the header (`init(linesAfterHeader:)`): a `session` line is
  /// summarized, not decoded as the header, as the reader of the whole file does after line 1.
  package func readsAfterHeader() { decoder.decodesHeader = false }
}

/// `TraceSummaryReader`'s line decoding: the summary of every line, and the header in full.
///
/// ```swift
/// var decoder = TraceSummaryDecoder()
/// let lines = try LineReader(path: "run.jsonl")
/// while let item = try lines.nextLine({ decoder.decode($0, file: lines.name) }) { print(try item.get().kind) }
/// print(decoder.session!.name)
/// ```
/// ```text
/// session
/// state
/// Todos
/// ```
public struct TraceSummaryDecoder: TraceLineDecoder {
  /// The first `session` line, decoded in full.
  public private(set) var session: TraceSession?
  /// The labels of recent lines, made once (`JSONStringTable`).
  private let strings = JSONStringTable()
  /// Whether the first `session` line is decoded in full as the header (`readsAfterHeader()`).
  var decodesHeader = true

  public init() {}

  public static func kind(of record: TraceEventSummary) -> TraceKind { record.kind }

  /// The scan reads every top-level member; a line after the header only sets `session` when
  /// there was none, which the line rules never ask for after line 1 of the first session.
  public static var tellsReducerTag: Bool { true }

  public static func reducerTag(of line: Result<TraceEventSummary, TraceError>) -> TraceReducerTag {
    guard case let .success(summary) = line else { return .unknown }
    return summary.reducerTag
  }

  public mutating func decode(_ view: LineReader.View, file: String) -> Result<TraceEventSummary, TraceError> {
    let scanned = TraceLineRules.summary(of: view, file: file, strings: strings)
    guard case let .success(summary) = scanned, summary.kind == .session, session == nil, decodesHeader else {
      return scanned
    }
    switch TraceLineRules.record(of: view, file: file) {
    case let .success(.session(header)):
      session = header
      return scanned
    case let .failure(error): return .failure(error)
    case .success: return scanned
    }
  }
}
