/// Rebuilds the new side of a diff from its old side, so the recorder never reflects a whole
/// state after the first one: unchanged subtrees are shared with `old`, changed ones come from
/// the diff.
///
/// ```swift
/// let diff = stateDiff(oldTodos, newTodos)              // live values, Equatable shortcuts
/// diff.root.change.applied(to: reflect(oldTodos))        // == reflect(newTodos)
/// ```
///
/// Returns `nil` where the diff does not carry enough to rebuild (changes inside sets,
/// dictionaries or multi-line strings); the caller reflects the new value instead.
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
