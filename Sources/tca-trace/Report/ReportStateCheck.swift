import Debugging

/// Ends `report` at the first action whose state cannot be followed (a patch that does not apply,
/// a patch with no state before it), as `show` does: no page is written, and the error names the
/// line, exit 2.
///
/// ```swift
/// let check = ReportStateCheck()
/// input.read(from: check.ending(reader.next, file: input.file))  // the reader's lines…
/// check.note(problem)                                            // …until a problem is noted
/// ```
/// ```text
/// log.jsonl:9: error: patch of action 7 does not apply: path /todos/7 does not exist
/// ```
final class ReportStateCheck {
  private var problem: TraceStateProblem?

  /// Notes the problem of the action just added to the page, if any (the first is kept).
  func note(_ problem: TraceStateProblem?) {
    if self.problem == nil { self.problem = problem }
  }

  /// The lines `next` gives, until a problem was noted: then that problem, as the error of `file`
  /// at its line.
  func ending(
    _ next: @escaping () -> Result<TraceLine, TraceError>?, file: String
  ) -> () -> Result<TraceLine, TraceError>? {
    { [self] in
      if let problem { return .failure(TraceError(file: file, line: problem.line, message: problem.message)) }
      return next()
    }
  }
}
