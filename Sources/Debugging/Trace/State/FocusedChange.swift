/// The difference an action's patch makes, built from the patch and the few nodes it touches
/// instead of from two whole states: taken from the state before the patch applies (it keeps only
/// the old values of the touched places and, for an array, the elements between the untouched
/// ends), then diffed against the state after. The diff is exactly `stateDiff` of the two whole
/// states: the untouched elements at an array's ends are equal on both sides, so the array differ
/// would skip them as an equal prefix and suffix anyway.
///
/// ```swift
/// guard let change = FocusedChange(patch: action.patch, before: state) else { … }  // the slow way
/// try action.patch.apply(to: &state)   // in place: the capture holds no reference to the arrays
/// let diff = try change.diff(after: state)
/// ```
///
/// `nil` when the patch could change an object's shape (a member added or removed, an `id` or a
/// `$` marker touched, see `PatchTouches`) or does not fit the state: compare the whole states then.
package struct FocusedChange {
  private indirect enum Capture {
    /// The old value of a place that changed as a whole.
    case whole(JSON)
    /// An object, by the members that changed inside.
    case object([String: Capture])
    /// An array where one element changed inside: that element.
    case element(index: Int, Capture)
    /// An array's elements between its untouched ends (`prefix` and `suffix` of them).
    case window(prefix: Int, suffix: Int, elements: [JSON])
    /// An array of identified elements where one element moved (and maybe changed inside) and the
    /// others kept their order: the element as it was.
    case moved(from: Int, to: Int, count: Int, element: JSON)
    /// An array of identified elements that the patch reordered (and maybe added to, removed from
    /// and changed inside): where each element comes from, and the old elements that the diff
    /// reads (removed, replaced, changed inside).
    case reordered(ElementOrigins, count: Int, old: [Int: JSON], removed: Set<Int>)
  }

  private let touches: PatchTouches
  private let capture: Capture

  package init?(patch: JSONPatch, before state: JSON?) {
    guard let state, let touches = PatchTouches(patch), let capture = Self.capture(state, touches.root) else {
      return nil
    }
    self.touches = touches
    self.capture = capture
  }

  private static func capture(_ value: JSON, _ node: PatchTouches.Node) -> Capture? {
    if node.operations > 0 { return .whole(value) }
    switch value {
    case let .object(members):
      // A member added or removed (a dictionary key such as "2" reads like an index) changes the
      // object's shape: the whole states are diffed.
      guard !node.addsOrRemovesChildren else { return nil }
      var captured: [String: Capture] = [:]
      for (key, child) in node.children {
        guard let member = members.first(where: { $0.key == key }), let inner = capture(member.value, child) else {
          return nil
        }
        captured[key] = inner
      }
      return .object(captured)
    case let .array(elements):
      if let (index, child) = node.onlyElementChangedInside {
        guard index < elements.count, let inner = capture(elements[index], child) else { return nil }
        return .element(index: index, inner)
      }
      if let (from, to) = node.onlyElementMoved, from < elements.count, to < elements.count,
        Self.hasStoredID(elements[from])
      {
        return .moved(from: from, to: to, count: elements.count, element: elements[from])
      }
      if let origins = node.elementOrigins(count: elements.count) {
        var present = [Bool](repeating: false, count: elements.count)
        for origin in origins.origins where origin >= 0 { present[origin] = true }
        var old: [Int: JSON] = [:], removed = Set<Int>()
        for index in elements.indices where !present[index] {
          old[index] = elements[index]
          removed.insert(index)
        }
        for index in origins.changedInside { old[index] = elements[index] }
        return .reordered(origins, count: elements.count, old: old, removed: removed)
      }
      guard let (prefix, suffix) = node.untouchedEnds(count: elements.count) else { return nil }
      // A copy of the window's elements: a slice (or `Array` of a slice that spans the whole array,
      // which reuses its buffer) would keep the array shared, and the patch would copy it.
      let window = elements[prefix..<(elements.count - suffix)]
      var copy: [JSON] = []
      copy.reserveCapacity(window.count)
      for element in window { copy.append(element) }
      return .window(prefix: prefix, suffix: suffix, elements: copy)
    default:
      return nil
    }
  }

  /// The diff from the state captured to `state`, the state once the patch applied. Throws when a
  /// value the diff needs is not in the trace's value form.
  package func diff(after state: JSON) throws(JSONError) -> StateDiff {
    let differ = ValueDiffer()
    return StateDiff(
      root: .init(key: .root, change: try change(capture, state, touches.root, depth: 0, differ, path: "")))
  }

  private func change(
    _ old: Capture, _ new: JSON, _ node: PatchTouches.Node, depth: Int, _ differ: ValueDiffer, path: String
  ) throws(JSONError) -> StateDiff.Change {
    switch old {
    case let .whole(value):
      let a = try Self.value(value, path), b = try Self.value(new, path)
      // A secret replaced by another: the patch replaces it with the same `$redacted` marker.
      if case .redacted = a, a == b { return .replaced(old: a, new: b) }
      return differ.change(a, b, depth: depth)
    case let .object(captured):
      guard case let .object(members) = new else { throw JSONError("at \(path): not an object", line: 0, column: 0) }
      return try object(captured, members.array, node, depth: depth, differ, path: path)
    case let .element(index, inner):
      guard case let .array(elements) = new, index < elements.count, let child = node.children.first?.value else {
        throw JSONError("at \(path): not an array", line: 0, column: 0)
      }
      let element = elements[index]
      let inside = try change(inner, element, child, depth: depth + 1, differ, path: path + "/\(index)")
      var nodes = NodeList()
      if index > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: index)) }
      // The array differ matches a lone changed element by id when it has one (docs: ArrayDiffer).
      // (A patch taken this way never touches an `id`, so it is the same on both sides.)
      let id = inside.isUnchanged ? nil : try Self.value(element, path + "/\(index)").elementID
      nodes.append(.element(old: index, new: index, id: id), inside)
      let after = elements.count - index - 1
      if after > 0 { nodes.append(.element(old: index + 1, new: index + 1, id: nil), .unchanged(count: after)) }
      return Self.nested(.array, nodes.nodes)
    case let .moved(from, to, count, element):
      guard case let .array(elements) = new else { throw JSONError("at \(path): not an array", line: 0, column: 0) }
      return try Self.movedElement(
        from: from, to: to, count: count, old: element, new: elements, depth: depth + 1, differ, path: path)
    case let .reordered(origins, count, oldElements, removed):
      guard case let .array(elements) = new, elements.count == origins.origins.count else {
        throw JSONError("at \(path): not an array", line: 0, column: 0)
      }
      return try Self.reordered(
        origins, count: count, old: oldElements, removed: removed, new: elements, depth: depth + 1, differ, path: path)
    case let .window(prefix, suffix, oldElements):
      guard case let .array(elements) = new, prefix + suffix <= elements.count else {
        throw JSONError("at \(path): not an array", line: 0, column: 0)
      }
      let newElements = Array(elements[prefix..<(elements.count - suffix)])
      let inner: [StateDiff.Node]
      if let identified = try Self.identifiedWindow(
        oldElements, newElements, depth: depth + 1, differ, path: path, offset: prefix)
      {
        inner = identified
      } else {
        let a = try oldElements.enumerated().map { (i, e) throws(JSONError) in
          try Self.value(e, path + "/\(prefix + i)")
        }
        let b = try newElements.enumerated().map { (i, e) throws(JSONError) in
          try Self.value(e, path + "/\(prefix + i)")
        }
        inner = ArrayDiffer(differ: differ, depth: depth + 1).diff(a, b)
      }
      var nodes = NodeList()
      if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
      for node in inner {
        nodes.append(Self.shifted(node.key, by: prefix), Self.shifted(node.change, by: prefix))
      }
      if suffix > 0 {
        nodes.append(
          .element(old: prefix + oldElements.count, new: elements.count - suffix, id: nil), .unchanged(count: suffix))
      }
      return Self.nested(.array, nodes.nodes)
    }
  }

  /// The nodes `identifiedWindow` gives when the one element at `from` moved to `to` (at least
  /// two places away, so no other element could be the one that moved) and the others kept their
  /// order: a run of unchanged elements on each side of the move, whatever its length.
  private static func movedElement(
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
  private static func reordered(
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
      for index in removed where a.contains(index) {
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

  /// An element's identity as the array differ reads it (`Value.elementID`): its `$id` (a computed
  /// `id`), else its `id` field; `nil` when it has neither.
  private static func identity(_ element: JSON, _ path: @autoclosure () -> String) throws(JSONError) -> Value? {
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

  /// Whether `element` is a structure with a stored `id` (what `identifiedWindow` matches by).
  private static func hasStoredID(_ element: JSON) -> Bool {
    guard case let .object(members) = element, members.first?.key == "$type" else { return false }
    return members.contains { $0.key == "id" }
  }

  /// `ArrayDiffer.diff` of two windows of structures with an `id`, on their JSON: equal ends are
  /// skipped by comparing JSON, elements are matched by their ids (only the ids become `Value`s),
  /// and only elements that differ, come or go are turned into `Value`s — a long run of elements
  /// that only shifted (a sort moving one row) costs a comparison each. `nil` when an element is not
  /// a structure with an `id`, or an id repeats: the array differ on `Value`s decides then.
  private static func identifiedWindow(
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
  private enum IDKey: Hashable {
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

  /// A structure, an enum case or a dictionary with `String` keys (the only objects whose inside
  /// a `PatchTouches` patch reaches without changing their shape), member by member.
  private func object(
    _ captured: [String: Capture], _ members: [JSON.Member], _ node: PatchTouches.Node, depth: Int,
    _ differ: ValueDiffer, path: String
  ) throws(JSONError) -> StateDiff.Change {
    func fields(
      _ fields: ArraySlice<JSON.Member>, labelled: Bool, _ captured: [String: Capture], _ node: PatchTouches.Node,
      path: String
    ) throws(JSONError) -> [StateDiff.Node] {
      var nodes = NodeList()
      for (position, member) in fields.enumerated() {
        let label = !labelled && member.key == "_\(position)" ? nil : member.key
        guard let old = captured[member.key], let child = node.children[member.key] else {
          // A computed `id` (`$id`) is a node only when it changed, as in `ValueDiffer`.
          if member.key != Value.identityLabel {
            nodes.append(.field(label: label, position: position), .unchanged(count: 1))
          }
          continue
        }
        nodes.append(
          .field(label: label, position: position),
          try change(old, member.value, child, depth: depth + 1, differ, path: path + "/" + member.key))
      }
      return nodes.nodes
    }
    guard let first = members.first, first.key.utf8.first == UInt8(ascii: "$") else {
      var nodes = NodeList()
      for member in members {
        guard let old = captured[member.key], let child = node.children[member.key] else {
          nodes.append(.entry(key: .string(member.key)), .unchanged(count: 1))
          continue
        }
        nodes.append(
          .entry(key: .string(member.key)),
          try change(old, member.value, child, depth: depth + 1, differ, path: path + "/" + member.key))
      }
      return Self.nested(.dictionary, nodes.nodes)
    }
    switch (first.key, first.value) {
    case let ("$type", .string(type)):
      return Self.nested(
        .structure(type: type), try fields(members.dropFirst(), labelled: true, captured, node, path: path))
    case let ("$enum", .string(type)) where members.count == 2:
      let payload = members[1]
      guard case let .object(values) = payload.value, case let .object(inner)? = captured[payload.key],
        let child = node.children[payload.key]
      else {
        throw JSONError("at \(path): unexpected enum shape", line: 0, column: 0)
      }
      return Self.nested(
        .enumCase(type: type, name: payload.key),
        try fields(values[...], labelled: false, inner, child, path: path + "/" + payload.key))
    default:
      throw JSONError("at \(path): unexpected marker \(first.key)", line: 0, column: 0)
    }
  }

  private static func nested(_ shape: StateDiff.Shape, _ nodes: [StateDiff.Node]) -> StateDiff.Change {
    nodes.allSatisfy(\.change.isUnchanged) ? .unchanged(count: 1) : .nested(shape, nodes)
  }

  private static func shifted(_ key: StateDiff.Key, by offset: Int) -> StateDiff.Key {
    guard case let .element(old, new, id) = key else { return key }
    return .element(old: old.map { $0 + offset }, new: new.map { $0 + offset }, id: id)
  }

  private static func shifted(_ change: StateDiff.Change, by offset: Int) -> StateDiff.Change {
    guard case let .moved(from, to, inner) = change else { return change }
    return .moved(from: from + offset, to: to + offset, change: inner)
  }

  /// The `Value` of a part of the state; an error names its place in the state.
  /// (`path` is built only for the error: it is asked for every element an array diff reads.)
  private static func value(_ json: JSON, _ path: @autoclosure () -> String) throws(JSONError) -> Value {
    do {
      return try Value(json: json)
    } catch {
      let path = path()
      guard !path.isEmpty, error.message.hasPrefix("at /") else { throw error }
      let rest = error.message.dropFirst(3)
      return try { () throws(JSONError) -> Value in
        throw JSONError(
          "at " + path + (rest.hasPrefix("/:") ? String(rest.dropFirst()) : String(rest)), line: 0, column: 0)
      }()
    }
  }
}
