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
/// A `TraceLineReader` with `TraceRecordDecoder`, so its line rules are `TraceLineRules`': the
/// first line must be a session header with a supported format, otherwise the reader yields that
/// error and stops; any other bad line is yielded as an error and reading goes on; a last line
/// without `\n` is a warning and is not decoded; a file with no complete line is an empty trace
/// (an error).
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
public typealias TraceReader = TraceLineReader<TraceRecordDecoder>

extension TraceLineReader where Decoder == TraceRecordDecoder {
  /// The header, once the first line was read.
  public var session: TraceSession? { decoder.session }

  /// Leave out the `state` of keyframe action lines (see `TraceLineRules.recordSkippingKeyframeState`)
  /// unless a `note` came since the last action (after a gap, the keyframe is the state to take).
  package var skipsKeyframeStates: Bool {
    get { decoder.skipsKeyframeStates }
    set { decoder.skipsKeyframeStates = newValue }
  }

  /// With `skipsKeyframeStates` or `defersStates`: leave out the `action` value of action lines
  /// (`.null`), checked but not built — for readers that print only labels and follow patches
  /// (`blame`, `validate`).
  package var skipsActionValues: Bool {
    get { decoder.skipsActionValues }
    set { decoder.skipsActionValues = newValue }
  }

  /// Keep the elements of the large arrays of states as text until they are read
  /// (`TraceLineRules.recordKeepingArraysAsText`). The records are for this thread only (reading
  /// such an element stores its tree): for the tool's commands, which read on one.
  package var keepsArraysAsText: Bool {
    get { decoder.keepsArraysAsText }
    set { decoder.keepsArraysAsText = newValue }
  }

  /// Keep a large `state` line's state as text instead of building it
  /// (`TraceLineRules.recordDeferringState`): its record holds `.null`, and `takeDeferredState()`
  /// right after it gives the text. For `validate`, whose `TraceStateTracker` follows the patches
  /// into the text (`consume(stateText:seq:)`).
  package var defersStates: Bool {
    get { decoder.defersStates }
    set { decoder.defersStates = newValue }
  }

  /// For `validate`: what `defersStates` and `skipsActionValues` do, and a keyframe's `state`
  /// kept as text too (its record's `state` is `nil`; `takeDeferredState()` gives the text), and
  /// labels checked but not kept (`TraceLineRules.recordForChecking`).
  package var readsForChecking: Bool {
    get { decoder.readsForChecking }
    set { decoder.readsForChecking = newValue }
  }

  /// With `readsForChecking`: checks are left for the thread that takes the line, when none of
  /// them could change how the reader goes on (`TraceLineRules.recordForChecking(defers:)`): a
  /// keyframe's state (`takeUncheckedKeyframe()`, `KeyframeCheck`), and the value form of the
  /// patches the action line decoder read (`ValidationState.checksPatchForms`). For `validate`'s
  /// two threads: the reading one has the more work.
  package var defersChecks: Bool {
    get { decoder.defersChecks }
    set { decoder.defersChecks = newValue }
  }

  /// The text of the state of the line just read, when it was kept as text (`defersStates`,
  /// `readsForChecking`).
  package func takeDeferredState() -> TraceLineRules.DeferredState? {
    defer { decoder.deferredState = nil }
    return decoder.deferredState
  }

  /// For `defersChecks`: the line just read is an action whose keyframe was not checked;
  /// `takeDeferredState()` gives the whole line, and this the offset where the state starts in it
  /// (0 for any other line).
  package func takeUncheckedKeyframe() -> Int {
    defer { decoder.uncheckedKeyframe = 0 }
    return decoder.uncheckedKeyframe
  }

  /// For `readsForChecking`: the line just read holds a value `show` would refuse (not in the
  /// trace's value form); its record is still returned.
  package func takeFormProblem() -> TraceError? {
    defer { decoder.formProblem = nil }
    return decoder.formProblem
  }
}

/// `TraceReader`'s line decoding: the whole record, with its line.
///
/// ```swift
/// var decoder = TraceRecordDecoder()
/// let lines = try LineReader(path: "run.jsonl")
/// while let item = try lines.nextLine({ decoder.decode($0, file: lines.name) }) {
///   print(try item.get().record.kind)
/// }
/// ```
/// ```text
/// session
/// state
/// ```
public struct TraceRecordDecoder: TraceLineDecoder {
  /// The first `session` record decoded (the header: a later one is an error, never decoded first).
  public private(set) var session: TraceSession?
  var skipsKeyframeStates = false
  var skipsActionValues = false
  var defersStates = false
  var readsForChecking = false
  var defersChecks = false
  var keepsArraysAsText = false
  /// The key cache every action value of this reader is parsed with (`JSONKeyTable`).
  private let keyTable = JSONKeyTable()
  /// The table `validate`'s checks of values find repeated keys with, one for all the lines.
  private let quickKeys = QuickKeys(checksForms: true)
  /// The state of the last line read, as text (`defersStates`).
  var deferredState: TraceLineRules.DeferredState?
  /// The value of the last line read that is not in the trace's value form (`readsForChecking`).
  var formProblem: TraceError?
  /// Where the unchecked keyframe of the last line read starts in it (`defersChecks`), or 0.
  var uncheckedKeyframe = 0
  /// `validate`'s lines read by the action and effect decoders have no `reducer` member (they
  /// accept no other key): their session is known without searching the line.
  public var tellsTagsOfLines: Bool { readsForChecking }
  public private(set) var tagOfLastLine = TraceReducerTag.unknown
  /// A large state line read lazily tells whether it has a `reducer` member from its decoding
  /// (`recordKeepingArraysAsText`), and sets nothing here (only `session`, `note` and `action`
  /// lines do).
  public var tellsTagsOfLargeStateLines: Bool { keepsArraysAsText && !readsForChecking && !defersStates }
  private var noteSinceAction = false

  public init() {}

  public static func kind(of record: TraceLine) -> TraceKind { record.record.kind }

  public mutating func decode(_ view: LineReader.View, file: String) -> Result<TraceLine, TraceError> {
    deferredState = nil
    formProblem = nil
    uncheckedKeyframe = 0
    let decoded: Result<TraceRecord, TraceError>
    if readsForChecking {
      let byLineDecoders: Bool
      (decoded, deferredState, formProblem, byLineDecoders, uncheckedKeyframe) = TraceLineRules.recordForChecking(
        of: view, file: file, keyTable: keyTable, quickKeys: quickKeys, defers: defersChecks)
      tagOfLastLine = byLineDecoders ? .none : .unknown
    } else if defersStates {
      (decoded, deferredState) = TraceLineRules.recordDeferringState(
        of: view, file: file, keepsActionValue: !skipsActionValues, keyTable: keyTable)
    } else if skipsKeyframeStates && !noteSinceAction {
      decoded =
        keepsArraysAsText && ByteSearch.hasPrefix(view.bytes, TraceLineRules.stateLineStart)
        ? TraceLineRules.recordKeepingArraysAsText(
          of: view, file: file, keyframes: false, keyTable: keyTable, tag: &tagOfLastLine)
        : TraceLineRules.recordSkippingKeyframeState(
          of: view, file: file, keepsActionValue: !skipsActionValues, keyTable: keyTable)
    } else if keepsArraysAsText {
      decoded = TraceLineRules.recordKeepingArraysAsText(
        of: view, file: file, keyframes: true, keyTable: keyTable, tag: &tagOfLastLine)
    } else {
      decoded = TraceLineRules.record(of: view, file: file, keyTable: keyTable)
    }
    let item = decoded.map { TraceLine(line: view.number, record: $0) }
    guard case let .success(line) = item else { return item }
    switch line.record {
    case .note: noteSinceAction = true
    case .action: noteSinceAction = false
    case let .session(header) where session == nil: session = header
    default: break
    }
    return item
  }
}
