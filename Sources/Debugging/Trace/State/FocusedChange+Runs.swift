/// The array diffs of `FocusedChange` (`reordered`, and the window between an array's untouched
/// ends that `identifiedWindow` matches by id) from the patch's `ElementRuns`, at the cost of the
/// operations instead of the array's length: the equal ends are found run by run, the elements
/// that stay by `IdentityMatcher.steps(matchedRuns:)`, each run of unchanged elements is one node,
/// and only the elements shown are read. Each gives exactly what the element-wise code gives, or
/// `nil` where it could differ (ids that repeat, an element missing an id, a patch that copies an
/// element next to its equal): the caller runs that code then.
extension FocusedChange {
  /// `reordered`, from runs.
  static func reorderedRuns(
    _ layout: ElementRunLayout, depth: Int, _ differ: ValueDiffer, path: String
  ) throws(JSONError) -> StateDiff.Change? {
    let count = layout.count, newCount = layout.elements.count, elements = layout.elements
    /// `reordered`'s `same`: whether the element at `j` after is the one at `i` before, unchanged.
    func same(_ i: Int, _ j: Int, origin: Int) -> Bool {
      if origin == i, !layout.isChanged(i) { return true }
      guard let before = layout.old[i], origin == i || origin < 0 else { return false }
      return before == elements[j]
    }
    // The equal ends, as `reordered` walks them (element by element), a run at a time.
    var prefix = 0
    prefixes: for piece in layout.pieces {
      guard prefix < count, prefix < newCount else { break }
      if piece.old < 0 || piece.old != piece.new {
        guard same(prefix, prefix, origin: piece.old < 0 ? -1 : piece.old) else { break }
        prefix += 1
        continue
      }
      let end = min(piece.new + piece.count, count, newCount)
      for index in layout.changed(in: piece.new..<end) where !same(index, index, origin: index) {
        prefix = index
        break prefixes
      }
      prefix = end
      guard end == piece.new + piece.count else { break }
    }
    let shift = count - newCount
    var suffix = 0
    suffixes: for piece in layout.pieces.reversed() {
      let limit = min(count - prefix, newCount - prefix)
      guard suffix < limit else { break }
      let j = newCount - 1 - suffix
      if piece.old < 0 || piece.old - piece.new != shift {
        guard same(j + shift, j, origin: layout.origin(ofNew: j)) else { break }
        suffix += 1
        continue
      }
      let low = max(piece.new, newCount - limit)
      for index in layout.changed(in: (low + shift)..<(j + shift + 1)).reversed()
      where !same(index, index - shift, origin: index) {
        suffix = count - 1 - index
        break suffixes
      }
      suffix = newCount - low
      guard low == piece.new else { break }
    }
    let a = prefix..<(count - suffix), b = prefix..<(newCount - suffix)
    let middle = layout.pieces(in: b)
    // The old elements taken away inside the window, by id, for the elements brought in.
    var removedByID: [Value: Int] = [:]
    if middle.contains(where: { $0.old < 0 }) {
      for index in layout.old.keys.sorted() where a.contains(index) && layout.newIndex(ofOld: index) == nil {
        // Of two taken away with one id, the later is matched (as `reordered` does).
        if let id = try identity(layout.old[index]!, path + "/\(index)") { removedByID[id] = index }
      }
    }
    var runs: [IdentityMatcher.MatchedRun] = []
    var claimed = Set<Int>()
    for piece in middle {
      if piece.old >= 0 {
        // An element from outside the window: `reordered` sees it as new (or out of range).
        guard a.contains(piece.old), piece.old + piece.count <= a.upperBound else { return nil }
        runs.append(.init(old: piece.old - prefix, count: piece.count))
        continue
      }
      var origin = -1
      if !removedByID.isEmpty, let id = try identity(elements[piece.new], path + "/\(piece.new)") {
        origin = removedByID[id] ?? -1
      }
      guard origin < 0 || claimed.insert(origin).inserted else { return nil }
      runs.append(.init(old: origin < 0 ? -1 : origin - prefix, count: 1))
    }
    func change(_ i: Int, _ j: Int) throws(JSONError) -> StateDiff.Change {
      if same(i, j, origin: layout.origin(ofNew: j)) { return .unchanged(count: 1) }
      guard let before = layout.old[i] else { return .unchanged(count: 1) }
      return differ.change(try value(before, path + "/\(i)"), try value(elements[j], path + "/\(j)"), depth: depth)
    }
    let reader = RunReader(
      change: change,
      newID: { j throws(JSONError) in try identity(elements[j], path + "/\(j)") },
      removed: { i throws(JSONError) in
        guard let before = layout.old[i] else { throw JSONError("at \(path): not an array", line: 0, column: 0) }
        return (try identity(before, path + "/\(i)"), try value(before, path + "/\(i)"))
      },
      inserted: { j throws(JSONError) in
        (try identity(elements[j], path + "/\(j)"), try value(elements[j], path + "/\(j)"))
      })
    return nested(
      .array,
      try nodes(
        IdentityMatcher.steps(matchedRuns: runs, oldCount: a.count), layout, prefix: prefix, suffix: suffix, reader))
  }

  /// What `identifiedWindow` gives (and the window's unchanged ends around it) for the window
  /// `prefix ..< count - suffix` of an array whose patch is `layout`; `nil` when an element of the
  /// compared part has no `id` or an id repeats there, or the runs do not map it onto itself.
  static func windowRuns(
    _ layout: ElementRunLayout, prefix outerPrefix: Int, suffix outerSuffix: Int, depth: Int, _ differ: ValueDiffer,
    path: String
  ) throws(JSONError) -> StateDiff.Change? {
    let count = layout.count, newCount = layout.elements.count, elements = layout.elements
    let oldWidth = count - outerPrefix - outerSuffix, newWidth = newCount - outerPrefix - outerSuffix
    /// Whether the elements at `i` before and `j` after are equal JSON (the same element is).
    func equal(_ i: Int, _ j: Int) -> Bool {
      if layout.old[i] == nil, layout.origin(ofNew: j) == i { return true }
      return layout.element(before: i) == elements[j]
    }
    // `identifiedWindow`'s equal ends inside the window: mostly one comparison each.
    var inner = 0
    while inner < oldWidth, inner < newWidth, equal(outerPrefix + inner, outerPrefix + inner) { inner += 1 }
    var innerSuffix = 0
    while innerSuffix < oldWidth - inner, innerSuffix < newWidth - inner,
      equal(count - outerSuffix - 1 - innerSuffix, newCount - outerSuffix - 1 - innerSuffix)
    {
      innerSuffix += 1
    }
    let prefix = outerPrefix + inner, suffix = outerSuffix + innerSuffix
    let a = prefix..<(count - suffix), b = prefix..<(newCount - suffix)
    let id = ElementRunLayout.id
    var runs: [IdentityMatcher.MatchedRun] = []
    if !a.isEmpty || !b.isEmpty {
      // Every id in the compared part, before: each must be there and once.
      guard var table = layout.idTable(before: a) else { return nil }
      var claimed = Set<Int>()
      for piece in layout.pieces(in: b) {
        if piece.old >= 0 {
          // The elements an untouched run holds are matched with themselves when they are in
          // the compared part on both sides.
          guard a.contains(piece.old), piece.old + piece.count <= a.upperBound else { return nil }
          runs.append(.init(old: piece.old - prefix, count: piece.count))
          continue
        }
        // An element brought in is matched with the one taken away that had its id, if any.
        let element = elements[piece.new]
        guard let hash = ElementIDTable.hash(ofElement: element) else { return nil }
        let insertion = table.insert(hash: hash, value: -1 - piece.new) { other in
          id(other >= 0 ? layout.element(before: other) : elements[-1 - other]) == id(element)
        }
        switch insertion {
        case .inserted:
          runs.append(.init(old: -1, count: 1))
        case let .found(match):
          guard match >= 0, layout.newIndex(ofOld: match) == nil, claimed.insert(match).inserted else { return nil }
          runs.append(.init(old: match - prefix, count: 1))
        case .crowded:
          return nil
        }
      }
      // An element of the compared part before that went outside it after is not matched there.
      for piece in layout.keptByOld where piece.old < a.upperBound && piece.old + piece.count > a.lowerBound {
        let first = max(piece.old, a.lowerBound), last = min(piece.old + piece.count, a.upperBound) - 1
        guard b.contains(piece.new + first - piece.old), b.contains(piece.new + last - piece.old) else { return nil }
      }
    }
    func newID(_ j: Int) throws(JSONError) -> Value? {
      guard let key = id(elements[j]) else { return nil }
      return try value(key, path + "/\(j)/id")
    }
    let reader = RunReader(
      change: { i, j throws(JSONError) in
        let before = layout.element(before: i)
        return before == elements[j]
          ? .unchanged(count: 1)
          : differ.change(try value(before, path + "/\(i)"), try value(elements[j], path + "/\(j)"), depth: depth)
      },
      newID: newID,
      removed: { i throws(JSONError) in
        let before = layout.element(before: i)
        return (
          try id(before).map { key throws(JSONError) in try value(key, path + "/\(i)/id") },
          try value(before, path + "/\(i)")
        )
      },
      inserted: { j throws(JSONError) in (try newID(j), try value(elements[j], path + "/\(j)")) })
    return nested(
      .array,
      try nodes(
        IdentityMatcher.steps(matchedRuns: runs, oldCount: a.count), layout, prefix: prefix, suffix: suffix, reader))
  }

  /// How the steps' elements are read: the change between the elements at `i` before and `j`
  /// after, the id of the element at `j` after, and the id and value of an element removed or
  /// inserted.
  struct RunReader {
    let change: (Int, Int) throws(JSONError) -> StateDiff.Change
    let newID: (Int) throws(JSONError) -> Value?
    let removed: (Int) throws(JSONError) -> (id: Value?, value: Value)
    let inserted: (Int) throws(JSONError) -> (id: Value?, value: Value)
  }

  /// The array's nodes: the unchanged ends, then the steps (indices from `prefix` on); a run of
  /// elements that stayed is one node but for those changed inside or brought in.
  private static func nodes(
    _ steps: [IdentityMatcher.RunStep], _ layout: ElementRunLayout, prefix: Int, suffix: Int, _ reader: RunReader
  ) throws(JSONError) -> [StateDiff.Node] {
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
    func shown(_ i: Int, _ j: Int) throws(JSONError) {
      let inner = try reader.change(i, j)
      nodes.append(.element(old: i, new: j, id: inner.isUnchanged ? nil : try reader.newID(j)), inner)
    }
    for step in steps {
      switch step {
      case let .stayed(old, new, count):
        let i = prefix + old, j = prefix + new
        if count == 1, layout.origin(ofNew: j) < 0 {
          try shown(i, j)
          continue
        }
        var start = 0
        for changed in layout.changed(in: i..<(i + count)) {
          let k = changed - i
          if k > start { nodes.append(.element(old: i + start, new: j + start, id: nil), .unchanged(count: k - start)) }
          try shown(changed, j + k)
          start = k + 1
        }
        if start < count {
          nodes.append(.element(old: i + start, new: j + start, id: nil), .unchanged(count: count - start))
        }
      case let .moved(old, new, count):
        for k in 0..<count {
          let i = prefix + old + k, j = prefix + new + k
          let inner = try reader.change(i, j)
          nodes.append(.element(old: i, new: j, id: try reader.newID(j)), .moved(from: i, to: j, change: inner))
        }
      case let .removed(old):
        let (id, value) = try reader.removed(prefix + old)
        nodes.append(.element(old: prefix + old, new: nil, id: id), .removed(value))
      case let .inserted(new):
        let (id, value) = try reader.inserted(prefix + new)
        nodes.append(.element(old: nil, new: prefix + new, id: id), .inserted(value))
      }
    }
    if suffix > 0 {
      nodes.append(
        .element(old: layout.count - suffix, new: layout.elements.count - suffix, id: nil), .unchanged(count: suffix))
    }
    return nodes.nodes
  }
}

extension ElementRunLayout {
  /// An element's `id` as `identifiedWindow` reads it: a structure's `id` member.
  static func id(_ element: JSON) -> JSON? {
    guard case let .object(members) = element else { return nil }
    return members.withContiguousStorageIfAvailable { members -> JSON? in
      guard let first = members.first, first.key == "$type" else { return nil }
      for member in members.dropFirst() where member.key == "id" { return member.value }
      return nil
    } ?? nil
  }

  /// The ids of the elements in `range` before the patch, each with its index; `nil` when one has
  /// no id or an id repeats (or too many share a hash). The untouched elements are read where they
  /// are now, run by run.
  func idTable(before range: Range<Int>) -> ElementIDTable? {
    var table = ElementIDTable(capacity: range.count + 1)
    for (index, element) in old where range.contains(index) && newIndex(ofOld: index) == nil {
      guard let hash = ElementIDTable.hash(ofElement: element),
        table.insert(hash: hash, value: index, isEqual: { Self.id(self.element(before: $0)) == Self.id(element) })
          == .inserted
      else { return nil }
    }
    // Elements a lazily read array still holds as text are hashed from their text, not parsed
    // (reading one makes it a tree; `trees` holds `.null` for it).
    let storage = elements.storage
    let ranges = storage.pending?.ranges ?? ChunkedArray()
    let text = UnsafeRawBufferPointer(storage.pending?.text.bytes ?? UnsafeBufferPointer(start: nil, count: 0))
    for piece in keptByOld where piece.old < range.upperBound && piece.old + piece.count > range.lowerBound {
      let first = max(piece.old, range.lowerBound), end = min(piece.old + piece.count, range.upperBound)
      let shift = piece.new - piece.old
      for index in first..<end {
        let position = index + shift
        let hash =
          ranges.isEmpty || ranges[position].isEmpty
          ? ElementIDTable.hash(ofElement: storage.trees[position])
          : ElementIDTable.hash(ofElementText: UnsafeRawBufferPointer(rebasing: text[ranges[position].range]))
        guard let hash,
          table.insert(
            hash: hash, value: index, isEqual: { Self.id(self.element(before: $0)) == Self.id(elements[position]) })
            == .inserted
        else { return nil }
      }
    }
    return table
  }

  /// The runs clipped to `range` (indices after the patch), in order.
  func pieces(in range: Range<Int>) -> [ElementRuns.Piece] {
    var clipped: [ElementRuns.Piece] = []
    guard !range.isEmpty else { return clipped }
    var low = 0, high = pieces.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if pieces[middle].new <= range.lowerBound { low = middle } else { high = middle - 1 }
    }
    for piece in pieces[low...] {
      guard piece.new < range.upperBound else { break }
      let start = max(piece.new, range.lowerBound), end = min(piece.new + piece.count, range.upperBound)
      guard start < end else { continue }
      clipped.append(.init(old: piece.old < 0 ? -1 : piece.old + start - piece.new, new: start, count: end - start))
    }
    return clipped
  }
}
