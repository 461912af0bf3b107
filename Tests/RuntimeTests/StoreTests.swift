import ExampleFeatures
import Runtime
import Testing

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct StoreTests {
  @Test func readsAndChangesState() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    #expect(store.state.count == 2)
    #expect(store.withState(\.count) == 2)
  }

  @Test func observersSeeEveryReducedActionUntilCancelled() {
    let store = Store(initialState: Counter.State()) { Counter() }
    var seen: [Int] = []
    let observation = store.observe { seen.append($0.count) }
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    observation.cancel()
    store.send(.incrementButtonTapped)
    #expect(seen == [1, 2])
  }

  @Test func statesStreamStartsWithTheCurrentState() async {
    let store = Store(initialState: Counter.State(count: 5)) { Counter() }
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 5)
    store.send(.decrementButtonTapped)
    #expect(await states.next()?.count == 4)
  }

  @Test func scopedStoreReadsAndSendsThroughTheParent() {
    let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
    let counter2 = store.scope(state: \.counter2, action: TwoCounters.Action.counter2)
    var seen: [Int] = []
    let observation = counter2.observe { seen.append($0.count) }
    counter2.send(.incrementButtonTapped)
    store.send(.counter1(.incrementButtonTapped))
    #expect(counter2.state.count == 1)
    #expect(store.state.counter2.count == 1)
    #expect(seen == [1, 1])  // observers run after every parent action
    observation.cancel()
  }

  @Test func effectActionsAreFedBackInOrderOnTheMainActor() async {
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        .merge(
          .send(.log("sync")),
          .run { send in
            for i in 1...3 { await send(.log("async \(i)")) }
          }
        )
      })
    }
    await store.send(.tap).finish()
    #expect(store.state == ["sync", "async 1", "async 2", "async 3"])
  }

  @Test func storeTaskCoversEffectsOfActionsItsEffectsSend() async {
    let clock = TestClock()
    struct Chain: Reducer {
      let clock: TestClock
      func reduce(into state: inout [String], action: LogAction) -> Effect<LogAction> {
        switch action {
        case .tap:
          return .send(.stop)
        case .stop:
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.log("end of chain"))
          }
        case let .log(line):
          state.append(line)
          return .none
        }
      }
    }
    let store = Store(initialState: [String]()) { Chain(clock: clock) }
    let task = store.send(.tap)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == ["end of chain"])
  }

  @Test func reducersWithReduceOrBodyBothWork() {
    struct ByReduce: Reducer {
      func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
        state += action ? 1 : -1
        return .none
      }
    }
    struct ByBody: Reducer {
      var body: some Reducer<Int, Bool> { ByReduce(); ByReduce() }
    }
    let store = Store(initialState: 0) { ByBody() }
    store.send(true)
    #expect(store.state == 2)
  }
}
