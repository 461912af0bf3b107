import Foundation

/// A set diffed live (`LiveDiffer`): members are found in the other set (walking both in step,
/// `ChangedMembers`, or by hash), and only those removed or inserted are reflected, so inserting
/// one id into a set of 20,000 costs 20,000 comparisons, not 40,000 reflected members. The result
/// is what `ValueDiffer` gives for the two reflected sets: the old members in canonical order
/// (removed ones as nodes, the others as unchanged runs), then the inserted ones in theirs.
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
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
    guard let new = other as? Set<Element> else { return nil }
    // The members apps use most, compiled for their types so that hashing and comparing them is
    // inline (each cast is of a set to its own type).
    if Element.self == UUID.self {
      typealias Same = Set<UUID>
      return unsafeBitCast(self, to: Same.self).change(to: unsafeBitCast(new, to: Same.self), differ, depth)
    }
    if Element.self == String.self {
      typealias Same = Set<String>
      return unsafeBitCast(self, to: Same.self).change(to: unsafeBitCast(new, to: Same.self), differ, depth)
    }
    if Element.self == Int.self {
      typealias Same = Set<Int>
      return unsafeBitCast(self, to: Same.self).change(to: unsafeBitCast(new, to: Same.self), differ, depth)
    }
    return change(to: new, differ, depth)
  }

  /// The live change to `new`.
  private func change(to new: Set<Element>, _ differ: LiveDiffer, _ depth: Int) -> StateDiff.Change? {
    let memberDepth = depth + 1
    let found = ChangedMembers(self, new, differ: differ, depth: memberDepth)
    var (removed, inserted, gone) = (found.removed, found.inserted, found.gone)
    var position = 0
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

/// The members of two sets removed and inserted, found by walking both in step: a set changed in
/// place (`selected.insert(id)`) is a copy of the other's storage, its members in the same order,
/// so each member is compared with the one at the same place, without hashing. Where the walks
/// part (a member inserted or removed), members are looked up by hash; sets built apart part
/// everywhere, and after a few such places the walk in step is given up.
///
/// A member `==` finds in the new set that reads differently there (a `==` by `id` only, a contact
/// renamed) is removed and inserted, as the reflected sets say.
private struct ChangedMembers<Element: Hashable> {
  private(set) var removed: [Element] = []
  /// The members inserted: first those that replace a removed one, then those not in the old set.
  private(set) var inserted: [Element] = []
  /// Which old members were removed, by their place in the old set's order.
  private(set) var gone: [Bool]
  private var replacements: [Element] = []
  private var added: [Element] = []
  private let differ: LiveDiffer
  private let depth: Int
  private let membersMayHideChanges = mayHideChanges(Element.self)

  init(_ old: Set<Element>, _ new: Set<Element>, differ: LiveDiffer, depth: Int) {
    self.differ = differ
    self.depth = depth
    gone = [Bool](repeating: false, count: old.count)
    var inStep = true
    // Places where both members are in the other set: the walks do not follow each other.
    var apart = 0
    // Both walked with iterators (the same order): subscripts by index check the index each time.
    var newMembers = new.makeIterator()
    var newMember = newMembers.next()
    // (Counted by hand: `enumerated()`'s tuples cost a type lookup each in unspecialized code.)
    var position = 0
    for member in old {
      defer { position += 1 }
      var compared = false
      while inStep, let pending = newMember {
        if pending == member {
          compare(member, at: position, with: pending)
          compared = true
        } else if !old.contains(pending) {
          added.append(pending)
          newMember = newMembers.next()
          continue
        } else if let found = new.firstIndex(of: member) {
          // The new member is an old one, compared at its own place in the old walk.
          compare(member, at: position, with: new[found])
          compared = true
          apart += 1
          if apart > 16, apart > position / 8 { inStep = false }
        } else {
          // Removed: the new walk waits for the next old member.
          noteRemoved(member, at: position)
          compared = true
          break
        }
        newMember = newMembers.next()
        break
      }
      if !compared {
        if let found = new.firstIndex(of: member) {
          compare(member, at: position, with: new[found])
        } else {
          noteRemoved(member, at: position)
        }
      }
    }
    if inStep {
      while let pending = newMember {
        if !old.contains(pending) { added.append(pending) }
        newMember = newMembers.next()
      }
    } else {
      // As many as the counts say, then no more looking.
      added = []
      let addedCount = new.count - (old.count - removed.count + replacements.count)
      if addedCount > 0 {
        for member in new where !old.contains(member) {
          added.append(member)
          if added.count == addedCount { break }
        }
      }
    }
    inserted = replacements + added
  }

  /// Notes the old member at `position` as removed.
  private mutating func noteRemoved(_ member: Element, at position: Int) {
    removed.append(member)
    gone[position] = true
  }

  /// Notes the old member at `position` against the member `==` finds in the new set. (Not an
  /// optional: unspecialized code looks up an optional's type on every call.)
  private mutating func compare(_ member: Element, at position: Int, with stored: Element) {
    if membersMayHideChanges, hiddenChange(between: member, and: stored, differ: differ, depth: depth) != nil {
      removed.append(member)
      replacements.append(stored)
      gone[position] = true
    }
  }
}
