/// The text of every `TestStore` failure, in one place. Diffs come from the structural diff engine
/// (`-` expected, `+` actual), indented by two spaces under the heading.
enum TestStoreMessages {
  static let stateLegend = "(Expected: -, Actual: +)"
  static let actionLegend = "(Expected: -, Received: +)"

  /// A `send`/`receive` whose state does not match what the test expected.
  ///
  /// ```text
  /// A state change does not match expectation: …
  ///
  ///     Counter.State(
  /// -     count: 2
  /// +     count: 1
  ///     )
  ///
  /// (Expected: -, Actual: +)
  /// ```
  static func stateMismatch(expected: Any, actual: Any, hadClosure: Bool) -> String {
    let heading =
      hadClosure
      ? "A state change does not match expectation"
      : "State was not expected to change, but a change occurred"
    let body =
      ValueDump.diff(expected, actual).map { "\($0)\n\n\(stateLegend)" }
        ?? """
        Expected:
        \(ValueDump.indent(String(describing: expected), by: 2))

        Actual:
        \(ValueDump.indent(String(describing: actual), by: 2))
        """
    return "\(heading): …\n\n\(body)"
  }

  static let unnecessaryClosure = """
    Expected state to change, but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """

  static func threw(_ error: any Error) -> String {
    "Threw error: \(error)"
  }

  /// An informational note: what a non-exhaustive store did not check.
  static func skipped(_ message: String) -> String {
    "Skipped assertions: …\n\n\(message)"
  }

  // MARK: - Received actions

  static func mustHandle(_ actions: [Any]) -> String {
    """
    Must handle \(ValueDump.count(actions.count, "received action")) before sending an action: …

    Unhandled actions: \(ValueDump.list(actions))
    """
  }

  static func unexpectedAction(expected: Any, received: Any) -> String {
    let body =
      ValueDump.diff(expected, received).map { "\($0)\n\n\(actionLegend)" }
        ?? """
        Expected:
        \(ValueDump.indent(ValueDump.text(expected), by: 2))

        Received:
        \(ValueDump.indent(ValueDump.text(received), by: 2))
        """
    return "Received unexpected action: …\n\n\(body)"
  }

  static func unmatchedAction(_ received: Any, matcher: String) -> String {
    """
    Received unexpected action: …

    \(ValueDump.indent(ValueDump.text(received), by: 2))

    It does not match the \(matcher) given to "receive".
    """
  }

  static func noActionReceived(after timeout: Duration, exhaustive: Bool, runningEffects: Int) -> String {
    let what = exhaustive ? "an action" : "a matching action"
    guard runningEffects > 0 else {
      return """
        Expected to receive \(what), but received none.

        There are no in-flight effects that could deliver it. Could the effect you expected to \
        deliver it have been cancelled, or has its action been received already?
        """
    }
    return """
      Expected to receive \(what), but received none after \(ValueDump.seconds(timeout)) seconds.

      \(ValueDump.count(runningEffects, "effect")) still in flight. If the effect that delivers \
      this action sleeps on a clock, advance the test clock ("await clock.advance(by:)") so that \
      it can run; otherwise pass a longer "timeout".
      """
  }

  static func skippedActions(_ actions: [Any]) -> String {
    let verb = actions.count == 1 ? "was" : "were"
    return """
      \(ValueDump.count(actions.count, "received action")) \(verb) skipped: …

      \(ValueDump.list(actions))
      """
  }

  static let noActionsToSkip = "There were no received actions to skip."

  // MARK: - Effects and the end of the test

  static func unhandledAtEnd(_ actions: [Any]) -> String {
    """
    The store received \(ValueDump.count(actions.count, "unexpected action")) after this one: …

    Unhandled actions: \(ValueDump.list(actions))
    """
  }

  static func effectStillRunning(_ action: Any) -> String {
    """
    An effect returned for this action is still running. It must run to completion before the \
    end of the test. …

      Action:
    \(ValueDump.indent(ValueDump.text(action), by: 4))

    To fix, make sure every effect this action starts has ended by the end of the test:

    • If the effect sleeps on a clock, inject a "TestClock" and advance it \
    ("await clock.advance(by:)") far enough for the effect to finish.

    • If the effect is async work that needs a moment to finish, call "await store.finish()" at \
    the end of the test.

    • If the effect is long-living (a timer, a stream), make it ".cancellable(id:)" and send the \
    action that returns ".cancel(id:)", or cancel the task "send" returned.

    • If you do not want to assert on this effect, call "await store.skipInFlightEffects()", or \
    use a non-exhaustive store: "store.exhaustivity = .off".
    """
  }

  static func cancelledEffects(_ actions: [Any]) -> String {
    let verb = actions.count == 1 ? "was" : "were"
    return """
      \(ValueDump.count(actions.count, "in-flight effect")) \(verb) cancelled, originating from: …

      \(ValueDump.list(actions))
      """
  }

  static let noEffectsToSkip = "There were no in-flight effects to skip."

  static func effectsStillRunning(after timeout: Duration) -> String {
    """
    Expected effects to finish, but there are still effects in-flight after \
    \(ValueDump.seconds(timeout)) seconds.
    """
  }

  static func taskStillRunning(after timeout: Duration) -> String {
    """
    Expected task to finish, but it is still in-flight after \(ValueDump.seconds(timeout)) seconds.
    """
  }
}
