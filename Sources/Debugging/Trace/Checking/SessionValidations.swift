/// The sessions `TraceValidator` checks, each on its own (`ValidationState`): the first one's
/// lines (no `reducer` tag) and, in a file several reducers wrote, each later session's by its
/// tag. One pass over the file: memory grows with the number of sessions and their states,
/// never with the file.
///
/// A tagged line before its session's header is what a reader of that session would say
/// (`first line must be a session header, found "state"`), and that session's later lines are
/// not checked, as such a reader stops there.
///
/// ```swift
/// var sessions = SessionValidations(file: "run.jsonl")
/// for (item, tag) in lines { sessions.take(item, stateText: nil, tag: tag) }
/// for finding in sessions.finish() { print(finding) }
/// ```
/// ```text
/// run.jsonl:4: error: first line must be a session header, found "state"
/// ```
struct SessionValidations {
  let file: String
  /// The first session (lines without a `reducer` tag).
  private var first: ValidationState
  /// The later sessions, by tag.
  private var others: [String: ValidationState] = [:]
  /// Tags whose lines are not checked: their first line was not a header.
  private var stopped: Set<String> = []
  /// Findings about lines of a session whose header was not read.
  private var unheaded: [TraceError] = []

  /// `checksPatchForms`: each session's `ValidationState.checksPatchForms`.
  private let checksPatchForms: Bool

  init(file: String, checksPatchForms: Bool = false) {
    self.file = file
    self.checksPatchForms = checksPatchForms
    first = ValidationState(file: file, checksPatchForms: checksPatchForms)
  }

  /// Checks one item of the reader, of the session tagged `tag` (`nil`: the first).
  mutating func take(
    _ item: consuming Result<TraceLine, TraceError>, stateText: TraceLineRules.DeferredState?, tag: String?,
    formProblem: TraceError? = nil
  ) {
    guard let tag else {
      first.take(item, stateText: stateText, formProblem: formProblem)
      return
    }
    if others[tag] == nil {
      guard !stopped.contains(tag) else { return }
      switch consume item {
      case let .success(line) where line.record.kind == .session:
        others[tag] = ValidationState(file: file, checksPatchForms: checksPatchForms)
      case let .success(line):
        stopped.insert(tag)
        unheaded.append(
          TraceError(
            file: file, line: line.line, message: TraceMessages.headerExpected(found: line.record.kind.rawValue)))
      case let .failure(error):
        if error.severity == .error { stopped.insert(tag) }
        unheaded.append(error)
      }
      return
    }
    others[tag]!.take(item, stateText: stateText, formProblem: formProblem)
  }

  /// Every finding, in line order (in the order found within a line).
  mutating func finish() -> [TraceError] {
    first.finish()
    guard !others.isEmpty || !unheaded.isEmpty else { return first.findings }
    var findings = first.findings
    for tag in others.keys.sorted() {
      others[tag]!.finish()
      findings += others[tag]!.findings
    }
    findings += unheaded
    return findings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
  }
}
