import ExampleFeatures
import Testing

@testable import RuntimeTesting

/// Every way a `receive` (or a `send` before receiving) fails, with its exact message.
@MainActor
@Suite struct TestStoreReceiveFailureTests {
  @Test func receivedUnexpectedAction() async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(count: 1), failureReporter: log.reporter) {
      EffectsBasics(factClient: .good)
    }

    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive(.numberFactResponse(.success("1 is a good number"))) {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "1 is a good number"
    }

    #expect(
      log.messages == [
        """
        Received unexpected action: …

            EffectsBasics.Action.numberFactResponse(
              .success(
          -     "1 is a good number"
          +     "1 is a good number."
              )
            )

        (Expected: -, Received: +)
        """
      ])
    #expect(store.state.numberFact == "1 is a good number.")
  }

  @Test func receivedAnotherCase() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: Relay.State(), failureReporter: log.reporter) {
      Relay(clock: clock)
    }

    await store.send(.start)
    await store.receive(.pong)
    await store.skipInFlightEffects()

    #expect(
      log.messages == [
        """
        Received unexpected action: …

          - Relay.Action.pong
          + Relay.Action.ping

        (Expected: -, Received: +)
        """
      ])
  }

  @Test func receivedActionDoesNotMatchThePredicate() async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(factClient: .failing)
    }

    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive({ if case .numberFactResponse(.success) = $0 { true } else { false } })

    #expect(
      log.messages == [
        """
        Received unexpected action: …

          EffectsBasics.Action.numberFactResponse(
            .failure(
              NumbersAPIError()
            )
          )

        It does not match the predicate given to "receive".
        """
      ])
  }

  @Test func receivedActionDoesNotMatchTheCasePath() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: clock)
    }

    await store.send(.decrementButtonTapped) { $0.count = -1 }
    await clock.advance(by: .seconds(1))
    await store.receive(AnyCasePath(EffectsBasics.Action.numberFactResponse))

    #expect(
      log.messages == [
        """
        Received unexpected action: …

          EffectsBasics.Action.decrementDelayResponse

        It does not match the case path given to "receive".
        """
      ])
  }

  @Test func noActionBeforeTheTimeout() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: clock)
    }
    store.timeout = .milliseconds(20)

    await store.send(.decrementButtonTapped) { $0.count = -1 }
    await store.receive(.decrementDelayResponse) { $0.count = 0 }
    await store.skipInFlightEffects()

    #expect(
      log.messages == [
        """
        Expected to receive an action, but received none after 0.02 seconds.

        1 effect still in flight. If the effect that delivers this action sleeps on a clock, advance \
        the test clock ("await clock.advance(by:)") so that it can run; otherwise pass a longer \
        "timeout".
        """
      ])
  }

  @Test func noActionAndNoEffectThatCouldSendOne() async {
    let log = FailureLog()
    let store = TestStore(initialState: Counter.State(), reducer: Counter(), failureReporter: log.reporter)

    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.receive(.decrementButtonTapped)

    #expect(
      log.messages == [
        """
        Expected to receive an action, but received none.

        There are no in-flight effects that could deliver it. Could the effect you expected to \
        deliver it have been cancelled, or has its action been received already?
        """
      ])
  }

  @Test func mustHandleReceivedActionsBeforeSending() async {
    let log = FailureLog()
    let clock = TestClock()
    let store = TestStore(initialState: Relay.State(), failureReporter: log.reporter) {
      Relay(clock: clock)
    }

    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.send(.stop)

    #expect(
      log.messages == [
        """
        Must handle 2 received actions before sending an action: …

        Unhandled actions: [
          [0]: Relay.Action.ping,
          [1]: Relay.Action.pong
        ]
        """
      ])
    #expect(store.state == Relay.State(pings: 1, pongs: 1))
  }

  @Test func defaultTimeoutReadsOnePointZeroSeconds() {
    #expect(
      TestStoreMessages.noActionReceived(after: .seconds(1), exhaustive: true, runningEffects: 2) == """
        Expected to receive an action, but received none after 1.0 seconds.

        2 effects still in flight. If the effect that delivers this action sleeps on a clock, \
        advance the test clock ("await clock.advance(by:)") so that it can run; otherwise pass a \
        longer "timeout".
        """
    )
  }
}
