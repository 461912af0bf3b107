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

private func workerBenchState(todos count: Int, fixedIDs: Bool = false) -> WorkerBenchState {
  WorkerBenchState(
    todos: IdentifiedArrayOf(
      uniqueElements: (0..<count).map { n in
        WorkerBenchTodo(
          id: fixedIDs ? UUID(uuidString: String(format: "00000000-0000-4000-8000-%012x", n))! : UUID(),
          description: "Todo number \(n)", isComplete: n % 3 == 0)
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
private func workerSeconds(initial: WorkerBenchState, states: consuming [WorkerBenchState], freesStates: Bool) -> Double
{
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
  var states = consume states
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
  /// The worker thread's wall and CPU seconds from its resumption at the first line of the
  /// backlog to the `end` line.
  private var wallStart: UInt64 = 0, cpuStart = 0.0
  private(set) var workerSeconds = 0.0, workerCPUSeconds = 0.0

  func hold() { lock.withLock { holding = true } }
  func release() { gate.signal() }

  func write(_ line: String) {
    if line.hasPrefix(#"{"kind":"end""#) {
      workerProfileActionsEnd()
      workerCPUSeconds = threadCPUSeconds() - cpuStart
      workerSeconds = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9
    }
    let stop = lock.withLock {
      bytes += line.utf8.count
      defer { holding = false }
      return holding
    }
    if stop {
      workerProfileActionsStart()
      gate.wait()
      wallStart = DispatchTime.now().uptimeNanoseconds
      cpuStart = threadCPUSeconds()
    }
  }
}

/// Markers for callgrind on the worker thread (`--dump-before=` each of them): called when the
/// worker writes the first action line of the backlog and the `end` line. The counts between
/// the two dumps are the worker's per-action work alone — neither the initial state (reflected
/// and written once, and whose cost varies by millions of instructions from run to run with the
/// heap's layout) nor the teardown at the close. See `worker-profile`.
@inline(never) @_optimize(none) func workerProfileActionsStart() {}
@inline(never) @_optimize(none) func workerProfileActionsEnd() {}

/// Seconds the worker alone takes for `states` handed over as one backlog (the initial state is
/// written first, untimed), through a sink that only counts the bytes of each line.
private func backlogSeconds(initial: WorkerBenchState, states: [WorkerBenchState]) -> Double {
  backlogTimes(initial: initial, states: states).total
}

/// The backlog's times: `total`, from releasing the worker to `close()` returning (as
/// `backlogSeconds`); `worker`, the worker thread's own wall time from its resumption to its `end`
/// line, without the two wake-ups `total` includes (releasing the worker, and the closing thread
/// woken when it is done), which on a loaded 2-core machine took anything from 10 µs to 6 ms
/// each; and `cpu`, the worker thread's CPU time over the same span as `worker`.
private func backlogTimes(
  initial: WorkerBenchState, states: [WorkerBenchState]
) -> (total: Double, worker: Double, cpu: Double) {
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
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, sink.workerSeconds, sink.workerCPUSeconds)
}

func runRecorderWorkerBenchmarks(filter: String?) {
  if filter == "worker-profile" {
    // `valgrind --tool=callgrind --separate-threads=yes
    //   --dump-before='$s10Benchmarks25workerProfileActionsStartyyF'
    //   --dump-before='$s10Benchmarks23workerProfileActionsEndyyF'
    //   .build/release/Benchmarks worker-profile TODOS ACTIONS`: the worker thread's second part
    // (`….2-02`) holds actions 2…ACTIONS; run it with two action counts and subtract, for the
    // worker's instructions per action.
    let arguments = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
    let n = arguments.first ?? 100, actions = arguments.dropFirst().first ?? 100
    let initial = workerBenchState(todos: n)
    _ = backlogSeconds(initial: initial, states: toggledStates(from: initial, count: actions))
    return
  }
  if filter == "worker-trace" {
    // `Benchmarks worker-trace TODOS ACTIONS PATH`: records toggles with deterministic timestamps,
    // in bursts of 1 to 40 actions with `flush()` (the worker catches up) between them, so two
    // builds' traces can be compared byte for byte.
    let arguments = CommandLine.arguments.dropFirst(2)
    let n = arguments.first.flatMap { Int($0) } ?? 1_000
    let actions = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
    let path = arguments.dropFirst(2).first ?? "worker-trace.jsonl"
    var options = TraceRecorderOptions()
    options.timestamps = .deterministic
    options.stateCapture = .exact
    let recorder = TraceRecorder(name: "WorkerBench", to: .file(path), options: options)
    var state = workerBenchState(todos: n, fixedIDs: true)
    var k = 0
    while k < actions {
      for _ in 0..<min(1 + (k &* 31) % 40, actions - k) {
        let old = state
        let id = state.todos.elements[(k &* 7_919) % n].id
        state.todos[id: id]?.isComplete.toggle()
        if k % 97 == 0 { state.count += 1 }
        recorder.record(action: WorkerBenchAction.toggle(index: k), from: old, to: state)
        k += 1
      }
      recorder.flush()
    }
    recorder.close()
    return
  }
  if filter == "worker-marginal" {
    workerMarginal()
    return
  }
  guard selected("recorder worker", filter) || selected("recorder keyframes", filter) else { return }
  if selected("recorder worker", filter) { workerThroughput() }
  if selected("recorder keyframes", filter) { keyframeShare() }
}

/// `Benchmarks worker-marginal`: the worker's time per action from two backlog lengths (100 and
/// 400 toggles) at 10,000 and 100,000 todos — the difference over the 300 extra actions, so what
/// each run pays once cancels out — in the worker's wall time and CPU time (see `backlogTimes`);
/// medians of 9 runs.
private func workerMarginal() {
  typealias Times = (total: Double, worker: Double, cpu: Double)
  var marginal: [Int: (wall: Double, cpu: Double)] = [:]
  for n in [10_000, 100_000] {
    let initial = workerBenchState(todos: n)
    let short = toggledStates(from: initial, count: 100), long = toggledStates(from: initial, count: 400)
    var shortTimes: [Times] = [], longTimes: [Times] = []
    for _ in 0..<9 {
      shortTimes.append(backlogTimes(initial: initial, states: short))
      longTimes.append(backlogTimes(initial: initial, states: long))
    }
    func median(_ times: [Times], _ value: (Times) -> Double) -> Double { times.map(value).sorted()[times.count / 2] }
    let wall = (median(longTimes, \.worker) - median(shortTimes, \.worker)) / 300
    let cpu = (median(longTimes, \.cpu) - median(shortTimes, \.cpu)) / 300
    marginal[n] = (wall, cpu)
    print(
      String(
        format:
          "recorder worker marginal: %d todos: %@/action wall, %@/action CPU (backlogs of 100: %@ and %@ per action; of 400: %@ and %@)",
        n, formatSeconds(wall), formatSeconds(cpu), formatSeconds(median(shortTimes, \.worker) / 99),
        formatSeconds(median(shortTimes, \.cpu) / 99), formatSeconds(median(longTimes, \.worker) / 399),
        formatSeconds(median(longTimes, \.cpu) / 399)))
  }
  if let small = marginal[10_000], let large = marginal[100_000] {
    print(
      String(
        format: "recorder worker marginal: ×10 state (10,000 → 100,000 todos): %.2f× wall, %.2f× CPU",
        large.wall / small.wall, large.cpu / small.cpu))
  }
}

private func workerThroughput() {
  var perAction: [Int: Double] = [:], cpuPerAction: [Int: Double] = [:]
  for n in [100, 1_000, 10_000, 100_000] {
    let actions = n >= 100_000 ? 300 : n >= 10_000 ? 2_000 : 5_000
    let initial = workerBenchState(todos: n)
    let states = toggledStates(from: initial, count: actions)
    var backlog: [Double] = [], total: [Double] = [], cpu: [Double] = []
    for _ in 0..<5 {
      // The worker's spans start within the first action and end at the `end` line: per action
      // of the `actions - 1` after the first.
      let times = backlogTimes(initial: initial, states: states)
      backlog.append(times.worker / Double(actions - 1))
      total.append(times.total / Double(actions))
      cpu.append(times.cpu / Double(actions - 1))
    }
    backlog.sort()
    total.sort()
    cpu.sort()
    let backlogSeconds = backlog[backlog.count / 2], totalSeconds = total[total.count / 2]
    cpuPerAction[n] = cpu[cpu.count / 2]
    var kept: [Double] = [], freed: [Double] = []
    for _ in 0..<5 {
      kept.append(workerSeconds(initial: initial, states: states, freesStates: false) / Double(actions))
    }
    for _ in 0..<3 {
      freed.append(
        workerSeconds(initial: initial, states: toggledStates(from: initial, count: actions), freesStates: true)
          / Double(actions))
    }
    kept.sort()
    freed.sort()
    let seconds = kept[kept.count / 2], freedSeconds = freed[freed.count / 2]
    perAction[n] = backlogSeconds
    print(
      String(
        format:
          "recorder worker: one toggle per action, %d todos: backlog %@/action = %.0f actions/s (CPU %@/action; with the two wake-ups %@/action) | handed over as sent, to a file: %@/action = %.0f actions/s; states freed by the worker: %@/action = %.0f actions/s",
        n, formatSeconds(backlogSeconds), 1 / backlogSeconds, formatSeconds(cpuPerAction[n] ?? 0),
        formatSeconds(totalSeconds),
        formatSeconds(seconds),
        1 / seconds,
        formatSeconds(freedSeconds), 1 / freedSeconds))
  }
  if let small = perAction[10_000], let large = perAction[100_000] {
    print(
      String(
        format:
          "recorder worker: ×10 state (10,000 → 100,000 todos), same changes: %.2f× the time per action (CPU: %.2f×)",
        large / small, (cpuPerAction[100_000] ?? 0) / (cpuPerAction[10_000] ?? 1)))
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
