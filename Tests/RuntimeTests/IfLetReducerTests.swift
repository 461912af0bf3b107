import ExampleFeatures
import Runtime
import Testing

/// A parent with an optional counter.
struct OptionalCounter: Reducer {
  struct State: Equatable { var counter: Counter.State?; var log: [String] = [] }
  enum Action: Equatable, Sendable { case counter(Counter.Action), toggleCounter }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counter(.incrementButtonTapped):
        state.log.append("parent saw increment, count \(state.counter?.count ?? 0)")
      case .counter:
        break
      case .toggleCounter:
        state.counter = state.counter == nil ? Counter.State() : nil
      }
      return .none
    }
    .ifLet(\.counter, action: Action.counter, then: { Counter() }, fileID: "Feature.swift", line: 12)
  }
}

@MainActor
struct IfLetReducerTests {
  @Test func runsTheChildBeforeTheParentWhenPresent() {
    let store = Store(initialState: OptionalCounter.State()) { OptionalCounter() }
    store.send(.toggleCounter)
    store.send(.counter(.incrementButtonTapped))
    #expect(store.state == OptionalCounter.State(counter: .init(count: 1), log: ["parent saw increment, count 1"]))
  }

  @Test func childActionForNilStateIsAWarningNotACrash() async {
    let store = Store(initialState: OptionalCounter.State()) { OptionalCounter() }
    let warnings = await capturingWarnings {
      store.send(.counter(.incrementButtonTapped))
    }
    #expect(store.state == OptionalCounter.State(counter: nil, log: ["parent saw increment, count 0"]))
    #expect(
      warnings == [
        """
        An "ifLet" at "Feature.swift:12" received a child action when child state was "nil":

          counter(ExampleFeatures.Counter.Action.incrementButtonTapped)

        The action was ignored. Make sure the child state is present whenever a child action can \
        be sent.
        """
      ]
    )
  }
}

/// A sleep of one second, then `.log("done")`.
func sleepThenLog(_ clock: TestClock) -> @Sendable () -> Effect<LogAction> {
  {
    .run { send in
      try await clock.sleep(for: .seconds(1))
      await send(.log("done"))
    }
  }
}

/// A parent with an optional sheet whose `.tap` sleeps a second, then logs "done"; the sheet's
/// reducer is instrumented into `lines`.
struct TimerSheet: Reducer {
  struct State: Equatable { var sheet: [String]? }
  enum Action: Equatable, Sendable { case sheet(LogAction), present, dismiss }

  let sheet: Instrumented<LogFeature>

  init(clock: TestClock, lines: Lines) {
    sheet = Instrumented(base: LogFeature(tapEffect: sleepThenLog(clock)), name: "sheet", lines: lines)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .sheet: break
      case .present: state.sheet = []
      case .dismiss: state.sheet = nil
      }
      return .none
    }
    .ifLet(\.sheet, action: Action.sheet) { sheet }
  }
}

/// Rows that each have an optional sheet, to check that the same `ifLet` in two rows keeps the
/// rows' effects apart.
struct RowsWithSheets: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    var id: String
    var sheet: [String]? = []
  }
  enum RowAction: Equatable, Sendable { case sheet(LogAction), dismiss }
  struct State: Equatable { var rows: IdentifiedArrayOf<Row> }
  enum Action: Equatable, Sendable { case rows(IdentifiedAction<String, RowAction>) }

  let clock: TestClock

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: Action.rows) {
        Reduce<Row, RowAction> { row, action in
          if action == .dismiss { row.sheet = nil }
          return .none
        }
        .ifLet(\.sheet, action: RowAction.sheet) { LogFeature(tapEffect: sleepThenLog(clock)) }
      }
  }
}

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct IfLetReducerCancellationTests {
  let clock = TestClock()
  let lines = Lines()

  @Test func settingTheChildToNilCancelsItsEffects() async {
    let store = Store(initialState: TimerSheet.State(sheet: [])) { TimerSheet(clock: clock, lines: lines) }
    let warnings = await capturingWarnings {
      let task = store.send(.sheet(.tap))
      await clock.waitForSleepers(1)
      store.send(.dismiss)
      #expect(clock.sleeperCount == 0)
      await task.finish()
      await clock.advance(by: .seconds(1))
    }
    #expect(store.state == TimerSheet.State(sheet: nil))
    #expect(warnings == [])  // no "done" for the missing sheet
    #expect(lines.all == ["sheet: tap from user", "sheet: effect#1 started", "sheet: effect#1 cancelled"])
  }

  @Test func aChildPresentedAgainKeepsItsNewEffects() async {
    let store = Store(initialState: TimerSheet.State(sheet: [])) { TimerSheet(clock: clock, lines: lines) }
    let old = store.send(.sheet(.tap))
    await clock.waitForSleepers(1)
    store.send(.dismiss)
    await old.finish()
    store.send(.present)
    let new = store.send(.sheet(.tap))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await new.finish()
    #expect(store.state == TimerSheet.State(sheet: ["done"]))
    #expect(
      lines.all == [
        "sheet: tap from user",
        "sheet: effect#1 started",
        "sheet: effect#1 cancelled",
        "sheet: tap from user",
        "sheet: effect#2 started",
        "sheet: effect#2 output(RuntimeTests.LogAction.log(\"done\"))",
        "sheet: log(\"done\") from effect#2",
        "sheet: effect#2 finished",
      ]
    )
  }

  @Test func theSameIfLetInTwoRowsCancelsOnlyItsOwnRowsEffects() async {
    let store = Store(initialState: RowsWithSheets.State(rows: [.init(id: "a"), .init(id: "b")])) {
      RowsWithSheets(clock: clock)
    }
    let a = store.send(.rows(.element(id: "a", action: .sheet(.tap))))
    let b = store.send(.rows(.element(id: "b", action: .sheet(.tap))))
    await clock.waitForSleepers(2)
    store.send(.rows(.element(id: "a", action: .dismiss)))
    #expect(clock.sleeperCount == 1)
    await a.finish()
    await clock.advance(by: .seconds(1))
    await b.finish()
    #expect(store.state.rows.elements == [.init(id: "a", sheet: nil), .init(id: "b", sheet: ["done"])])
  }

  @Test func presentChildWithoutEffectsStaysQuiet() {
    var state = TimerSheet.State(sheet: [])
    let effect = TimerSheet(clock: clock, lines: lines).reduce(into: &state, action: .sheet(.log("x")))
    #expect(state == TimerSheet.State(sheet: ["x"]))
    #expect(effect.description == "Effect.none")
  }
}
