@testable import Runtime
import Testing

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

  static var scope: ChildScope { ChildScope(reducer: .keyPath(\State.rows)) }
}

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.serialized, .timeLimit(.minutes(1)))
struct ChildEffectRegistryTests {
  let clock = TestClock()

  func inFlight() -> [Int] {
    ChildEffectRegistry.shared.children(in: RegistryRows.scope).compactMap { $0.base as? Int }.sorted()
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

  @Test func aSynchronousEffectIsNotInFlightOnceSent() {
    let store = Store(initialState: RegistryRows.State(rows: [.init(id: 3)])) { RegistryRows(clock: clock) }
    store.send(.rows(.element(id: 3, action: .stop)))
    #expect(inFlight() == [])
    #expect(store.state.rows.map(\.log) == [["stopped"]])
  }
}
