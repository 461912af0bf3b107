import ExampleFeatures
import RuntimeTesting
import Testing

/// The seeds' number fact walkthrough (EffectsBasics): a dependency injected into the reducer
/// answers at once, and the effect's response is received and asserted.
@MainActor
@Suite struct TestStoreSeedNumberFactTests {
  @Test func numberFactSuccess() async {
    let store = TestStore(
      initialState: EffectsBasics.State(),
      reducer: EffectsBasics(factClient: NumberFactClient { "\($0) is a good number Brent" })
    )

    await store.send(.numberFactButtonTapped) {
      $0.isNumberFactRequestInFlight = true
    }
    await store.receive(.numberFactResponse(.success("0 is a good number Brent"))) {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "0 is a good number Brent"
    }
  }

  @Test func incrementThenNumberFact() async {
    let store = TestStore(initialState: EffectsBasics.State()) {
      EffectsBasics(factClient: NumberFactClient { "\($0) is a good number" })
    }

    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive(.numberFactResponse(.success("1 is a good number"))) {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "1 is a good number"
    }
  }

  @Test func numberFactFailure() async {
    let store = TestStore(initialState: EffectsBasics.State(count: 7)) {
      EffectsBasics(factClient: .failing)
    }

    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive(.numberFactResponse(.failure(NumbersAPIError()))) {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "Could not load a number fact :("
    }
  }

  @Test func receiveByPredicateAndByCasePath() async {
    let store = TestStore(initialState: EffectsBasics.State()) {
      EffectsBasics(factClient: .failing)
    }

    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive({ if case .numberFactResponse(.failure) = $0 { true } else { false } }) {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "Could not load a number fact :("
    }
    await store.send(.numberFactButtonTapped) {
      $0.isNumberFactRequestInFlight = true
      $0.numberFact = nil
    }
    await store.receive(AnyCasePath(EffectsBasics.Action.numberFactResponse)) {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "Could not load a number fact :("
    }
  }

  @Test func delayedDecrementIsUndoneWithTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics(clock: clock) }

    await store.send(.decrementButtonTapped) { $0.count = -1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.decrementDelayResponse) { $0.count = 0 }
  }

  @Test func incrementCancelsTheDelayedDecrement() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics(clock: clock) }

    await store.send(.decrementButtonTapped) { $0.count = -1 }
    await store.send(.incrementButtonTapped) { $0.count = 0 }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func cancellingTheTaskSendReturned() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics(clock: clock) }

    let task = await store.send(.decrementButtonTapped) { $0.count = -1 }
    await task.cancel()
    #expect(task.isCancelled)
    // A generous timeout: in a whole `swift test` run other @MainActor suites hold the main
    // actor for longer than the default second; the test is about finishing, not speed.
    await task.finish(timeout: .seconds(30))
  }

  @Test func finishWaitsForTheDelayedEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics(clock: clock) }

    let task = await store.send(.decrementButtonTapped) { $0.count = -1 }
    await clock.advance(by: .seconds(1))
    await task.finish(timeout: .seconds(30))
    await store.receive(.decrementDelayResponse) { $0.count = 0 }
    await store.finish()
  }
}
