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
  /// The recorder's, for values reflected from live elements: the change between old element `i`
  /// and new element `j` whose values are equal and hide something (a secret replaced by another
  /// reads `<redacted String>` on both sides), `.unchanged` when the live elements are the same.
  /// Such elements are an equal pair only when it says so. `nil`: the values are all there is.
  var changeBehindEqualValues: ((_ old: Int, _ new: Int) -> StateDiff.Change)?

  func diff(_ old: [Value], _ new: [Value]) -> [StateDiff.Node] {
    // An element with a place replaced by a value that reads the same (`ReplacedPlaces`) is not
    // an equal end: its index in the new array is a step of the pointer.
    func replacedInside(_ index: Int) -> Bool {
      differ.replaced?.child(.token(String(index))) != nil
    }
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix], !replacedInside(prefix),
      sameBehind(old, prefix, new, prefix)
    {
      prefix += 1
    }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix], !replacedInside(new.count - 1 - suffix),
      sameBehind(old, old.count - 1 - suffix, new, new.count - 1 - suffix)
    {
      suffix += 1
    }
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
    let a = prefix..<(old.count - suffix), b = prefix..<(new.count - suffix)
    if !identified(old, a, new, b, into: &nodes) {
      sequence(old, a, new, b, into: &nodes)
    }
    if suffix > 0 { nodes.append(.element(old: a.upperBound, new: b.upperBound, id: nil), .unchanged(count: suffix)) }
    return nodes.nodes
  }

  // MARK: - Matching by id

  /// Nodes from matching by `elementID`, or `false` when some element has no id or an id repeats.
  private func identified(_ old: [Value], _ a: Range<Int>, _ new: [Value], _ b: Range<Int>, into nodes: inout NodeList)
    -> Bool
  {
    var oldIDs: [Value] = [], newIDs: [Value] = []
    oldIDs.reserveCapacity(a.count)
    newIDs.reserveCapacity(b.count)
    for i in a {
      guard let id = old[i].elementID else { return false }
      oldIDs.append(id)
    }
    for j in b {
      guard let id = new[j].elementID else { return false }
      newIDs.append(id)
    }
    guard !(oldIDs.isEmpty && newIDs.isEmpty), let steps = IdentityMatcher.steps(old: oldIDs, new: newIDs) else {
      return false
    }
    let o = a.lowerBound, n = b.lowerBound
    for step in steps {
      switch step {
      case let .stayed(i, j):
        nodes.append(.element(old: o + i, new: n + j, id: newIDs[j]), elementChange(old, o + i, new, n + j))
      case let .moved(i, j):
        let change = elementChange(old, o + i, new, n + j)
        nodes.append(.element(old: o + i, new: n + j, id: newIDs[j]), .moved(from: o + i, to: n + j, change: change))
      case let .removed(i):
        nodes.append(.element(old: o + i, new: nil, id: oldIDs[i]), .removed(old[o + i]))
      case let .inserted(j):
        nodes.append(.element(old: nil, new: n + j, id: newIDs[j]), .inserted(new[n + j]))
      }
    }
    return true
  }

  // MARK: - Matching as sequences

  private func sequence(_ old: [Value], _ a: Range<Int>, _ new: [Value], _ b: Range<Int>, into nodes: inout NodeList) {
    let matcher = SequenceMatcher(
      oldHashes: a.map { old[$0].hashValue },
      newHashes: b.map { new[$0].hashValue },
      equal: {
        old[a.lowerBound + $0] == new[b.lowerBound + $1]
          && self.differ.replaced?.child(.token(String(b.lowerBound + $1))) == nil
          && self.sameBehind(old, a.lowerBound + $0, new, b.lowerBound + $1)
      }
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
  func gap(_ old: [Value], _ a: Range<Int>, _ new: [Value], _ b: Range<Int>, into nodes: inout NodeList) {
    let paired = min(a.count, b.count)
    for k in 0..<paired {
      let i = a.lowerBound + k, j = b.lowerBound + k
      nodes.append(.element(old: i, new: j, id: nil), elementChange(old, i, new, j))
    }
    for i in (a.lowerBound + paired)..<a.upperBound {
      nodes.append(.element(old: i, new: nil, id: nil), .removed(old[i]))
    }
    for j in (b.lowerBound + paired)..<b.upperBound {
      nodes.append(.element(old: nil, new: j, id: nil), .inserted(new[j]))
    }
  }

  /// The change from old element `i` to new element `j`.
  private func elementChange(_ old: [Value], _ i: Int, _ new: [Value], _ j: Int) -> StateDiff.Change {
    if let behind = changeBehindEqualValues, old[i] == new[j], new[j].hidesSomething { return behind(i, j) }
    return (differ.replaced == nil ? differ : differ.below(.token(String(j)))).change(old[i], new[j], depth: depth)
  }

  /// Whether old element `i` and new element `j`, equal as values, are the same behind them
  /// (`changeBehindEqualValues`).
  private func sameBehind(_ old: [Value], _ i: Int, _ new: [Value], _ j: Int) -> Bool {
    guard let behind = changeBehindEqualValues, new[j].hidesSomething else { return true }
    return behind(i, j).isUnchanged
  }
}
