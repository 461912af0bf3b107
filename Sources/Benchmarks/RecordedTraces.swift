import Debugging
import ExampleFeatures
import Foundation
import Runtime

// Traces recorded by the runtime itself (`.debug(to: .file(…))` on the Todos example), for the
// readers' benchmarks: a scripted session of toggles (each starting the one-second sort effect,
// which then sends `sortCompletedTodos`), text edits, adds, deletes and moves (each move starts
// the 100 ms sort effect), with the number of todos kept about constant. Deterministic script and
// ids (a seeded generator, `UUIDGenerator.incrementing`, a `TestClock`); timestamps are real.
// Every state is kept (`stateCapture = .exact`), so each size carries the same kinds of patches.
//
//   swift run -c release Benchmarks record-traces /tmp/traces   # or scripts/bench-traces.sh

/// One recorded trace of the readers' benchmark: how many todos the state holds, how many
/// actions the script sends (effects add their own actions on top).
struct RecordedTraceSpec: Hashable {
  var todos: Int
  var steps: Int

  var fileName: String { "todos-\(todos)-steps-\(steps).jsonl" }

  /// 1,000, 10,000 and 100,000 todos, each at two lengths (the second four times the first);
  /// 200 steps at every size, for the ×10 state column.
  static let standard: [RecordedTraceSpec] = [
    .init(todos: 1_000, steps: 200), .init(todos: 1_000, steps: 800),
    .init(todos: 10_000, steps: 200), .init(todos: 10_000, steps: 800),
    .init(todos: 100_000, steps: 200), .init(todos: 100_000, steps: 800),
  ]
  /// A long trace (~100 MB) for `state --at` and `report`.
  static let long = RecordedTraceSpec(todos: 1_000, steps: 130_000)
}

/// Records `spec`'s session into `path` and returns its size in MB.
@MainActor
func recordTodosTrace(_ spec: RecordedTraceSpec, to path: String) async -> Double {
  unlink(path)
  var todos = IdentifiedArrayOf<Todo.State>()
  // Completed todos at the bottom, as the app's sort leaves them: a sort then moves one row.
  let completedFrom = spec.todos - spec.todos / 7
  for n in 0..<spec.todos {
    todos.append(Todo.State(description: "Todo \(n)", id: UUID(n), isComplete: n >= completedFrom))
  }
  // The recorder's default keyframes (by bytes). Every state kept (`.exact`): with the default
  // `.coalesce`, a burst after a slow action at 100,000 todos (the state budget holds one 12 MB
  // state) records a `state` line instead of patches, and the ×10 state column would compare
  // traces with different changes.
  var options = TraceRecorderOptions()
  options.stateCapture = .exact
  let clock = TestClock()
  var random = SeededRandom(seed: 42)
  let counter = IncrementingUUIDs(start: spec.todos)
  let reducer = Todos(clock: clock, uuid: UUIDGenerator { counter.next() }).debug(to: .file(path), options: options)
  let store = Store(initialState: Todos.State(todos: todos)) { reducer }
  var ids = todos.ids
  for step in 0..<spec.steps {
    switch step % 10 {
    case 0, 3, 6:
      let id = ids[random.next(ids.count)]
      let task = store.send(.todos(.element(id: id, action: .checkBoxToggled)))
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(1))
      await task.finish()
    case 1, 4, 8:
      let id = ids[random.next(ids.count)]
      await store.send(.todos(.element(id: id, action: .textFieldChanged("Edited \(step)")))).finish()
    case 2:
      await store.send(.addTodoButtonTapped).finish()
      ids.insert(store.withState { $0.todos[0].id }, at: 0)
    case 5:
      // By position in the store's order (sorts change it), so the ids come from the store.
      ids = store.withState { $0.todos.ids }
      let index = random.next(ids.count)
      await store.send(.delete(IndexSet(integer: index))).finish()
      ids.remove(at: index)
    case 7:
      let from = random.next(ids.count), to = random.next(ids.count)
      let task = store.send(.move(IndexSet(integer: from), to))
      await clock.waitForSleepers()
      await clock.advance(by: .milliseconds(100))
      await task.finish()
      ids = store.withState { $0.todos.ids }
    default:
      await store.send(.todos(.element(id: ids[random.next(ids.count)], action: .textFieldChanged("")))).finish()
    }
    // Exact recording: the worker catches up before the script goes on (no coalescing, and the
    // states waiting for it stay few).
    if step % 8 == 7 { reducer.recorder.flush() }
  }
  reducer.recorder.close()
  return fileMegabytes(path)
}

/// Records every standard trace (and the long one) into `directory`, skipping those already there.
@MainActor
func recordTraces(into directory: String, specs: [RecordedTraceSpec]) async {
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  for spec in specs {
    let path = directory + "/" + spec.fileName
    if fileMegabytes(path) > 0 { continue }
    let start = DispatchTime.now().uptimeNanoseconds
    let megabytes = await recordTodosTrace(spec, to: path + ".partial")
    rename(path + ".partial", path)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "recorded %@: %.1f MB in %.1f s", spec.fileName, megabytes, seconds))
    fflush(nil)
  }
}

/// A small deterministic generator (an LCG) for the script.
struct SeededRandom {
  var seed: UInt64
  mutating func next(_ bound: Int) -> Int {
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    return bound <= 0 ? 0 : Int((seed >> 33) % UInt64(bound))
  }
}

/// New todos' ids, after the initial ones: `UUID(start)`, `UUID(start + 1)`, …
final class IncrementingUUIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Int
  init(start: Int) { value = start }
  func next() -> UUID {
    lock.withLock {
      defer { value += 1 }
      return UUID(value)
    }
  }
}
