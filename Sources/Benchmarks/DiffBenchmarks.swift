import Debugging
import Foundation

// Diff engine benchmarks: `swift run -c release Benchmarks diff`.
// Scenarios from issue 3, each at N and 2N (doubling should cost at most ~2.2×). The baseline,
// swift-custom-dump 1.7.3's `diff` on the same data, is measured by a separate package outside
// this repository (see the diff work's report); its figures are quoted there.

private struct BenchTodo: Equatable, Identifiable {
  var id: UUID
  var title: String
  var isComplete: Bool
}

private struct BenchTodosState: Equatable {
  var todos: [BenchTodo]
  var filter = "all"
}

/// Like TCA's `IdentifiedArray`: a random-access collection that mirrors as a collection.
private struct BenchIdentifiedTodos: Equatable, RandomAccessCollection, CustomReflectable {
  var elements: [BenchTodo]
  var startIndex: Int { elements.startIndex }
  var endIndex: Int { elements.endIndex }
  subscript(position: Int) -> BenchTodo { elements[position] }
  var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}

private struct BenchItem: Equatable, Identifiable {
  var id: Int
  var name: String
  var score: Int
}

private struct BenchSample: Equatable {
  var name: String
  var value: Int
  var flag: Bool
}

/// A fixed-seed generator so both implementations see the same data.
private struct BenchLCG: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return state
  }
}

private func benchUUID(_ i: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", i))!
}

func runDiffBenchmarks(filter: String?) {
  guard selected("diff", filter) else { return }
  var previous: Double?
  func row(_ name: String, _ seconds: Double) {
    let growth = previous.map { String(format: "2N/N %.2fx", seconds / $0) } ?? ""
    report(name, ours: seconds, extra: growth)
    previous = previous == nil ? seconds : nil
  }

  for n in [10_000, 20_000] {
    let old = BenchTodosState(
      todos: (0..<n).map { BenchTodo(id: benchUUID($0), title: "Todo \($0)", isComplete: false) })
    var new = old
    new.todos[n / 2].isComplete = true
    row("diff: one field of \(n) todos (live, text)", median { _ = StateDiff.text(old, new) })
  }
  // Rows with padding (seven bytes after a `Bool`): copying the array on write leaves it as it
  // happens to be, so the differ must not take bytes alone for a change (review of LiveEquality).
  for n in [10_000, 20_000] {
    let old = BenchPaddedRows(rows: (0..<n).map { BenchPaddedRow(isDone: false, count: $0, title: "Row \($0)") })
    var new = old
    new.rows[n / 2].isDone = true
    row("diff: one field of \(n) padded rows (live, text)", median { _ = StateDiff.text(old, new) })
  }
  for n in [10_000, 20_000] {
    let old = BenchIdentifiedTodos(
      elements: (0..<n).map { BenchTodo(id: benchUUID($0), title: "Todo \($0)", isComplete: false) })
    var new = old
    new.elements[n / 2].isComplete = true
    row(
      "diff: one field of \(n) todos in an identified collection (live, text)", median { _ = StateDiff.text(old, new) })
  }
  for n in [10_000, 20_000] {
    let old = BenchTodosState(
      todos: (0..<n).map { BenchTodo(id: benchUUID($0), title: "Todo \($0)", isComplete: false) })
    var new = old
    new.todos[n / 2].isComplete = true
    let a = Value(reflecting: old), b = Value(reflecting: new)
    row("diff: one field of \(n) todos (value trees, model)", median { _ = StateDiff(a, b) })
  }
  for n in [10_000, 20_000] {
    let old = BenchTodosState(
      todos: (0..<n).map { BenchTodo(id: benchUUID($0), title: "Todo \($0)", isComplete: false) })
    var new = old
    new.todos[n / 2].isComplete = true
    let a = Value(reflecting: old), b = Value(reflecting: new), model = StateDiff(a, b)
    row("diff: JSON Patch of one field of \(n) todos (from the model)", median { _ = JSONPatch(model, new: b) })
  }
  // Sets and dictionaries: one member or entry changed, diffed live (no reflection).
  for n in [10_000, 100_000] {
    let tags = Set((0..<n).map { "tag-\($0)" })
    var moreTags = tags
    moreTags.insert("new")
    row("diff: one String inserted into a set of \(n) (live)", median { _ = StateDiff(tags, moreTags) })
    let ids = Set((0..<n).map { benchUUID($0) })
    var moreIDs = ids
    moreIDs.insert(benchUUID(n))
    row("diff: one UUID inserted into a set of \(n) (live)", median { _ = StateDiff(ids, moreIDs) })
    let scores = Dictionary(uniqueKeysWithValues: (0..<n).map { ("player-\($0)", $0) })
    var newScores = scores
    newScores["player-\(n / 2)"] = -1
    row("diff: one value of a [String: Int] of \(n) changed (live)", median { _ = StateDiff(scores, newScores) })
  }
  for n in [4_000, 8_000] {
    var rng = BenchLCG(state: 42)
    let old = (0..<n).map { BenchItem(id: $0, name: "Item \($0)", score: $0 % 100) }
    let new = old.shuffled(using: &rng)
    var lines = 0
    row(
      "diff: \(n) identifiable shuffled (live, text)",
      median { lines = StateDiff.text(old, new)?.split(separator: "\n").count ?? 0 })
    _ = lines
  }
  for n in [4_000, 8_000] {
    var rng = BenchLCG(state: 42)
    let old = (0..<n).map { BenchItem(id: $0, name: "Item \($0)", score: $0 % 100) }
    let a = Value(reflecting: old), b = Value(reflecting: old.shuffled(using: &rng))
    row("diff: \(n) identifiable shuffled (value trees, model)", median { _ = StateDiff(a, b) })
  }
  for n in [8_000, 16_000] {
    var rng = BenchLCG(state: 7)
    let old = (0..<n).map { BenchSample(name: "Sample \($0)", value: $0, flag: false) }
    var new = old
    for i in 0..<n where Int.random(in: 0..<4, using: &rng) == 0 { new[i].value += 1 }
    row("diff: 25% of \(n) structs edited (live, text)", median { _ = StateDiff.text(old, new) })
  }
  for n in [8_000, 16_000] {
    var rng = BenchLCG(state: 7)
    let old = (0..<n).map { BenchSample(name: "Sample \($0)", value: $0, flag: false) }
    var new = old
    for i in 0..<n where Int.random(in: 0..<4, using: &rng) == 0 { new[i].value += 1 }
    let a = Value(reflecting: old), b = Value(reflecting: new)
    row("diff: 25% of \(n) structs edited (value trees, model)", median { _ = StateDiff(a, b) })
  }
  for n in [8_000, 16_000] {
    // Inserting 25% new elements at random places: forces the sequence matcher (no ids).
    var rng = BenchLCG(state: 9)
    let old = (0..<n).map { BenchSample(name: "Sample \($0)", value: $0, flag: false) }
    var new = old
    for k in 0..<(n / 4) {
      new.insert(BenchSample(name: "New \(k)", value: -k, flag: true), at: Int.random(in: 0...new.count, using: &rng))
    }
    let a = Value(reflecting: old), b = Value(reflecting: new)
    row("diff: 25% of \(n) structs inserted (value trees, model)", median { _ = StateDiff(a, b) })
  }
  for n in [8_000, 16_000] {
    // Pathological: few distinct values, so no element is unique (Myers with an edit cap).
    var rng = BenchLCG(state: 11)
    let old = (0..<n).map { _ in Value.int(Int64.random(in: 0..<3, using: &rng)) }
    var new = old
    for _ in 0..<(n / 10) { new[Int.random(in: 0..<n, using: &rng)] = .int(Int64.random(in: 0..<3, using: &rng)) }
    row(
      "diff: \(n) ints of 3 distinct values, 10% edited (value trees, model)",
      median(runs: 3) { _ = StateDiff(Value.array(old), Value.array(new)) })
  }
}

/// A row with seven bytes of padding after its `Bool`.
struct BenchPaddedRow: Equatable {
  var isDone: Bool
  var count: Int
  var title: String
}

struct BenchPaddedRows: Equatable {
  var rows: [BenchPaddedRow]
}
