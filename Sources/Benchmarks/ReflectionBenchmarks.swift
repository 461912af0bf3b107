import Debugging
import Foundation

// Reflection benchmarks: `swift run -c release Benchmarks reflect`.
// A TCA-style todos state reflected into a `Value`, then written as JSON, against Foundation's
// `JSONEncoder` encoding the same (Codable) state, measured in the same run.

private struct BenchTodo: Codable {
  var id: UUID
  var description: String
  var isComplete: Bool
}

private struct BenchTodosState: Codable {
  var todos: [BenchTodo]
}

private func todosState(count: Int) -> BenchTodosState {
  BenchTodosState(todos: (0..<count).map { index in
    BenchTodo(id: UUID(), description: "Todo number \(index)", isComplete: index % 3 == 0)
  })
}

func runReflectionBenchmarks(filter: String?) {
  for count in [100, 10_000, 100_000] {
    let name = "reflect \(count) todos"
    guard selected(name, filter) else { continue }
    let state = todosState(count: count)
    let runs = count >= 100_000 ? 5 : 15
    let encoder = JSONEncoder()
    var encodedBytes = 0
    let foundation = median(runs: runs) { encodedBytes = try! encoder.encode(state).count }
    let reflectOnly = median(runs: runs) { _ = reflect(state) }
    var writtenBytes = 0
    let reflectAndWrite = median(runs: runs) {
      var output: [UInt8] = []
      reflect(state).writeJSON(into: &output)
      writtenBytes = output.count
    }
    report("\(name): reflect", ours: reflectOnly, baseline: ("JSONEncoder", foundation))
    report(
      "\(name): reflect + writeJSON", ours: reflectAndWrite, baseline: ("JSONEncoder", foundation),
      extra: "\(writtenBytes / 1024) KiB vs \(encodedBytes / 1024) KiB"
    )
  }
}
