/// A set diffed live (`LiveDiffer`): members are looked up in the other set by hash, and only
/// those removed or inserted are reflected, so inserting one id into a set of 20,000 costs 20,000
/// lookups, not 40,000 reflected members. The result is what `ValueDiffer` gives for the two
/// reflected sets: the old members in canonical order (removed ones as nodes, the others as
/// unchanged runs), then the inserted ones in theirs.
///
/// ```swift
/// // Set(["a", "b", "c"]) → Set(["a", "c", "d"])
/// // .nested(.set, [unchanged(1), removed("b"), unchanged(1), inserted("d")])
/// ```
///
/// Members are ordered as `Value.canonicallyPrecedes` orders their reflections
/// (`CanonicalElementOrder`). When a removed member reads the same as an inserted one (a secret
/// redacted in both, a class shown as a reference), the set is left to the reflected diff (`nil`),
/// which shows what the trace can tell apart.
protocol LiveDiffableSet {
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change?
}

extension Set: LiveDiffableSet {
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
    guard let new = other as? Set<Element> else { return nil }
    var removed: [Element] = []
    // Which members were removed, by their place in the iteration (the same in the second walk).
    var gone = [Bool](repeating: false, count: count)
    // (Counted by hand: `enumerated()`'s tuples cost a type lookup each in unspecialized code.)
    var position = 0
    for member in self {
      if !new.contains(member) {
        removed.append(member)
        gone[position] = true
      }
      position += 1
    }
    var inserted: [Element] = []
    // As many as the counts say, then no more looking.
    let insertedCount = new.count - (count - removed.count)
    if insertedCount > 0 {
      for member in new where !contains(member) {
        inserted.append(member)
        if inserted.count == insertedCount { break }
      }
    }
    if removed.isEmpty && inserted.isEmpty { return .unchanged(count: 1) }
    let memberDepth = depth + 1
    let removedOrder = CanonicalElementOrder(removed, differ: differ, depth: memberDepth)
    let insertedOrder = CanonicalElementOrder(inserted, differ: differ, depth: memberDepth)
    let removedShown = removed.map(removedOrder.shown)
    let insertedShown = Swift.Set<Value>(inserted.map(insertedOrder.shown))
    guard insertedShown.count == inserted.count, !removedShown.contains(where: insertedShown.contains) else {
      return nil
    }
    // The old members in canonical order: a node for each removed one, and between them runs of
    // the others. Only the removed members are sorted; each other member finds its run by binary
    // search (n log k comparisons; members that are not `String`, `Int` or `UUID` are reflected
    // once to be compared).
    let order =
      removedOrder.reflectsNone ? removedOrder : CanonicalElementOrder(Array(self), differ: differ, depth: memberDepth)
    if !order.reflectsNone, contains(where: { insertedShown.contains(order.shown($0)) }) { return nil }
    let sorted = removed.sorted(by: order.precedes)
    var runCounts = [Int](repeating: 0, count: sorted.count + 1)
    if sorted.isEmpty {
      runCounts[0] = count
    } else {
      position = 0
      for member in self {
        defer { position += 1 }
        guard !gone[position] else { continue }
        var low = 0, high = sorted.count
        while low < high {
          let middle = (low + high) / 2
          if order.precedes(sorted[middle], member) { low = middle + 1 } else { high = middle }
        }
        runCounts[low] += 1
      }
    }
    var nodes = NodeList()
    for run in runCounts.indices {
      if runCounts[run] > 0 { nodes.append(.member, .unchanged(count: runCounts[run])) }
      guard run < sorted.count else { break }
      nodes.append(.member, .removed(order.shown(sorted[run])))
    }
    for member in inserted.sorted(by: insertedOrder.precedes) {
      nodes.append(.member, .inserted(insertedOrder.shown(member)))
    }
    return .nested(.set, nodes.nodes)
  }
}
