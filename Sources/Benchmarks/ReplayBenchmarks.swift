import Debugging
import ExampleFeatures
import Foundation
import Runtime
import RuntimeTesting

// Replay (issue 15): `TestStore.replay(trace:)` on a 1,000-todo state, next to the same actions
// sent to a bare TestStore; `tca-trace testgen` on a 10 MB trace.

@MainActor
func runReplayBenchmarks(filter: String?) async {
  if selected("store-replay", filter) { await benchmarkReplay() }
  if selected("testgen", filter) { benchmarkTestgen() }
}

/// 1,000 todos, `todo 0` … `todo 999`, none complete.
private func thousandTodos() -> Todos.State {
  var todos = IdentifiedArrayOf<Todo.State>()
  for n in 0..<1_000 { todos.append(Todo.State(description: "todo \(n)", id: UUID(n))) }
  return Todos.State(todos: todos)
}

/// The actions of the benchmark session: text edits spread over the list.
private func editActions(_ count: Int) -> [Todos.Action] {
  (0..<count).map { n in .todos(.element(id: UUID((n * 7919) % 1_000), action: .textFieldChanged("edit \(n)"))) }
}

@MainActor
private func benchmarkReplay() async {
  let count = 5_000
  let path = NSTemporaryDirectory() + "tca-trace-replay-bench-\(getpid()).jsonl"
  defer { if ProcessInfo.processInfo.environment["KEEP"] == nil { unlink(path) } }
  var options = TraceRecorderOptions()
  options.timestamps = .deterministic
  options.queueCapacity = count + 1
  // Every state kept (as golden traces are), so the replay checks the state after every action.
  options.stateCapture = .exact
  let recording = Todos(clock: TestClock(), uuid: .incrementing()).debug(to: .file(path), options: options)
  let recorder = Store(initialState: thousandTodos()) { recording }
  let actions = editActions(count)
  for action in actions { recorder.send(action) }
  recording.recorder.close()

  let replay = await asyncMedian(runs: 5) {
    let store = TestStore(initialState: thousandTodos()) { Todos(clock: TestClock(), uuid: .incrementing()) }
    let report = await store.replay(trace: path)
    if report.matched != count {
      print("replay did not match every action: \(report) \(report.unchecked) \(report.failure ?? "")"); exit(1)
    }
  }
  let bare = await asyncMedian(runs: 3) {
    let store = TestStore(initialState: thousandTodos()) { Todos(clock: TestClock(), uuid: .incrementing()) }
    store.exhaustivity = .off
    for action in actions { await store.send(action) }
  }
  let rate = Double(count) / replay
  report(
    "replay \(count) actions, 1,000-todo state (effects from the trace; every state checked)", ours: replay,
    baseline: ("same actions sent to a bare TestStore", bare),
    extra: String(format: "%.0f actions/s (target ≥ 20,000)", rate))
}

private func benchmarkTestgen() {
  let tool = builtToolPath()
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("testgen: build the tool first (swift build -c release --product tca-trace)")
    return
  }
  let path = NSTemporaryDirectory() + "tca-trace-testgen-bench-\(getpid()).jsonl"
  defer { unlink(path) }
  let megabytes = writeSyntheticTraceFile(
    to: path, actions: 100_000, stateSize: 1_000, keyframeInterval: 100, maximumMegabytes: 10)
  let testgen = measureCommand("'\(tool)' testgen '\(path)' > /dev/null")
  let validate = measureCommand("'\(tool)' validate '\(path)' > /dev/null")
  report(
    String(format: "testgen on a %.1f MB trace (1,000-todo state)", megabytes), ours: testgen.seconds,
    baseline: ("tca-trace validate, same file", validate.seconds), extra: "max RSS \(testgen.rss) (target ≤ 2 s)")
}

/// The median wall time of `runs` runs of `body` (after one warm-up), in seconds.
@MainActor
private func asyncMedian(runs: Int, _ body: @MainActor () async -> Void) async -> Double {
  await body()
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    await body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  samples.sort()
  return samples[samples.count / 2]
}
