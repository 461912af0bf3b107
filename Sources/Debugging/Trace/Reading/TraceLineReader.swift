/// Turns one line of a trace into a record: what a `TraceLineReader` does per line.
///
/// `decode` gets the complete, non-blank lines of the selected reducer; the reader does the rest.
///
/// ```swift
/// struct KindDecoder: TraceLineDecoder {
///   static func kind(of record: TraceEventSummary) -> TraceKind { record.kind }
///   mutating func decode(_ view: LineReader.View, file: String) -> Result<TraceEventSummary, TraceError> {
///     TraceLineRules.summary(of: view, file: file)
///   }
/// }
/// ```
public protocol TraceLineDecoder {
  associatedtype Record
  init()
  /// The kind of a decoded line (the header must be a `session`, and only the header).
  static func kind(of record: Record) -> TraceKind
  /// The record of one line, or its error (with `view.number` as its line).
  mutating func decode(_ view: LineReader.View, file: String) -> Result<Record, TraceError>
  /// `reader`'s next item. Not to implement: a requirement only so that the module of each
  /// decoder compiles the reading loop for it (specialized, as if written there), wherever the
  /// reader is used from (a generic `next()` called from another module would run unspecialized).
  static func next(in reader: TraceLineReader<Self>) -> Result<Record, TraceError>?
  /// Whether `reducerTag(of:)` tells the tag of every line `decode` read: the decoder reads
  /// every top-level member and has no effect for a line after the header (`false` by default).
  static var tellsReducerTag: Bool { get }
  /// The `reducer` member of a decoded line, when `tellsReducerTag`.
  static func reducerTag(of line: Result<Record, TraceError>) -> TraceReducerTag
  /// Whether this decoder, as set up, tells the tag of the lines it decoded (`tagOfLastLine`)
  /// (`false` by default). Every line after the header is then decoded before the reader decides
  /// to read it: what a decoder keeps of the line decoded last (`TraceRecordDecoder`'s deferred
  /// state and form problem) is that of a line the reader returned only when it returned one.
  var tellsTagsOfLines: Bool { get }
  /// When `tellsTagsOfLines`: the `reducer` member of the line decoded last, or `.unknown`
  /// (the line is searched).
  var tagOfLastLine: TraceReducerTag { get }
  /// Whether this decoder, as set up, tells the tag (`tagOfLastLine`) of a large `state` line
  /// (`TraceLineRules.isLargeStateLine`), and decoding one has no effect on it: such a line is
  /// decoded before the reader decides to read it, instead of being searched for its tag first
  /// (`false` by default). The line is what a 100,000-row state costs: 12 MB searched for nothing.
  var tellsTagsOfLargeStateLines: Bool { get }
}

extension TraceLineDecoder {
  public static func next(in reader: TraceLineReader<Self>) -> Result<Record, TraceError>? { reader.read() }
  public static var tellsReducerTag: Bool { false }
  public static func reducerTag(of line: Result<Record, TraceError>) -> TraceReducerTag { .unknown }
  public var tellsTagsOfLines: Bool { false }
  public var tagOfLastLine: TraceReducerTag { .unknown }
  public var tellsTagsOfLargeStateLines: Bool { false }
}

/// What a line's scan found of its top-level `reducer` member (format 2: the session it belongs
/// to), as `TraceStreamSelection` would find it by searching the line.
public enum TraceReducerTag: Sendable, Equatable {
  /// Not known from the scan (the line did not scan, or has a key with escapes, or a `reducer`
  /// member with space before its colon): the line is searched.
  case unknown
  /// No `reducer` member, or one that is not a string: a line of the first session.
  case none
  case tag(String)
}

/// Reads a trace line by line through `LineReader`, each line decoded by a `Decoder`, with the
/// line rules every reader shares (`TraceLineRules`): errors carry their line, a blank line is an
/// error and reading goes on, a line over the length limit ends the sequence with an error on that
/// line, a cut-off last line is a warning after every line before it, a file with no complete line
/// is an empty trace.
///
/// `TraceReader`, `TraceSummaryReader` and `ExportEventReader` are this reader with their
/// decoders.
///
/// ```swift
/// for item in try TraceLineReader<TraceSummaryDecoder>(path: "run.jsonl") {
///   switch item {
///   case let .success(event): print(event.line, event.kind)
///   case let .failure(error): print(error)
///   }
/// }
/// ```
/// ```text
/// 1 session
/// run.jsonl:2: error: empty line
/// 3 state
/// run.jsonl:4: warning: truncated last line (no newline at the end); ignored
/// ```
public final class TraceLineReader<Decoder: TraceLineDecoder>: Sequence, IteratorProtocol {
  public let lines: LineReader
  // Not `Sendable`, so one thread reads it, a line at a time, and no access overlaps another:
  // no dynamic exclusivity check per line.
  @exclusivity(unchecked) var decoder = Decoder()
  @exclusivity(unchecked) private var rules = TraceLineRules()

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

  /// Reads `lines` as lines after the header of the trace (`TraceLineRules.afterHeader()`): for a
  /// stretch of a file read from an offset, whose line numbers count from that offset.
  /// `header`: the file's line 1 (for its tag), when known.
  package init(linesAfterHeader lines: LineReader, header: [UInt8] = []) {
    self.lines = lines
    rules = TraceLineRules.afterHeader()
    if !header.isEmpty { rules.selection.knowHeader(header) }
  }

  /// Whether the end warns about the lines of other reducers skipped (`true`; a reader of a
  /// stretch of a file says `false` and tells them with `otherReducerLines`).
  package var namesOtherReducers: Bool {
    get { rules.namesOtherReducers }
    set { rules.namesOtherReducers = newValue }
  }

  /// The lines of other reducers skipped so far, by tag, in the order the tags first appeared.
  package var otherReducerLines: [(tag: String, lines: Int)] { rules.selection.otherReducerLines }

  /// The file name used in errors.
  public var file: String { lines.name }

  /// After reading the first reducer of a file several reducers wrote: the others' tags
  /// (`--prefix` values), in the order they appear.
  package var otherReducers: [String] { rules.selection.otherReducers }
  /// The first session's tag, once line 1 was read.
  package var firstReducer: String? { rules.selection.firstReducer }

  /// Read the lines of every session of a file several reducers wrote, each a session of its
  /// own (`TraceStreamSelection.readsAllSessions`); `lastLineTag` tells whose a line is. Set
  /// before the first line is read.
  package var readsAllSessions: Bool {
    get { rules.selection.readsAllSessions }
    set { rules.selection.readsAllSessions = newValue }
  }

  /// The `reducer` tag of the line read last (`nil`: the first session's), with `readsAllSessions`.
  package var lastLineTag: String? { rules.selection.lastTag }

  public func next() -> Result<Decoder.Record, TraceError>? { Decoder.next(in: self) }

  /// The reading loop itself (`TraceLineDecoder.next(in:)` calls it).
  @inline(__always)
  func read() -> Result<Decoder.Record, TraceError>? {
    let file = self.file
    let tellsSome = !Decoder.tellsReducerTag && !decoder.tellsTagsOfLines && decoder.tellsTagsOfLargeStateLines
    let reducerTag: ((Result<Decoder.Record, TraceError>) -> TraceReducerTag)? =
      Decoder.tellsReducerTag
      ? Decoder.reducerTag(of:)
      : decoder.tellsTagsOfLines || tellsSome ? { _ in self.decoder.tagOfLastLine } : nil
    let scansFirst: ((LineReader.View) -> Bool)? = tellsSome ? { TraceLineRules.isLargeStateLine($0) } : nil
    return rules.next(from: lines, kind: Decoder.kind(of:), reducerTag: reducerTag, scansFirst: scansFirst) { view in
      if let problem = TraceLineRules.problem(of: view, file: file) { return .failure(problem) }
      return decoder.decode(view, file: file)
    }
  }
}
