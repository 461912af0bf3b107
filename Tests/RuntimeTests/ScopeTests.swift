import ExampleFeatures
import Runtime
import Testing

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct ScopeTests {
  @Test func routesChildActionsToTheirState() {
    let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
    store.send(.counter1(.incrementButtonTapped))
    store.send(.counter1(.incrementButtonTapped))
    store.send(.counter2(.decrementButtonTapped))
    #expect(store.state == TwoCounters.State(counter1: .init(count: 2), counter2: .init(count: -1)))
  }

  @Test func mapsChildEffectsBackToParentActions() async {
    struct Parent: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action: Equatable, Sendable { case child(LogAction) }
      var body: some ReducerOf<Self> {
        Scope(state: \.log, action: Action.child) {
          LogFeature(tapEffect: { .run { send in await send(.log("from child")) } })
        }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    await store.send(.child(.tap)).finish()
    #expect(store.state.log == ["from child"])
  }

  @Test func acceptsAnExplicitCasePath() {
    let counter2 = AnyCasePath<TwoCounters.Action, Counter.Action>(
      embed: TwoCounters.Action.counter2,
      extract: { if case let .counter2(action) = $0 { action } else { nil } }
    )
    var state = TwoCounters.State()
    let scope = Scope(state: \TwoCounters.State.counter2, action: counter2) { Counter() }
    _ = scope.reduce(into: &state, action: .counter2(.incrementButtonTapped))
    _ = scope.reduce(into: &state, action: .counter1(.incrementButtonTapped))
    #expect(state == TwoCounters.State(counter1: .init(count: 0), counter2: .init(count: 1)))
  }
}
