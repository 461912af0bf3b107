extension DiffJSONPatch {
  /// What fills one position of the new array.
  private enum Source {
    case inserted(Value)
    /// An element that kept its order relative to the others (its old index is found by order).
    case stayed(StateDiff.Change)
    case moved(from: Int, StateDiff.Change)

    var kind: ArraySlots.Kind {
      switch self {
      case .inserted: .inserted
      case .stayed: .stayed
      case .moved: .moved
      }
    }
  }

  /// Operations for an array: removals from the end, then, in new order, each inserted element
  /// `add`ed and each moved element `move`d once, straight to its place among the elements that
  /// stayed, with the changes inside an element right after it is in place (at the index it has
  /// then). The elements that kept their order never move, so a sort that moves one row is one
  /// `move` whichever way the row goes.
  ///
  /// ```text
  /// old [a b c d]  new [d a c]  (b removed, d moved)
  /// remove /1  → [a c d];  move /2 → /0  → [d a c]
  /// old [a b c d e]  new [a c d b e]  (b moved later)
  /// move /1 → /3  → [a c d b e]
  /// ```
  ///
  /// Indices come from a Fenwick tree over the places elements can be in (see `ArraySlots`): each
  /// operation costs O(log n), and unchanged elements cost nothing beyond the walk.
  func array(_ children: [StateDiff.Node], path: [String], new: [Value], into ops: inout [Operation]) {
    var sources: [Source] = []
    sources.reserveCapacity(new.count)
    var removed: [Int] = [], movedFrom = Set<Int>()
    var oldCount = 0
    for child in children {
      guard case let .element(old, _, _) = child.key else { continue }
      switch child.change {
      case let .unchanged(count):
        sources.append(contentsOf: repeatElement(.stayed(.unchanged(count: 1)), count: count))
        oldCount += count
      case let .inserted(value):
        sources.append(.inserted(value))
      case .removed:
        removed.append(old ?? 0)
        oldCount += 1
      case let .moved(from, _, inner):
        sources.append(.moved(from: from, inner))
        movedFrom.insert(from)
        oldCount += 1
      default:
        sources.append(.stayed(child.change))
        oldCount += 1
      }
    }
    for index in removed.sorted(by: >) {
      ops.append(.remove(path: JSONPointer(tokens: path + [String(index)])))
    }
    var slots = ArraySlots(
      sources: sources.map(\.kind), oldCount: oldCount, removed: Set(removed), movedFrom: movedFrom)
    for (j, source) in sources.enumerated() {
      // Paths are built only for positions that get an operation: most positions are unchanged.
      let inner: StateDiff.Change
      switch source {
      case let .inserted(value):
        let index = slots.place(j)
        ops.append(.add(path: JSONPointer(tokens: path + [String(index)]), value: encode(value)))
        continue
      case let .stayed(change):
        guard !change.isUnchanged else { continue }
        inner = change
      case let .moved(from, change):
        let at = slots.take(old: from)
        let index = slots.place(j)
        if at != index {
          ops.append(
            .move(from: JSONPointer(tokens: path + [String(at)]), path: JSONPointer(tokens: path + [String(index)])))
        }
        inner = change
      }
      if !inner.isUnchanged { change(inner, path: path + [String(slots.index(j))], new: new[j], into: &ops) }
    }
  }
}

/// The places an array's elements can be in while its patch applies, in array order: every new
/// position, and the old position of every moved element, each a slot that is filled or not. An
/// element's index at any moment is the number of filled slots before its own.
///
/// Between two elements that stay, the new positions of what is placed there come first, then the
/// old positions of the moved elements that were there: an element is placed right after the
/// element that precedes it in the new array, which is already in place (positions are filled in
/// new order) — so the array ends up in new order whatever was still to move.
///
/// ```text
/// old [a b c d e]  new [a c d b e]     slots: a  b(old)  c  d  b(new)  e
/// take b (index 1), place b (index 3): move /1 → /3
/// ```
struct ArraySlots {
  enum Kind {
    case inserted, stayed, moved
  }

  /// The slot of each new position.
  private var newSlot: [Int]
  /// The slot of each moved element's old position, by old index.
  private var oldSlot: [Int: Int]
  /// Counts of filled slots, as a Fenwick tree (1-based).
  private var tree: [Int]

  init(sources: [Kind], oldCount: Int, removed: Set<Int>, movedFrom: Set<Int>) {
    var newSlot: [Int] = [], oldSlot: [Int: Int] = [:], filled: [Bool] = []
    newSlot.reserveCapacity(sources.count)
    filled.reserveCapacity(sources.count + movedFrom.count)
    var old = 0
    /// Passes the old positions up to the next element that stayed (or the end), giving each
    /// moved element's a slot (filled); returns that element's old index.
    func nextStayed() -> Int {
      while old < oldCount, removed.contains(old) || movedFrom.contains(old) {
        if movedFrom.contains(old) {
          oldSlot[old] = filled.count
          filled.append(true)
        }
        old += 1
      }
      defer { old += 1 }
      return old
    }
    for kind in sources {
      switch kind {
      case .inserted, .moved:
        newSlot.append(filled.count)
        filled.append(false)
      case .stayed:
        _ = nextStayed()
        newSlot.append(filled.count)
        filled.append(true)
      }
    }
    _ = nextStayed()
    // Linear-time construction: each node adds its count to its parent.
    var tree = [0] + filled.map { $0 ? 1 : 0 }
    for node in 1..<tree.count {
      let parent = node + (node & -node)
      if parent < tree.count { tree[parent] += tree[node] }
    }
    self.newSlot = newSlot
    self.oldSlot = oldSlot
    self.tree = tree
  }

  /// The index the element of new position `j` has now (or would have, once placed).
  func index(_ j: Int) -> Int { filledBefore(newSlot[j]) }

  /// Fills new position `j`'s slot; returns the element's index there.
  mutating func place(_ j: Int) -> Int {
    add(1, at: newSlot[j])
    return index(j)
  }

  /// Empties the slot of the moved element at old index `old`; returns the index it had.
  mutating func take(old: Int) -> Int {
    let slot = oldSlot[old]!
    let index = filledBefore(slot)
    add(-1, at: slot)
    return index
  }

  private func filledBefore(_ slot: Int) -> Int {
    var sum = 0, node = slot
    while node > 0 {
      sum += tree[node]
      node -= node & -node
    }
    return sum
  }

  private mutating func add(_ delta: Int, at slot: Int) {
    var node = slot + 1
    while node < tree.count {
      tree[node] += delta
      node += node & -node
    }
  }
}
