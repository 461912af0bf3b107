import ExampleFeatures
import RuntimeTesting
import Testing

/// The seeds' counter walkthrough, written as the TCA docs write it, with the default reporter:
/// any failure here fails the test.
@MainActor
@Suite struct TestStoreSeedCounterTests {
  @Test func incrementAndDecrement() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 0
    }
  }

  @Test func trailingClosureReducer() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.decrementButtonTapped) { $0.count = -1 }
    #expect(store.state == Counter.State(count: -1))
  }

  @Test func twoCountersThroughScope() async {
    let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() }
    await store.send(.counter1(.incrementButtonTapped)) { $0.counter1.count = 1 }
    await store.send(.counter2(.decrementButtonTapped)) { $0.counter2.count = -1 }
  }
}
