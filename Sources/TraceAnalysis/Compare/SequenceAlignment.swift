import Debugging

/// Myers' O((N+M)·D) shortest edit script between two sequences, as matches, deletions and
/// insertions in order — the alignment of two runs' actions.
///
/// ```swift
/// SequenceAlignment.align(count: (3, 3)) { a, b in Array("abc")[a] == Array("axc")[b] }
/// // [.match(0, 0), .delete(1), .insert(1), .match(2, 2)]
/// ```
///
/// Memory is O(D²) for the saved frontiers (D = number of edits), so callers bound the window
/// they align (`TraceComparator` aligns at most `window` actions a side at a time).
enum SequenceAlignment {
  enum Operation: Equatable {
    case match(Int, Int)
    case delete(Int)
    case insert(Int)
  }

  static func align(count: (Int, Int), equal: (Int, Int) -> Bool) -> [Operation] {
    let (n, m) = count
    let maxD = n + m
    guard maxD > 0 else { return [] }
    let offset = maxD + 1
    var frontier = [Int32](repeating: 0, count: 2 * maxD + 3)
    var history: [[Int32]] = []
    var finalD = -1
    search: for d in 0...maxD {
      // Save the frontier before step d (diagonals -d+1 … d-1 are the ones read).
      history.append(Array(frontier[(offset - d)...(offset + d)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
          x = Int(frontier[offset + k + 1])
        } else {
          x = Int(frontier[offset + k - 1]) + 1
        }
        var y = x - k
        while x < n, y < m, equal(x, y) {
          x += 1
          y += 1
        }
        frontier[offset + k] = Int32(x)
        if x >= n, y >= m {
          finalD = d
          break search
        }
      }
    }
    return backtrack(n: n, m: m, finalD: finalD, history: history)
  }

  private static func backtrack(n: Int, m: Int, finalD: Int, history: [[Int32]]) -> [Operation] {
    var operations: [Operation] = []
    var x = n
    var y = m
    var d = finalD
    while d > 0 {
      let saved = history[d]
      func at(_ k: Int) -> Int { Int(saved[k + d]) }  // saved covers diagonals -d … d
      let k = x - y
      let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
      let previousX = at(previousK)
      // The snake after the edit, back to the point the edit reached.
      let startX = previousK == k + 1 ? previousX : previousX + 1
      while x > startX {
        x -= 1
        y -= 1
        operations.append(.match(x, y))
      }
      if previousK == k + 1 {
        y -= 1
        operations.append(.insert(y))
      } else {
        x -= 1
        operations.append(.delete(x))
      }
      d -= 1
    }
    while x > 0, y > 0 {
      x -= 1
      y -= 1
      operations.append(.match(x, y))
    }
    return operations.reversed()
  }
}
