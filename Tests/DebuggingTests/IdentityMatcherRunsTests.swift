import Testing

@testable import Debugging

/// `IdentityMatcher.steps(matchedRuns:oldCount:)` (Diff/IdentityMatcher+Runs.swift): the steps of
/// the element-wise `steps(matchedOld:oldCount:)`, ties included, with runs kept whole.
@Suite struct IdentityMatcherRunsTests {
  /// The element-wise steps the run steps stand for.
  private func elementSteps(_ steps: [IdentityMatcher.RunStep]) -> [IdentityMatcher.Step] {
    steps.flatMap { step -> [IdentityMatcher.Step] in
      switch step {
      case let .stayed(old, new, count): (0..<count).map { .stayed(old + $0, new + $0) }
      case let .moved(old, new, count): (0..<count).map { .moved(old + $0, new + $0) }
      case let .removed(old): [.removed(old)]
      case let .inserted(new): [.inserted(new)]
      }
    }
  }

  private func matchedOld(_ runs: [IdentityMatcher.MatchedRun]) -> [Int] {
    runs.flatMap { $0.old < 0 ? [-1] : Array($0.old..<($0.old + $0.count)) }
  }

  @Test func documentedExample() {
    let runs: [IdentityMatcher.MatchedRun] = [
      .init(old: 2, count: 1), .init(old: 0, count: 2), .init(old: -1, count: 1),
    ]
    #expect(
      IdentityMatcher.steps(matchedRuns: runs, oldCount: 3) == [
        .moved(old: 2, new: 0, count: 1), .stayed(old: 0, new: 1, count: 2), .inserted(3),
      ])
  }

  /// Two runs of the same length swapped: the element-wise walk keeps the second run (its last
  /// element ends the longest pile), and so do the runs.
  @Test func swappedRunsOfEqualLengthKeepTheSecond() {
    let runs: [IdentityMatcher.MatchedRun] = [.init(old: 3, count: 3), .init(old: 0, count: 3)]
    let steps = IdentityMatcher.steps(matchedRuns: runs, oldCount: 6)
    #expect(steps == [.moved(old: 3, new: 0, count: 3), .stayed(old: 0, new: 3, count: 3)])
    #expect(elementSteps(steps) == IdentityMatcher.steps(matchedOld: matchedOld(runs), oldCount: 6))
  }

  /// Neighbours swapped (`[1, 0]`), an element moved by one place, and removals around a stay.
  @Test func neighboursAndRemovals() {
    let cases: [([IdentityMatcher.MatchedRun], Int, [IdentityMatcher.RunStep])] = [
      (
        [.init(old: 1, count: 1), .init(old: 0, count: 1)], 2,
        [.moved(old: 1, new: 0, count: 1), .stayed(old: 0, new: 1, count: 1)]
      ),
      (
        [.init(old: 0, count: 2), .init(old: 3, count: 1), .init(old: 2, count: 1), .init(old: 4, count: 2)], 6,
        [
          .stayed(old: 0, new: 0, count: 2), .moved(old: 3, new: 2, count: 1), .stayed(old: 2, new: 3, count: 1),
          .stayed(old: 4, new: 4, count: 2),
        ]
      ),
      (
        [.init(old: -1, count: 1), .init(old: 2, count: 3), .init(old: 7, count: 1)], 9,
        [
          .inserted(0), .removed(0), .removed(1), .stayed(old: 2, new: 1, count: 3), .removed(5), .removed(6),
          .stayed(old: 7, new: 4, count: 1), .removed(8),
        ]
      ),
    ]
    for (runs, oldCount, expected) in cases {
      let steps = IdentityMatcher.steps(matchedRuns: runs, oldCount: oldCount)
      #expect(steps == expected)
      #expect(elementSteps(steps) == IdentityMatcher.steps(matchedOld: matchedOld(runs), oldCount: oldCount))
    }
  }

  /// Random reorders: the old indices cut into blocks, some blocks moved, some elements dropped and
  /// new ones inserted, the blocks cut again at random (a run may come in pieces).
  @Test(arguments: 0..<400) func sameStepsAsElementByElement(seed: Int) {
    var rng = DiffSeededGenerator(seed: UInt64(seed) &* 7919)
    func next(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(rng.next() % UInt64(bound)) }
    let oldCount = [0, 1, 2, 3, 5, 8, 20, 60, 300][next(9)]
    var blocks: [[Int]] = []
    var index = 0
    while index < oldCount {
      let length = 1 + next(next(3) == 0 ? 40 : 4)
      blocks.append(Array(index..<min(oldCount, index + length)))
      index += length
    }
    for _ in 0..<next(5) where blocks.count > 1 {
      let from = next(blocks.count), to = next(blocks.count)
      blocks.insert(blocks.remove(at: from), at: to)
    }
    var runs: [IdentityMatcher.MatchedRun] = []
    for block in blocks {
      var piece: [Int] = []
      func flush() {
        if let first = piece.first { runs.append(.init(old: first, count: piece.count)) }
        piece = []
      }
      for old in block {
        if next(10) == 0 { continue }  // removed
        if next(12) == 0 {
          flush()
          runs.append(.init(old: -1, count: 1))
        }
        if next(8) == 0 { flush() }  // a run in pieces
        if let last = piece.last, last + 1 != old { flush() }
        piece.append(old)
      }
      flush()
    }
    if next(3) == 0 { runs.insert(.init(old: -1, count: 1), at: next(runs.count + 1)) }
    let steps = IdentityMatcher.steps(matchedRuns: runs, oldCount: oldCount)
    #expect(elementSteps(steps) == IdentityMatcher.steps(matchedOld: matchedOld(runs), oldCount: oldCount))
  }
}
