import Foundation

/// Diffs two live Swift values without reflecting what did not change.
///
/// `Equatable` values with the same bytes, or equal by `==` with a type whose reflection is its
/// value, are unchanged without being walked; others equal by `==` are walked or reflected all
/// the same, so a change `==` ignores is still found (`LiveEquality`). Arrays of `Equatable` elements
/// skip their equal prefix and suffix; `Identifiable` elements are matched by `id` (moves
/// detected), others pair up by index when the counts agree. Dictionaries of `Equatable` values
/// compare their entries by key and reflect only those that differ. Sets look their members up by hash and reflect only those removed or inserted. Structs are walked field by
/// field through `Mirror`. Everything else — scalars, enums, classes (cycles), other dictionaries,
/// `CustomTraceRepresentable` values — is reflected with `Value(reflecting: _:options:)` and compared as
/// value trees, so the result reads exactly as a diff of the reflected trees would.
///
/// ```swift
/// LiveDiffer().diff(old, new)  // StateDiff, reflecting only the todo that changed
/// ```
struct LiveDiffer {
  var options: ReflectionOptions = .init()
  private let values = ValueDiffer()

  func diff(_ old: Any, _ new: Any) -> StateDiff {
    if let old = old as? Value, let new = new as? Value { return values.diff(old, new) }
    return StateDiff(root: .init(key: .root, change: change(old, new, depth: 0)))
  }

  /// `value` reflected as `Value(reflecting:)` would show it `depth` levels below the root.
  func reflected(_ value: Any, depth: Int) -> Value {
    guard depth > 0 else { return Value(reflecting: value, options: options) }
    var options = options
    options.maximumDepth = max(0, options.maximumDepth - depth)
    return Value(reflecting: value, options: options)
  }

  /// What happened between two live values.
  func change(_ old: Any, _ new: Any, depth: Int) -> StateDiff.Change {
    let type = type(of: old)
    // An `IndexSet` is compared and shown whole (`IndexSet([0, 3..<5])`), not as its ranges.
    if depth >= options.maximumDepth || type != Swift.type(of: new) || type == IndexSet.self {
      return leaf(old, new, depth: depth)
    }
    let plan = LiveType.of(type)
    switch plan.walk {
    case .leaf:
      return leaf(old, new, depth: depth)
    case .equatableArray:
      return (old as! any LiveDiffableArray).liveChange(to: new, differ: self, depth: depth)
        ?? leaf(old, new, depth: depth)
    case .structure:
      let stored = plan.reflected.stored
      return stored.withAddress(of: old) { a in
        stored.withAddress(of: new) { b in structureChange(a, b, plan, depth: depth) }
      }
    case .other:
      break
    }
    if let tracking = plan.tracking, let change = tracking.change(self, old, new, depth) {
      return change
    }
    // A dictionary of `Equatable` values: entries compared by key, only those that differ
    // reflected (`LiveDictionaryDiffer.swift`).
    if let dictionary = old as? any LiveDiffableDictionary,
      let change = dictionary.liveChange(to: new, differ: self, depth: depth)
    {
      return change
    }
    // A set: members looked up by hash, only those removed or inserted reflected
    // (`LiveSetDiffer.swift`).
    if let set = old as? any LiveDiffableSet, let change = set.liveChange(to: new, differ: self, depth: depth) {
      return change
    }
    let oldMirror: Mirror
    if let collection = old as? any Collection {
      // Identified arrays and other collections of `Equatable` elements: elements compared one by
      // one, without boxing them, and without comparing the whole collections with `==` first
      // (that would scan them twice; a shared buffer is still recognised at once).
      oldMirror = Mirror(reflecting: old)
      if oldMirror.displayStyle == .collection, let change = collectionChange(collection, new, depth: depth) {
        return change
      }
      if liveEquality(old, new) == .same { return .unchanged(count: 1) }
    } else {
      // Equal by `==` only (bits differ): walked on, a change `==` ignores is still a change.
      if liveEquality(old, new) == .same { return .unchanged(count: 1) }
      oldMirror = Mirror(reflecting: old)
    }
    switch oldMirror.displayStyle {
    case .collection?:
      let a = oldMirror.children.map(\.value), b = Mirror(reflecting: new).children.map(\.value)
      let nodes: [StateDiff.Node]
      if let sample = (a.first ?? b.first) as? any Equatable, let typed = typedElements(sample, a, b, depth: depth + 1)
      {
        nodes = typed
      } else {
        nodes = LiveArrayDiffer(differ: self, depth: depth + 1) { liveEquality($0, $1) == .same }.diff(a, b)
      }
      return nodes.allSatisfy(\.change.isUnchanged) ? .unchanged(count: 1) : .nested(.array, nodes)
    case .struct?:
      let a = oldMirror.traceChildren(options: options), b = Mirror(reflecting: new).traceChildren(options: options)
      guard a.count == b.count, !a.isEmpty else { break }
      var nodes = NodeList()
      var shift = 0
      if let identity = plan.reflected.identity, !a.contains(where: { $0.label == "id" }) {
        // The tree carries the computed `id` first, as `$id`; a node only when it changed.
        shift = 1
        let oldID = identity(old), newID = identity(new)
        if oldID != newID {
          nodes.append(
            .field(label: Value.identityLabel, position: 0),
            .replaced(old: reflected(oldID.base, depth: depth + 1), new: reflected(newID.base, depth: depth + 1)))
        }
      }
      guard fieldChanges(a, b, shift: shift, depth: depth, into: &nodes) else { return leaf(old, new, depth: depth) }
      if nodes.nodes.allSatisfy(\.change.isUnchanged) { return .unchanged(count: 1) }
      return .nested(.structure(type: TypeName.of(old)), nodes.nodes)
    case .tuple?:
      // Element by element, as a structure's fields (a secret replaced by another is a change:
      // reflected whole, both tuples read the same).
      let a = oldMirror.traceChildren(options: options), b = Mirror(reflecting: new).traceChildren(options: options)
      guard a.count == b.count else { break }
      var nodes = NodeList()
      guard fieldChanges(a, b, shift: 0, depth: depth, into: &nodes) else { return leaf(old, new, depth: depth) }
      if nodes.nodes.allSatisfy(\.change.isUnchanged) { return .unchanged(count: 1) }
      return .nested(.tuple, nodes.nodes)
    case .enum?:
      if let change = enumChange(oldMirror, Mirror(reflecting: new), old, depth: depth) { return change }
    case .optional?:
      let a = oldMirror.children.first?.value, b = Mirror(reflecting: new).children.first?.value
      // A nested optional holding `nil` (`Int??.some(nil)`) is written as its case, not as the
      // wrapped `nil`: compared whole.
      func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
      }
      if let a, let b, !isNil(a), !isNil(b) { return change(a, b, depth: depth) }
    default:
      break
    }
    return leaf(old, new, depth: depth)
  }

  /// The nodes of two structures' fields (or tuples' elements) of the same count, at positions
  /// from `shift`; `false` when a label differs (then the values are compared whole).
  private func fieldChanges(
    _ a: [TraceChild], _ b: [TraceChild], shift: Int, depth: Int, into nodes: inout NodeList
  ) -> Bool {
    for (position, (a, b)) in zip(a, b).enumerated() {
      guard a.label == b.label else { return false }
      // Redacted: compared as shown (`.redacted(type:)`, `nil` as `.null`), never by value.
      let change =
        a.isRedacted ? redactedChange(a.value, b.value, depth: depth + 1) : change(a.value, b.value, depth: depth + 1)
      nodes.append(.field(label: a.label, position: position + shift), change)
    }
    return true
  }

  /// Two values of one enum type in the same case with associated values: the values compared
  /// one by one (as `Value(reflecting:)` presents them: a tuple payload's elements, or the single payload
  /// unlabelled); `nil` when the cases differ.
  private func enumChange(_ a: Mirror, _ b: Mirror, _ old: Any, depth: Int) -> StateDiff.Change? {
    guard let payloadA = a.children.first, let payloadB = b.children.first, let name = payloadA.label,
      payloadA.label == payloadB.label
    else { return nil }
    var nodes = NodeList()
    // `setCookie(String)`: unlabelled plain data of a case whose words name a secret is redacted.
    let secretCase = options.redactsByName && options.isRedactedKey(name)
    let tupleA = Mirror(reflecting: payloadA.value), tupleB = Mirror(reflecting: payloadB.value)
    if tupleA.displayStyle == .tuple, tupleB.displayStyle == .tuple {
      let fieldsA = tupleA.traceChildren(options: options), fieldsB = tupleB.traceChildren(options: options)
      guard fieldsA.count == fieldsB.count else { return nil }
      for (position, (x, y)) in zip(fieldsA, fieldsB).enumerated() {
        guard x.label == y.label else { return nil }
        let redacted = x.isRedacted || secretCase && ReflectionOptions.isSecretCarrier(label: x.label, x.value)
        nodes.append(
          .field(label: x.label, position: position),
          redacted ? redactedChange(x.value, y.value, depth: depth + 1) : change(x.value, y.value, depth: depth + 1)
        )
      }
    } else if secretCase, ReflectionOptions.isPlainData(payloadA.value) {
      nodes.append(.field(label: nil, position: 0), redactedChange(payloadA.value, payloadB.value, depth: depth + 1))
    } else {
      nodes.append(.field(label: nil, position: 0), change(payloadA.value, payloadB.value, depth: depth + 1))
    }
    if nodes.nodes.allSatisfy(\.change.isUnchanged) { return .unchanged(count: 1) }
    return .nested(.enumCase(type: TypeName.of(old), name: name), nodes.nodes)
  }

  /// The change between two collections of the same type whose elements are `Equatable`, diffed
  /// as typed arrays; `nil` otherwise.
  private func collectionChange<C: Collection>(_ old: C, _ new: Any, depth: Int) -> StateDiff.Change? {
    guard let new = new as? C, let array = Array(old) as? any LiveDiffableArray else { return nil }
    return array.liveChange(to: Array(new), differ: self, depth: depth)
  }

  /// The element nodes of two collections whose elements all have the `Equatable` type of
  /// `sample`, compared with that type's `==` (no dynamic cast per comparison); `nil` otherwise.
  private func typedElements<T: Equatable>(_ sample: T, _ a: [Any], _ b: [Any], depth: Int) -> [StateDiff.Node]? {
    guard let a = a as? [T], let b = b as? [T] else { return nil }
    return LiveArrayDiffer(differ: self, depth: depth, equal: ==, identicalBitsAreEqual: true).diff(a, b)
  }

  /// A redacted field compared as it is shown: a secret set or cleared is a change, and a secret
  /// replaced by another is a change too — `replace` with the same `{"$redacted":…}` on both
  /// sides, so the diff says "changed" and the trace never learns either value.
  func redactedChange(_ old: Any, _ new: Any, depth: Int) -> StateDiff.Change {
    let shownOld = options.redactedPresentation(of: old), shownNew = options.redactedPresentation(of: new)
    let change = values.change(shownOld, shownNew, depth: depth)
    guard case .unchanged = change, case .redacted = shownOld else { return change }
    let same = liveEqual(old, new) ?? (Value(reflecting: old) == Value(reflecting: new))
    return same ? change : .replaced(old: shownOld, new: shownNew)
  }

  /// Both sides reflected and compared as trees.
  func leaf(_ old: Any, _ new: Any, depth: Int) -> StateDiff.Change {
    // Equal by `==` only: reflected and compared all the same (a renamed contact equal by `id`).
    let equality = liveEquality(old, new)
    if equality == .same { return .unchanged(count: 1) }
    let shownOld = reflected(old, depth: depth), shownNew = reflected(new, depth: depth)
    let change = values.change(shownOld, shownNew, depth: depth)
    // Different values that read the same once redacted (a dictionary's "password" entry changed)
    // or cut at the depth limit (`$ref`, a change below it): a replace with the markers on both
    // sides, as for a redacted field, so that the trace says something changed there.
    if equality == .different, case .unchanged = change, shownNew.hidesSomething {
      return .replaced(old: shownOld, new: shownNew)
    }
    return change
  }
}

// MARK: - Opening existentials

/// `a == b` when `a` is `Equatable` (and `b` the same type), `nil` when `a` is not `Equatable`.
func liveEqual(_ a: Any, _ b: Any) -> Bool? {
  guard let a = a as? any Equatable else { return nil }
  return a.isEqual(to: b)
}

/// How two live values compare before they are walked.
enum LiveEquality {
  /// Equal, and nothing can differ in their reflections: the same bits, or equal by `==` with a
  /// type whose reflection is its value (`String`, `Int`, `UUID`, `Bool`).
  case same
  /// Equal by `==`, but not bit for bit: their reflections may still differ (a contact equal by
  /// `id`, renamed), so they are walked or reflected and compared.
  case equalByOperator
  case different
}

/// How `a` and `b` compare when `a` is `Equatable`; `nil` when it is not.
///
/// ```swift
/// liveEquality(Contact(id: 1, name: "Ann"), Contact(id: 1, name: "Anna"))  // .equalByOperator
/// liveEquality("Ann", "Ann")                                                // .same
/// ```
func liveEquality(_ a: Any, _ b: Any) -> LiveEquality? {
  guard let a = a as? any Equatable else { return nil }
  return a.equality(to: b)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }

  fileprivate func equality(to other: Any) -> LiveEquality {
    guard let other = other as? Self else { return .different }
    if identicalBits(self, other) { return .same }
    guard self == other else { return .different }
    return mayHideChanges(Self.self) ? .equalByOperator : .same
  }
}

/// The `id` of an `Identifiable` value, type-erased.
func liveID(_ value: Any) -> AnyHashable? {
  LiveType.of(type(of: value)).id?(value)
}

/// An array whose elements can be compared without reflection.
protocol LiveDiffableArray {
  func liveChange(to new: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change?
}

extension Array: LiveDiffableArray where Element: Equatable {
  func liveChange(to new: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
    guard let new = new as? [Element] else { return nil }
    let nodes = LiveArrayDiffer(differ: differ, depth: depth + 1, equal: ==, identicalBitsAreEqual: true).diff(
      self, new)
    return nodes.allSatisfy(\.change.isUnchanged) ? .unchanged(count: 1) : .nested(.array, nodes)
  }
}
