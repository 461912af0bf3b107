import ExampleFeatures
import Foundation
import RuntimeTesting
import Testing

/// TCA's Todos tests, with the clock and UUID generator injected into the feature.
@MainActor
@Suite struct TestStoreSeedTodosTests {
  let clock = TestClock()

  func makeStore(_ state: Todos.State = Todos.State()) -> TestStoreOf<Todos> {
    TestStore(initialState: state) { Todos(clock: clock, uuid: .incrementing()) }
  }

  static let twoTodos = Todos.State(todos: [
    Todo.State(description: "", id: UUID(0), isComplete: false),
    Todo.State(description: "", id: UUID(1), isComplete: false),
  ])

  @Test func addTodo() async {
    let store = makeStore()

    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(Todo.State(description: "", id: UUID(0), isComplete: false), at: 0)
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos = [
        Todo.State(description: "", id: UUID(1), isComplete: false),
        Todo.State(description: "", id: UUID(0), isComplete: false),
      ]
    }
  }

  @Test func editTodo() async {
    let store = makeStore(Todos.State(todos: [Todo.State(description: "", id: UUID(0))]))

    await store.send(.todos(.element(id: UUID(0), action: .textFieldChanged("Learn Composable Architecture")))) {
      $0.todos[id: UUID(0)]?.description = "Learn Composable Architecture"
    }
  }

  @Test func completeTodoSortsItAfterASecond() async {
    let store = makeStore(Self.twoTodos)

    await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.sortCompletedTodos) {
      $0.todos = [$0.todos[1], $0.todos[0]]
    }
  }

  @Test func completeTodoDebounces() async {
    let store = makeStore(Self.twoTodos)

    await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = false
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.sortCompletedTodos)
  }

  @Test func clearCompleted() async {
    let store = makeStore(
      Todos.State(todos: [
        Todo.State(description: "", id: UUID(0), isComplete: false),
        Todo.State(description: "", id: UUID(1), isComplete: true),
      ]))

    await store.send(.clearCompletedButtonTapped) {
      $0.todos = [$0.todos[0]]
    }
  }

  @Test func delete() async {
    let store = makeStore(
      Todos.State(todos: [
        Todo.State(description: "", id: UUID(0)),
        Todo.State(description: "", id: UUID(1)),
        Todo.State(description: "", id: UUID(2)),
      ]))

    await store.send(.delete([1])) {
      $0.todos = [$0.todos[0], $0.todos[2]]
    }
  }

  @Test func deleteWhileFiltered() async {
    let store = makeStore(
      Todos.State(
        filter: .completed,
        todos: [
          Todo.State(description: "", id: UUID(0), isComplete: false),
          Todo.State(description: "", id: UUID(1), isComplete: false),
          Todo.State(description: "", id: UUID(2), isComplete: true),
        ]))

    await store.send(.delete([0])) {
      $0.todos = [$0.todos[0], $0.todos[1]]
    }
  }

  @Test func moveSortsAfterADelay() async {
    let store = makeStore(
      Todos.State(todos: [
        Todo.State(description: "", id: UUID(0)),
        Todo.State(description: "", id: UUID(1)),
        Todo.State(description: "", id: UUID(2)),
      ]))

    await store.send(.move([0], 2)) {
      $0.todos = [$0.todos[1], $0.todos[0], $0.todos[2]]
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.sortCompletedTodos)
  }

  @Test func filteredEdit() async {
    let store = makeStore(
      Todos.State(todos: [
        Todo.State(description: "", id: UUID(0), isComplete: false),
        Todo.State(description: "", id: UUID(1), isComplete: true),
      ]))

    await store.send(.filterPicked(.completed)) {
      $0.filter = .completed
    }
    await store.send(.todos(.element(id: UUID(1), action: .textFieldChanged("Did this already")))) {
      $0.todos[id: UUID(1)]?.description = "Did this already"
    }
  }
}
