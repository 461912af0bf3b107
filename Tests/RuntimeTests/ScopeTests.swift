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

/// A scope on the `loggedIn` case of an enum state.
struct ScopedSession: Reducer {
  enum State: Equatable { case loggedIn([String]), loggedOut }
  enum Action: Equatable, Sendable { case loggedIn(LogAction), logOut }

  var body: some ReducerOf<Self> {
    Scope(
      state: AnyCasePath(State.loggedIn), action: Action.loggedIn,
      child: {
        LogFeature(tapEffect: { .send(.log("tapped")) })
      }, fileID: "ScopedSession.swift", line: 9)
    Reduce { state, action in
      if action == .logOut { state = .loggedOut }
      return .none
    }
  }
}

@MainActor
struct ScopeOnEnumCaseTests {
  @Test func runsTheChildOnTheCurrentCase() {
    let store = Store(initialState: ScopedSession.State.loggedIn([])) { ScopedSession() }
    store.send(.loggedIn(.log("hello")))
    store.send(.loggedIn(.tap))
    #expect(store.state == .loggedIn(["hello", "tapped"]))
  }

  @Test func acceptsAnExplicitStateCasePath() {
    let loggedIn = AnyCasePath<ScopedSession.State, [String]>(
      embed: ScopedSession.State.loggedIn,
      extract: { if case let .loggedIn(log) = $0 { log } else { nil } }
    )
    let scope = Scope(state: loggedIn, action: ScopedSession.Action.loggedIn) {
      LogFeature(tapEffect: { .none })
    }
    var state = ScopedSession.State.loggedIn([])
    _ = scope.reduce(into: &state, action: .loggedIn(.log("a")))
    _ = scope.reduce(into: &state, action: .logOut)
    #expect(state == .loggedIn(["a"]))
  }

  @Test func childActionForAnotherCaseIsAWarningNotACrash() async {
    let store = Store(initialState: ScopedSession.State.loggedIn([])) { ScopedSession() }
    store.send(.logOut)
    let warnings = await capturingWarnings {
      store.send(.loggedIn(.log("late")))
    }
    #expect(store.state == .loggedOut)
    #expect(
      warnings == [
        """
        A "Scope" at "ScopedSession.swift:9" received a child action when state was a different \
        case ("loggedOut"):

          loggedIn(RuntimeTests.LogAction.log("late"))

        The action was ignored. Make sure the state is in the child's case whenever a child \
        action can be sent.
        """
      ]
    )
  }
}
