import ExampleFeatures
import RuntimeTesting
import Testing

/// Non-exhaustive stores: only what the closures set is checked; what was skipped is noted only
/// with `showSkippedAssertions`.
@MainActor
@Suite struct TestStoreExhaustivityTests {
  func numberFactFlow(_ exhaustivity: Exhaustivity, log: FailureLog) async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: clock, factClient: .good)
    }
    store.exhaustivity = exhaustivity

    await store.send(.decrementButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("0 is a good number."))) {
      $0.numberFact = "0 is a good number."
    }
    #expect(store.state == EffectsBasics.State(numberFact: "0 is a good number."))
    await store.send(.decrementButtonTapped) { $0.count = -1 }
  }

  @Test func offChecksOnlyWhatTheClosuresSet() async {
    let log = FailureLog()
    await numberFactFlow(.off, log: log)
    #expect(log.failures == [])
  }

  @Test func offWithSkippedAssertionsNotesEverySkip() async {
    let log = FailureLog()
    await numberFactFlow(.off(showSkippedAssertions: true), log: log)

    #expect(log.messages == [])
    #expect(
      log.notes == [
        """
        Skipped assertions: …

        State was not expected to change, but a change occurred: …

            EffectsBasics.State(
          -   count: 0,
          +   count: -1,
              … (2 unchanged)
            )

        (Expected: -, Actual: +)
        """,
        """
        Skipped assertions: …

        1 received action was skipped: …

        [
          [0]: EffectsBasics.Action.decrementDelayResponse
        ]
        """,
        """
        Skipped assertions: …

        State was not expected to change, but a change occurred: …

            EffectsBasics.State(
              … (1 unchanged),
          -   isNumberFactRequestInFlight: false,
          +   isNumberFactRequestInFlight: true,
              … (1 unchanged)
            )

        (Expected: -, Actual: +)
        """,
        """
        Skipped assertions: …

        A state change does not match expectation: …

            EffectsBasics.State(
              … (1 unchanged),
          -   isNumberFactRequestInFlight: true,
          +   isNumberFactRequestInFlight: false,
              … (1 unchanged)
            )

        (Expected: -, Actual: +)
        """,
        """
        Skipped assertions: …

        A state change does not match expectation: …

            EffectsBasics.State(
              … (2 unchanged),
          -   numberFact: "0 is a good number."
          +   numberFact: nil
            )

        (Expected: -, Actual: +)
        """,
        """
        Skipped assertions: …

        1 in-flight effect was cancelled, originating from: …

        [
          [0]: EffectsBasics.Action.decrementButtonTapped
        ]
        """,
      ])
  }

  @Test func offStillFailsWhatTheClosureGetsWrong() async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(factClient: .good)
    }
    store.exhaustivity = .off

    await store.send(.numberFactButtonTapped) { $0.numberFact = "Loading" }

    #expect(
      log.messages == [
        """
        A state change does not match expectation: …

            EffectsBasics.State(
              … (2 unchanged),
          -   numberFact: "Loading"
          +   numberFact: nil
            )

        (Expected: -, Actual: +)
        """
      ])
  }

  @Test func offReceivesPastOtherActionsButWaitsForAMatch() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: Relay.State(), failureReporter: log.reporter) {
      Relay(clock: clock)
    }
    store.exhaustivity = .off

    await store.send(.start)
    await store.receive(.pong, timeout: .milliseconds(20))
    await clock.advance(by: .seconds(1))
    await store.receive(.pong) { $0.pongs = 1 }

    #expect(
      log.messages == [
        """
        Expected to receive a matching action, but received none after 0.02 seconds.

        1 effect still in flight. If the effect that delivers this action sleeps on a clock, advance \
        the test clock ("await clock.advance(by:)") so that it can run; otherwise pass a longer \
        "timeout".
        """
      ])
    #expect(store.state == Relay.State(pings: 1, pongs: 1))
  }

  @Test func skippedAssertionsAreWarningsUnderSwiftTesting() async {
    // With the automatic reporter, notes are recorded with severity `.warning`: the test passes.
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.incrementButtonTapped)
    #expect(store.state.count == 1)
  }
}
