import Debugging
import Foundation
import Runtime

// Recorder benchmarks: `swift run -c release Benchmarks recorder`.
// 1. What `.debug()` adds on the sending thread per action, for 100 / 10,000 / 100,000 todos:
//    paced (the worker catches up between actions, as with a user) and in back-to-back bursts.
// 2. Recorder throughput on a 10,000-todo state with one field changed per action, against a
//    naive recorder (full state reflected and written as JSON per action; JSONEncoder per action).
// 3. Trace size of 1,000 single-field edits on 10,000 todos, against a full state per line.

private struct RecorderBenchTodo: Codable, Equatable, Identifiable, Sendable {
  var id: UUID
  var description: String
  var isComplete: Bool
}

private struct RecorderBenchState: Equatable, Sendable {
  var count = 0
  var todos: IdentifiedArrayOf<RecorderBenchTodo>
}

private enum RecorderBenchAction: Equatable, Sendable {
  case increment
  case toggle(index: Int)
}

private struct RecorderBenchFeature: Reducer {
  func reduce(into state: inout RecorderBenchState, action: RecorderBenchAction) -> Effect<RecorderBenchAction> {
    switch action {
    case .increment:
      state.count += 1
    case let .toggle(index):
      let id = state.todos.elements[index % state.todos.count].id
      state.todos[id: id]?.isComplete.toggle()
    }
    return .none
  }
}

private func benchState(todos count: Int) -> RecorderBenchState {
  RecorderBenchState(
    todos: IdentifiedArrayOf(
      uniqueElements: (0..<count).map { n in
        RecorderBenchTodo(id: UUID(), description: "Todo number \(n)", isComplete: n % 3 == 0)
      }))
}

private func benchPath(_ name: String) -> String {
  (NSTemporaryDirectory() as NSString).appendingPathComponent("recorder-bench-\(name)-\(getpid()).jsonl")
}

func runRecorderBenchmarks(filter: String?) {
  if filter == "recorder-profile" {
    return runRecorderProfile(actions: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 200)
  }
  if selected("recorder sending", filter) { sendingThreadBenchmarks() }
  if selected("recorder throughput", filter) { throughputBenchmark() }
  if selected("recorder size", filter) { traceSizeBenchmark() }
  runRecorderWorkerBenchmarks(filter: filter)
}

/// With `TCA_TRACE_BENCH_SWEEP=1`, the paced sends follow a 32 MB sweep of memory: what a send costs
/// with cold caches, whatever the state's size (the worker's copies of a large state cool them too).
private let sweepsCaches = ProcessInfo.processInfo.environment["TCA_TRACE_BENCH_SWEEP"] == "1"
nonisolated(unsafe) private var sweepBuffer = [UInt8](repeating: 0, count: 32 << 20)

private func sweepCaches() {
  sweepBuffer.withUnsafeMutableBufferPointer { bytes in
    for index in stride(from: 0, to: bytes.count, by: 64) { bytes[index] &+= 1 }
  }
}

/// Per-action time of `reducer.reduce` with and without `.debug()`, in batches of 200 actions.
private func sendingThreadBenchmarks() {
  var options = TraceRecorderOptions()
  options.queueCapacity = 1_000_000
  for (label, action) in [("count += 1", RecorderBenchAction.increment), ("a todo toggled", .toggle(index: 0))] {
    for n in [100, 10_000, 100_000] {
      let path = benchPath("sending")
      defer { unlink(path) }
      let plain = RecorderBenchFeature(), debug = RecorderBenchFeature().debug(to: .file(path), options: options)
      var state = benchState(todos: n)
      let batch = 200
      var step = 0
      let base = median(runs: 5) {
        for _ in 0..<batch {
          step += 1; _ = plain.reduce(into: &state, action: action == .increment ? .increment : .toggle(index: step))
        }
      }
      // What any recorder that keeps the previous state costs the reducer: its in-place mutation
      // copies what it touches (copy-on-write), as with TCA's `_printChanges` holding `oldState`.
      var held = state
      let holding = median(runs: 5) {
        for _ in 0..<batch {
          step += 1
          held = state
          _ = plain.reduce(into: &state, action: action == .increment ? .increment : .toggle(index: step))
        }
      }
      withExtendedLifetime(held) {}
      let debugged = median(runs: 3) {
        for _ in 0..<batch {
          step += 1; _ = debug.reduce(into: &state, action: action == .increment ? .increment : .toggle(index: step))
        }
        debug.recorder.flush()
      }
      // The flush is the worker's time, not the sending thread's: measure the sends alone too.
      var sendOnly: [Double] = []
      for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<batch {
          step += 1; _ = debug.reduce(into: &state, action: action == .increment ? .increment : .toggle(index: step))
        }
        sendOnly.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        debug.recorder.flush()
      }
      sendOnly.sort()
      // Paced like a user (the worker catches up between actions): each send is timed alone;
      // the median and 90th percentile of 1,000 sends, in the thread's CPU time (a loaded machine
      // preempts some sends, which wall-clock time would count).
      var paced: [Double] = []
      for _ in 0..<(5 * batch) {
        step += 1
        let start = threadCPUSeconds()
        _ = debug.reduce(into: &state, action: action == .increment ? .increment : .toggle(index: step))
        paced.append(threadCPUSeconds() - start)
        debug.recorder.flush()
        if sweepsCaches { sweepCaches() }
      }
      paced.sort()
      let perAction = paced[paced.count / 2], plainPerAction = base / Double(batch)
      report(
        "recorder: sending thread, paced, \(label), \(n) todos", ours: perAction,
        baseline: ("reducer alone", plainPerAction),
        extra:
          "added \(formatSeconds(max(0, perAction - plainPerAction)))/action; p90 \(formatSeconds(paced[paced.count * 9 / 10])); reducer holding the previous state \(formatSeconds(holding / Double(batch)))/action"
      )
      let burstPerAction = sendOnly[2] / Double(batch)
      report(
        "recorder: sending thread, burst of \(batch), \(label), \(n) todos", ours: burstPerAction,
        baseline: ("reducer alone", plainPerAction),
        extra:
          "added \(formatSeconds(max(0, burstPerAction - plainPerAction)))/action; with worker drain \(formatSeconds(debugged / Double(batch)))/action"
      )
      debug.recorder.close()
    }
  }
}

/// Actions per second the recorder writes (send → on disk) on 10,000 todos, one toggle per action.
private func throughputBenchmark() {
  let n = 10_000, actions = 1_000
  let path = benchPath("throughput")
  defer { unlink(path) }
  var state = benchState(todos: n)
  var options = TraceRecorderOptions()
  options.queueCapacity = 100_000
  var step = 0
  let seconds = median(runs: 5) {
    let debug = RecorderBenchFeature().debug(to: .file(path), options: options)
    for _ in 0..<actions {
      step += 7
      _ = debug.reduce(into: &state, action: .toggle(index: step))
    }
    debug.recorder.close()
  }
  // Naive recorders: the whole state per action, reflected and written as JSON; or JSONEncoder.
  let naiveActions = 20
  let naive = median(runs: 5) {
    var bytes: [UInt8] = []
    for _ in 0..<naiveActions {
      step += 7
      _ = RecorderBenchFeature().reduce(into: &state, action: .toggle(index: step))
      bytes.removeAll(keepingCapacity: true)
      JSONWriter.write(Value(reflecting: state).json, into: &bytes)
    }
  }
  let encoder = JSONEncoder()
  let encoded = median(runs: 5) {
    for _ in 0..<naiveActions {
      step += 7
      _ = RecorderBenchFeature().reduce(into: &state, action: .toggle(index: step))
      _ = try? encoder.encode(state.todos.elements)
    }
  }
  let ours = seconds / Double(actions)
  report(
    "recorder: throughput, 10000 todos, 1 field per action", ours: ours,
    baseline: ("naive reflect+JSON full state", naive / Double(naiveActions)),
    extra: String(
      format: "%.0f actions/s (naive %.0f/s, JSONEncoder full state %.0f/s)",
      1 / ours, Double(naiveActions) / naive, Double(naiveActions) / encoded))
}

/// Size of a trace of 1,000 single-field edits on 10,000 todos, default options.
private func traceSizeBenchmark() {
  let path = benchPath("size")
  defer { unlink(path) }
  var state = benchState(todos: 10_000)
  let debug = RecorderBenchFeature().debug(to: .file(path))
  for step in 0..<1_000 { _ = debug.reduce(into: &state, action: .toggle(index: step * 7)) }
  debug.recorder.close()
  let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  var one: [UInt8] = []
  JSONWriter.write(Value(reflecting: state).json, into: &one)
  print(
    String(
      format:
        "recorder: trace size, 1000 single-field edits on 10000 todos: %.2f MB | full state per line: %.0f MB | ratio %.0fx smaller",
      Double(size) / 1e6, Double(one.count) * 1000 / 1e6, Double(one.count) * 1000 / Double(max(size, 1))))
}

/// A small, fixed workload for `valgrind --tool=callgrind` (instruction counts are stable on a
/// noisy machine): `Benchmarks recorder-profile [actions]` records that many toggles (default
/// 200) on 10,000 todos, then closes. Not part of the timed runs.
private func runRecorderProfile(actions: Int) {
  let path = benchPath("profile")
  defer { unlink(path) }
  var state = benchState(todos: 10_000)
  var options = TraceRecorderOptions()
  options.queueCapacity = 100_000
  let debug = RecorderBenchFeature().debug(to: .file(path), options: options)
  for step in 0..<actions { _ = debug.reduce(into: &state, action: .toggle(index: step * 7)) }
  debug.recorder.close()
}
