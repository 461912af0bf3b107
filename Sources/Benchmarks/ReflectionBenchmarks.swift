import Debugging
import Foundation

// Reflection benchmarks: `swift run -c release Benchmarks reflect`.
// A TCA-style todos state reflected into a `Value`, then written as JSON, against Foundation's
// `JSONEncoder` encoding the same (Codable) state, measured in the same run.

private struct ReflectionBenchTodo: Codable {
  var id: UUID
  var description: String
  var isComplete: Bool
}

private struct ReflectionBenchState: Codable {
  var todos: [ReflectionBenchTodo]
}

private func todosState(count: Int) -> ReflectionBenchState {
  ReflectionBenchState(
    todos: (0..<count).map { index in
      ReflectionBenchTodo(id: UUID(), description: "Todo number \(index)", isComplete: index % 3 == 0)
    })
}

private enum ReflectionBenchTodoAction: Codable {
  case toggle
  case rename(String)
}

private enum ReflectionBenchAppAction: Codable {
  case todo(id: UUID, action: ReflectionBenchTodoAction)
  case clearCompleted
}

func runReflectionBenchmarks(filter: String?) {
  runTodosStateBenchmarks(filter: filter)
  runActionBenchmarks(filter: filter)
}

/// 10,000 enum actions: cases with values need a `Mirror` each.
private func runActionBenchmarks(filter: String?) {
  let name = "reflect 10000 actions"
  guard selected(name, filter) else { return }
  let actions: [ReflectionBenchAppAction] = (0..<10_000).map { index in
    index % 2 == 0 ? .todo(id: UUID(), action: index % 4 == 0 ? .toggle : .rename("Todo \(index)")) : .clearCompleted
  }
  let encoder = JSONEncoder()
  let foundation = medians(runs: 9) { _ = try! encoder.encode(actions) }
  let reflectAndWrite = medians(runs: 9) {
    var output: [UInt8] = []
    Value(reflecting: actions).writeJSON(into: &output)
  }
  reportBoth(
    "\(name): reflect + writeJSON", ours: reflectAndWrite, baseline: ("JSONEncoder", foundation), megabytes: nil)
}

private func runTodosStateBenchmarks(filter: String?) {
  for count in [100, 10_000, 100_000] {
    let name = "reflect \(count) todos"
    guard selected(name, filter) else { continue }
    let state = todosState(count: count)
    let runs = count >= 100_000 ? 5 : 15
    let encoder = JSONEncoder()
    var encodedBytes = 0
    let foundation = medians(runs: runs) { encodedBytes = try! encoder.encode(state).count }
    let reflectOnly = medians(runs: runs) { _ = Value(reflecting: state) }
    var writtenBytes = 0
    let reflectAndWrite = medians(runs: runs) {
      var output: [UInt8] = []
      Value(reflecting: state).writeJSON(into: &output)
      writtenBytes = output.count
    }
    reportBoth("\(name): reflect", ours: reflectOnly, baseline: ("JSONEncoder", foundation), megabytes: nil)
    reportBoth(
      "\(name): reflect + writeJSON", ours: reflectAndWrite, baseline: ("JSONEncoder", foundation), megabytes: nil)
    print("  (\(writtenBytes / 1024) KiB of trace JSON vs \(encodedBytes / 1024) KiB from JSONEncoder)")
  }
}
