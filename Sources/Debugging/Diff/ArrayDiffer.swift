/// Diffs two arrays of `Value`s into element nodes.
///
/// Equal prefixes and suffixes are skipped first. When every element has a unique `id`
/// (`Value.elementID`) elements are matched by id, and the elements outside a longest increasing
/// run of old indices are reported as moves (the fewest moves that explain the new order).
/// Otherwise the arrays are compared as sequences (`SequenceMatcher`), and in each gap between
/// matched elements old and new elements pair up by position as changed elements.
///
/// ```swift
/// // old: [a, b, c]   new: [c, a, b]   (matched by id)
/// // nodes: ~ c moved 2 → 0; a, b unchanged
/// ```
struct ArrayDiffer {
  let differ: ValueDiffer
  let depth: Int

  func diff(_ old: [Value], _ new: [Value]) -> [StateDiff.Node] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
    let a = prefix..<(old.count - suffix), b = prefix..<(new.count - suffix)
    if let ids = identities(old, a, new, b) {
      identified(old, a, new, b, ids, into: &nodes)
    } else {
      sequence(old, a, new, b, into: &nodes)
    }
    if suffix > 0 { nodes.append(.element(old: a.upperBound, new: b.upperBound, id: nil), .unchanged(count: suffix)) }
    return nodes.nodes
  }

  // MARK: - Matching by id

  /// The ids of the elements in `a` and `b`, when all have one and no id repeats on a side.
  private func identities(_ old: [Value], _ a: Range<Int>, _ new: [Value], _ b: Range<Int>) -> (old: [Value], new: [Value])? {
    var oldIDs: [Value] = [], newIDs: [Value] = []
    oldIDs.reserveCapacity(a.count)
    newIDs.reserveCapacity(b.count)
    for i in a {
      guard let id = old[i].elementID else { return nil }
      oldIDs.append(id)
    }
    for j in b {
      guard let id = new[j].elementID else { return nil }
      newIDs.append(id)
    }
    if oldIDs.isEmpty && newIDs.isEmpty { return nil }
    guard Set(oldIDs).count == oldIDs.count, Set(newIDs).count == newIDs.count else { return nil }
    return (oldIDs, newIDs)
  }

  private func identified(
    _ old: [Value], _ a: Range<Int>, _ new: [Value], _ b: Range<Int>,
    _ ids: (old: [Value], new: [Value]), into nodes: inout NodeList
  ) {
    var oldIndexOfID: [Value: Int] = [:]
    oldIndexOfID.reserveCapacity(a.count)
    for (k, id) in ids.old.enumerated() { oldIndexOfID[id] = a.lowerBound + k }
    // For each new element, the index of the old element with its id (or -1).
    let matchedOld = ids.new.map { oldIndexOfID[$0] ?? -1 }
    let matchedPositions = matchedOld.indices.filter { matchedOld[$0] >= 0 }
    var stayed = [Bool](repeating: false, count: matchedOld.count)
    for k in longestIncreasingSubsequence(matchedPositions.map { matchedOld[$0] }) {
      stayed[matchedPositions[k]] = true
    }
    var isMatched = [Bool](repeating: false, count: a.count)
    for i in matchedOld where i >= 0 { isMatched[i - a.lowerBound] = true }

    var nextOld = a.lowerBound  // old elements before this one have been shown
    func removals(before limit: Int, into nodes: inout NodeList) {
      while nextOld < limit {
        if !isMatched[nextOld - a.lowerBound] {
          nodes.append(.element(old: nextOld, new: nil, id: ids.old[nextOld - a.lowerBound]), .removed(old[nextOld]))
        }
        nextOld += 1
      }
    }
    for (k, i) in matchedOld.enumerated() {
      let j = b.lowerBound + k
      if i < 0 {
        nodes.append(.element(old: nil, new: j, id: ids.new[k]), .inserted(new[j]))
      } else if stayed[k] {
        removals(before: i, into: &nodes)
        nextOld = i + 1
        nodes.append(.element(old: i, new: j, id: ids.new[k]), elementChange(old[i], new[j]))
      } else {
        nodes.append(.element(old: i, new: j, id: ids.new[k]), .moved(from: i, to: j, change: elementChange(old[i], new[j])))
      }
    }
    removals(before: a.upperBound, into: &nodes)
  }

  // MARK: - Matching as sequences

  private func sequence(_ old: [Value], _ a: Range<Int>, _ new: [Value], _ b: Range<Int>, into nodes: inout NodeList) {
    let matcher = SequenceMatcher(
      oldHashes: a.map { old[$0].hashValue },
      newHashes: b.map { new[$0].hashValue },
      equal: { old[a.lowerBound + $0] == new[b.lowerBound + $1] }
    )
    var i = a.lowerBound, j = b.lowerBound
    for (mi, mj) in matcher.matches() + [(a.count, b.count)] {
      let oi = a.lowerBound + mi, nj = b.lowerBound + mj
      gap(old, i..<oi, new, j..<nj, into: &nodes)
      if oi < a.upperBound { nodes.append(.element(old: oi, new: nj, id: nil), .unchanged(count: 1)) }
      i = oi + 1
      j = nj + 1
    }
  }

  /// Unmatched old elements `a` and new elements `b` between two matched ones: pairs by position
  /// become changes, the rest removals and insertions.
  private func gap(_ old: [Value], _ a: Range<Int>, _ new: [Value], _ b: Range<Int>, into nodes: inout NodeList) {
    let paired = min(a.count, b.count)
    for k in 0..<paired {
      let i = a.lowerBound + k, j = b.lowerBound + k
      nodes.append(.element(old: i, new: j, id: nil), elementChange(old[i], new[j]))
    }
    for i in (a.lowerBound + paired)..<a.upperBound {
      nodes.append(.element(old: i, new: nil, id: nil), .removed(old[i]))
    }
    for j in (b.lowerBound + paired)..<b.upperBound {
      nodes.append(.element(old: nil, new: j, id: nil), .inserted(new[j]))
    }
  }

  private func elementChange(_ old: Value, _ new: Value) -> StateDiff.Change {
    differ.change(old, new, depth: depth)
  }
}
