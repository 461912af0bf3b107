import Foundation
import Testing

@testable import Debugging

private struct ApplyRow: Equatable, Identifiable {
  var id: Int
  var title: String
  var done = false
}

private enum ApplyMode: Equatable {
  case idle
  case editing(row: Int, draft: String)
}

private struct ApplyModel: Equatable {
  var rows: [ApplyRow]
  var scores: [Int]
  var pair = (1, "one")
  var mode: ApplyMode = .idle
  var tags: Set<String> = []

  static func == (a: Self, b: Self) -> Bool {
    a.rows == b.rows && a.scores == b.scores && a.pair == b.pair && a.mode == b.mode && a.tags == b.tags
  }
}

@Suite struct StateDiffApplicationTests {
  /// In place or copying, the old tree plus the diff is the new state's tree; both give up on
  /// the same diffs.
  @Test(arguments: 0..<80) func applyInPlaceAgreesWithApplied(seed: Int) {
    var rng = DiffSeededGenerator(seed: UInt64(seed))
    let old = ApplyModel(rows: (0..<10).map { ApplyRow(id: $0, title: "r\($0)") }, scores: Array(0..<8))
    var new = old
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: new.rows[Int.random(in: 0..<new.rows.count, using: &rng)].done.toggle()
      case 1: new.rows.swapAt(0, Int.random(in: 0..<new.rows.count, using: &rng))
      case 2: new.rows.remove(at: Int.random(in: 0..<new.rows.count, using: &rng))
      case 3:
        new.rows.insert(ApplyRow(id: 100 + seed, title: "new"), at: Int.random(in: 0...new.rows.count, using: &rng))
      case 4: new.scores[Int.random(in: 0..<new.scores.count, using: &rng)] += 1
      case 5: new.scores.append(Int.random(in: 0..<3, using: &rng))
      case 6: new.mode = .editing(row: Int.random(in: 0..<3, using: &rng), draft: "d")
      default: new.pair.1 += "!"
      }
    }
    if seed % 10 == 9 { new.tags.insert("x") }
    let diff = StateDiff(old, new)
    let copied = diff.root.change.applied(to: Value(reflecting: old))
    var inPlace = Value(reflecting: old)
    let applied = diff.root.change.apply(to: &inPlace)
    #expect(applied == (copied != nil))
    guard let copied else { return }
    #expect(inPlace == copied)
    #expect(inPlace == Value(reflecting: new))
  }

  /// One element changed in a large array: the rebuilt tree is the new state's.
  @Test func oneElementOfManyInPlace() {
    let old = ApplyModel(rows: (0..<1_000).map { ApplyRow(id: $0, title: "r\($0)") }, scores: [])
    var new = old
    new.rows[500].done = true
    new.mode = .editing(row: 500, draft: "x")
    var value = Value(reflecting: old)
    #expect(StateDiff(old, new).root.change.apply(to: &value))
    #expect(value == Value(reflecting: new))
  }

  /// A removal inside an array that did not keep its places: the copying path, same result.
  @Test func removalFallsBackToCopying() {
    let old = ApplyModel(rows: (0..<5).map { ApplyRow(id: $0, title: "r\($0)") }, scores: [1, 2])
    var new = old
    new.rows.remove(at: 1)
    var value = Value(reflecting: old)
    #expect(StateDiff(old, new).root.change.apply(to: &value))
    #expect(value == Value(reflecting: new))
  }
}
