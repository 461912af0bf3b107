import Runtime

/// `Todos` with a bug, for the replay docs and tests: sorting puts the completed todos first
/// instead of last. Same state and actions as ``Todos``, so a trace of one replays against the
/// other (`Fixtures/todos-sort-bug.jsonl` is this feature's session).
public struct TodosWithSortBug: Reducer {
  public typealias State = Todos.State
  public typealias Action = Todos.Action

  let todos: Todos

  public init(clock: any Clock<Duration> = ContinuousClock(), uuid: UUIDGenerator = .random) {
    todos = Todos(clock: clock, uuid: uuid)
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .sortCompletedTodos = action else { return todos.reduce(into: &state, action: action) }
      state.todos.sort { $0.isComplete && !$1.isComplete }  // the bug: completed todos first
      return .none
    }
  }
}
