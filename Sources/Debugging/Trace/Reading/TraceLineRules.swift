/// The line rules shared by the readers that scan each line into a `TraceEventSummary`
/// (`TraceSummaryReader`, `ExportEventReader`): a read error is reported on line 0 and ends the
/// sequence, an empty file is an error on line 1, an error on line 1 ends the sequence, line 1
/// must be the `session` header and a later `session` line is an error.
///
/// ```swift
/// var rules = TraceLineRules()
/// let scan = { TraceLineRules.summary(of: $0, file: lines.name, truncatedHeaderIsError: true) }
/// while case let .success(event)? = rules.next(from: lines, summaryOf: { $0 }, scan: scan) { print(event.kind) }
/// ```
/// ```text
/// session
/// action
/// ```
struct TraceLineRules {
  /// Whether the sequence has ended (after a read error, the end of the file or a bad line 1).
  private(set) var stopped = false

  /// The next line of `lines` as `scan` reads it, checked against the header rules; `summaryOf`
  /// gives the kind and line number of a scanned event. `nil` at the end.
  mutating func next<Event>(
    from lines: LineReader, summaryOf: (Event) -> TraceEventSummary,
    scan: (LineReader.View) -> Result<Event, TraceError>
  ) -> Result<Event, TraceError>? {
    guard !stopped else { return nil }
    let file = lines.name
    let outcome: Result<Event, TraceError>?
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
    case let .success(event):
      let summary = summaryOf(event)
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

  /// Scans one line into its summary: a truncated (last) line is a warning, or an error on line 1
  /// when `truncatedHeaderIsError`; a blank line or bad JSON is an error with its line (and column).
  static func summary(
    of view: LineReader.View, file: String, truncatedHeaderIsError: Bool
  ) -> Result<TraceEventSummary, TraceError> {
    if view.isTruncated {
      if truncatedHeaderIsError, view.number == 1 {
        return .failure(TraceError(file: file, line: 1, message: TraceMessages.truncatedHeader))
      }
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

  /// Decodes one line in full (for the small lines a scanning reader keeps whole), with the
  /// errors `TraceReader` gives for it.
  static func record(of view: LineReader.View, file: String) -> Result<TraceRecord, TraceError> {
    let json: JSON
    do {
      json = try JSONReader.parse(view.bytes)
    } catch {
      return .failure(TraceError(file: file, line: view.number, column: error.column, message: error.message))
    }
    do {
      return .success(try TraceRecord(json: json))
    } catch {
      return .failure(TraceError(file: file, line: view.number, message: error.message))
    }
  }
}
