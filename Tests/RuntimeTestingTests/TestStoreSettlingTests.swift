import ExampleFeatures
import Testing

@testable import RuntimeTesting

/// After each step a test store lets effects run until each has ended or sleeps on a test clock.
@MainActor
@Suite struct TestStoreSettlingTests {
  @Test func testClocksAreFoundInTheReducer() {
    let clock = TestClock()
    let other = TestClock()
    #expect(
      testClocks(in: Todos(clock: clock, uuid: .incrementing())).map(ObjectIdentifier.init) == [ObjectIdentifier(clock)]
    )
    #expect(
      testClocks(
        in: CombineReducers {
          Relay(clock: clock); Relay(clock: other); Relay(clock: clock)
        }
      )
      .map(ObjectIdentifier.init) == [ObjectIdentifier(clock), ObjectIdentifier(other)])
    #expect(testClocks(in: Counter()).isEmpty)
    #expect(testClocks(in: EffectsBasics()).isEmpty)
  }

  @Test func stepsReturnOnceEffectsSleepOrEnd() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics(clock: clock) }
    #expect(store.clocks.map(ObjectIdentifier.init) == [ObjectIdentifier(clock)])

    await store.send(.decrementButtonTapped) { $0.count = -1 }
    #expect(clock.sleeperCount == 1)
    await store.send(.incrementButtonTapped) { $0.count = 0 }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aClientThatAnswersOffTheMainActorIsWaitedFor() async {
    let log = FailureLog()
    do {
      let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
        EffectsBasics(
          factClient: NumberFactClient { n in
            await Task.detached { "\(n) is a detached number." }.value
          })
      }
      // The default grace (100 ms) and timeout (1 s) are for effects that go quiet; a loaded
      // machine (a whole `swift test` run on two cores, where every test starts at once) can take
      // seconds to run the detached task and then the main-actor task that reports the effect's
      // end. Settling waits for the smaller of the two, so both are raised.
      store.settlingGrace = .seconds(30)
      store.timeout = .seconds(30)
      await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
      // Settled: the response has been reduced and the effect has ended, so the store goes away
      // with one unhandled action and no running effect.
    }

    #expect(
      log.messages == [
        """
        The store received 1 unexpected action after this one: …

        Unhandled actions: [
          [0]: EffectsBasics.Action.numberFactResponse(
            .success("0 is a detached number.")
          )
        ]
        """
      ])
  }

  @Test func aQuietEffectIsLeftRunningAfterTheGrace() async {
    let log = FailureLog()
    let store = TestStore(initialState: Counter.State(), failureReporter: log.reporter) {
      Reduce<Counter.State, Counter.Action> { state, _ in
        state.count += 1
        return .run { _ in try await Task.sleep(for: .seconds(3600)) }
      }
    }
    store.settlingGrace = .milliseconds(5)

    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.skipInFlightEffects()

    #expect(log.messages == [])
    #expect(
      log.notes == [
        """
        Skipped assertions: …

        1 in-flight effect was cancelled, originating from: …

        [
          [0]: Counter.Action.incrementButtonTapped
        ]
        """
      ])
  }
}
