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
      .forEach(\.rows, action: Action.rows, element: {
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
