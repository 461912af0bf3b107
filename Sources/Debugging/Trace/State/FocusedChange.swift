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
/// An array the patch reorders, adds to or removes from is diffed from where its elements come
/// from as runs (`ElementRuns`, `FocusedChange+Runs.swift`): unchanged stretches are one node each
/// and only the elements shown are read, at the cost of the operations (a window between the
/// untouched ends still has its ids checked for repeats, one hash each). Where the runs could give
/// another diff (ids that repeat, a copy next to its equal) the element-wise code decides.
///
/// `nil` when the patch could change an object's shape (a member added or removed, an `id` or a
/// `$` marker touched, see `PatchTouches`), does not fit the state, or replaces a value with one
/// that reads the same (a secret by another) inside an array it also adds to, removes from or
/// reorders: compare the whole states then (`PatchFocus`, `ReplacedPlaces`).
package struct FocusedChange {
  private indirect enum Capture {
    /// The old value of a place that changed as a whole.
    case whole(JSON)
    /// An object, by the members that changed inside.
    case object(CapturedMembers<Capture>)
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
    /// `reordered` as runs (`ElementRuns`): the old elements the patch removed or changed inside.
    case reorderedRuns(ElementRuns, count: Int, old: [Int: JSON])
    /// `window` as runs, a patch's moves taken as removals and insertions: the old elements the
    /// patch removed or changed inside (the others are in the array after it).
    case windowRuns(prefix: Int, suffix: Int, ElementRuns, count: Int, old: [Int: JSON])
  }

  private let touches: PatchTouches
  private let capture: Capture

  /// How the elements of a reordered array or an array's window are matched: from the patch's
  /// runs (`ElementRuns`, the cost of the operations, falling back to the elements where those
  /// could give another diff), or element by element (the array's length; what the runs must give).
  package enum ArrayMatching: Sendable {
    /// By runs where the elements compared are many (`runsFrom` or more), else element by element.
    case automatic
    /// By runs wherever the patch allows (for tests).
    case runs
    case elements

    /// The fewest elements compared (a window's, or a reordered array's) that are matched by runs:
    /// below, the element-wise walk costs less than building the runs.
    static let runsFrom = 48

    fileprivate var minimumForRuns: Int? {
      switch self {
      case .automatic: Self.runsFrom
      case .runs: 0
      case .elements: nil
      }
    }
  }

  package init?(patch: JSONPatch, before state: JSON?, arrays matching: ArrayMatching = .automatic) {
    guard let state, let touches = PatchTouches(patch),
      let capture = Self.capture(state, touches.root, runsFrom: matching.minimumForRuns),
      !patch.operations.contains(where: { Self.hidesInsideElements(capture, $0) })
    else {
      return nil
    }
    self.touches = touches
    self.capture = capture
  }

  /// Whether `operation` replaces a place inside elements that the diff from `capture` compares
  /// as they read (an array's window, a reordered array) with a value that hides something
  /// (`ReplacedPlaces`): a secret replaced by another would read as unchanged there.
  private static func hidesInsideElements(_ capture: Capture, _ operation: JSONPatch.Operation) -> Bool {
    guard case let .replace(pointer, value) = operation else { return false }
    return !keepsWhole(capture, pointer.tokens[...]) && ReplacedPlaces.hides(value)
  }

  /// Whether the diff from `capture` shows the place `tokens` names as it was before and after:
  /// reached through members and lone elements changed inside, to a value captured whole.
  private static func keepsWhole(_ capture: Capture, _ tokens: ArraySlice<String>) -> Bool {
    switch capture {
    case .whole:
      return true
    case let .object(members):
      guard let token = tokens.first, let inner = members[token] else { return false }
      return keepsWhole(inner, tokens.dropFirst())
    case let .element(index, inner):
      guard tokens.first == String(index) else { return false }
      return keepsWhole(inner, tokens.dropFirst())
    default:
      return false
    }
  }

  /// `runsFrom`: the fewest elements compared that are matched by runs (`nil`: never).
  private static func capture(_ value: JSON, _ node: PatchTouches.Node, runsFrom: Int?) -> Capture? {
    if node.operations > 0 { return .whole(value) }
    switch value {
    case let .object(members):
      // A member added or removed (a dictionary key such as "2" reads like an index) changes the
      // object's shape: the whole states are diffed.
      guard !node.addsOrRemovesChildren else { return nil }
      var captured = CapturedMembers<Capture>()
      for (key, child) in node.children {
        guard let member = members.first(where: { $0.key == key }),
          let inner = capture(member.value, child, runsFrom: runsFrom)
        else {
          return nil
        }
        captured[key] = inner
      }
      return .object(captured)
    case let .array(elements):
      if let (index, child) = node.onlyElementChangedInside {
        guard index < elements.count, let inner = capture(elements[index], child, runsFrom: runsFrom) else {
          return nil
        }
        return .element(index: index, inner)
      }
      if let (from, to) = node.onlyElementMoved, from < elements.count, to < elements.count,
        Self.hasIdentity(elements[from])
      {
        return .moved(from: from, to: to, count: elements.count, element: elements[from])
      }
      // Elements are matched by id only when they have one (a hand-made patch may move strings):
      // the whole states are diffed otherwise.
      if let runsFrom, elements.count >= runsFrom, let runs = node.elementRuns(count: elements.count) {
        guard runs.moved.allSatisfy({ Self.hasIdentity(elements[$0]) }) else { return nil }
        return .reorderedRuns(runs, count: elements.count, old: Self.oldElements(runs, elements))
      }
      if let origins = node.elementOrigins(count: elements.count) {
        guard origins.moved.allSatisfy({ Self.hasIdentity(elements[$0]) }) else { return nil }
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
      if let runsFrom, elements.count - prefix - suffix >= runsFrom,
        let runs = node.elementRuns(count: elements.count, movesAsPairs: true)
      {
        return .windowRuns(
          prefix: prefix, suffix: suffix, runs, count: elements.count, old: Self.oldElements(runs, elements))
      }
      // A copy of the window's elements (`elements(in:)`: never sharing the array's memory, which
      // would keep the array shared, and the patch would copy it).
      return .window(
        prefix: prefix, suffix: suffix, elements: elements.elements(in: prefix..<(elements.count - suffix)))
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
      // A secret replaced by another: the patch replaces it with the same `$redacted` marker (a
      // change below the depth limit: a `$ref` by itself).
      if a == b, a.hidesSomething { return .replaced(old: a, new: b) }
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
      return try Self.loneElement(element, at: index, of: elements.count, changed: inside, path: path + "/\(index)")
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
    case let .reorderedRuns(runs, count, oldElements):
      guard case let .array(elements) = new, elements.count == runs.count else {
        throw JSONError("at \(path): not an array", line: 0, column: 0)
      }
      let layout = ElementRunLayout(runs, count: count, old: oldElements, new: elements)
      if let change = try Self.reorderedRuns(layout, depth: depth + 1, differ, path: path) { return change }
      let origins = ElementOrigins(origins: runs.origins, changedInside: runs.changedInside, moved: runs.moved)
      return try Self.reordered(
        origins, count: count, old: oldElements, removed: Set(runs.removed(oldCount: count)), new: elements,
        depth: depth + 1, differ, path: path)
    case let .windowRuns(prefix, suffix, runs, count, oldElements):
      guard case let .array(elements) = new, prefix + suffix <= elements.count, elements.count == runs.count else {
        throw JSONError("at \(path): not an array", line: 0, column: 0)
      }
      let layout = ElementRunLayout(runs, count: count, old: oldElements, new: elements)
      if let change = try Self.windowRuns(layout, prefix: prefix, suffix: suffix, depth: depth + 1, differ, path: path)
      {
        return change
      }
      let window = (prefix..<(count - suffix)).map { layout.element(before: $0) }
      return try Self.window(prefix: prefix, suffix: suffix, window, elements, depth: depth, differ, path: path)
    case let .window(prefix, suffix, oldElements):
      guard case let .array(elements) = new, prefix + suffix <= elements.count else {
        throw JSONError("at \(path): not an array", line: 0, column: 0)
      }
      return try Self.window(prefix: prefix, suffix: suffix, oldElements, elements, depth: depth, differ, path: path)
    }
  }

  /// The old elements the patch removed, replaced or changed inside, by index before.
  private static func oldElements(_ runs: ElementRuns, _ elements: JSONElements) -> [Int: JSON] {
    var old: [Int: JSON] = [:]
    for index in runs.removed(oldCount: elements.count) { old[index] = elements[index] }
    for index in runs.changedInside { old[index] = elements[index] }
    return old
  }

  /// The diff of an array whose elements before the patch between its untouched ends (`prefix`
  /// and `suffix` of them) were `oldElements`, and after it are `elements`.
  private static func window(
    prefix: Int, suffix: Int, _ oldElements: [JSON], _ elements: JSONElements, depth: Int, _ differ: ValueDiffer,
    path: String
  ) throws(JSONError) -> StateDiff.Change {
    let newElements = elements.elements(in: prefix..<(elements.count - suffix))
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

  /// A structure, an enum case or a dictionary with `String` keys (the only objects whose inside
  /// a `PatchTouches` patch reaches without changing their shape), member by member.
  private func object(
    _ captured: CapturedMembers<Capture>, _ members: [JSON.Member], _ node: PatchTouches.Node, depth: Int,
    _ differ: ValueDiffer, path: String
  ) throws(JSONError) -> StateDiff.Change {
    func fields(
      _ fields: ArraySlice<JSON.Member>, labelled: Bool, _ captured: CapturedMembers<Capture>,
      _ node: PatchTouches.Node,
      path: String
    ) throws(JSONError) -> [StateDiff.Node] {
      // The changed members and the runs of unchanged ones between them.
      var nodes = NodeList(capacity: min(fields.count, 2 * captured.count + 1))
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
      var nodes = NodeList(capacity: min(members.count, 2 * captured.count + 1))
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
      if case let .whole(oldValues)? = captured[payload.key], captured[first.key] == nil {
        // The case's values replaced together (`replace /route/detail {…}`): the case before and after.
        let old = JSON.object(JSONMembers([first, JSON.Member(payload.key, oldValues)]))
        return differ.change(
          try Self.value(old, path), try Self.value(.object(JSONMembers(members)), path), depth: depth)
      }
      guard case let .object(values) = payload.value, case let .object(inner)? = captured[payload.key],
        let child = node.children[payload.key]
      else {
        // Not in the value form: `Value(json:)` says how, as every other command does.
        _ = try Self.value(.object(JSONMembers(members)), path)
        throw JSONError("at \(path): unexpected enum shape", line: 0, column: 0)
      }
      return Self.nested(
        .enumCase(type: type, name: payload.key),
        try fields(values[...], labelled: false, inner, child, path: path + "/" + payload.key))
    default:
      _ = try Self.value(.object(JSONMembers(members)), path)
      throw JSONError("at \(path): unexpected marker \(first.key)", line: 0, column: 0)
    }
  }

  static func nested(_ shape: StateDiff.Shape, _ nodes: [StateDiff.Node]) -> StateDiff.Change {
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
  static func value(_ json: JSON, _ path: @autoclosure () -> String) throws(JSONError) -> Value {
    do {
      return try Value(json: json)
    } catch {
      throw error.under(path())
    }
  }
}
