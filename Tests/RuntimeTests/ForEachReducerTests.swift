import ExampleFeatures
import Runtime
import Testing

/// A list of counters, identified by name.
struct CounterList: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    var id: String
    var counter = Counter.State()
  }
  struct State: Equatable { var rows: IdentifiedArrayOf<Row> = [] }
  enum Action: Equatable, Sendable { case rows(IdentifiedAction<String, Counter.Action>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(
        \.rows, action: Action.rows,
        element: {
          Reduce<Row, Counter.Action> { row, action in Counter().reduce(into: &row.counter, action: action) }
        }, fileID: "List.swift", line: 3)
  }
}

@MainActor
struct ForEachReducerTests {
  @Test func routesActionsByID() {
    let store = Store(initialState: CounterList.State(rows: [.init(id: "a"), .init(id: "b")])) { CounterList() }
    store.send(.rows(.element(id: "b", action: .incrementButtonTapped)))
    store.send(.rows(.element(id: "b", action: .incrementButtonTapped)))
    store.send(.rows(.element(id: "a", action: .decrementButtonTapped)))
    #expect(store.state.rows.map(\.counter.count) == [-1, 2])
  }

  @Test func actionForMissingIDIsAWarningNotACrash() async {
    let store = Store(initialState: CounterList.State(rows: [.init(id: "a")])) { CounterList() }
    let warnings = await capturingWarnings {
      store.send(.rows(.element(id: "zzz", action: .incrementButtonTapped)))
    }
    #expect(store.state.rows.map(\.counter.count) == [0])
    #expect(
      warnings == [
        """
        A "forEach" at "List.swift:3" received an action for a missing element (id: zzz):

          rows(Runtime.IdentifiedAction<Swift.String, ExampleFeatures.Counter.Action>.element(id: "zzz", action: ExampleFeatures.Counter.Action.incrementButtonTapped))

        The action was ignored. Make sure elements are not removed while actions for them can \
        still be sent.
        """
      ]
    )
  }
}

/// Rows whose `.start` sleeps a second, then logs "done <id>"; the row reducer is instrumented
/// into `lines`. The parent adds, removes and replaces rows.
struct TimerRows: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    var id: String
    var log: [String] = []
  }
  enum RowAction: Equatable, Sendable { case start, startAndRemove, log(String) }
  struct State: Equatable { var rows: IdentifiedArrayOf<Row> = [] }
  enum Action: Equatable, Sendable {
    case rows(IdentifiedAction<String, RowAction>)
    case add(String), remove(String), removeAndAddBack(String), replaceAll([String])
  }

  let row: Instrumented<Reduce<Row, RowAction>>

  init(clock: TestClock, lines: Lines) {
    row = Instrumented(
      base: Reduce { row, action in
        switch action {
        case .start, .startAndRemove:
          return .run { [id = row.id] send in
            try await clock.sleep(for: .seconds(1))
            await send(.log("done \(id)"))
          }
        case let .log(line):
          row.log.append(line)
          return .none
        }
      },
      name: "row",
      lines: lines
    )
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rows(.element(id, .startAndRemove)): state.rows.remove(id: id)
      case .rows: break
      case let .add(id): state.rows.append(Row(id: id))
      case let .remove(id): state.rows.remove(id: id)
      case let .removeAndAddBack(id):
        state.rows.remove(id: id)
        state.rows.append(Row(id: id))
      case let .replaceAll(ids): state.rows = IdentifiedArray(uniqueElements: ids.map { Row(id: $0) })
      }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { row }
  }
}

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct ForEachReducerCancellationTests {
  let clock = TestClock()
  let lines = Lines()

  func makeStore(_ ids: [String]) -> StoreOf<TimerRows> {
    Store(initialState: TimerRows.State(rows: IdentifiedArray(uniqueElements: ids.map { .init(id: $0) }))) {
      TimerRows(clock: clock, lines: lines)
    }
  }

  @Test func removingAnElementCancelsExactlyItsEffects() async {
    let store = makeStore(["a", "b"])
    let warnings = await capturingWarnings {
      let a = store.send(.rows(.element(id: "a", action: .start)))
      let b = store.send(.rows(.element(id: "b", action: .start)))
      await clock.waitForSleepers(2)
      store.send(.remove("a"))
      #expect(clock.sleeperCount == 1)  // a's sleep was cancelled when a was removed
      await a.finish()
      await clock.advance(by: .seconds(1))
      await b.finish()
    }
    #expect(store.state == TimerRows.State(rows: [.init(id: "b", log: ["done b"])]))
    #expect(warnings == [])  // no action for the missing "a"
    #expect(
      lines.all == [
        "row: start from user",
        "row: effect#1 started",
        "row: start from user",
        "row: effect#2 started",
        "row: effect#1 cancelled",
        "row: effect#2 output(RuntimeTests.TimerRows.RowAction.log(\"done b\"))",
        "row: log(\"done b\") from effect#2",
        "row: effect#2 finished",
      ]
    )
  }

  @Test func anEffectFromTheActionThatRemovesTheElementIsCancelled() async {
    let store = makeStore(["a"])
    let task = store.send(.rows(.element(id: "a", action: .startAndRemove)))
    await task.finish()
    #expect(store.state == TimerRows.State(rows: []))
    #expect(clock.sleeperCount == 0)
    #expect(lines.all == ["row: startAndRemove from user", "row: effect#1 started", "row: effect#1 cancelled"])
  }

  @Test func aReAddedElementKeepsItsNewEffects() async {
    let store = makeStore(["a"])
    let old = store.send(.rows(.element(id: "a", action: .start)))
    await clock.waitForSleepers(1)
    store.send(.remove("a"))
    await old.finish()
    store.send(.add("a"))
    let new = store.send(.rows(.element(id: "a", action: .start)))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await new.finish()
    #expect(store.state == TimerRows.State(rows: [.init(id: "a", log: ["done a"])]))
    #expect(
      lines.all == [
        "row: start from user",
        "row: effect#1 started",
        "row: effect#1 cancelled",
        "row: start from user",
        "row: effect#2 started",
        "row: effect#2 output(RuntimeTests.TimerRows.RowAction.log(\"done a\"))",
        "row: log(\"done a\") from effect#2",
        "row: effect#2 finished",
      ]
    )
  }

  @Test func removingAndAddingBackInOneActionKeepsTheEffects() async {
    let store = makeStore(["a"])
    let task = store.send(.rows(.element(id: "a", action: .start)))
    await clock.waitForSleepers(1)
    store.send(.removeAndAddBack("a"))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == TimerRows.State(rows: [.init(id: "a", log: ["done a"])]))
  }

  @Test func replacingTheCollectionCancelsTheElementsThatAreGone() async {
    let store = makeStore(["a", "b", "c"])
    let tasks = ["a", "b", "c"].map { store.send(.rows(.element(id: $0, action: .start))) }
    await clock.waitForSleepers(3)
    store.send(.replaceAll(["c", "d", "b"]))  // same count; "a" is gone
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.finish() }
    #expect(
      store.state.rows.elements == [.init(id: "c", log: ["done c"]), .init(id: "d"), .init(id: "b", log: ["done b"])]
    )
  }

  /// (Ids no other test uses: the in-flight registry is process-wide, and a child id in flight in
  /// another store would make this removal return a cancel effect, a no-op in this store.)
  @Test func removingAnElementWithoutEffectsReturnsNoEffect() {
    var state = TimerRows.State(rows: [.init(id: "quiet1"), .init(id: "quiet2")])
    let effect = TimerRows(clock: clock, lines: lines).reduce(into: &state, action: .remove("quiet1"))
    #expect(state == TimerRows.State(rows: [.init(id: "quiet2")]))
    #expect(effect.description == "Effect.none")
  }
}
