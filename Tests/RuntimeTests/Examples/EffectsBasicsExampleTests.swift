import ExampleFeatures
import Runtime
import Testing

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct EffectsBasicsExampleTests {
  @Test func numberFactSuccess() async {
    let store = Store(initialState: EffectsBasics.State()) { EffectsBasics(factClient: .good) }
    store.send(.incrementButtonTapped)
    let task = store.send(.numberFactButtonTapped)
    #expect(store.state == EffectsBasics.State(count: 1, isNumberFactRequestInFlight: true))
    await task.finish()
    #expect(store.state == EffectsBasics.State(count: 1, numberFact: "1 is a good number."))
  }

  @Test func numberFactFailure() async {
    let store = Store(initialState: EffectsBasics.State(count: 3)) { EffectsBasics(factClient: .failing) }
    await store.send(.numberFactButtonTapped).finish()
    #expect(store.state == EffectsBasics.State(count: 3, numberFact: "Could not load a number fact :("))
  }

  @Test func decrementBelowZeroIsUndoneAfterASecond() async {
    let clock = TestClock()
    let store = Store(initialState: EffectsBasics.State()) { EffectsBasics(clock: clock) }
    let task = store.send(.decrementButtonTapped)
    #expect(store.state.count == -1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.count == 0)
  }

  @Test func incrementCancelsThePendingUndo() async {
    let clock = TestClock()
    let store = Store(initialState: EffectsBasics.State()) { EffectsBasics(clock: clock) }
    let task = store.send(.decrementButtonTapped)
    await clock.waitForSleepers(1)
    store.send(.incrementButtonTapped)
    await task.finish()
    await clock.advance(by: .seconds(1))
    #expect(store.state.count == 0)
    #expect(clock.sleeperCount == 0)
  }
}
