import ExampleFeatures
import Runtime
import Testing

@MainActor
struct CounterExampleTests {
  @Test func incrementsAndDecrements() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementButtonTapped)
    store.send(.decrementButtonTapped)
    store.send(.decrementButtonTapped)
    #expect(store.state == Counter.State(count: -1))
  }

  @Test func twoCountersAreIndependent() {
    let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
    store.send(.counter2(.incrementButtonTapped))
    #expect(store.state == TwoCounters.State(counter1: .init(count: 0), counter2: .init(count: 1)))
  }
}
