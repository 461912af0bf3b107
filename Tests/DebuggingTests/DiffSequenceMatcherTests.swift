import Testing

@testable import Debugging

/// Length of a longest common subsequence, by dynamic programming (the reference).
private func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
  var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in 0..<a.count {
    for j in 0..<b.count {
      table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
    }
  }
  return table[a.count][b.count]
}

@Suite struct DiffSequenceMatcherTests {
  @Test func matchesCommonElements() {
    #expect(
      SequenceMatcher.matches(old: ["a", "b", "c"], new: ["a", "c"]).map { [$0.0, $0.1] } == [[0, 0], [2, 1]])
    #expect(SequenceMatcher.matches(old: [Int](), new: [1]).isEmpty)
  }

  @Test func longestIncreasingSubsequenceIndices() {
    #expect(longestIncreasingSubsequence([3, 0, 1, 4, 2]) == [1, 2, 4])
    #expect(longestIncreasingSubsequence([]) == [])
    #expect(longestIncreasingSubsequence([5, 4, 3]).count == 1)
  }

  @Test func identityStepsUseTheFewestMoves() {
    #expect(
      IdentityMatcher.steps(old: ["a", "b", "c"], new: ["c", "a", "d"]) == [
        .moved(2, 0), .stayed(0, 1), .inserted(2), .removed(1),
      ])
    #expect(IdentityMatcher.steps(old: ["a", "a"], new: ["a"]) == nil)
  }

  /// Matches are valid (increasing, equal elements) and, with few distinct values (so Myers does
  /// the work), as long as a longest common subsequence.
  @Test(arguments: 0..<300) func validAndOptimal(seed: Int) {
    var rng = DiffSeededGenerator(seed: UInt64(seed))
    let alphabet = seed % 2 == 0 ? 3 : 50
    let a = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in Int.random(in: 0..<alphabet, using: &rng) }
    let b = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in Int.random(in: 0..<alphabet, using: &rng) }
    let pairs = SequenceMatcher.matches(old: a, new: b)
    #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
    #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
    let hasUnique = Set(a).contains { value in
      a.filter { $0 == value }.count == 1 && b.filter { $0 == value }.count == 1
    }
    if !hasUnique { #expect(pairs.count == lcsLength(a, b)) }
    // With an edit budget too small, the matcher still returns valid (possibly fewer) matches.
    let capped = SequenceMatcher(oldHashes: a, newHashes: b, equal: { a[$0] == b[$1] }, maximumEdits: 2).matches()
    #expect(capped.allSatisfy { a[$0.0] == b[$0.1] })
  }
}
