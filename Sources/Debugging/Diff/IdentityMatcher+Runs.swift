/// `IdentityMatcher.steps(matchedOld:oldCount:)` on runs of elements instead of elements: a run
/// of `count` new elements that were next to each other in the old array costs as much as one
/// element, so a patch that moved a few rows of 100,000 costs what its operations do.
///
/// ```swift
/// // matchedOld [2, 0, 1, -1]  as runs:
/// IdentityMatcher.steps(matchedRuns: [.init(old: 2, count: 1), .init(old: 0, count: 2), .init(old: -1, count: 1)],
///                       oldCount: 3)
/// // [.moved(old: 2, new: 0, count: 1), .stayed(old: 0, new: 1, count: 2), .inserted(3)]
/// ```
///
/// The elements that stay are the ones the element-wise longest increasing subsequence picks, ties
/// included: patience sorting puts the elements of a run of consecutive old indices on consecutive
/// piles, each on top of the one before, so the piles are kept as segments of runs and each run is
/// placed at once.
extension IdentityMatcher {
  /// `count` new elements from old index `old` on, or one new element (`old` -1).
  struct MatchedRun: Equatable {
    var old: Int
    var count: Int
  }

  /// Steps of runs, in the order `Step`s come in; indices as in `Step`.
  enum RunStep: Equatable {
    case stayed(old: Int, new: Int, count: Int)
    case moved(old: Int, new: Int, count: Int)
    case removed(Int)
    case inserted(Int)
  }

  /// The steps of `steps(matchedOld:oldCount:)` for the `matchedOld` these runs spell out (each old
  /// index at most once), with runs of stayed or moved elements kept whole.
  static func steps(matchedRuns runs: [MatchedRun], oldCount: Int) -> [RunStep] {
    let stayed = stayedCounts(runs)
    var matched = runs.filter { $0.old >= 0 }
    matched.sort { $0.old < $1.old }
    var unmatched: [Int] = []
    var next = 0
    for run in matched {
      if next < run.old { unmatched.append(contentsOf: next..<run.old) }
      next = max(next, run.old + run.count)
    }
    if next < oldCount { unmatched.append(contentsOf: next..<oldCount) }

    var steps: [RunStep] = []
    var u = 0
    func removals(before limit: Int) {
      while u < unmatched.count, unmatched[u] < limit {
        steps.append(.removed(unmatched[u]))
        u += 1
      }
    }
    var j = 0
    for (r, run) in runs.enumerated() {
      if run.old < 0 {
        steps.append(.inserted(j))
      } else {
        if stayed[r] > 0 {
          removals(before: run.old)
          steps.append(.stayed(old: run.old, new: j, count: stayed[r]))
        }
        if stayed[r] < run.count {
          steps.append(.moved(old: run.old + stayed[r], new: j + stayed[r], count: run.count - stayed[r]))
        }
      }
      j += run.count
    }
    removals(before: oldCount)
    return steps
  }

  /// For each run, how many of its first elements the longest increasing subsequence of the old
  /// indices (`longestIncreasingSubsequence`, same ties) takes: always a prefix of the run.
  private static func stayedCounts(_ runs: [MatchedRun]) -> [Int] {
    /// Piles `first ..< first + count` whose tops are elements `offset …` of run `run`, with tails
    /// `tail …` (consecutive old indices).
    struct Segment {
      var first: Int
      var count: Int
      var run: Int
      var offset: Int
      var tail: Int
    }
    var segments: [Segment] = []
    var piles = 0
    // The element below the first of each run (run, offset), as `previous` in the element-wise walk.
    var below = [(run: Int, offset: Int)?](repeating: nil, count: runs.count)
    /// The index of the segment holding pile `pile` (< piles).
    func segment(holding pile: Int) -> Int {
      var low = 0, high = segments.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if segments[middle].first <= pile { low = middle } else { high = middle - 1 }
      }
      return low
    }
    for (r, run) in runs.enumerated() where run.old >= 0 {
      let value = run.old
      // The first pile whose tail is at least `value`.
      var low = piles
      if let last = segments.last, last.tail + last.count - 1 >= value {
        var lowSegment = 0, highSegment = segments.count - 1
        while lowSegment < highSegment {
          let middle = (lowSegment + highSegment) / 2
          if segments[middle].tail + segments[middle].count - 1 >= value {
            highSegment = middle
          } else {
            lowSegment = middle + 1
          }
        }
        let found = segments[lowSegment]
        low = found.first + max(0, value - found.tail)
      }
      if low > 0 {
        let s = segments[segment(holding: low - 1)]
        below[r] = (s.run, s.offset + (low - 1 - s.first))
      }
      // The run's elements go on piles low ..< low + count, each on top of the one before.
      let end = low + run.count
      var replaced: [Segment] = []
      var from = segments.count, to = segments.count
      if low < piles {
        from = segment(holding: low)
        let head = segments[from]
        if head.first < low {
          replaced.append(
            Segment(first: head.first, count: low - head.first, run: head.run, offset: head.offset, tail: head.tail))
        }
        to = from
        while to < segments.count, segments[to].first < end { to += 1 }
      }
      replaced.append(Segment(first: low, count: run.count, run: r, offset: 0, tail: value))
      if to > from, case let tail = segments[to - 1], tail.first + tail.count > end {
        let cut = end - tail.first
        replaced.append(
          Segment(first: end, count: tail.count - cut, run: tail.run, offset: tail.offset + cut, tail: tail.tail + cut))
      }
      segments.replaceSubrange(from..<to, with: replaced)
      piles = max(piles, end)
    }
    var stayed = [Int](repeating: 0, count: runs.count)
    guard let last = segments.last else { return stayed }
    var top: (run: Int, offset: Int)? = (last.run, last.offset + last.count - 1)
    while let (run, offset) = top {
      stayed[run] = offset + 1
      top = below[run]
    }
    return stayed
  }
}
