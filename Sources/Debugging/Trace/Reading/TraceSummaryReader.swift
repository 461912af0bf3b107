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
  private var stopped = false

  public init(path: String, follow: LineReader.Follow? = nil) throws(LineReaderError) {
    lines = try LineReader(path: path, follow: follow)
  }

  public init(lines: LineReader) {
    self.lines = lines
  }

  public var file: String { lines.name }

  public func next() -> Result<TraceEventSummary, TraceError>? {
    guard !stopped else { return nil }
    let outcome: Result<TraceEventSummary, TraceError>?
    do {
      outcome = try lines.nextLine(scan)
    } catch {
      stopped = true
      return .failure(TraceError(file: file, line: 0, message: error.message))
    }
    guard let outcome else {
      stopped = true
      if lines.lineNumber == 0 { return .failure(TraceError(file: file, line: 1, message: TraceMessages.empty)) }
      return nil
    }
    switch outcome {
    case let .failure(error):
      if error.line == 1 { stopped = true }
      return outcome
    case let .success(summary):
      if summary.line == 1, summary.kind != .session {
        stopped = true
        return .failure(TraceError(file: file, line: 1, message: TraceMessages.headerExpected(found: summary.kind.rawValue)))
      }
      if summary.line > 1, summary.kind == .session {
        return .failure(TraceError(file: file, line: summary.line, message: TraceMessages.headerAgain))
      }
      return outcome
    }
  }

  private func scan(_ view: LineReader.View) -> Result<TraceEventSummary, TraceError> {
    if view.isTruncated {
      if view.number == 1 { return .failure(TraceError(file: file, line: 1, message: TraceMessages.truncatedHeader)) }
      return .failure(TraceError(file: file, line: view.number, severity: .warning, message: TraceMessages.truncated))
    }
    if LineParse.isBlank(view.bytes) {
      return .failure(TraceError(file: file, line: view.number, message: TraceMessages.emptyLine))
    }
    do {
      return .success(try TraceEventSummary(line: view.number, bytes: view.bytes))
    } catch {
      return .failure(TraceError(file: file, line: view.number, column: error.column > 0 ? error.column : nil, message: error.message))
    }
  }
}
