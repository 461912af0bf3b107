/// The pieces of `ReplayStateChecker`: where a patch or a diff changed a state, the live value
/// tree at a JSON Pointer, and equality of a live state's JSON with a recorded one.
enum ReplayComparison {
  // MARK: - Where a state changed

  /// The places a patch changes, as pointer tokens: the path of a `replace`, the parent of an
  /// `add`, `remove`, `move` or `copy` (an insertion shifts the elements after it).
  static func paths(of patch: JSONPatch) -> [[String]] {
    var paths: [[String]] = []
    for operation in patch.operations {
      switch operation {
      case let .replace(path, _): paths.append(path.tokens)
      case let .add(path, _), let .remove(path): paths.append(path.tokens.dropLast())
      case let .move(from, path), let .copy(from, path):
        paths.append(from.tokens.dropLast())
        paths.append(path.tokens.dropLast())
      case .test: continue
      }
    }
    return paths
  }

  /// The places a diff changes, in the pointer tokens of the JSON form: down through structures,
  /// enum payloads, tuples and arrays whose elements kept their places; anything else is changed
  /// as a whole at its path.
  static func collectPaths(_ change: StateDiff.Change, path: [String], into paths: inout [[String]]) {
    switch change {
    case .unchanged:
      return
    case let .nested(.structure, children):
      fields(children, path: path, into: &paths)
    case let .nested(.enumCase(_, name), children):
      fields(children, path: path + [name], into: &paths)
    case let .nested(.tuple, children):
      fields(children, path: path + ["$tuple"], into: &paths)
    case let .nested(.array, children) where children.allSatisfy(keptItsPlace):
      for child in children where !child.change.isUnchanged {
        guard case let .element(_, new?, _) = child.key else {
          paths.append(path)
          return
        }
        collectPaths(child.change, path: path + [String(new)], into: &paths)
      }
    default:
      paths.append(path)
    }
  }

  private static func fields(_ children: [StateDiff.Node], path: [String], into paths: inout [[String]]) {
    for child in children where !child.change.isUnchanged {
      guard case let .field(label, position) = child.key else {
        paths.append(path)
        continue
      }
      collectPaths(child.change, path: path + [label ?? "_\(position)"], into: &paths)
    }
  }

  private static func keptItsPlace(_ node: StateDiff.Node) -> Bool {
    switch node.change {
    case .inserted, .removed, .moved: return false
    default: return true
    }
  }

  /// `paths` without duplicates and without any path inside another one.
  static func outermost(_ paths: [[String]]) -> [[String]] {
    var result: [[String]] = []
    for path in paths.sorted(by: { $0.count < $1.count }) {
      if result.contains(where: { $0.count <= path.count && Array(path.prefix($0.count)) == $0 }) { continue }
      result.append(path)
    }
    return result
  }

  // MARK: - The live tree at a path

  /// Where a walk by pointer tokens is: a value, or the members of an enum case's payload or a
  /// tuple (`{"$enum":"A","case":{members}}`, `{"$tuple":{members}}`).
  private enum Cursor {
    case value(Value)
    case members([Value.Field])
  }

  /// The JSON form of the part of `value` at `tokens`, `nil` when there is none.
  static func json(at tokens: [String], in value: Value) -> JSON? {
    var cursor = Cursor.value(value)
    for token in tokens {
      guard let next = step(cursor, token) else { return nil }
      cursor = next
    }
    switch cursor {
    case let .value(value): return value.json
    case let .members(fields): return .object(Value.members(fields))
    }
  }

  private static func step(_ cursor: Cursor, _ token: String) -> Cursor? {
    switch cursor {
    case let .members(fields):
      return field(token, in: fields).map(Cursor.value)
    case let .value(.structure(_, fields)):
      return field(token, in: fields).map(Cursor.value)
    case let .value(.enumCase(_, name, values)):
      return token == name ? .members(values) : nil
    case let .value(.tuple(fields)):
      return token == "$tuple" ? .members(fields) : nil
    case let .value(.array(elements)):
      guard let index = Int(token), elements.indices.contains(index) else { return nil }
      return .value(elements[index])
    case let .value(.set(elements)):
      return token == "$set" ? .value(.array(elements)) : nil
    case let .value(.dictionary(entries)):
      if let keys = Value.plainKeys(entries) {
        return keys.firstIndex(of: token).map { .value(entries[$0].value) }
      }
      return token == "$dict" ? .value(.array(entries.map { .array([$0.key, $0.value]) })) : nil
    default:
      return nil
    }
  }

  private static func field(_ token: String, in fields: [Value.Field]) -> Value? {
    for (position, field) in fields.enumerated() where (field.label ?? "_\(position)") == token {
      return field.value
    }
    return nil
  }

  // MARK: - Equality

  /// Whether a live state's JSON matches the recorded JSON: a recorded `{"$redacted":…}` matches
  /// anything; dictionaries (plain objects, `$dict`) and `$set`s match in any order; everything
  /// else exactly.
  static func matches(_ actual: JSON, _ recorded: JSON) -> Bool {
    switch (actual, recorded) {
    case _ where recorded.isRedactionMarker:
      return true
    case let (.object(a), .object(r))
    where a.count != r.count && (hasIdentity(a) || hasIdentity(r)):
      // A computed `Identifiable.id` (`$id`) is derived: a trace recorded before the recorder
      // wrote it matches a state reflected with it, and the other way round.
      return matches(.object(withoutIdentity(a)), .object(withoutIdentity(r)))
    case let (.object(a), .object(r)):
      guard a.count == r.count else { return false }
      if zip(a, r).allSatisfy({ $0.key == $1.key && matches($0.value, $1.value) }) { return true }
      // A dictionary recorded in another process's hash order.
      guard let first = r.first?.key, !first.hasPrefix("$") else {
        if r.first?.key == "$set" || r.first?.key == "$dict", case let .array(x) = a[0].value,
          case let .array(y) = r[0].value
        {
          return a[0].key == r[0].key && unorderedMatch(x.array, y.array)
        }
        return false
      }
      return r.allSatisfy { member in a.contains { $0.key == member.key && matches($0.value, member.value) } }
    case let (.array(a), .array(r)):
      return a.count == r.count && zip(a, r).allSatisfy { matches($0, $1) }
    default:
      return actual == recorded
    }
  }

  private static func hasIdentity(_ members: JSONMembers) -> Bool {
    members.count > 1 && members.first?.key == "$type" && members.contains { $0.key == Value.identityLabel }
  }

  private static func withoutIdentity(_ members: JSONMembers) -> JSONMembers {
    var members = members
    members.removeAll { $0.key == Value.identityLabel }
    return members
  }

  private static func unorderedMatch(_ actual: [JSON], _ recorded: [JSON]) -> Bool {
    guard actual.count == recorded.count else { return false }
    var left = actual
    for element in recorded {
      guard let index = left.firstIndex(where: { matches($0, element) }) else { return false }
      left.remove(at: index)
    }
    return true
  }

  /// `recorded` with each redacted part replaced by what `actual` holds there, so that a diff of
  /// the two shows only real differences.
  static func fillingRedactions(_ recorded: Value, from actual: Value) -> Value {
    switch (recorded, actual) {
    case (.redacted, _):
      return actual
    case let (.structure(type, fields), .structure(_, other)):
      return .structure(type: type, fields: fill(fields, other))
    case let (.enumCase(type, name, values), .enumCase(_, otherName, other)) where name == otherName:
      return .enumCase(type: type, name: name, values: fill(values, other))
    case let (.tuple(fields), .tuple(other)):
      return .tuple(fill(fields, other))
    case let (.array(elements), .array(other)):
      return .array(
        elements.enumerated().map { index, element in
          other.indices.contains(index) ? fillingRedactions(element, from: other[index]) : element
        })
    default:
      return recorded
    }
  }

  private static func fill(_ fields: [Value.Field], _ other: [Value.Field]) -> [Value.Field] {
    fields.enumerated().map { position, field in
      guard other.indices.contains(position), other[position].label == field.label else { return field }
      return Value.Field(field.label, fillingRedactions(field.value, from: other[position].value))
    }
  }
}
