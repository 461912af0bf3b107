import ExampleFeatures
import Foundation
import Runtime

/// The scripted sessions recorded into `Fixtures/` (`swift run FixtureRecorder Fixtures`).
///
/// Every session is deterministic — injected UUIDs, a `TestClock`, fixed clients — so recording it
/// again gives the same trace except for timing fields (`t`, `duration`, `start`, `pid`,
/// `platform`).
///
/// ```swift
/// let buffer = TraceBuffer()
/// await FixtureSession.counter.record(to: .memory(buffer))
/// buffer.lines.count  // 6: session, state, 3 actions, end
/// ```
public enum FixtureSession: String, CaseIterable, Sendable {
  case counter
  case twocounters
  case todos
  case numberfactSuccess = "numberfact-success"
  case numberfactFailure = "numberfact-failure"
  case effectCancelled = "effect-cancelled"
  case largeTodos = "large-todos"
  case todosSortBug = "todos-sort-bug"
  case starredRepos = "starred-repos"

  /// The fixture's file name: `todos.jsonl`.
  public var fileName: String { rawValue + ".jsonl" }

  /// Runs the session with a `.debug()` reducer writing to `sink`; returns after the trace is
  /// closed (its `end` line written).
  @MainActor
  public func record(to sink: TraceSink, keyframeInterval: Int = 1000) async {
    var options = TraceRecorderOptions()
    options.keyframeInterval = keyframeInterval
    options.checksRebuiltStates = true
    options.stateCapture = .exact  // golden traces keep every state, however busy the machine
    switch self {
    case .counter:
      let reducer = Counter().debug(to: sink, options: options)
      let store = Store(initialState: Counter.State()) { reducer }
      await store.send(.incrementButtonTapped).finish()
      await store.send(.incrementButtonTapped).finish()
      await store.send(.decrementButtonTapped).finish()
      reducer.recorder.close()
    case .twocounters:
      let reducer = TwoCounters().debug(to: sink, options: options)
      let store = Store(initialState: TwoCounters.State()) { reducer }
      await store.send(.counter1(.incrementButtonTapped)).finish()
      await store.send(.counter2(.decrementButtonTapped)).finish()
      await store.send(.counter1(.incrementButtonTapped)).finish()
      reducer.recorder.close()
    case .todos:
      await recordTodos(sink: sink, options: options)
    case .todosSortBug:
      await recordTodos(sink: sink, options: options, sortBug: true)
    case .numberfactSuccess, .numberfactFailure:
      let client: NumberFactClient = self == .numberfactSuccess ? .good : .failing
      let reducer = EffectsBasics(clock: TestClock(), factClient: client).debug(to: sink, options: options)
      let store = Store(initialState: EffectsBasics.State()) { reducer }
      await store.send(.incrementButtonTapped).finish()
      await store.send(.numberFactButtonTapped).finish()
      await settle()
      reducer.recorder.close()
    case .effectCancelled:
      let clock = TestClock()
      let reducer = EffectsBasics(clock: clock, factClient: .good).debug(to: sink, options: options)
      let store = Store(initialState: EffectsBasics.State()) { reducer }
      // Below zero: a one-second delayed "undo" starts; incrementing back cancels it.
      let delayed = store.send(.decrementButtonTapped)
      await clock.waitForSleepers()
      await store.send(.incrementButtonTapped).finish()
      await delayed.finish()
      await settle()
      reducer.recorder.close()
    case .largeTodos:
      await recordLargeTodos(sink: sink, options: options)
    case .starredRepos:
      // Rows identified through a computed `id`: starred, sorted (moves), starred again.
      let reducer = StarredRepos().debug(to: sink, options: options)
      let store = Store(
        initialState: StarredRepos.State(rows: [
          RepoRow.State(repo: Repo(id: 3, name: "swift", stars: 10)),
          RepoRow.State(repo: Repo(id: 5, name: "tca", stars: 20)),
          RepoRow.State(repo: Repo(id: 7, name: "custom-dump", stars: 30)),
        ])
      ) { reducer }
      await store.send(.rows(.element(id: 3, action: .starTapped))).finish()
      await store.send(.rows(.element(id: 3, action: .starTapped))).finish()
      await store.send(.rows(.element(id: 5, action: .starTapped))).finish()
      await store.send(.sortByStarsTapped).finish()
      await store.send(.rows(.element(id: 7, action: .starTapped))).finish()
      reducer.recorder.close()
    }
  }

  @MainActor
  private func recordTodos(sink: TraceSink, options: TraceRecorderOptions, sortBug: Bool = false) async {
    let clock = TestClock()
    let reducer =
      sortBug
      ? AnyTodos(TodosWithSortBug(clock: clock, uuid: .incrementing()).debug(to: sink, options: options))
      : AnyTodos(Todos(clock: clock, uuid: .incrementing()).debug(to: sink, options: options))
    let store = Store(initialState: Todos.State()) { reducer }
    await store.send(.addTodoButtonTapped).finish()
    await store.send(.todos(.element(id: UUID(0), action: .textFieldChanged("Milk")))).finish()
    await store.send(.addTodoButtonTapped).finish()
    await store.send(.todos(.element(id: UUID(1), action: .textFieldChanged("Eggs")))).finish()
    await store.send(.addTodoButtonTapped).finish()
    await store.send(.todos(.element(id: UUID(2), action: .textFieldChanged("Bread")))).finish()
    // Toggling "Eggs" starts a one-second sort; toggling "Bread" half a second later cancels it
    // (cancelInFlight) and starts another, which sorts.
    let first = store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled)))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.todos(.element(id: UUID(2), action: .checkBoxToggled)))
    await first.finish()
    await settle()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await second.finish()
    await settle()
    await store.send(.todos(.element(id: UUID(0), action: .textFieldChanged("Oat milk")))).finish()
    await store.send(.filterPicked(.active)).finish()
    await store.send(.delete(IndexSet(integer: 0))).finish()
    await store.send(.filterPicked(.all)).finish()
    await store.send(.clearCompletedButtonTapped).finish()
    reducer.close()
  }

  /// 2,000 todos; toggles, an edit, a delete and a sort.
  @MainActor
  private func recordLargeTodos(sink: TraceSink, options: TraceRecorderOptions) async {
    let clock = TestClock()
    var todos = IdentifiedArrayOf<Todo.State>()
    for n in 0..<2_000 {
      todos.append(Todo.State(description: "Todo \(n)", id: UUID(n), isComplete: n % 7 == 0))
    }
    let reducer = Todos(clock: clock, uuid: .incrementing()).debug(to: sink, options: options)
    let store = Store(initialState: Todos.State(todos: todos)) { reducer }
    for n in [5, 1_000, 1_999] {
      let task = store.send(.todos(.element(id: UUID(n), action: .checkBoxToggled)))
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(1))
      await task.finish()
      await settle()
    }
    await store.send(.todos(.element(id: UUID(42), action: .textFieldChanged("The answer")))).finish()
    await store.send(.delete(IndexSet(integer: 3))).finish()
    await store.send(.sortCompletedTodos).finish()
    reducer.recorder.close()
  }

  /// Lets effect tasks that report their end (finished, cancelled) run before the next step.
  @MainActor
  private func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }
}

/// `Todos` or `TodosWithSortBug` recording, as one type for the todos session.
private struct AnyTodos: Reducer {
  typealias State = Todos.State
  typealias Action = Todos.Action
  let reduce: (inout State, Action) -> Effect<Action>
  let close: () -> Void

  init<R: Reducer<State, Action>>(_ debug: DebugReducer<R>) {
    reduce = debug.reduce(into:action:)
    close = debug.recorder.close
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { reduce(&state, action) }
}
