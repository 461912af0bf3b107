import ExampleFeatures
import RuntimeTesting
import Testing

/// The end of a test (the store going away), `finish`, and skipping: exact messages.
@MainActor
@Suite struct TestStoreCompletionTests {
  @Test func effectStillRunningAtTheEndNamesItsAction() async {
    let log = FailureLog()
    let clock = TestClock()
    let line: UInt = #line + 5
    do {
      let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
        EffectsBasics(clock: clock)
      }
      await store.send(.decrementButtonTapped) { $0.count = -1 }
    }

    #expect(
      log.messages == [
        """
        An effect returned for this action is still running. It must run to completion before the \
        end of the test. …

          Action:
            EffectsBasics.Action.decrementButtonTapped

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
      ])
    #expect(log.failures.map(\.location.line) == [line])
  }

  @Test func effectOfAReceivedActionIsBlamedOnTheSendItDescendsFrom() async {
    let log = FailureLog()
    let clock = TestClock()
    let line: UInt = #line + 5
    do {
      let store = TestStore(initialState: Relay.State(), failureReporter: log.reporter) {
        Relay(clock: clock)
      }
      await store.send(.start)
      await store.receive(.ping) { $0.pings = 1 }
    }

    #expect(
      log.messages.map { $0.prefix(while: { $0 != "\n" }) } == [
        "An effect returned for this action is still running. It must run to completion before the end of the test. …"
      ])
    #expect(log.messages.first?.contains("    Relay.Action.ping\n") == true)
    #expect(log.failures.map(\.location.line) == [line])
  }

  @Test func unhandledReceivedActionsAtTheEnd() async {
    let log = FailureLog()
    let clock = TestClock()
    let line: UInt = #line + 6
    do {
      let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
        EffectsBasics(clock: clock)
      }
      await store.send(.decrementButtonTapped) { $0.count = -1 }
      await clock.advance(by: .seconds(1))
      await store.finish()
    }

    #expect(
      log.messages == [
        """
        The store received 1 unexpected action after this one: …

        Unhandled actions: [
          [0]: EffectsBasics.Action.decrementDelayResponse
        ]
        """
      ])
    #expect(log.failures.map(\.location.line) == [line - 1])
  }

  @Test func finishTimesOut() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: clock)
    }

    await store.send(.decrementButtonTapped) { $0.count = -1 }
    await store.finish(timeout: .milliseconds(10))
    await store.skipInFlightEffects()

    #expect(
      log.messages == [
        "Expected effects to finish, but there are still effects in-flight after 0.01 seconds."
      ])
  }

  @Test func taskFinishTimesOut() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: clock)
    }

    let task = await store.send(.decrementButtonTapped) { $0.count = -1 }
    await task.finish(timeout: .milliseconds(10))
    await task.cancel()

    #expect(
      log.messages == [
        "Expected task to finish, but it is still in-flight after 0.01 seconds."
      ])
  }

  @Test func skippingWithNothingToSkip() async {
    let log = FailureLog()
    let store = TestStore(initialState: Counter.State(), reducer: Counter(), failureReporter: log.reporter)

    await store.skipReceivedActions()
    await store.skipInFlightEffects()
    await store.skipReceivedActions(strict: false)
    await store.skipInFlightEffects(strict: false)

    #expect(
      log.messages == [
        "There were no received actions to skip.",
        "There were no in-flight effects to skip.",
      ])
  }

  @Test func skippingIsReportedAsANote() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: Relay.State(), failureReporter: log.reporter) {
      Relay(clock: clock)
    }

    await store.send(.start)
    await store.skipReceivedActions()
    await store.skipInFlightEffects()
    await store.send(.stop)

    #expect(log.messages == [])
    #expect(
      log.notes == [
        """
        Skipped assertions: …

        1 received action was skipped: …

        [
          [0]: Relay.Action.ping
        ]
        """,
        """
        Skipped assertions: …

        1 in-flight effect was cancelled, originating from: …

        [
          [0]: Relay.Action.ping
        ]
        """,
      ])
    #expect(store.state == Relay.State(pings: 1))
  }
}
