import Testing

@testable import Runtime

/// Rows of a type no other test uses, so the process-wide registry's entries for `\.rows` are this
/// suite's alone.
private struct RegistryRows: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    var id: Int
    var log: [String] = []
  }
  struct State: Equatable { var rows: IdentifiedArrayOf<Row> }
  enum Action: Equatable, Sendable { case rows(IdentifiedAction<Int, LogAction>) }

  let clock: TestClock

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: Action.rows) {
        Scope(state: \Row.log, action: AnyCasePath<LogAction, LogAction>(embed: { $0 }, extract: { $0 })) {
          LogFeature(tapEffect: sleepThenLog(clock), stopEffect: { .send(.log("stopped")) })
        }
      }
  }

  static var reducer: ChildReducerIdentity { .keyPath(\State.rows) }
}

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.serialized, .timeLimit(.minutes(1)))
struct ChildEffectRegistryTests {
  let clock = TestClock()

  func inFlight() -> [Int] {
    ChildEffectRegistry.shared.children(of: RegistryRows.reducer).compactMap { $0.base as? Int }.sorted()
  }

  @Test func aChildIsInFlightUntilItsEffectFinishes() async {
    let store = Store(initialState: RegistryRows.State(rows: [.init(id: 1), .init(id: 2)])) {
      RegistryRows(clock: clock)
    }
    let one = store.send(.rows(.element(id: 1, action: .tap)))
    let two = store.send(.rows(.element(id: 2, action: .tap)))
    await clock.waitForSleepers(2)
    #expect(inFlight() == [1, 2])
    two.cancel()
    await two.finish()
    #expect(inFlight() == [1])
    await clock.advance(by: .seconds(1))
    await one.finish()
    #expect(inFlight() == [])
    #expect(store.state.rows.map(\.log) == [["done"], []])
  }

  @Test func anotherStoresChildInFlightDoesNotMakeThisStoreCancel() async {
    let busy = Store(initialState: RegistryRows.State(rows: [.init(id: 5)])) { RegistryRows(clock: clock) }
    let task = busy.send(.rows(.element(id: 5, action: .tap)))
    await clock.waitForSleepers(1)
    #expect(inFlight() == [5])
    // The same row id, removed in a store where it has nothing in flight: nothing to cancel.
    var state = RegistryRows.State(rows: [.init(id: 5)])
    let other = ChildEffectContext.inStore(ChildEffectContext.newStoreNumber()) {
      Reduce<RegistryRows.State, RegistryRows.Action> { state, _ in
        _ = state.rows.remove(id: 5)
        return .none
      }
      .forEach(\.rows, action: RegistryRows.Action.rows) { EmptyReducer() }
      .reduce(into: &state, action: .rows(.element(id: 5, action: .stop)))
    }
    #expect("\(other)" == "Effect.none")
    #expect(state.rows.isEmpty)
    task.cancel()
    await task.finish()
    #expect(inFlight() == [])
  }

  @Test func aSynchronousEffectIsNotInFlightOnceSent() {
    let store = Store(initialState: RegistryRows.State(rows: [.init(id: 3)])) { RegistryRows(clock: clock) }
    store.send(.rows(.element(id: 3, action: .stop)))
    #expect(inFlight() == [])
    #expect(store.state.rows.map(\.log) == [["stopped"]])
  }
}
