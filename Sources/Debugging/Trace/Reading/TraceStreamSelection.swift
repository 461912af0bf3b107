import Foundation

/// Which reducer's lines a reader yields from a file several reducers wrote (format 2,
/// `docs/log-format.md`): the first session's (lines without a `reducer` key) by default, or the
/// session whose `reducer` tag (else prefix, else name) is `reducer`. Lines of other sessions
/// are skipped and counted; at the end a warning names them:
///
/// ```text
/// run.jsonl: warning: this trace also holds reducer "other" (4 lines not read); select it with --prefix other
/// ```
///
/// A second `session` line with the tag of the session read is an error on its line
/// (`SessionHeaders`); with `readsAllSessions` (`validate`), one with any tag already taken.
package struct TraceStreamSelection {
  /// The reducer asked for; `nil` for the first session.
  let reducer: String?
  /// Whether the selected session is the file's first (decided on line 1).
  private(set) var isFirst = true
  /// Whether the selected session's header was read.
  private(set) var foundHeader = false
  /// The tag of the later session asked for by its prefix or name (its `session` line says it).
  private var selectedTag: String?
  /// Tags of the first session (its `reducer`, `prefix` and `name`).
  private var firstNames: [String] = []
  /// Other sessions met, in order, with the number of their lines skipped.
  private var others: [(tag: String, lines: Int)] = []
  /// For a reader of a stretch of a file after its header (`TraceLineRules.afterHeader()`): its
  /// line 1 is not the file's header, and is read or skipped by its tag like any other line.
  var readsLinesAfterHeader = false
  /// Every session's lines are read (`validate` checks them all in one pass): no line is
  /// skipped, `lastTag` tells each line's session, and a later `session` line with a tag not
  /// taken yet is its session's header, not an error.
  package var readsAllSessions = false
  /// The `reducer` tag of the line decided last (`nil`: a line of the first session).
  package private(set) var lastTag: String?
  /// The session headers met, by tag.
  private var headers = SessionHeaders()

  package init(reducer: String?) {
    self.reducer = reducer?.isEmpty == true ? nil : reducer
  }

  /// The tags of the other sessions met so far (when reading the first), in order.
  package var otherReducers: [String] { others.map(\.tag) }
  /// For a reader of a stretch after the header: the names of the file's header (its line 1,
  /// `header`), so that a `session` line with its tag is an error there too.
  package mutating func knowHeader(_ header: [UInt8]) {
    firstNames = header.withUnsafeBytes { Self.names(ofHeader: $0) }
    if let tag = firstNames.first { headers.note(tag, line: 1) }
  }

  /// The first session's tag (its `reducer`, else prefix, else name), once line 1 was read.
  package var firstReducer: String? { firstNames.first }

  enum Decision: Equatable {
    case read, skip
    /// A `session` line skipped that has the tag of the session read (`lastTag`): an error.
    case sessionAgain
  }

  /// Whether to read the line `view`; line 1 (the file's header) decides whether the selected
  /// session is the first one.
  mutating func decide(_ view: LineReader.View) -> Decision {
    if view.number == 1, !readsLinesAfterHeader {
      lastTag = nil
      firstNames = Self.names(ofHeader: view.bytes)
      guard let reducer, !firstNames.contains(reducer) else {
        foundHeader = true
        return .read
      }
      isFirst = false
      return .skip
    }
    return decide(tag: Self.tag(of: view.bytes), view: view)
  }

  /// `decide(_:)` for a line after line 1 whose `reducer` tag is known (`tag(of:)` would find
  /// it): a reader that scans the line's members anyway tells it, and the line is not searched.
  /// `view`: the line, when it may be a later session's header that names the reducer asked for
  /// by its prefix or name (its lines then carry its tag).
  mutating func decide(tag: String?, view: LineReader.View? = nil) -> Decision {
    // Most lines: the first session's, read as it.
    if tag == nil, isFirst, !readsAllSessions {
      lastTag = nil
      return .read
    }
    lastTag = tag
    if readsAllSessions {
      if let tag { count(tag) }
      return .read
    }
    if let tag, tag == reducer || tag == selectedTag, !isFirst {
      foundHeader = true
      return .read
    }
    if let tag, let reducer, !isFirst, selectedTag == nil, let view,
      ByteSearch.hasPrefix(view.bytes, #"{"kind":"session","#), Self.names(ofHeader: view.bytes).contains(reducer)
    {
      selectedTag = tag
      foundHeader = true
      return .read
    }
    if tag == nil, isFirst { return .read }
    // (Reading a stretch after the header, known when it was told the header: `knowHeader`.)
    if isFirst, let tag, tag == firstNames.first, let view, ByteSearch.hasPrefix(view.bytes, #"{"kind":"session","#) {
      return .sessionAgain
    }
    count(tag ?? firstNames.first ?? "")
    return .skip
  }

  /// Counts a line of the session tagged `tag` among the others.
  private mutating func count(_ tag: String) {
    if let index = others.firstIndex(where: { $0.tag == tag }) {
      others[index].lines += 1
    } else {
      others.append((tag, 1))
    }
  }

  /// Notes the header of the session read (line `line`, the first line read).
  mutating func noteHeader(line: Int) {
    if let tag = lastTag ?? firstNames.first { headers.note(tag, line: line) }
  }

  /// The error for the `session` line on `line` (decided last, `lastTag`), read after the header
  /// or skipped as `.sessionAgain`; `nil` for a new session's header when every session is read.
  mutating func laterHeaderProblem(line: Int, file: String) -> TraceError? {
    guard let tag = lastTag else { return TraceError(file: file, line: line, message: TraceMessages.headerAgain) }
    if let problem = headers.problem(tag: tag, line: line, file: file) { return problem }
    return readsAllSessions ? nil : TraceError(file: file, line: line, message: TraceMessages.headerAgain)
  }

  /// A new selection for a followed file truncated or replaced: the same reducer, the same mode.
  func restarted() -> TraceStreamSelection {
    var selection = TraceStreamSelection(reducer: reducer)
    selection.readsAllSessions = readsAllSessions
    selection.readsLinesAfterHeader = readsLinesAfterHeader
    return selection
  }

  /// What to say at the end: the sessions not read (a warning), or that the one asked for is not
  /// there (an error).
  func closingProblem(file: String) -> TraceError? {
    if let reducer, !foundHeader {
      var names: [String] = []
      for name in [firstNames.first].compactMap({ $0 }) + others.map(\.tag) where !names.contains("\"\(name)\"") {
        names.append("\"\(name)\"")
      }
      return TraceError(
        file: file, line: 1,
        message: "no reducer \"\(reducer)\" in this trace; it holds \(names.joined(separator: ", "))")
    }
    guard reducer == nil, !readsAllSessions else { return nil }
    return Self.othersWarning(others, file: file)
  }

  /// The other sessions' lines skipped so far, by tag, in the order the tags first appeared.
  package var otherReducerLines: [(tag: String, lines: Int)] { others }

  /// The warning that names the sessions not read (`others`, as `otherReducerLines` gives them);
  /// `nil` when there are none.
  ///
  /// ```text
  /// run.jsonl: warning: this trace also holds reducer "other" (4 lines not read); select one with --prefix other
  /// ```
  package static func othersWarning(_ others: [(tag: String, lines: Int)], file: String) -> TraceError? {
    guard !others.isEmpty else { return nil }
    let list = others.map { "\"\($0.tag)\" (\($0.lines) line\($0.lines == 1 ? "" : "s") not read)" }
    let plural = others.count == 1 ? "reducer" : "reducers"
    return TraceError(
      file: file, line: 0, severity: .warning,
      message:
        "this trace also holds \(plural) \(list.joined(separator: ", ")); select one with --prefix \(others[0].tag)")
  }

  /// The `reducer` key of a line, when it has one at its top level. Cheap for the lines of the
  /// first session: one `ByteSearch` that finds nothing.
  package static func tag(of bytes: UnsafeRawBufferPointer) -> String? {
    guard TwoCoreSearch.contains(bytes, #""reducer":"#) else { return nil }
    guard var scanner = try? JSONObjectScanner(bytes) else { return nil }
    while let member = try? scanner.next() {
      if scanner.key(of: member, is: "reducer") { return (try? scanner.string(member)) ?? nil }
    }
    return nil
  }

  /// The names a header answers to: its `reducer`, `prefix` (when not empty) and `name`.
  static func names(ofHeader bytes: UnsafeRawBufferPointer) -> [String] {
    guard var scanner = try? JSONObjectScanner(bytes) else { return [] }
    var reducer: String?, prefix: String?, name: String?
    while let member = try? scanner.next() {
      if scanner.key(of: member, is: "reducer") { reducer = (try? scanner.string(member)) ?? nil }
      if scanner.key(of: member, is: "prefix") { prefix = (try? scanner.string(member)) ?? nil }
      if scanner.key(of: member, is: "name") { name = (try? scanner.string(member)) ?? nil }
    }
    return [reducer, prefix?.isEmpty == true ? nil : prefix, name].compactMap { $0 }
  }
}
