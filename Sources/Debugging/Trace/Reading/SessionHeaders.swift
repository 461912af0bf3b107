/// The `session` lines a reader met, by tag (format 2, `docs/log-format.md`): a tag names one
/// session of a file, so a second `session` line with a tag already taken (by line 1's session or
/// a later one) is an error on its line, whichever session the reader reads. Without it, a reader
/// of that tag would take the two sessions' lines for one.
///
/// ```swift
/// var headers = SessionHeaders()
/// headers.note("counter", line: 1)
/// headers.note("other", line: 3)
/// headers.problem(tag: "other", line: 6, file: "run.jsonl")?.description
/// ```
/// ```text
/// run.jsonl:6: error: reducer "other": a second session header with this tag (the first is on line 3)
/// ```
struct SessionHeaders {
  /// Tag → the line of its session header.
  private var lines: [String: Int] = [:]

  /// The line of the session header tagged `tag`, when one was met.
  func line(of tag: String) -> Int? { lines[tag] }

  /// Notes the header of the session tagged `tag` on `line` (the first one met is kept).
  mutating func note(_ tag: String, line: Int) {
    if lines[tag] == nil { lines[tag] = line }
  }

  /// The error for a session header tagged `tag` on `line` when the tag is already taken;
  /// otherwise `nil`, and the header is noted.
  mutating func problem(tag: String, line: Int, file: String) -> TraceError? {
    guard let first = lines[tag] else {
      lines[tag] = line
      return nil
    }
    return TraceError(file: file, line: line, message: TraceMessages.sessionAgain(tag: tag, firstLine: first))
  }
}
