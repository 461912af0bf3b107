import Foundation
import Runtime

/// Which todos the list shows.
public enum Filter: String, CaseIterable, Codable, Equatable, Hashable, Sendable {
  case all = "All"
  case active = "Active"
  case completed = "Completed"
}

/// The todo list from TCA's "Todos" example: add, delete, edit, complete and filter todos; one
/// second after a checkbox is toggled (restarted by every further toggle) completed todos move to
/// the bottom.
public struct Todos: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var filter: Filter
    public var todos: IdentifiedArrayOf<Todo.State>

    public init(filter: Filter = .all, todos: IdentifiedArrayOf<Todo.State> = []) {
      self.filter = filter
      self.todos = todos
    }

    /// The todos the current filter shows.
    public var filteredTodos: IdentifiedArrayOf<Todo.State> {
      switch filter {
      case .all: todos
      case .active: todos.filter { !$0.isComplete }
      case .completed: todos.filter(\.isComplete)
      }
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case addTodoButtonTapped
    case clearCompletedButtonTapped
    case delete(IndexSet)
    case filterPicked(Filter)
    case move(IndexSet, Int)
    case sortCompletedTodos
    case todos(IdentifiedActionOf<Todo>)
  }

  enum CancelID { case todoCompletion }

  let clock: any Clock<Duration>
  let uuid: UUIDGenerator

  public init(clock: any Clock<Duration> = ContinuousClock(), uuid: UUIDGenerator = .random) {
    self.clock = clock
    self.uuid = uuid
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTodoButtonTapped:
        state.todos.insert(Todo.State(id: uuid()), at: 0)
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case let .delete(indexSet):
        let filteredTodos = state.filteredTodos
        for index in indexSet where filteredTodos.indices.contains(index) {
          state.todos.remove(id: filteredTodos[index].id)
        }
        return .none

      case let .filterPicked(filter):
        state.filter = filter
        return .none

      case var .move(source, destination):
        if state.filter == .completed {
          source = IndexSet(source.map { state.todos.index(id: state.filteredTodos[$0].id)! })
          destination =
            destination < state.filteredTodos.count
            ? state.todos.index(id: state.filteredTodos[destination].id)!
            : state.todos.count
        }
        state.todos.move(fromOffsets: source, toOffset: destination)
        return .run { [clock] send in
          try await clock.sleep(for: .milliseconds(100))
          await send(.sortCompletedTodos)
        }

      case .sortCompletedTodos:
        state.todos.sort { $1.isComplete && !$0.isComplete }
        return .none

      case .todos(.element(id: _, action: .checkBoxToggled)):
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: Action.todosCase) { Todo() }
  }
}

extension Todos.Action {
  /// The `.todos` case as an explicit case path: `forEach` over thousands of todos stays fast
  /// (`Action.todos` alone would work too, by reflection).
  static let todosCase = AnyCasePath<Self, IdentifiedActionOf<Todo>>(embed: Self.todos) { action in
    if case let .todos(todoAction) = action { todoAction } else { nil }
  }
}
