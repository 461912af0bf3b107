/// Matches array elements by identity and finds the fewest moves: the elements whose old
/// indices form a longest increasing run (in new order) stay; every other matched element moved.
///
/// ```swift
/// IdentityMatcher.steps(old: ["a", "b", "c"], new: ["c", "a", "d"])
/// // [.moved(2, 0), .stayed(0, 1), .inserted(2), .removed(1)]
/// ```
enum IdentityMatcher {
  /// One step of the walk through both arrays, in the order a diff shows them: new order, with
  /// each removed element just after the last stayed element that preceded it in the old array.
  enum Step: Equatable {
    case stayed(Int, Int)
    case moved(Int, Int)
    case removed(Int)
    case inserted(Int)
  }

  /// The steps, or `nil` when an id repeats on either side. Indices are positions in `old`/`new`.
  static func steps<ID: Hashable>(old: [ID], new: [ID]) -> [Step]? {
    var oldIndexOfID: [ID: Int] = [:]
    oldIndexOfID.reserveCapacity(old.count)
    for (i, id) in old.enumerated() where oldIndexOfID.updateValue(i, forKey: id) != nil { return nil }
    var seen = Set<ID>()
    seen.reserveCapacity(new.count)
    for id in new where !seen.insert(id).inserted { return nil }

    return steps(matchedOld: new.map { oldIndexOfID[$0] ?? -1 }, oldCount: old.count)
  }

  /// The steps for elements already matched: `matchedOld[j]` is the old index of the element at
  /// new position `j`, or -1 when it is new; each old index appears at most once. For callers that
  /// know the matching without comparing ids (from a patch's operations).
  ///
  /// ```swift
  /// IdentityMatcher.steps(matchedOld: [2, 0, -1], oldCount: 3)
  /// // [.moved(2, 0), .stayed(0, 1), .inserted(2), .removed(1)]
  /// ```
  static func steps(matchedOld: [Int], oldCount: Int) -> [Step] {
    let matchedPositions = matchedOld.indices.filter { matchedOld[$0] >= 0 }
    var stayed = [Bool](repeating: false, count: matchedOld.count)
    for k in longestIncreasingSubsequence(matchedPositions.map { matchedOld[$0] }) {
      stayed[matchedPositions[k]] = true
    }
    var isMatched = [Bool](repeating: false, count: oldCount)
    for i in matchedOld where i >= 0 { isMatched[i] = true }

    var steps: [Step] = []
    steps.reserveCapacity(max(oldCount, matchedOld.count))
    var nextOld = 0
    func removals(before limit: Int) {
      while nextOld < limit {
        if !isMatched[nextOld] { steps.append(.removed(nextOld)) }
        nextOld += 1
      }
    }
    for (j, i) in matchedOld.enumerated() {
      if i < 0 {
        steps.append(.inserted(j))
      } else if stayed[j] {
        removals(before: i)
        nextOld = i + 1
        steps.append(.stayed(i, j))
      } else {
        steps.append(.moved(i, j))
      }
    }
    removals(before: oldCount)
    return steps
  }
}
