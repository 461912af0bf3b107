/// The array diffs `FocusedChange` takes from a patch: an element moved on its own, elements
/// reordered (with adds, removes and changes), and the window between an array's untouched ends,
/// matched by id. Each gives the nodes `ArrayDiffer` gives for the whole arrays.
extension FocusedChange {
  /// The nodes `identifiedWindow` gives when the one element at `from` moved to `to` (at least
  /// two places away, so no other element could be the one that moved) and the others kept their
  /// order: a run of unchanged elements on each side of the move, whatever its length.
  static func movedElement(
    from: Int, to: Int, count: Int, old: JSON, new elements: JSONElements, depth: Int, _ differ: ValueDiffer,
    path: String
  ) throws(JSONError) -> StateDiff.Change {
    guard to < elements.count, elements.count == count else {
      throw JSONError("at \(path): not an array", line: 0, column: 0)
    }
    let new = elements[to]
    let inner =
      old == new
      ? StateDiff.Change.unchanged(count: 1)
      : differ.change(try value(old, path + "/\(from)"), try value(new, path + "/\(to)"), depth: depth)
    let id = try identity(new, path + "/\(to)")
    let moved = StateDiff.Node(
      key: .element(old: from, new: to, id: id), change: .moved(from: from, to: to, change: inner))
    var nodes = NodeList()
    if from < to {
      // Elements from + 1 … to shift back by one; the first unchanged run starts with them when
      // nothing comes before the moved element.
      nodes.append(
        from > 0 ? .element(old: 0, new: 0, id: nil) : .element(old: 1, new: 0, id: nil), .unchanged(count: to))
      nodes.append(moved.key, moved.change)
      if to < count - 1 { nodes.append(.element(old: to + 1, new: to + 1, id: nil), .unchanged(count: count - 1 - to)) }
    } else {
      if to > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: to)) }
      nodes.append(moved.key, moved.change)
      nodes.append(.element(old: to, new: to + 1, id: nil), .unchanged(count: count - 1 - to))
    }
    return nested(.array, nodes.nodes)
  }

  /// What `identifiedWindow` gives for an array the patch reordered, from where each element came
  /// from instead of from every element's id: untouched elements are matched with themselves, and
  /// only the elements the patch brought are matched by id with those it took away. A patch that
  /// moves elements within an array comes from a recorder that matched them by id, so the ids are
  /// unique; the longest run of elements that kept their order is found on the indices alone.
  static func reordered(
    _ origins: ElementOrigins, count: Int, old: [Int: JSON], removed: Set<Int>, new elements: JSONElements, depth: Int,
    _ differ: ValueDiffer, path: String
  ) throws(JSONError) -> StateDiff.Change {
    let from = origins.origins, newCount = elements.count
    var changedInside: [Bool] = []
    if !origins.changedInside.isEmpty {
      changedInside = [Bool](repeating: false, count: count)
      for index in origins.changedInside { changedInside[index] = true }
    }
    /// Whether the element at `j` after is the one at `i` before, unchanged.
    func same(_ i: Int, _ j: Int) -> Bool {
      let origin = from[j]
      if origin == i, changedInside.isEmpty || !changedInside[i] { return true }
      guard let before = old[i], origin == i || origin < 0 else { return false }
      return before == elements[j]
    }
    var prefix = 0
    while prefix < count, prefix < newCount, same(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < count - prefix, suffix < newCount - prefix, same(count - 1 - suffix, newCount - 1 - suffix) {
      suffix += 1
    }
    let a = prefix..<(count - suffix), b = prefix..<(newCount - suffix)
    // The old elements taken away inside the window, by id, for the elements brought in.
    var removedByID: [Value: Int] = [:]
    if b.contains(where: { from[$0] < 0 }) {
      // In order, so that of two taken away with one id the later is matched, whatever the set's order.
      for index in removed.sorted() where a.contains(index) {
        if let element = old[index], let id = try identity(element, path + "/\(index)") { removedByID[id] = index }
      }
    }
    var matchedOld: [Int] = []
    matchedOld.reserveCapacity(b.count)
    for j in b {
      var origin = from[j]
      if origin < 0, !removedByID.isEmpty, let id = try identity(elements[j], path + "/\(j)") {
        origin = removedByID[id] ?? -1
      }
      matchedOld.append(origin < 0 ? -1 : origin - prefix)
    }
    func change(_ i: Int, _ j: Int) throws(JSONError) -> StateDiff.Change {
      if same(i, j) { return .unchanged(count: 1) }
      guard let before = old[i] else { return .unchanged(count: 1) }
      return differ.change(try value(before, path + "/\(i)"), try value(elements[j], path + "/\(j)"), depth: depth)
    }
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
    // Elements that stayed unchanged are counted and appended as one run (as `NodeList` would
    // merge them one by one).
    var run: (key: StateDiff.Key, count: Int)?
    func flush() {
      if let (key, count) = run { nodes.append(key, .unchanged(count: count)) }
      run = nil
    }
    for step in IdentityMatcher.steps(matchedOld: matchedOld, oldCount: a.count) {
      if case let .stayed(i, j) = step, same(prefix + i, prefix + j) {
        if run == nil { run = (.element(old: prefix + i, new: prefix + j, id: nil), 0) }
        run!.count += 1
        continue
      }
      flush()
      switch step {
      case let .stayed(i, j):
        let inner = try change(prefix + i, prefix + j)
        let id = inner.isUnchanged ? nil : try identity(elements[prefix + j], path + "/\(prefix + j)")
        nodes.append(.element(old: prefix + i, new: prefix + j, id: id), inner)
      case let .moved(i, j):
        let inner = try change(prefix + i, prefix + j)
        nodes.append(
          .element(old: prefix + i, new: prefix + j, id: try identity(elements[prefix + j], path + "/\(prefix + j)")),
          .moved(from: prefix + i, to: prefix + j, change: inner))
      case let .removed(i):
        guard let before = old[prefix + i] else { throw JSONError("at \(path): not an array", line: 0, column: 0) }
        nodes.append(
          .element(old: prefix + i, new: nil, id: try identity(before, path + "/\(prefix + i)")),
          .removed(try value(before, path + "/\(prefix + i)")))
      case let .inserted(j):
        nodes.append(
          .element(old: nil, new: prefix + j, id: try identity(elements[prefix + j], path + "/\(prefix + j)")),
          .inserted(try value(elements[prefix + j], path + "/\(prefix + j)")))
      }
    }
    flush()
    if suffix > 0 { nodes.append(.element(old: a.upperBound, new: b.upperBound, id: nil), .unchanged(count: suffix)) }
    return nested(.array, nodes.nodes)
  }

  /// An array of `count` elements whose element at `index` (`element`, its new value) changed as
  /// `inside` and no other did: the runs before and after it unchanged. The array differ matches a
  /// lone changed element by id when it has one (docs: ArrayDiffer); a patch taken this way never
  /// touches an `id`, so it is the same on both sides. Only the id becomes a `Value`; an element
  /// not in the value form gives its error, as its `Value` would. `path`: the element's pointer.
  static func loneElement(_ element: JSON, at index: Int, of count: Int, changed inside: StateDiff.Change, path: String)
    throws(JSONError) -> StateDiff.Change
  {
    var nodes = NodeList(capacity: 3)
    if index > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: index)) }
    let id: Value?
    if inside.isUnchanged {
      id = nil
    } else if Value.isInForm(element) {
      id = try identity(element, path)
    } else {
      id = try value(element, path).elementID
    }
    nodes.append(.element(old: index, new: index, id: id), inside)
    let after = count - index - 1
    if after > 0 { nodes.append(.element(old: index + 1, new: index + 1, id: nil), .unchanged(count: after)) }
    return nested(.array, nodes.nodes)
  }

  /// An element's identity as the array differ reads it (`Value.elementID`): its `$id` (a computed
  /// `id`), else its `id` field; `nil` when it has neither.
  static func identity(_ element: JSON, _ path: @autoclosure () -> String) throws(JSONError) -> Value? {
    guard case let .object(members) = element else { return nil }
    guard members.first?.key == "$type" else {
      // An enum case or a tuple: its payload's `id`, as `Value.elementID` reads it.
      return try value(element, path()).elementID
    }
    if let id = members.first(where: { $0.key == Value.identityLabel }) ?? members.first(where: { $0.key == "id" }) {
      return try value(id.value, path() + "/" + id.key)
    }
    return nil
  }

  /// Whether `element` is a structure with an id, stored (`id`) or computed (`$id`): what the
  /// array differ matches it by.
  static func hasIdentity(_ element: JSON) -> Bool {
    guard case let .object(members) = element, members.first?.key == "$type" else { return false }
    return members.contains { $0.key == "id" || $0.key == Value.identityLabel }
  }

  /// `ArrayDiffer.diff` of two windows of structures with an `id`, on their JSON: equal ends are
  /// skipped by comparing JSON, elements are matched by their ids (only the ids become `Value`s),
  /// and only elements that differ, come or go are turned into `Value`s — a long run of elements
  /// that only shifted (a sort moving one row) costs a comparison each. `nil` when an element is not
  /// a structure with an `id`, or an id repeats: the array differ on `Value`s decides then.
  static func identifiedWindow(
    _ old: [JSON], _ new: [JSON], depth: Int, _ differ: ValueDiffer, path: String, offset: Int
  ) throws(JSONError) -> [StateDiff.Node]? {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = prefix..<(old.count - suffix), b = prefix..<(new.count - suffix)
    // Elements are matched by their ids as JSON (hashing a UUID's text is much cheaper than
    // reading it); an id becomes a `Value` only for a node that shows it.
    func id(_ element: JSON) -> JSON? {
      guard case let .object(members) = element, members.first?.key == "$type" else { return nil }
      return members.first(where: { $0.key == "id" })?.value
    }
    var oldIDs: [JSON] = [], newIDs: [JSON] = []
    var oldKeys: [IDKey] = [], newKeys: [IDKey] = []
    oldIDs.reserveCapacity(a.count)
    newIDs.reserveCapacity(b.count)
    oldKeys.reserveCapacity(a.count)
    newKeys.reserveCapacity(b.count)
    for i in a {
      guard let id = id(old[i]) else { return nil }
      oldIDs.append(id)
      oldKeys.append(IDKey(id))
    }
    for j in b {
      guard let id = id(new[j]) else { return nil }
      newIDs.append(id)
      newKeys.append(IDKey(id))
    }
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
    if !(oldIDs.isEmpty && newIDs.isEmpty) {
      let steps: [IdentityMatcher.Step]
      if oldKeys == newKeys {
        // Every element kept its place (changes inside elements only): all stay, if no id repeats.
        var seen = Set<IDKey>(minimumCapacity: oldKeys.count)
        for key in oldKeys where !seen.insert(key).inserted { return nil }
        steps = oldKeys.indices.map { .stayed($0, $0) }
      } else {
        guard let matched = IdentityMatcher.steps(old: oldKeys, new: newKeys) else { return nil }
        steps = matched
      }
      let o = a.lowerBound, n = b.lowerBound
      func change(_ i: Int, _ j: Int) throws(JSONError) -> StateDiff.Change {
        old[i] == new[j]
          ? .unchanged(count: 1)
          : differ.change(
            try value(old[i], path + "/\(offset + i)"), try value(new[j], path + "/\(offset + j)"), depth: depth)
      }
      func newID(_ j: Int) throws(JSONError) -> Value { try value(newIDs[j], path + "/\(offset + n + j)/id") }
      for step in steps {
        switch step {
        case let .stayed(i, j):
          let inner = try change(o + i, n + j)
          // An unchanged element's key loses its id in `NodeList`: read it only when shown.
          nodes.append(.element(old: o + i, new: n + j, id: inner.isUnchanged ? nil : try newID(j)), inner)
        case let .moved(i, j):
          let inner = try change(o + i, n + j)
          nodes.append(
            .element(old: o + i, new: n + j, id: try newID(j)), .moved(from: o + i, to: n + j, change: inner))
        case let .removed(i):
          nodes.append(
            .element(old: o + i, new: nil, id: try value(oldIDs[i], path + "/\(offset + o + i)/id")),
            .removed(try value(old[o + i], path + "/\(offset + o + i)")))
        case let .inserted(j):
          nodes.append(
            .element(old: nil, new: n + j, id: try newID(j)),
            .inserted(try value(new[n + j], path + "/\(offset + n + j)"))
          )
        }
      }
    }
    if suffix > 0 { nodes.append(.element(old: a.upperBound, new: b.upperBound, id: nil), .unchanged(count: suffix)) }
    return nodes.nodes
  }

  /// An element's id as a hash key: a UUID's or a string's text and an integer hash as themselves
  /// (much cheaper than hashing the JSON), any other id as its JSON. Equal exactly when the JSON is.
  enum IDKey: Hashable {
    case uuid(String)
    case string(String)
    case int(Int64)
    case json(JSON)

    init(_ id: JSON) {
      switch id {
      case let .string(text): self = .string(text)
      case let .int(number): self = .int(number)
      case let .object(members) where members.count == 1 && members[0].key == "$uuid":
        if case let .string(text) = members[0].value { self = .uuid(text) } else { self = .json(id) }
      default: self = .json(id)
      }
    }
  }
}
