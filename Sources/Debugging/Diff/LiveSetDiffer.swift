import Foundation

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
/// (`CanonicalElementOrder`). A member `==` finds in the new set but whose bytes differ there is
/// reflected on both sides: if it reads differently (a `==` by `id` only), it is removed and
/// inserted. When members read the same as others (a secret redacted in both, a custom mirror,
/// the depth limit), places cannot name them: the set is replaced whole, as it reads.
protocol LiveDiffableSet {
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change?
}

extension Set: LiveDiffableSet {
  // Compiled for the members apps use most, so hashing and comparing them is inline.
  @_specialize(where Element == String)
  @_specialize(where Element == UUID)
  @_specialize(where Element == Int)
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
    guard let new = other as? Set<Element> else { return nil }
    let memberDepth = depth + 1
    var removed: [Element] = []
    // Which members were removed, by their place in the iteration (the same in the second walk).
    var gone = [Bool](repeating: false, count: count)
    // Members `==` finds in the new set that read differently there (a `==` by `id` only, a
    // contact renamed): the old one removed, the new one inserted, as the reflected sets say.
    var replacements: [Element] = []
    // (Counted by hand: `enumerated()`'s tuples cost a type lookup each in unspecialized code.)
    var position = 0
    for member in self {
      if let index = new.firstIndex(of: member) {
        let stored = new[index]
        if hiddenChange(between: member, and: stored, differ: differ, depth: memberDepth) != nil {
          removed.append(member)
          replacements.append(stored)
          gone[position] = true
        }
      } else {
        removed.append(member)
        gone[position] = true
      }
      position += 1
    }
    var inserted = replacements
    // As many as the counts say, then no more looking.
    let insertedCount = new.count - (count - removed.count + replacements.count)
    if insertedCount > 0 {
      var found = 0
      for member in new where !contains(member) {
        inserted.append(member)
        found += 1
        if found == insertedCount { break }
      }
    }
    // A member not equal to itself (NaN) is neither found nor kept: the same bits on both sides
    // are the same member.
    if !removed.isEmpty, !inserted.isEmpty, removed.count <= 16, inserted.count <= 16 {
      for member in removed where inserted.contains(where: { identicalBits($0, member) }) {
        let at = inserted.firstIndex { identicalBits($0, member) }!
        inserted.remove(at: at)
        let gonePosition = removed.firstIndex { identicalBits($0, member) }!
        removed.remove(at: gonePosition)
      }
      if removed.count != gone.filter({ $0 }).count { gone = markedGone(removed) }
    }
    if removed.isEmpty && inserted.isEmpty { return .unchanged(count: 1) }
    /// Which members of this set are among `removed`, by bits, in the iteration's order.
    func markedGone(_ removed: [Element]) -> [Bool] {
      var marks = [Bool](repeating: false, count: count)
      var position = 0
      for member in self {
        if removed.contains(where: { identicalBits($0, member) }) { marks[position] = true }
        position += 1
      }
      return marks
    }
    // Members that read the same in the trace (a custom mirror, the depth limit, redacted
    // secrets) cannot be told apart by place: the set is written whole, as it reads.
    func whole() -> StateDiff.Change {
      .replaced(old: differ.reflected(self, depth: depth), new: differ.reflected(new, depth: depth))
    }
    let removedOrder = CanonicalElementOrder(removed, differ: differ, depth: memberDepth)
    let insertedOrder = CanonicalElementOrder(inserted, differ: differ, depth: memberDepth)
    let removedShown = removed.map(removedOrder.shown)
    let insertedShown = Swift.Set<Value>(inserted.map(insertedOrder.shown))
    guard insertedShown.count == inserted.count, !removedShown.contains(where: insertedShown.contains) else {
      return whole()
    }
    // The old members in canonical order: a node for each removed one, and between them runs of
    // the others. Only the removed members are sorted; each other member finds its run by binary
    // search (n log k comparisons; members that are not `String`, `Int` or `UUID` are reflected
    // once to be compared).
    let order =
      removedOrder.reflectsNone ? removedOrder : CanonicalElementOrder(Array(self), differ: differ, depth: memberDepth)
    if !order.reflectsNone {
      guard order.reflectionsAreDistinct, !contains(where: { insertedShown.contains(order.shown($0)) }) else {
        return whole()
      }
    }
    let sorted = removed.sorted(by: order.precedes)
    var runCounts = [Int](repeating: 0, count: sorted.count + 1)
    if sorted.isEmpty {
      runCounts[0] = count
    } else {
      position = 0
      for member in self {
        defer { position += 1 }
        guard !gone[position] else { continue }
        runCounts[order.run(of: member, among: sorted)] += 1
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
