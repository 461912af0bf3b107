import Debugging
import Foundation
import Runtime

// The recorder's worker alone: `swift run -c release Benchmarks "recorder worker"`.
// States are made first (each one toggle away from the one before, as a reducer makes them, the
// copy-on-write copy paid here and not timed); then they are handed to a `TraceRecorder` back to
// back and the time until `close()` returns (everything on disk) is the worker's. The states are
// kept alive by the benchmark, so freeing each state's storage (the app's copy, which some thread
// must free) is not counted here; the "freed by the worker" figure counts it.
// Also: the share of a trace's bytes that keyframes take, at 1,000 / 10,000 / 100,000 todos.

struct WorkerBenchTodo: Equatable, Identifiable, Sendable {
  var id: UUID
  var description: String
  var isComplete: Bool
}

struct WorkerBenchState: Equatable, Sendable {
  var count = 0
  var todos: IdentifiedArrayOf<WorkerBenchTodo>
}

enum WorkerBenchAction: Equatable, Sendable {
  case toggle(index: Int)
}

private func workerBenchState(todos count: Int) -> WorkerBenchState {
  WorkerBenchState(
    todos: IdentifiedArrayOf(
      uniqueElements: (0..<count).map { n in
        WorkerBenchTodo(id: UUID(), description: "Todo number \(n)", isComplete: n % 3 == 0)
      }))
}

/// `count` states, each one toggle (at a spread of positions) after the one before.
private func toggledStates(from initial: WorkerBenchState, count: Int) -> [WorkerBenchState] {
  var state = initial
  var states: [WorkerBenchState] = []
  states.reserveCapacity(count)
  let n = state.todos.count
  for k in 0..<count {
    let id = state.todos.elements[(k &* 7_919) % n].id
    state.todos[id: id]?.isComplete.toggle()
    states.append(state)
  }
  return states
}

/// Seconds the worker takes for `states` (after the initial state is written), handed over back
/// to back; with `freesStates` the recorder holds the only reference to each state.
private func workerSeconds(initial: WorkerBenchState, states: [WorkerBenchState], freesStates: Bool) -> Double {
  let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("worker-bench-\(getpid()).jsonl")
  defer { unlink(path) }
  var options = TraceRecorderOptions()
  options.queueCapacity = states.count + 10
  // Every state kept: what is measured is the worker's work per action. With the default state
  // budget (16 MB) a backlog of 100,000-todo states is coalesced to a few, and the figure would be
  // the final state written at close divided by the actions.
  options.stateBudget = 1 << 40
  let recorder = TraceRecorder(name: "WorkerBench", to: .file(path), options: options)
  recorder.record(action: WorkerBenchAction.toggle(index: -1), from: initial, to: initial)
  recorder.flush()
  var states = states
  let start = DispatchTime.now().uptimeNanoseconds
  var old = initial
  if freesStates {
    // Handed over one by one from the end of a reversed array, so the benchmark keeps none.
    states.reverse()
    while let state = states.popLast() {
      recorder.record(action: WorkerBenchAction.toggle(index: 0), from: old, to: state)
      old = state
    }
    old = initial
  } else {
    for state in states {
      recorder.record(action: WorkerBenchAction.toggle(index: 0), from: old, to: state)
      old = state
    }
  }
  recorder.close()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A sink that stops the worker at the first line written after `hold()` until `release()`: the
/// actions handed over meanwhile wait in the queue, and the worker then takes them as one batch.
private final class GatedSink: @unchecked Sendable {
  private let lock = NSLock()
  private var holding = false
  private let gate = DispatchSemaphore(value: 0)
  private(set) var bytes = 0

  func hold() { lock.withLock { holding = true } }
  func release() { gate.signal() }

  func write(_ line: String) {
    let stop = lock.withLock {
      bytes += line.utf8.count
      defer { holding = false }
      return holding
    }
    if stop { gate.wait() }
  }
}

/// Seconds the worker alone takes for `states` handed over as one backlog (the initial state is
/// written first, untimed), through a sink that only counts the bytes of each line.
private func backlogSeconds(initial: WorkerBenchState, states: [WorkerBenchState]) -> Double {
  let sink = GatedSink()
  var options = TraceRecorderOptions()
  options.queueCapacity = states.count + 10
  // Every state kept: what is measured is the worker's work per action. With the default state
  // budget (16 MB) a backlog of 100,000-todo states is coalesced to a few, and the figure would be
  // the final state written at close divided by the actions.
  options.stateBudget = 1 << 40
  let recorder = TraceRecorder(name: "WorkerBench", to: .custom { sink.write($0) }, options: options)
  recorder.record(action: WorkerBenchAction.toggle(index: -1), from: initial, to: initial)
  recorder.flush()
  sink.hold()
  var old = initial
  for state in states {
    recorder.record(action: WorkerBenchAction.toggle(index: 0), from: old, to: state)
    old = state
  }
  let start = DispatchTime.now().uptimeNanoseconds
  sink.release()
  recorder.close()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func runRecorderWorkerBenchmarks(filter: String?) {
  if filter == "worker-profile" {
    // `valgrind --tool=callgrind .build/release/Benchmarks worker-profile TODOS ACTIONS`: run it
    // with two action counts and subtract, for the worker's instructions per action.
    let arguments = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
    let n = arguments.first ?? 100, actions = arguments.dropFirst().first ?? 100
    let initial = workerBenchState(todos: n)
    _ = backlogSeconds(initial: initial, states: toggledStates(from: initial, count: actions))
    return
  }
  guard selected("recorder worker", filter) || selected("recorder keyframes", filter) else { return }
  if selected("recorder worker", filter) { workerThroughput() }
  if selected("recorder keyframes", filter) { keyframeShare() }
}

private func workerThroughput() {
  var perAction: [Int: Double] = [:]
  for n in [100, 1_000, 10_000, 100_000] {
    let actions = n >= 100_000 ? 300 : n >= 10_000 ? 2_000 : 5_000
    let initial = workerBenchState(todos: n)
    let states = toggledStates(from: initial, count: actions)
    var backlog: [Double] = []
    for _ in 0..<5 { backlog.append(backlogSeconds(initial: initial, states: states) / Double(actions)) }
    backlog.sort()
    let backlogSeconds = backlog[backlog.count / 2]
    var kept: [Double] = [], freed: [Double] = []
    for _ in 0..<5 {
      kept.append(workerSeconds(initial: initial, states: states, freesStates: false) / Double(actions))
    }
    for _ in 0..<3 {
      let copies = toggledStates(from: initial, count: actions)
      freed.append(workerSeconds(initial: initial, states: copies, freesStates: true) / Double(actions))
    }
    kept.sort()
    freed.sort()
    let seconds = kept[kept.count / 2], freedSeconds = freed[freed.count / 2]
    perAction[n] = backlogSeconds
    print(
      String(
        format:
          "recorder worker: one toggle per action, %d todos: backlog %@/action = %.0f actions/s | handed over as sent, to a file: %@/action = %.0f actions/s; states freed by the worker: %@/action = %.0f actions/s",
        n, formatSeconds(backlogSeconds), 1 / backlogSeconds, formatSeconds(seconds), 1 / seconds,
        formatSeconds(freedSeconds), 1 / freedSeconds))
  }
  if let small = perAction[10_000], let large = perAction[100_000] {
    print(
      String(
        format: "recorder worker: ×10 state (10,000 → 100,000 todos), same changes: %.2f× the time per action",
        large / small))
  }
}

/// Bytes of keyframes (action lines' `state`) over the whole file, for 3,000 toggles recorded with
/// the default options.
private func keyframeShare() {
  for n in [1_000, 10_000, 100_000] {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("keyframe-bench-\(n)-\(getpid()).jsonl")
    defer { unlink(path) }
    let actions = n >= 100_000 ? 20_000 : 30_000
    let initial = workerBenchState(todos: n)
    let recorder = TraceRecorder(name: "WorkerBench", to: .file(path))
    var state = initial
    for k in 0..<actions {
      let old = state
      let id = state.todos.elements[(k &* 7_919) % n].id
      state.todos[id: id]?.isComplete.toggle()
      recorder.record(action: WorkerBenchAction.toggle(index: k), from: old, to: state)
    }
    recorder.close()
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    var keyframeBytes = 0, keyframes = 0, initialBytes = 0
    for line in data.split(separator: UInt8(ascii: "\n")) {
      if line.starts(with: Array(#"{"kind":"state""#.utf8)) { initialBytes = line.count }
      guard line.starts(with: Array(#"{"kind":"action""#.utf8)),
        let range = line.firstRange(of: Array(#","state":"#.utf8))
      else { continue }
      keyframes += 1
      keyframeBytes += line.endIndex - range.lowerBound
    }
    print(
      String(
        format:
          "recorder keyframes: %d toggles on %d todos (default options): %.2f MB, %d keyframes = %.1f%% of the file (initial state %.1f%%)",
        actions, n, Double(data.count) / 1e6, keyframes, 100 * Double(keyframeBytes) / Double(data.count),
        100 * Double(initialBytes) / Double(data.count)))
  }
}
