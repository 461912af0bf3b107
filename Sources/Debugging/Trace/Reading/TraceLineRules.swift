/// The line rules of `TraceLineReader`, which every trace reader is (`TraceReader`,
/// `TraceSummaryReader`, `ExportEventReader`), so `show`, `timings`, `validate`, `diff`, `export`
/// and `report` give the same answer for the same file:
///
/// - a read error is reported on line 0 (a line over the length limit on its own line) and ends
///   the sequence;
/// - line 1 must be the `session` header: an error there ends the sequence, and a later `session`
///   line is an error;
/// - a last line without its `\n` (cut off mid-line) is a warning, after every line before it;
/// - a file with no complete line (empty, or whose only line is cut off) is an empty trace: an
///   error on line 1, after the warning for the cut-off line if there is one.
///
/// ```swift
/// var rules = TraceLineRules()
/// while case let .success(event)? = rules.next(from: lines, kind: \.kind, scan: { TraceLineRules.summary(of: $0, file: lines.name) }) {
///   print(event.kind)
/// }
/// ```
/// ```text
/// session
/// action
/// ```
package struct TraceLineRules {
  /// Whether the sequence has ended (after a read error, the end of the file or a bad line 1).
  private(set) var stopped = false
  /// Whether a complete line (anything but a cut-off last line) was read.
  private var readALine = false
  /// Which reducer's lines are read from a file several wrote (format 2); the first by default.
  package var selection = TraceStreamSelection(reducer: nil)
  private var reportedSelection = false
  /// `lines.restarts` when last read: a followed file truncated or replaced is a new trace.
  private var restarts = 0

  package init() {}

  /// The rules for lines after the header, read on their own (a stretch of a file read from an
  /// offset): no line is taken for the header.
  package static func afterHeader() -> TraceLineRules {
    var rules = TraceLineRules()
    rules.readALine = true
    // (Its line 1 is another reducer's when it has a tag, as anywhere after the header.)
    rules.selection.readsLinesAfterHeader = true
    return rules
  }

  /// Whether the end says which other sessions' lines were skipped (`TraceStreamSelection`); a
  /// reader of one stretch of a file leaves it to whoever puts the stretches together.
  package var namesOtherReducers: Bool {
    get { !reportedSelection }
    set { reportedSelection = !newValue }
  }

  /// The next line of `lines` as `scan` reads it, checked against the rules above; `kind` gives the
  /// kind of a scanned event. `nil` at the end.
  @inline(__always)
  /// `reducerTag`: for a reader whose scan reads every top-level member, the `reducer` tag of a
  /// scanned line (`TraceReducerTag`), so the line is not searched for it again; `scansFirst`:
  /// the lines it tells, when not every line (the others are searched before they are scanned).
  package mutating func next<Event>(
    from lines: LineReader, kind: (Event) -> TraceKind,
    reducerTag: ((Result<Event, TraceError>) -> TraceReducerTag)? = nil,
    scansFirst linesScannedFirst: ((LineReader.View) -> Bool)? = nil,
    scan: (LineReader.View) -> Result<Event, TraceError>
  ) -> Result<Event, TraceError>? {
    guard !stopped else { return nil }
    // (The file's name only for an error: taken on every line, it is a retain and a release.)
    var file: String { lines.name }
    func sessionAgain(_ view: LineReader.View) -> Result<Event, TraceError> {
      .failure(
        selection.laterHeaderProblem(line: view.number, file: file)
          ?? TraceError(file: file, line: view.number, message: TraceMessages.headerAgain))
    }
    // The line read is written in place (not wrapped in a step and copied out): this runs for
    // every line of every reader.
    var outcome: Result<Event, TraceError>?
    // Reading the first session, a reader that tells each line's tag scans first and decides
    // after (its decoding has no effect for lines after the header then).
    let scansFirst = reducerTag != nil && selection.reducer == nil
    do {
      var skipped = false
      repeat {
        skipped =
          try lines.nextLine { view -> Bool in
            if scansFirst, view.number > 1, let reducerTag, linesScannedFirst?(view) ?? true {
              let line = scan(view)
              let decision: TraceStreamSelection.Decision
              switch reducerTag(line) {
              case .unknown: decision = selection.decide(view)
              case .none: decision = selection.decide(tag: nil)
              case let .tag(tag): decision = selection.decide(tag: tag, view: view)
              }
              switch decision {
              case .skip: return true
              case .read: outcome = line
              case .sessionAgain: outcome = sessionAgain(view)
              }
              return false
            }
            switch selection.decide(view) {
            case .skip: return true
            case .read: outcome = scan(view)
            case .sessionAgain: outcome = sessionAgain(view)
            }
            return false
          } ?? false
      } while skipped
    } catch {
      stopped = true
      return .failure(TraceError(file: file, line: error.line ?? 0, message: error.message))
    }
    if lines.restarts != restarts {
      // A followed file was truncated or replaced: what follows is a new trace from its header.
      restarts = lines.restarts
      readALine = false
      selection = selection.restarted()
      reportedSelection = false
    }
    // The header is the first line read: line 1, or the selected reducer's `session` line.
    let isHeaderLine = !readALine
    let number = lines.lineNumber
    // One switch over the optional, taken (not copied): the line is moved out and returned.
    switch consume outcome {
    case .none:
      if !reportedSelection {
        reportedSelection = true
        if let problem = selection.closingProblem(file: file) {
          if problem.severity == .error { stopped = true }
          return .failure(problem)
        }
      }
      stopped = true
      if !readALine { return .failure(TraceError(file: file, line: 1, message: TraceMessages.empty)) }
      return nil
    case let .failure(error)?:
      guard error.severity == .error else { return .failure(error) }
      readALine = true
      if isHeaderLine { stopped = true }
      return .failure(error)
    case let .success(event)?:
      readALine = true
      let kind = kind(event)
      if isHeaderLine, kind != .session {
        stopped = true
        return .failure(
          TraceError(file: file, line: number, message: TraceMessages.headerExpected(found: kind.rawValue)))
      }
      if isHeaderLine {
        selection.noteHeader(line: number)
      } else if kind == .session, let problem = selection.laterHeaderProblem(line: number, file: file) {
        return .failure(problem)
      }
      return .success(event)
    }
  }

  /// How the recorder starts every action line (the lines `TraceActionLineDecoder` reads).
  static let actionLineStart: StaticString = #"{"kind":"action","#
  /// How the recorder starts every state line.
  static let stateLineStart: StaticString = #"{"kind":"state","#

  /// A `state` line long enough to be read lazily (`recordKeepingArraysAsText`).
  static func isLargeStateLine(_ view: LineReader.View) -> Bool {
    view.bytes.count > JSONLazyArrays.smallest && ByteSearch.hasPrefix(view.bytes, stateLineStart)
  }
  /// How the recorder starts every effect line (the lines `TraceEffectLineDecoder` reads).
  static let effectLineStart: StaticString = #"{"kind":"effect","#

  /// The problem a line has before it is parsed: cut off (a warning) or blank (an error).
  @inline(__always)
  static func problem(of view: LineReader.View, file: String) -> TraceError? {
    if view.isTruncated {
      return TraceError(file: file, line: view.number, severity: .warning, message: TraceMessages.truncated)
    }
    if isBlank(view.bytes) {
      return TraceError(file: file, line: view.number, message: TraceMessages.emptyLine)
    }
    return nil
  }

  /// Scans one line into its summary (values skipped, their syntax checked): a cut-off line is a
  /// warning; a blank line or bad JSON is an error with its line (and column).
  /// `strings`: the reader's table of recent string values (see `JSONStringTable`).
  package static func summary(
    of view: LineReader.View, file: String, strings: JSONStringTable? = nil
  ) -> Result<TraceEventSummary, TraceError> {
    if let problem = problem(of: view, file: file) { return .failure(problem) }
    do {
      return .success(try TraceEventSummary(line: view.number, bytes: view.bytes, strings: strings))
    } catch {
      return .failure(
        TraceError(file: file, line: view.number, column: error.column > 0 ? error.column : nil, message: error.message)
      )
    }
  }

  /// Decodes one line in full: a cut-off line is a warning; a blank line, bad JSON or a bad record
  /// is an error with its line (and column).
  /// `keepsActionValue: false` leaves an action line's `action` value out (`.null`), checked but
  /// not built (see `TraceActionLineDecoder`).
  package static func record(
    of view: LineReader.View, file: String, keepsActionValue: Bool = true, keyTable: JSONKeyTable? = nil
  ) -> Result<TraceRecord, TraceError> {
    if let problem = problem(of: view, file: file) { return .failure(problem) }
    if ByteSearch.hasPrefix(view.bytes, Self.actionLineStart),
      let action = TraceActionLineDecoder.decode(
        view.bytes, keepsState: true, keepsAction: keepsActionValue, keys: keyTable)
    {
      return .success(.action(action))
    }
    if ByteSearch.hasPrefix(view.bytes, Self.effectLineStart), let event = TraceEffectLineDecoder.decode(view.bytes) {
      return .success(.effect(event))
    }
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

  /// `record(of:file:)` without the `state` of an action line (a keyframe), which is skipped with
  /// its syntax checked instead of built: for readers that follow the state through the patches
  /// (a keyframe is the state the patch already gives). Other lines, and a line whose top-level
  /// keys repeat (for the exact error), are decoded in full.
  ///
  /// ```text
  /// {"kind":"action","seq":1000,…,"patch":[…],"state":{…13 MB…}}   →   .action(…, state: nil)
  /// ```
  package static func recordSkippingKeyframeState(
    of view: LineReader.View, file: String, keepsActionValue: Bool = true, keyTable: JSONKeyTable? = nil
  ) -> Result<TraceRecord, TraceError> {
    let bytes = view.bytes
    guard ByteSearch.hasPrefix(bytes, Self.actionLineStart), problem(of: view, file: file) == nil else {
      return record(of: view, file: file)
    }
    if let action = TraceActionLineDecoder.decode(
      bytes, keepsState: false, keepsAction: keepsActionValue, keys: keyTable)
    {
      return .success(.action(action))
    }
    guard bytes.count > 4096 else { return record(of: view, file: file) }
    var members: [JSON.Member] = []
    var keys = Set<String>()
    do {
      var scanner = try JSONObjectScanner(bytes)
      while let member = try scanner.next() {
        let key = scanner.key(of: member)
        guard keys.insert(key).inserted else { return record(of: view, file: file) }
        if key == "state" { continue }
        members.append(JSON.Member(key, try scanner.value(member)))
      }
    } catch {
      return record(of: view, file: file)
    }
    do {
      return .success(try TraceRecord(json: .object(members)))
    } catch {
      return .failure(TraceError(file: file, line: view.number, message: error.message))
    }
  }

  /// `record(of:file:)` for a reader on one thread: the large arrays of the state of a large
  /// `state` line, or of a keyframe's (`keyframes`), keep their elements as text until read
  /// (`JSONReader.parseKeepingArraysAsText`), so a state of 100,000 elements costs what its
  /// readers touch of it. The record, and any error, are the ones `record(of:file:)` gives.
  ///
  /// ```text
  /// {"kind":"state","seq":0,"t":0,"state":{"todos":[…12 MB…]}}   →   .state(…, todos: 100,000 ranges)
  /// ```
  /// `keyTable`: the reader's key cache, for the lines decoded in full (`record(of:file:)`).
  package static func recordKeepingArraysAsText(
    of view: LineReader.View, file: String, keyframes: Bool, keyTable: JSONKeyTable? = nil
  ) -> Result<TraceRecord, TraceError> {
    var tag = TraceReducerTag.unknown
    return recordKeepingArraysAsText(of: view, file: file, keyframes: keyframes, keyTable: keyTable, tag: &tag)
  }

  /// `recordKeepingArraysAsText(of:file:keyframes:keyTable:)`, telling the line's `reducer` tag
  /// where its decoding shows it (`tag`): `.none` for a line read lazily whose top level has no
  /// `reducer` member (so `TraceStreamSelection.tag(of:)` finds none either), `.unknown` for any
  /// other (the line is then searched, as before). A 12 MB state line is not searched for a tag
  /// it does not have.
  package static func recordKeepingArraysAsText(
    of view: LineReader.View, file: String, keyframes: Bool, keyTable: JSONKeyTable?, tag: inout TraceReducerTag
  ) -> Result<TraceRecord, TraceError> {
    tag = .unknown
    let bytes = view.bytes
    guard bytes.count > JSONLazyArrays.smallest, problem(of: view, file: file) == nil else {
      return record(of: view, file: file, keyTable: keyTable)
    }
    // A state line's state is at depth 2 (the line is 1); a keyframe's arrays start at depth 3,
    // below the action line's own arrays (its patch).
    let depth: Int
    if ByteSearch.hasPrefix(bytes, Self.stateLineStart) {
      depth = 2
    } else if keyframes, ByteSearch.hasPrefix(bytes, Self.actionLineStart) {
      depth = 3
    } else {
      return record(of: view, file: file, keyTable: keyTable)
    }
    // An error is the one the full parse gives.
    guard let json = try? JSONReader.parseKeepingArraysAsText(bytes, fromDepth: depth, line: view) else {
      return record(of: view, file: file, keyTable: keyTable)
    }
    // (A top-level `reducer` member, rare, is left to the search: its exact rules are its.)
    if json["reducer"] == nil { tag = .none }
    do {
      return .success(try TraceRecord(json: json))
    } catch {
      return .failure(TraceError(file: file, line: view.number, message: error.message))
    }
  }

  /// `record(of:file:)` for `validate`: a large `state` line's `state` is checked with all the
  /// reader's rules without being built (`JSONObjectScanner.checksValues`) and returned as text,
  /// the record holding `.null` in its place. Any other line, and any line the check cannot
  /// vouch for (an error, a repeated top-level key, a value it leaves to the reader), is decoded
  /// by `record(of:file:)`, with its exact error. `quickKeys`: the table the state is checked
  /// with (`QuickKeys(checksForms: true)` checks its value form too).
  ///
  /// ```text
  /// {"kind":"state","seq":0,"t":0,"state":{…12 MB…}}   →   (.state(…, state: .null), the 12 MB)
  /// ```
  package static func recordDeferringState(
    of view: LineReader.View, file: String, keepsActionValue: Bool = true, keyTable: JSONKeyTable? = nil
  ) -> (Result<TraceRecord, TraceError>, DeferredState?) {
    recordDeferringState(
      of: view, file: file, keepsActionValue: keepsActionValue, keyTable: keyTable, quickKeys: nil)
  }

  /// `recordDeferringState(of:file:keepsActionValue:keyTable:)`, the state checked with `quickKeys`.
  static func recordDeferringState(
    of view: LineReader.View, file: String, keepsActionValue: Bool, keyTable: JSONKeyTable?, quickKeys: QuickKeys?
  ) -> (Result<TraceRecord, TraceError>, DeferredState?) {
    let bytes = view.bytes
    guard bytes.count > 4096, ByteSearch.hasPrefix(bytes, #"{"kind":"state","#), problem(of: view, file: file) == nil
    else {
      return (record(of: view, file: file, keepsActionValue: keepsActionValue, keyTable: keyTable), nil)
    }
    var members: [JSON.Member] = []
    var keys = Set<String>()
    var stateText: (range: Range<Int>, children: JSONChildIndex)?
    do {
      var scanner = try JSONObjectScanner(bytes)
      scanner.checksValues = true
      scanner.quickKeys = quickKeys
      scanner.indexesValueChildren = true
      while let member = try scanner.next() {
        let key = scanner.key(of: member)
        guard keys.insert(key).inserted, scanner.lastValueChecked else { return (record(of: view, file: file), nil) }
        if key == "state" {
          stateText = (member.valueRange, scanner.lastValueChildren)
          members.append(JSON.Member(key, .null))
        } else {
          members.append(JSON.Member(key, try scanner.value(member)))
        }
      }
    } catch {
      return (record(of: view, file: file), nil)
    }
    // Taken once the line is read: a large state keeps the line's buffer (`StateText`).
    let text = stateText.map { DeferredState(text: StateText(view, $0.range), children: $0.children) }
    do {
      return (.success(try TraceRecord(json: .object(members))), text)
    } catch {
      return (.failure(TraceError(file: file, line: view.number, message: error.message)), nil)
    }
  }

  /// The state of a `state` line or a keyframe kept as text, with the index of its children.
  package struct DeferredState {
    package var text: StateText
    package var children: JSONChildIndex
  }

  /// Whether a line holds only spaces, tabs and carriage returns (or nothing).
  static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first else { return true }
    guard first == 0x20 || first == 0x09 || first == 0x0D else { return false }
    return bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
