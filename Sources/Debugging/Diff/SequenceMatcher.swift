/// Finds which elements of two sequences stay (the matched pairs, increasing on both sides) —
/// the core of every ordered diff here (array elements, string lines).
///
/// Common prefixes and suffixes are matched first; then elements that occur exactly once on each
/// side anchor the match (patience diff, O(n log n)); only the gaps between anchors go to Myers'
/// O(ND) algorithm, which gives up past `maximumEdits` (the gap is then left unmatched, so its
/// elements pair up by position). Never quadratic when most elements are unique.
///
/// ```swift
/// SequenceMatcher.matches(old: ["a", "b", "c"], new: ["a", "c"])  // [(0, 0), (2, 1)]
/// ```
struct SequenceMatcher {
  /// Hashes of the old and new elements; `equal(i, j)` is only asked when hashes agree.
  let oldHashes: [Int]
  let newHashes: [Int]
  let equal: (Int, Int) -> Bool
  var maximumEdits = 1_000

  /// Matched (old, new) index pairs, increasing on both sides.
  static func matches<T: Hashable>(old: [T], new: [T]) -> [(Int, Int)] {
    SequenceMatcher(oldHashes: old.map(\.hashValue), newHashes: new.map(\.hashValue)) { old[$0] == new[$1] }
      .matches()
  }

  func matches() -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    match(0..<oldHashes.count, 0..<newHashes.count, depth: 0, into: &pairs)
    return pairs
  }

  private func same(_ i: Int, _ j: Int) -> Bool {
    oldHashes[i] == newHashes[j] && equal(i, j)
  }

  private func match(_ a: Range<Int>, _ b: Range<Int>, depth: Int, into pairs: inout [(Int, Int)]) {
    var lo = (a.lowerBound, b.lowerBound), hi = (a.upperBound, b.upperBound)
    while lo.0 < hi.0, lo.1 < hi.1, same(lo.0, lo.1) {
      pairs.append(lo)
      lo = (lo.0 + 1, lo.1 + 1)
    }
    var suffix = 0
    while lo.0 < hi.0 - suffix, lo.1 < hi.1 - suffix, same(hi.0 - suffix - 1, hi.1 - suffix - 1) { suffix += 1 }
    hi = (hi.0 - suffix, hi.1 - suffix)
    if lo.0 < hi.0, lo.1 < hi.1 {
      let anchors = depth < 32 ? uniqueAnchors(lo.0..<hi.0, lo.1..<hi.1) : []
      if anchors.isEmpty {
        pairs.append(contentsOf: myers(lo.0..<hi.0, lo.1..<hi.1) ?? [])
      } else {
        var start = lo
        for anchor in anchors {
          match(start.0..<anchor.0, start.1..<anchor.1, depth: depth + 1, into: &pairs)
          pairs.append(anchor)
          start = (anchor.0 + 1, anchor.1 + 1)
        }
        match(start.0..<hi.0, start.1..<hi.1, depth: depth + 1, into: &pairs)
      }
    }
    for k in 0..<suffix { pairs.append((hi.0 + k, hi.1 + k)) }
  }

  /// Pairs of elements that occur once on each side, the longest run of them in order on both.
  private func uniqueAnchors(_ a: Range<Int>, _ b: Range<Int>) -> [(Int, Int)] {
    var oldCounts: [Int: (count: Int, index: Int)] = [:]
    for i in a { oldCounts[oldHashes[i], default: (0, i)].count += 1 }
    var newCounts: [Int: Int] = [:]
    for j in b { newCounts[newHashes[j], default: 0] += 1 }
    var candidates: [(Int, Int)] = []
    for j in b where newCounts[newHashes[j]] == 1 {
      if let (count, i) = oldCounts[newHashes[j]], count == 1, equal(i, j) { candidates.append((i, j)) }
    }
    return longestIncreasingSubsequence(candidates.map(\.0)).map { candidates[$0] }
  }

  /// Myers' greedy O(ND) shortest edit script over `a` × `b`; `nil` past `maximumEdits`.
  private func myers(_ a: Range<Int>, _ b: Range<Int>) -> [(Int, Int)]? {
    let n = a.count, m = b.count
    let limit = min(n + m, maximumEdits)
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    let offset = limit + 1
    var snapshots: [[Int]] = []
    for d in 0...limit {
      for k in stride(from: -d, through: d, by: 2) {
        var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, same(a.lowerBound + x, b.lowerBound + y) { x += 1; y += 1 }
        v[offset + k] = x
        if x >= n, y >= m {
          return backtrack(snapshots, d: d, n: n, m: m).map { ($0.0 + a.lowerBound, $0.1 + b.lowerBound) }
        }
      }
      snapshots.append(Array(v[(offset - d)...(offset + d)]))
    }
    return nil
  }

  private func backtrack(_ snapshots: [[Int]], d: Int, n: Int, m: Int) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    var x = n, y = m
    for step in stride(from: d, to: 0, by: -1) {
      let previous = snapshots[step - 1]  // k in -(step-1)...(step-1) at index k + step - 1
      let k = x - y
      let down = k == -step || (k != step && previous[k - 1 + step - 1] < previous[k + 1 + step - 1])
      let previousK = down ? k + 1 : k - 1
      let previousX = previous[previousK + step - 1], previousY = previousX - previousK
      while x > previousX, y > previousY { x -= 1; y -= 1; pairs.append((x, y)) }
      x = previousX
      y = previousY
    }
    while x > 0, y > 0 { x -= 1; y -= 1; pairs.append((x, y)) }
    return pairs.reversed()
  }
}

/// Indices of a longest strictly increasing subsequence of `values` (patience sorting,
/// O(n log n)).
///
/// ```swift
/// longestIncreasingSubsequence([3, 0, 1, 4, 2])  // [1, 2, 4]  (values 0, 1, 2)
/// ```
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  var tails: [Int] = []  // index of the smallest tail of each pile
  var previous = [Int](repeating: -1, count: values.count)
  for (index, value) in values.enumerated() {
    var low = 0, high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var result: [Int] = []
  var index = tails.last ?? -1
  while index >= 0 {
    result.append(index)
    index = previous[index]
  }
  return result.reversed()
}
