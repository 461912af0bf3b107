import Testing

@testable import Debugging
@testable import TraceAnalysis

/// `SequenceAlignment` (Myers): the edit script is valid and as short as an LCS allows.
@Suite struct CompareSequenceAlignmentTests {
  func align(_ a: String, _ b: String) -> [SequenceAlignment.Operation] {
    let a = Array(a), b = Array(b)
    return SequenceAlignment.align(count: (a.count, b.count)) { a[$0] == b[$1] }
  }

  @Test func smallScripts() {
    #expect(align("abc", "abc") == [.match(0, 0), .match(1, 1), .match(2, 2)])
    #expect(align("abc", "axc") == [.match(0, 0), .delete(1), .insert(1), .match(2, 2)])
    #expect(align("abc", "ac") == [.match(0, 0), .delete(1), .match(2, 1)])
    #expect(align("ac", "abc") == [.match(0, 0), .insert(1), .match(1, 2)])
    #expect(align("", "ab") == [.insert(0), .insert(1)])
    #expect(align("ab", "") == [.delete(0), .delete(1)])
    #expect(align("", "") == [])
  }

  /// The length of a longest common subsequence, by dynamic programming.
  func lcs(_ a: [Character], _ b: [Character]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0..<a.count {
      for j in 0..<b.count {
        table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
      }
    }
    return table[a.count][b.count]
  }

  @Test func randomScriptsAreValidAndMinimal() {
    var seed: UInt64 = 42
    func random(_ bound: Int) -> Int {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<300 {
      let a = (0..<random(12)).map { _ in Character(UnicodeScalar(UInt8(97 + random(4)))) }
      let b = (0..<random(12)).map { _ in Character(UnicodeScalar(UInt8(97 + random(4)))) }
      let script = SequenceAlignment.align(count: (a.count, b.count)) { a[$0] == b[$1] }
      var nextA = 0, nextB = 0, matches = 0
      for operation in script {
        switch operation {
        case let .match(i, j):
          #expect(i == nextA && j == nextB && a[i] == b[j])
          nextA += 1; nextB += 1; matches += 1
        case let .delete(i):
          #expect(i == nextA)
          nextA += 1
        case let .insert(j):
          #expect(j == nextB)
          nextB += 1
        }
      }
      #expect(nextA == a.count && nextB == b.count)
      #expect(matches == lcs(a, b), "\(String(a)) vs \(String(b))")
    }
  }
}
