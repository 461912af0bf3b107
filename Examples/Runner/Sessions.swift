import ExampleFeatures
import Foundation
import Runtime

/// Sends `action`, waits for its effects, and prints the action (or `label`) and the resulting
/// state.
@MainActor
func step<State, Action>(
  _ store: Store<State, Action>, _ action: Action, _ label: String? = nil, show: (State) -> String
) async {
  await store.send(action).finish()
  print("  \(label ?? ".\(action)")\n    → \(show(store.state))")
}

@MainActor
func runCounterSession() async {
  let store = Store(initialState: Counter.State()) { Counter() }
  let show = { (state: Counter.State) in "count: \(state.count)" }
  await step(store, .incrementButtonTapped, show: show)
  await step(store, .incrementButtonTapped, show: show)
  await step(store, .decrementButtonTapped, show: show)
}

@MainActor
func runTwoCountersSession() async {
  let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
  let show = { (state: TwoCounters.State) in
    "counter1: \(state.counter1.count), counter2: \(state.counter2.count)"
  }
  await step(store, .counter1(.incrementButtonTapped), ".counter1(.incrementButtonTapped)", show: show)
  await step(store, .counter2(.decrementButtonTapped), ".counter2(.decrementButtonTapped)", show: show)
  await step(store, .counter1(.incrementButtonTapped), ".counter1(.incrementButtonTapped)", show: show)
}

@MainActor
func runTodosSession() async {
  let clock = TestClock()
  let store = Store(initialState: Todos.State()) {
    Todos(clock: clock, uuid: .incrementing())
  }
  let show = { (state: Todos.State) in
    state.todos.map { "[\($0.isComplete ? "x" : " ")] \($0.description)" }.joined(separator: ", ")
  }
  await step(store, .addTodoButtonTapped, show: show)
  await step(
    store, .todos(.element(id: UUID(0), action: .textFieldChanged("Milk"))),
    #".todos(.element(id: 0, action: .textFieldChanged("Milk")))"#, show: show
  )
  await step(store, .addTodoButtonTapped, show: show)
  await step(
    store, .todos(.element(id: UUID(1), action: .textFieldChanged("Eggs"))),
    #".todos(.element(id: 1, action: .textFieldChanged("Eggs")))"#, show: show
  )
  // Completing "Eggs" moves it below "Milk" one (test-clock) second later.
  let toggle = store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled)))
  print("  .todos(.element(id: 1, action: .checkBoxToggled))\n    → \(show(store.state))")
  await clock.waitForSleepers()
  await clock.advance(by: .seconds(1))
  await toggle.finish()
  print("  (one second later) .sortCompletedTodos\n    → \(show(store.state))")
  await step(store, .filterPicked(.active), ".filterPicked(.active)") { state in
    show(state) + " (showing: \(state.filteredTodos.map(\.description)))"
  }
  await step(store, .clearCompletedButtonTapped, show: show)
}

@MainActor
func runNumberFactSession() async {
  let show = { (state: EffectsBasics.State) in
    "count: \(state.count), fact: \(state.numberFact ?? "nil")"
  }
  let store = Store(initialState: EffectsBasics.State()) { EffectsBasics(factClient: .good) }
  await step(store, .incrementButtonTapped, show: show)
  await step(store, .numberFactButtonTapped, show: show)
  print("  (with a failing client)")
  let failing = Store(initialState: EffectsBasics.State(count: 7)) { EffectsBasics(factClient: .failing) }
  await step(failing, .numberFactButtonTapped, show: show)
}
