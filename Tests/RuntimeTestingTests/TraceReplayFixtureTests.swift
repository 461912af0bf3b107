import ExampleFeatures
import Foundation
import RuntimeTesting
import Testing

/// The package's root, where `Fixtures/` is.
let replayPackageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The path of `Fixtures/NAME`.
func fixture(_ name: String) -> String {
  replayPackageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// Every fixture replays green against its feature, in both modes (every example's effects are
/// deterministic under a `TestClock` and fixed clients).
@MainActor @Suite struct TraceReplayFixtureTests {
  nonisolated static let modes: [TraceReplayEffects] = [.fromTrace, .run]

  /// Replays `name` on `store` and expects no failure and no note.
  func expectGreen<State, Action: Decodable>(
    _ store: TestStore<State, Action>, _ log: FailureLog, _ name: String, _ effects: TraceReplayEffects,
    actions: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let report = await store.replay(trace: fixture(name), effects: effects)
    #expect(log.failures.map(\.message) == [], sourceLocation: sourceLocation)
    #expect(
      report == TraceReplayReport(file: name, actions: actions, matched: actions, unchecked: []),
      sourceLocation: sourceLocation)
  }

  @Test(arguments: modes) func counter(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(initialState: Counter.State(), failureReporter: log.reporter) { Counter() }
    await expectGreen(store, log, "counter.jsonl", effects, actions: 3)
    #expect(store.state == Counter.State(count: 1))
  }

  @Test(arguments: modes) func twoCounters(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(initialState: TwoCounters.State(), failureReporter: log.reporter) { TwoCounters() }
    await expectGreen(store, log, "twocounters.jsonl", effects, actions: 3)
    #expect(store.state == TwoCounters.State(counter1: .init(count: 2), counter2: .init(count: -1)))
  }

  @Test(arguments: modes) func todos(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(initialState: Todos.State(), failureReporter: log.reporter) {
      Todos(clock: TestClock(), uuid: .incrementing())
    }
    await expectGreen(store, log, "todos.jsonl", effects, actions: 14)
    #expect(store.state == Todos.State())
  }

  @Test(arguments: modes) func numberFactSuccess(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: TestClock(), factClient: .good)
    }
    await expectGreen(store, log, "numberfact-success.jsonl", effects, actions: 3)
    #expect(store.state.numberFact == "1 is a good number.")
  }

  @Test(arguments: modes) func numberFactFailure(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: TestClock(), factClient: .failing)
    }
    await expectGreen(store, log, "numberfact-failure.jsonl", effects, actions: 3)
    #expect(store.state.numberFact == "Could not load a number fact :(")
  }

  @Test(arguments: modes) func effectCancelled(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: TestClock(), factClient: .good)
    }
    await expectGreen(store, log, "effect-cancelled.jsonl", effects, actions: 2)
  }

  @Test(arguments: modes) func largeTodos(effects: TraceReplayEffects) async {
    var todos = IdentifiedArrayOf<Todo.State>()
    for n in 0..<2_000 {
      todos.append(Todo.State(description: "Todo \(n)", id: UUID(n), isComplete: n % 7 == 0))
    }
    let log = FailureLog()
    let store = TestStore(initialState: Todos.State(todos: todos), failureReporter: log.reporter) {
      Todos(clock: TestClock(), uuid: .incrementing())
    }
    await expectGreen(store, log, "large-todos.jsonl", effects, actions: 9)
  }

  @Test(arguments: modes) func todosSortBug(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(initialState: Todos.State(), failureReporter: log.reporter) {
      TodosWithSortBug(clock: TestClock(), uuid: .incrementing())
    }
    await expectGreen(store, log, "todos-sort-bug.jsonl", effects, actions: 14)
  }

  /// Rows with a computed `id` (the trace carries it as `$id`): matched by it, sorted as moves.
  @Test(arguments: modes) func starredRepos(effects: TraceReplayEffects) async {
    let log = FailureLog()
    let store = TestStore(
      initialState: StarredRepos.State(rows: [
        RepoRow.State(repo: Repo(id: 3, name: "swift", stars: 10)),
        RepoRow.State(repo: Repo(id: 5, name: "tca", stars: 20)),
        RepoRow.State(repo: Repo(id: 7, name: "custom-dump", stars: 30)),
      ]), failureReporter: log.reporter
    ) { StarredRepos() }
    await expectGreen(store, log, "starred-repos.jsonl", effects, actions: 5)
  }

  /// QA-14: the same trace as recorded before the recorder wrote computed ids (`$id`).
  @Test func starredReposRecordedBeforeComputedIDs() async throws {
    let text = try String(contentsOfFile: fixture("starred-repos.jsonl"), encoding: .utf8)
    let old = text.replacingOccurrences(of: #""\$id":[0-9]+,"#, with: "", options: .regularExpression)
    #expect(old != text)
    let log = FailureLog()
    let store = TestStore(
      initialState: StarredRepos.State(rows: [
        RepoRow.State(repo: Repo(id: 3, name: "swift", stars: 10)),
        RepoRow.State(repo: Repo(id: 5, name: "tca", stars: 20)),
        RepoRow.State(repo: Repo(id: 7, name: "custom-dump", stars: 30)),
      ]), failureReporter: log.reporter
    ) { StarredRepos() }
    let report = await store.replay(trace: replayTraceFile(old, name: "before-id.jsonl"))
    #expect(log.messages == [])
    #expect(report.matched == 5)
  }

  /// Every fixture has its test above.
  @Test func everyFixtureIsReplayed() throws {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: replayPackageRoot.appendingPathComponent("Fixtures").path
    )
    .filter { $0.hasSuffix(".jsonl") }.sorted()
    #expect(
      names == [
        "counter.jsonl", "effect-cancelled.jsonl", "large-todos.jsonl", "numberfact-failure.jsonl",
        "numberfact-success.jsonl", "starred-repos.jsonl", "todos-sort-bug.jsonl", "todos.jsonl",
        "twocounters.jsonl",
      ])
  }
}
