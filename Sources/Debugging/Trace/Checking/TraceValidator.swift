/// Checks a whole trace against the format and reports every problem with its line.
///
/// Beyond what `TraceReader` reports (bad JSON, bad records, header, truncated last line) it
/// checks: the initial state after the header, sequence gaps without a `gap` note, patches that do
/// not apply, keyframes that disagree with their patch, effect events for unknown or ended
/// effects, outputs not followed by their action, and the `end` count. After a line that cannot
/// be read and may have been an action or a state, the next action's sequence number and patches
/// up to the next full state are not checked (they would only repeat that line's problem).
///
/// ```swift
/// for finding in TraceValidator.validate(try TraceReader(path: "run.jsonl")) { print(finding) }
/// ```
/// ```text
/// run.jsonl:7: error: sequence gap: expected seq 3, found 5 with no gap note before it
/// run.jsonl:9: error: effect 4: finished, but it was never started
/// ```
///
/// Without `everySession` it checks the session `reader` reads (the first one by default); with
/// it, every session of a file several reducers wrote (format 2), in one pass over the file, each
/// session checked on its own (`SessionValidations`) and the findings in line order:
///
/// ```swift
/// TraceValidator.validate(try TraceReader(path: "run.jsonl"), everySession: true)
/// ```
/// ```text
/// run.jsonl:6: error: reducer "other": a second session header with this tag (the first is on line 3)
/// run.jsonl:7: error: sequence gap: expected seq 2, found 4 with no gap note before it
/// ```
public enum TraceValidator {
  public static func validate(_ reader: TraceReader, everySession: Bool = false) -> [TraceError] {
    // (The reader leaves checks to this thread: `defersChecks`.)
    var sessions = SessionValidations(file: reader.file, checksPatchForms: true)
    // A state line's state is checked as text and built only as far as the patches need it.
    // So is a keyframe's, which is compared with the state its patch gives as text where the
    // two are the same bytes. Action values and labels are checked by the reader's rules, never
    // read by the checks.
    reader.readsForChecking = true
    reader.readsAllSessions = everySession
    // Keyframes are checked on this thread: the reading one has the more work.
    reader.defersChecks = true
    let keyframes = KeyframeCheck(file: reader.file)
    // Lines are read and decoded on a second thread while this one checks them, in order.
    let ahead = ReadAhead<
      (Result<TraceLine, TraceError>, TraceLineRules.DeferredState?, tag: String?, notes: LineNotes?)
    >(
      bytesRead: { reader.lines.bytesRead }
    ) {
      // (Not `map`: it copies the line.)
      guard let item = reader.next() else { return nil }
      // Taken with a line the reader returned only: a line of another session is decoded before
      // it is skipped, and the reader's closing warning may come after it.
      let state = reader.takeDeferredState(), formProblem = reader.takeFormProblem()
      let unchecked = reader.takeUncheckedKeyframe()
      let tag = everySession ? reader.lastLineTag : nil
      guard case .success = item else { return (item, nil, tag, nil) }
      // (The problem moved into its box, not copied: most lines have none.)
      let notes =
        formProblem.map { LineNotes($0, uncheckedKeyframe: unchecked) }
        ?? (unchecked > 0 ? LineNotes(nil, uncheckedKeyframe: unchecked) : nil)
      return (item, state, tag, notes)
    }
    while let batch = ahead.nextBatch() {
      while let (item, stateText, tag, notes) = batch.take() {
        guard let notes, notes.uncheckedKeyframe > 0, let stateText else {
          sessions.take(item, stateText: stateText, tag: tag, formProblem: notes?.formProblem)
          continue
        }
        let checked = keyframes.check(
          item, wholeLine: stateText, stateStart: notes.uncheckedKeyframe, notes.formProblem)
        sessions.take(checked.item, stateText: checked.state, tag: tag, formProblem: checked.formProblem)
      }
    }
    return sessions.finish()
  }
}

/// What the reading thread tells of a line beside it, boxed: one pointer per line, mostly `nil`,
/// instead of optionals copied with every line.
package final class LineNotes: Sendable {
  /// A value of the line not in the trace's value form.
  package let formProblem: TraceError?
  /// Where the line's keyframe state starts in it, when the reader left it unchecked
  /// (`TraceReader.takeUncheckedKeyframe()`: the deferred state is then the whole line); else 0.
  package let uncheckedKeyframe: Int

  package init(_ formProblem: TraceError?, uncheckedKeyframe: Int = 0) {
    self.formProblem = formProblem
    self.uncheckedKeyframe = uncheckedKeyframe
  }
}

extension TraceValidator {
  /// The checks of a trace of one session whose lines are read, and whose state is followed, on
  /// other threads (`validate` on several cores: `StateFollowing` per stretch of the file): each
  /// line comes in order, with what its patch did wrong. The same findings as `validate(_:)`
  /// reading the same lines.
  ///
  /// ```swift
  /// var checks = TraceValidator.FollowedLines(file: "run.jsonl")
  /// checks.take(item, lineOffset: 0, followed: problem, formProblem: nil)  // each line, in order
  /// checks.finish()  // [run.jsonl:7: error: sequence gap: …]
  /// ```
  package struct FollowedLines {
    private var state: ValidationState

    package init(file: String) {
      state = ValidationState(file: file)
      // (Followed on the stretches' threads.)
      state.following = nil
    }

    /// Checks one line (or the error it was), its line number `lineOffset` more than it says;
    /// `followed`: what its patch or keyframe did wrong (an action that held a whole state has a
    /// `state` member, whose value is not read); `formProblem`: a value of the line not in the
    /// value form (their lines the file's).
    package mutating func take(
      _ item: consuming Result<TraceLine, TraceError>, lineOffset: Int = 0, followed: TraceStateProblem?,
      formProblem: TraceError?
    ) {
      state.take(item, lineOffset: lineOffset, followed: followed, formProblem: formProblem)
    }

    /// Every finding, in line order.
    package mutating func finish() -> [TraceError] {
      state.finish()
      return state.findings
    }
  }
}
