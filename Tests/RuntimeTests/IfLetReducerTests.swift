import ExampleFeatures
import Runtime
import Testing

/// A parent with an optional counter.
struct OptionalCounter: Reducer {
  struct State: Equatable { var counter: Counter.State?; var log: [String] = [] }
  enum Action: Equatable, Sendable { case counter(Counter.Action), toggleCounter }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counter(.incrementButtonTapped):
        state.log.append("parent saw increment, count \(state.counter?.count ?? 0)")
      case .counter:
        break
      case .toggleCounter:
        state.counter = state.counter == nil ? Counter.State() : nil
      }
      return .none
    }
    .ifLet(\.counter, action: Action.counter, then: { Counter() }, fileID: "Feature.swift", line: 12)
  }
}

@MainActor
struct IfLetReducerTests {
  @Test func runsTheChildBeforeTheParentWhenPresent() {
    let store = Store(initialState: OptionalCounter.State()) { OptionalCounter() }
    store.send(.toggleCounter)
    store.send(.counter(.incrementButtonTapped))
    #expect(store.state == OptionalCounter.State(counter: .init(count: 1), log: ["parent saw increment, count 1"]))
  }

  @Test func childActionForNilStateIsAWarningNotACrash() async {
    let store = Store(initialState: OptionalCounter.State()) { OptionalCounter() }
    let warnings = await capturingWarnings {
      store.send(.counter(.incrementButtonTapped))
    }
    #expect(store.state == OptionalCounter.State(counter: nil, log: ["parent saw increment, count 0"]))
    #expect(
      warnings == [
        """
        An "ifLet" at "Feature.swift:12" received a child action when child state was "nil":

          counter(ExampleFeatures.Counter.Action.incrementButtonTapped)

        The action was ignored. Make sure the child state is present whenever a child action can \
        be sent.
        """
      ]
    )
  }
}
