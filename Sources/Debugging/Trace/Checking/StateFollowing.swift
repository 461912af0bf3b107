/// The state part of `validate`'s checks of one session: follows `state` lines, patches and
/// keyframes (`TraceStateTracker`, lazily into the text of the last whole state) and says what an
/// action's patch or keyframe did wrong. `ValidationState` uses one on its own thread; `validate`
/// on several cores (`ValidateSegments`) uses one per stretch of the file, on the stretch's
/// thread, started from the whole state the stretch before ended with.
///
/// ```swift
/// var following = StateFollowing()
/// following.start(from: keyframe.record, line: 1, stateText: keyframeText)  // checked before
/// following.follow(action, line: 2, stateText: nil, formProblem: nil)      // nil: its patch applies
/// ```
package struct StateFollowing {
  private var tracker = TraceStateTracker(verifiesKeyframes: true)

  package init() {}

  /// Takes the whole state of `line` (a `state` line or a keyframe) as the state, without checking
  /// a keyframe against its patch: the first line of a stretch, which the stretch before checked.
  package mutating func start(from record: consuming TraceRecord, line: Int, stateText: TraceLineRules.DeferredState?) {
    tracker.verifiesKeyframes = false
    defer { tracker.verifiesKeyframes = true }
    switch consume record {
    case let .state(snapshot): follow(snapshot, line: line, stateText: stateText)
    case let .action(action): _ = follow(action, line: line, stateText: stateText, formProblem: nil)
    case .session, .effect, .note, .end: break
    }
  }

  /// Follows the state to the one of a `state` line (`stateText`: its state kept as text, as
  /// `TraceReader.takeDeferredState()` gave it).
  package mutating func follow(
    _ snapshot: TraceState, line: Int, stateText: TraceLineRules.DeferredState?
  ) {
    if let stateText {
      tracker.consume(stateText: stateText.text, children: stateText.children, seq: snapshot.seq)
    } else {
      tracker.consume(.state(snapshot), line: line)
    }
  }

  /// Follows the state through the patch of `action` (of line `line`); the problem of its patch
  /// or its keyframe (`stateText`: the keyframe kept as text). `formProblem`: the line's own
  /// values are not in the value form, so where its patch puts them is not checked again.
  package mutating func follow(
    _ action: TraceAction, line: Int, stateText: TraceLineRules.DeferredState?, formProblem: TraceError?
  ) -> TraceStateProblem? {
    tracker.checksForms = formProblem == nil
    if let keyframe = stateText {
      return tracker.consume(action, keyframeText: keyframe.text, children: keyframe.children, line: line)
    }
    return tracker.consume(action, line: line)
  }
}
