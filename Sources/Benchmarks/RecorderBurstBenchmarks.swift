import Debugging
import Foundation
import Runtime

// Bursts and pacing (issue 12): `swift run -c release Benchmarks "recorder burst"` (run it alone:
// the peak RSS is the whole process's).
// 1. 5,000 back-to-back in-place toggles on 100,000 todos: the sending thread's median and mean
//    per action against the bare reducer in the same run, the process's peak RSS, and how many
//    of the 5,000 actions the trace holds (and how many states were coalesced).
// 2. Paced sends (the worker idle between actions) on 100 / 10,000 / 100,000 todos: what
//    `.debug()` adds per action, in the thread's CPU time.

private struct BurstTodo: Equatable, Identifiable, Sendable {
  var id: UUID
  var description: String
  var isComplete: Bool
}

private struct BurstState: Equatable, Sendable {
  var todos: IdentifiedArrayOf<BurstTodo>
}

private enum BurstAction: Equatable, Sendable { case toggle(index: Int) }

private struct BurstFeature: Reducer {
  func reduce(into state: inout BurstState, action: BurstAction) -> Effect<BurstAction> {
    switch action {
    case let .toggle(index):
      let id = state.todos.elements[index % state.todos.count].id
      state.todos[id: id]?.isComplete.toggle()
    }
    return .none
  }
}

private func burstState(_ count: Int) -> BurstState {
  BurstState(
    todos: IdentifiedArrayOf(
      uniqueElements: (0..<count).map { n in
        BurstTodo(id: UUID(), description: "Todo number \(n)", isComplete: n % 3 == 0)
      }))
}

/// Peak resident set of the process so far, in bytes.
private func peakRSS() -> Int {
  var usage = rusage()
  #if os(Linux)
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
  #else
  getrusage(RUSAGE_SELF, &usage)
  return Int(usage.ru_maxrss)  // bytes on macOS
  #endif
}

private func stats(_ samples: [Double]) -> (median: Double, mean: Double, p99: Double) {
  let sorted = samples.sorted()
  return (sorted[sorted.count / 2], sorted.reduce(0, +) / Double(sorted.count), sorted[sorted.count * 99 / 100])
}

func runRecorderBurstBenchmarks(filter: String?) {
  if selected("recorder burst", filter) { burstBenchmark() }
  if selected("recorder burst paced", filter) || selected("recorder paced", filter) { pacedBenchmark() }
}

private func burstBenchmark() {
  let count = 100_000, actions = 5_000
  let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("recorder-burst-\(getpid()).jsonl")
  defer { unlink(path) }
  // The bare reducer, same toggles.
  var bare = burstState(count)
  let plain = BurstFeature()
  var plainTimes: [Double] = []
  for n in 0..<actions {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = plain.reduce(into: &bare, action: .toggle(index: n &* 7919))
    plainTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  bare = BurstState(todos: [])
  let rssBefore = peakRSS()
  var state = burstState(count)
  let debug = BurstFeature().debug(to: .file(path))
  var times: [Double] = []
  let burstStart = DispatchTime.now().uptimeNanoseconds
  for n in 0..<actions {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = debug.reduce(into: &state, action: .toggle(index: n &* 7919))
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  let burstSeconds = Double(DispatchTime.now().uptimeNanoseconds - burstStart) / 1e9
  debug.recorder.close()
  let rss = peakRSS()
  var recorded = 0, coalesced = 0, gaps: Int64 = 0
  if let reader = try? TraceReader(path: path) {
    for case let .success(line) in reader {
      if case let .action(action) = line.record {
        recorded += 1
        if action.coalesced { coalesced += 1 }
      }
      if case let .note(note) = line.record, note.note == .gap { gaps += note.dropped ?? 0 }
    }
  }
  let ours = stats(times), base = stats(plainTimes)
  report(
    "recorder burst: \(actions) in-place toggles, \(count) todos, sending thread median", ours: ours.median,
    baseline: ("bare reducer", base.median),
    extra:
      "mean \(formatSeconds(ours.mean)) (bare \(formatSeconds(base.mean))); p99 \(formatSeconds(ours.p99)); burst \(formatSeconds(burstSeconds))"
  )
  print(
    "recorder burst: trace holds \(recorded)/\(actions) actions, \(coalesced) states coalesced, \(gaps) dropped; peak RSS \(rss >> 20) MB (\(rssBefore >> 20) MB before the recorded burst)"
  )
}

private func pacedBenchmark() {
  for count in [100, 10_000, 100_000] {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("recorder-paced-\(getpid()).jsonl")
    defer { unlink(path) }
    var state = burstState(count)
    let plain = BurstFeature(), debug = BurstFeature().debug(to: .file(path))
    var plainTimes: [Double] = [], times: [Double] = []
    for n in 0..<300 {
      let start = threadCPUSeconds()
      _ = plain.reduce(into: &state, action: .toggle(index: n &* 7919))
      plainTimes.append(threadCPUSeconds() - start)
    }
    for n in 0..<300 {
      let start = threadCPUSeconds()
      _ = debug.reduce(into: &state, action: .toggle(index: n &* 7919))
      times.append(threadCPUSeconds() - start)
      debug.recorder.flush()
    }
    debug.recorder.close()
    let ours = stats(times).median, base = stats(plainTimes).median
    report(
      "recorder paced: a todo toggled, \(count) todos, sending thread", ours: ours, baseline: ("bare reducer", base),
      extra: "added \(formatSeconds(max(0, ours - base)))/action")
  }
}
