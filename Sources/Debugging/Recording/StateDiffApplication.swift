/// Rebuilds the new side of a diff from its old side, so the recorder never reflects a whole
/// state after the first one: unchanged subtrees are shared with `old`, changed ones come from
/// the diff.
///
/// ```swift
/// let diff = StateDiff(oldTodos, newTodos)              // live values, Equatable shortcuts
/// diff.root.change.applied(to: Value(reflecting: oldTodos))        // == Value(reflecting: newTodos)
/// ```
///
/// Returns `nil` where the diff does not carry enough to rebuild (changes inside multi-line
/// strings, a diff that does not fit `old`); the caller reflects the new value instead. Sets and
/// dictionaries: `StateDiffApplication+Collections.swift`.
extension StateDiff.Change {
  func applied(to old: Value) -> Value? {
    switch self {
    case .unchanged: return old
    case let .replaced(_, new), let .inserted(new): return new
    case .removed: return nil
    case let .moved(_, _, inner): return inner.applied(to: old)
    case let .nested(shape, children):
      switch (shape, old) {
      case let (.structure(type), .structure(_, fields)):
        return Self.fields(children, fields).map { .structure(type: type, fields: $0) }
      case let (.enumCase(type, name), .enumCase(_, oldName, values)) where name == oldName:
        return Self.fields(children, values).map { .enumCase(type: type, name: name, values: $0) }
      case let (.tuple, .tuple(fields)):
        return Self.fields(children, fields).map { .tuple($0) }
      case let (.array, .array(elements)):
        return Self.elements(children, elements).map { .array($0) }
      case let (.set, .set(members)):
        var members = members
        return Self.applyMembers(children, to: &members) ? .set(members) : nil
      case let (.dictionary, .dictionary(entries)):
        var entries = entries
        return Self.applyEntries(children, to: &entries) ? .dictionary(entries) : nil
      default:
        return nil
      }
    }
  }

  private static func fields(_ children: [StateDiff.Node], _ old: [Value.Field]) -> [Value.Field]? {
    var fields = old
    for child in children where !child.change.isUnchanged {
      guard case let .field(_, position) = child.key, fields.indices.contains(position),
        let value = child.change.applied(to: fields[position].value)
      else { return nil }
      fields[position].value = value
    }
    return fields
  }

  /// Children come in the order of the new array, removed elements between them. Elements that
  /// kept their relative order ("stayed": unchanged runs and changed elements) are taken from the
  /// old array in order, skipping removed and moved ones — as `DiffJSONPatch` reads them.
  private static func elements(_ children: [StateDiff.Node], _ old: [Value]) -> [Value]? {
    var gone = Set<Int>()
    for child in children {
      switch child.change {
      case .removed:
        guard case let .element(index?, _, _) = child.key else { return nil }
        gone.insert(index)
      case let .moved(from, _, _):
        gone.insert(from)
      default:
        break
      }
    }
    var cursor = 0
    func nextStayed() -> Int? {
      while cursor < old.count, gone.contains(cursor) { cursor += 1 }
      guard cursor < old.count else { return nil }
      defer { cursor += 1 }
      return cursor
    }
    var result: [Value] = []
    result.reserveCapacity(old.count)
    for child in children {
      switch child.change {
      case let .unchanged(count) where gone.isEmpty:
        guard cursor + count <= old.count else { return nil }
        result.append(contentsOf: old[cursor..<(cursor + count)])
        cursor += count
      case let .unchanged(count):
        for _ in 0..<count {
          guard let index = nextStayed() else { return nil }
          result.append(old[index])
        }
      case let .inserted(value):
        result.append(value)
      case .removed:
        continue
      case let .moved(from, _, inner):
        guard old.indices.contains(from), let value = inner.applied(to: old[from]) else { return nil }
        result.append(value)
      default:
        guard let index = nextStayed(), let value = child.change.applied(to: old[index]) else { return nil }
        result.append(value)
      }
    }
    return result
  }
}

extension StateDiff.Change {
  /// `applied(to:)` in place: `value` becomes what `applied(to: value)` returns, and the result is
  /// `false` where that returns `nil` (then `value` is left half-changed; reflect the new state).
  /// Where `value`'s storage is not shared, arrays and fields are changed where they are: one
  /// toggle in 10,000 todos touches one element instead of copying 10,000.
  ///
  /// ```swift
  /// var value = lastValue
  /// lastValue = .null                                  // `value` no longer shared
  /// if !diff.root.change.apply(to: &value) { value = Value(reflecting: newState) }
  /// ```
  package func apply(to value: inout Value) -> Bool {
    switch self {
    case .unchanged:
      return true
    case let .replaced(_, new), let .inserted(new):
      value = new
      return true
    case .removed:
      return false
    case let .moved(_, _, inner):
      return inner.apply(to: &value)
    case let .nested(shape, children):
      switch shape {
      case let .structure(type):
        guard case .structure(_, var fields) = value else { return false }
        value = .null
        defer { value = .structure(type: type, fields: fields) }
        return Self.apply(children, to: &fields)
      case let .enumCase(type, name):
        guard case .enumCase(_, name, var fields) = value else { return false }
        value = .null
        defer { value = .enumCase(type: type, name: name, values: fields) }
        return Self.apply(children, to: &fields)
      case .tuple:
        guard case .tuple(var fields) = value else { return false }
        value = .null
        defer { value = .tuple(fields) }
        return Self.apply(children, to: &fields)
      case .array where children.allSatisfy(\.change.keepsItsPlace):
        guard case .array(var elements) = value else { return false }
        value = .null
        defer { value = .array(elements) }
        return Self.apply(children, to: &elements)
      case .set:
        guard case .set(var members) = value else { return false }
        value = .null
        defer { value = .set(members) }
        return Self.applyMembers(children, to: &members)
      case .dictionary:
        guard case .dictionary(var entries) = value else { return false }
        value = .null
        defer { value = .dictionary(entries) }
        return Self.applyEntries(children, to: &entries)
      default:
        guard let new = applied(to: value) else { return false }
        value = new
        return true
      }
    }
  }

  private static func apply(_ children: [StateDiff.Node], to fields: inout [Value.Field]) -> Bool {
    for child in children where !child.change.isUnchanged {
      guard case let .field(_, position) = child.key, fields.indices.contains(position),
        child.change.apply(to: &fields[position].value)
      else { return false }
    }
    return true
  }

  /// Elements that all kept their places: unchanged runs skipped, changed elements changed in
  /// place; as `elements(_:_:)` reads them when nothing was removed or moved.
  private static func apply(_ children: [StateDiff.Node], to elements: inout [Value]) -> Bool {
    var cursor = 0
    for child in children {
      if case let .unchanged(count) = child.change {
        guard cursor + count <= elements.count else { return false }
        cursor += count
      } else {
        guard cursor < elements.count, child.change.apply(to: &elements[cursor]) else { return false }
        cursor += 1
      }
    }
    // `elements(_:_:)` keeps only what the children cover.
    if cursor < elements.count { elements.removeSubrange(cursor...) }
    return true
  }

  /// Neither inserted, removed nor moved.
  fileprivate var keepsItsPlace: Bool {
    switch self {
    case .inserted, .removed, .moved: return false
    default: return true
    }
  }
}
