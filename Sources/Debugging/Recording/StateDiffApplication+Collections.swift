/// Sets and dictionaries rebuilt from their diff (`StateDiff.Change.apply(to:)`): the old members
/// or entries are walked with the diff's nodes (which list them in canonical order, as
/// `Value(reflecting:)` stores them), removed ones dropped, changed entries changed in place, and
/// inserted ones put at their place in that order by binary search. One id inserted into a set of
/// 20,000 moves the members after it, and reflects nothing.
///
/// ```swift
/// // .set(["a", "b", "c"]) with [unchanged(1), removed("b"), unchanged(1), inserted("ab")]
/// // → .set(["a", "ab", "c"])
/// ```
extension StateDiff.Change {
  /// `members` (in canonical order) changed by the nodes of a set's diff; `false` (and `members`
  /// half-changed) when the nodes do not fit them.
  static func applyMembers(_ children: [StateDiff.Node], to members: inout [Value]) -> Bool {
    var cursor = 0
    var removals: [Int] = []
    var insertions: [Value] = []
    for child in children {
      switch child.change {
      case let .unchanged(count):
        guard cursor + count <= members.count else { return false }
        cursor += count
      case let .removed(member):
        guard cursor < members.count, members[cursor] == member else { return false }
        removals.append(cursor)
        cursor += 1
      case let .inserted(member):
        insertions.append(member)
      default:
        return false
      }
    }
    guard cursor == members.count else { return false }
    remove(removals, from: &members)
    return insert(insertions, into: &members, by: { $0 })
  }

  /// `entries` (in canonical order of their keys) changed by the nodes of a dictionary's diff;
  /// `false` (and `entries` half-changed) when the nodes do not fit them.
  static func applyEntries(_ children: [StateDiff.Node], to entries: inout [Value.Entry]) -> Bool {
    var cursor = 0
    var removals: [Int] = []
    var insertions: [Value.Entry] = []
    for child in children {
      guard case let .entry(key) = child.key else { return false }
      switch child.change {
      case let .unchanged(count):
        guard cursor + count <= entries.count else { return false }
        cursor += count
      case .removed:
        guard cursor < entries.count, entries[cursor].key == key else { return false }
        removals.append(cursor)
        cursor += 1
      case let .inserted(value):
        insertions.append(Value.Entry(key, value))
      default:
        guard cursor < entries.count, entries[cursor].key == key, child.change.apply(to: &entries[cursor].value)
        else { return false }
        cursor += 1
      }
    }
    guard cursor == entries.count else { return false }
    remove(removals, from: &entries)
    return insert(insertions, into: &entries, by: \.key)
  }

  /// Removes the elements at `indices` (ascending): one by one from the end when they are few,
  /// else in one pass.
  private static func remove<Element>(_ indices: [Int], from elements: inout [Element]) {
    guard indices.count > 16 else {
      for index in indices.reversed() { elements.remove(at: index) }
      return
    }
    var next = 0, kept = 0
    for index in elements.indices {
      if next < indices.count, indices[next] == index {
        next += 1
        continue
      }
      if kept != index { elements.swapAt(kept, index) }
      kept += 1
    }
    elements.removeSubrange(kept...)
  }

  /// Puts each of `insertions` where the canonical order of `key` places it among `elements`
  /// (sorted in it); `false` when one is there already.
  private static func insert<Element>(
    _ insertions: [Element], into elements: inout [Element], by key: (Element) -> Value
  ) -> Bool {
    func place(_ element: Element) -> Int? {
      let wanted = key(element)
      let place = Value.canonicalPlace(of: wanted, in: elements, by: key)
      return place < elements.count && key(elements[place]) == wanted ? nil : place
    }
    guard insertions.count > 16 else {
      for element in insertions {
        guard let index = place(element) else { return false }
        elements.insert(element, at: index)
      }
      return true
    }
    // Many: merged in one pass, in their canonical order.
    let sorted = insertions.sorted { Value.canonicallyPrecedes(key($0), key($1)) }
    var merged: [Element] = []
    merged.reserveCapacity(elements.count + sorted.count)
    var next = 0
    for element in sorted {
      let wanted = key(element)
      while next < elements.count, Value.canonicallyPrecedes(key(elements[next]), wanted) {
        merged.append(elements[next])
        next += 1
      }
      if next < elements.count, key(elements[next]) == wanted { return false }
      if let last = merged.last, key(last) == wanted { return false }
      merged.append(element)
    }
    merged.append(contentsOf: elements[next...])
    elements = merged
    return true
  }
}
