import ExampleFeatures
import Foundation
import Runtime
import Testing

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct TodosExampleTests {
  let clock = TestClock()

  func makeStore(_ todos: [Todo.State] = []) -> StoreOf<Todos> {
    Store(initialState: Todos.State(todos: IdentifiedArray(uniqueElements: todos))) {
      Todos(clock: clock, uuid: .incrementing())
    }
  }

  let milk = Todo.State(description: "Milk", id: UUID(10))
  let eggs = Todo.State(description: "Eggs", id: UUID(11))
  let hammer = Todo.State(description: "Hammer", id: UUID(12), isComplete: true)

  @Test func addAndEdit() {
    let store = makeStore()
    store.send(.addTodoButtonTapped)
    store.send(.addTodoButtonTapped)
    store.send(.todos(.element(id: UUID(0), action: .textFieldChanged("first"))))
    #expect(
      store.state.todos.elements == [
        Todo.State(id: UUID(1)),
        Todo.State(description: "first", id: UUID(0)),
      ])
  }

  @Test func completingSortsAfterOneSecond() async {
    let store = makeStore([milk, eggs])
    let task = store.send(.todos(.element(id: milk.id, action: .checkBoxToggled)))
    #expect(store.state.todos.map(\.description) == ["Milk", "Eggs"])
    #expect(store.state.todos[id: milk.id]?.isComplete == true)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.todos.map(\.description) == ["Eggs", "Milk"])
  }

  @Test func togglingAgainWithinTheDelayRestartsIt() async {
    let bread = Todo.State(description: "Bread", id: UUID(13))
    let store = makeStore([milk, eggs, bread])
    let first = store.send(.todos(.element(id: milk.id, action: .checkBoxToggled)))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.todos(.element(id: bread.id, action: .checkBoxToggled)))
    await first.finish()  // cancelled in flight
    #expect(first.isCancelled == false)  // cancelled by id, not through its task
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    // One second after the first toggle: a sort would have moved Milk down by now.
    #expect(store.state.todos.map(\.description) == ["Milk", "Eggs", "Bread"])
    await clock.advance(by: .milliseconds(500))
    await second.finish()
    #expect(store.state.todos.map(\.description) == ["Eggs", "Milk", "Bread"])
  }

  @Test func deleteFilterAndClearCompleted() {
    let store = makeStore([milk, eggs, hammer])
    store.send(.filterPicked(.completed))
    #expect(store.state.filteredTodos.map(\.description) == ["Hammer"])
    store.send(.filterPicked(.all))
    store.send(.delete([1]))
    #expect(store.state.todos.map(\.description) == ["Milk", "Hammer"])
    store.send(.clearCompletedButtonTapped)
    #expect(store.state.todos.map(\.description) == ["Milk"])
  }

  @Test func actionForADeletedTodoIsAWarning() async {
    let store = makeStore([milk])
    store.send(.delete([0]))
    let warnings = await capturingWarnings {
      store.send(.todos(.element(id: milk.id, action: .checkBoxToggled)))
    }
    #expect(store.state.todos.isEmpty)
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix(#"A "forEach" at "ExampleFeatures/Todos.swift:"#) == true)
    #expect(
      warnings.first?.contains("received an action for a missing element (id: 00000000-0000-0000-0000-00000000000A)")
        == true)
  }
}
