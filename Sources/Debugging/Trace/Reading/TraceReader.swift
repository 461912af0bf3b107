/// One record read from a trace, with its 1-based line number.
public struct TraceLine: Sendable, Hashable {
  public var line: Int
  public var record: TraceRecord
  public init(line: Int, record: TraceRecord) {
    self.line = line
    self.record = record
  }
}

/// Reads a trace as records, each fully decoded (values stay `JSON`), or errors with their line.
///
/// The line rules are `TraceLineRules`': the first line must be a session header with a
/// supported format, otherwise the reader yields that error and stops; any other bad line is
/// yielded as an error and reading goes on; a last line without `\n` is a warning and is not
/// decoded; a file with no complete line is an empty trace (an error).
///
/// ```swift
/// for item in try TraceReader(path: "run.jsonl") {
///   switch item {
///   case let .success(line): print(line.line, line.record.kind)
///   case let .failure(error): print(error)
///   }
/// }
/// ```
/// ```text
/// 1 session
/// 2 state
/// run.jsonl:3:14: error: unterminated string
/// ```
public final class TraceReader: Sequence, IteratorProtocol {
  public let lines: LineReader
  /// The header, once the first line was read.
  public private(set) var session: TraceSession?
  private var rules = TraceLineRules()
  /// After reading the first reducer of a file several reducers wrote: the others' tags
  /// (`--prefix` values), in the order they appear.
  package var otherReducers: [String] { rules.selection.otherReducers }
  /// The first session's tag, once line 1 was read.
  package var firstReducer: String? { rules.selection.firstReducer }

  /// `reducer`: in a file several reducers wrote (format 2), the one whose lines are read — its
  /// `reducer` tag, prefix or name; `nil` for the first.
  public init(path: String, follow: LineReader.Follow? = nil, reducer: String? = nil) throws(LineReaderError) {
    lines = try LineReader(path: path, follow: follow)
    rules.selection = TraceStreamSelection(reducer: reducer)
  }

  public init(lines: LineReader, reducer: String? = nil) {
    self.lines = lines
    rules.selection = TraceStreamSelection(reducer: reducer)
  }

  /// The file name used in errors.
  public var file: String { lines.name }

  /// Leave out the `state` of keyframe action lines (see `TraceLineRules.recordSkippingKeyframeState`)
  /// unless a `note` came since the last action (after a gap, the keyframe is the state to take).
  package var skipsKeyframeStates = false
  private var noteSinceAction = false

  public func next() -> Result<TraceLine, TraceError>? {
    let file = self.file
    let skips = skipsKeyframeStates && !noteSinceAction
    let item = rules.next(from: lines, kind: \.record.kind) { view in
      (skips
        ? TraceLineRules.recordSkippingKeyframeState(of: view, file: file)
        : TraceLineRules.record(of: view, file: file))
        .map { TraceLine(line: view.number, record: $0) }
    }
    if case let .success(line)? = item {
      if line.record.kind == .note {
        noteSinceAction = true
      } else if line.record.kind == .action {
        noteSinceAction = false
      }
    }
    if session == nil, case let .success(line)? = item, case let .session(header) = line.record { session = header }
    return item
  }
}
