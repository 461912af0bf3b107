extension DiffJSONPatch {
  /// What fills one position of the new array.
  private enum Source {
    case inserted(Value)
    /// An element that kept its order relative to the others; its old index is found by order.
    case stayed(StateDiff.Change)
    case moved(from: Int, StateDiff.Change)
  }

  /// Operations for an array: removals from the end, then each new position filled in order by an
  /// `add` or a `move` (from where the element is at that moment), then changes inside it.
  ///
  /// ```text
  /// old [a b c d]  new [d a c]  (b removed, d moved)
  /// remove /1  → [a c d];  move /2 → /0  → [d a c]
  /// ```
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
    // The array as it is now, as old indices (-1: added by this patch).
    let removedSet = Set(removed)
    var current = (0..<oldCount).filter { !removedSet.contains($0) }
    var stayed = current.filter { !movedFrom.contains($0) }.makeIterator()
    for (j, source) in sources.enumerated() {
      // Paths are built only for positions that get an operation: most positions are unchanged.
      let wanted: Int, inner: StateDiff.Change
      switch source {
      case let .inserted(value):
        ops.append(.add(path: JSONPointer(tokens: path + [String(j)]), value: encode(value)))
        current.insert(-1, at: j)
        continue
      case let .stayed(change):
        wanted = stayed.next() ?? -1
        inner = change
      case let .moved(from, change):
        wanted = from
        inner = change
      }
      if let at = current[j...].firstIndex(of: wanted), at != j {
        ops.append(.move(from: JSONPointer(tokens: path + [String(at)]), path: JSONPointer(tokens: path + [String(j)])))
        current.remove(at: at)
        current.insert(wanted, at: j)
      }
      if !inner.isUnchanged { change(inner, path: path + [String(j)], new: new[j], into: &ops) }
    }
  }
}
