/// Finds which elements of two sequences stay (the matched pairs, increasing on both sides) —
/// the core of every ordered diff here (array elements, string lines).
///
/// Common prefixes and suffixes are matched first; then elements that occur exactly once on each
/// side anchor the match (patience diff, O(n log n)); only the gaps between anchors go to Myers'
/// O(ND) algorithm in linear space, which gives up past `maximumEdits` (the gap is then left
/// unmatched, so its elements pair up by position). Never quadratic when most elements are unique.
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

  /// Myers' O(ND) diff in linear space (divide and conquer on the middle snake): the matched
  /// pairs of a longest common subsequence of `a` × `b`, or `nil` when more than
  /// `maximumEdits` edits would be needed.
  private func myers(_ a: Range<Int>, _ b: Range<Int>) -> [(Int, Int)]? {
    var pairs: [(Int, Int)] = []
    var forward: [Int] = [], backward: [Int] = []
    guard common(a, b, budget: maximumEdits, forward: &forward, backward: &backward, into: &pairs) else { return nil }
    return pairs
  }

  /// Appends the common subsequence of `a` × `b` to `pairs`; `false` past `budget` edits.
  private func common(
    _ a: Range<Int>, _ b: Range<Int>, budget: Int, forward: inout [Int], backward: inout [Int],
    into pairs: inout [(Int, Int)]
  ) -> Bool {
    var a = a, b = b
    while !a.isEmpty, !b.isEmpty, same(a.lowerBound, b.lowerBound) {
      pairs.append((a.lowerBound, b.lowerBound))
      a = (a.lowerBound + 1)..<a.upperBound
      b = (b.lowerBound + 1)..<b.upperBound
    }
    var suffix = 0
    while suffix < a.count, suffix < b.count, same(a.upperBound - 1 - suffix, b.upperBound - 1 - suffix) { suffix += 1 }
    let tail = (a.upperBound - suffix, b.upperBound - suffix)
    a = a.lowerBound..<tail.0
    b = b.lowerBound..<tail.1
    if !a.isEmpty, !b.isEmpty {
      guard let snake = middleSnake(a, b, limit: budget, forward: &forward, backward: &backward) else { return false }
      guard
        common(
          a.lowerBound..<snake.x, b.lowerBound..<snake.y, budget: snake.edits, forward: &forward, backward: &backward,
          into: &pairs)
      else { return false }
      for k in 0..<(snake.u - snake.x) { pairs.append((snake.x + k, snake.y + k)) }
      guard
        common(
          snake.u..<a.upperBound, snake.v..<b.upperBound, budget: snake.edits, forward: &forward, backward: &backward,
          into: &pairs)
      else { return false }
    }
    for k in 0..<suffix { pairs.append((tail.0 + k, tail.1 + k)) }
    return true
  }

  /// The middle snake of an optimal edit script: a diagonal run from (x, y) to (u, v) (absolute
  /// indices) splitting the problem in two halves of at most `edits` edits each.
  private func middleSnake(
    _ a: Range<Int>, _ b: Range<Int>, limit: Int, forward vf: inout [Int], backward vb: inout [Int]
  ) -> (x: Int, y: Int, u: Int, v: Int, edits: Int)? {
    let n = a.count, m = b.count, delta = n - m, odd = delta & 1 != 0
    let maxD = min((n + m + 1) / 2, (limit + 1) / 2)
    let offset = maxD + 1
    if vf.count < 2 * offset + 1 {
      vf = [Int](repeating: 0, count: 2 * offset + 1)
      vb = vf
    }
    vf[offset + 1] = 0
    vb[offset + 1] = 0
    for d in 0...maxD {
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && vf[offset + k - 1] < vf[offset + k + 1])) ? vf[offset + k + 1] : vf[offset + k - 1] + 1
        var y = x - k
        let start = (x, y)
        while x < n, y < m, same(a.lowerBound + x, b.lowerBound + y) { x += 1; y += 1 }
        vf[offset + k] = x
        let reverseK = delta - k
        if odd, reverseK >= -(d - 1), reverseK <= d - 1, x + vb[offset + reverseK] >= n {
          return (a.lowerBound + start.0, b.lowerBound + start.1, a.lowerBound + x, b.lowerBound + y, 2 * d - 1)
        }
      }
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && vb[offset + k - 1] < vb[offset + k + 1])) ? vb[offset + k + 1] : vb[offset + k - 1] + 1
        var y = x - k
        let start = (x, y)
        while x < n, y < m, same(a.upperBound - 1 - x, b.upperBound - 1 - y) { x += 1; y += 1 }
        vb[offset + k] = x
        let forwardK = delta - k
        if !odd, forwardK >= -d, forwardK <= d, x + vf[offset + forwardK] >= n {
          return (a.upperBound - x, b.upperBound - y, a.upperBound - start.0, b.upperBound - start.1, 2 * d)
        }
      }
    }
    return nil
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
    // Mostly increasing input (a reorder that moved a few elements) extends the longest pile:
    // the search below would end there too.
    if let last = tails.last, values[last] < value {
      previous[index] = last
      tails.append(index)
      continue
    }
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
