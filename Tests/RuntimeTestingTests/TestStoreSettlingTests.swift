import ExampleFeatures
import RuntimeTesting
import Testing

/// A store given the feature's `TestClock` returns from each step only when every effect has
/// ended or sleeps on the clock.
@MainActor
@Suite struct TestStoreSettlingTests {
  @Test func stepsReturnOnceEffectsSleepOrEnd() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State(), clock: clock) {
      EffectsBasics(clock: clock)
    }

    await store.send(.decrementButtonTapped) { $0.count = -1 }
    #expect(clock.sleeperCount == 1)
    await store.send(.incrementButtonTapped) { $0.count = 0 }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aClientThatAnswersOffTheMainActorIsWaitedFor() async {
    let clock = TestClock()
    let log = FailureLog()
    do {
      let store = TestStore(initialState: EffectsBasics.State(), clock: clock, failureReporter: log.reporter) {
        EffectsBasics(clock: clock, factClient: NumberFactClient { n in
          await Task.detached { "\(n) is a detached number." }.value
        })
      }
      await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
      // Settled: the response has been reduced and the effect has ended, so the store goes away
      // with one unhandled action and no running effect.
    }

    #expect(log.messages == [
      """
      The store received 1 unexpected action after this one: …

      Unhandled actions: [
        [0]: EffectsBasics.Action.numberFactResponse(
          .success("0 is a detached number.")
        )
      ]
      """,
    ])
  }
}
