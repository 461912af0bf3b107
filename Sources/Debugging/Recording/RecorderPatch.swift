/// The recorder's JSON Patch for a diff: walks only the changed nodes of structures, enum payloads,
/// tuples and arrays whose elements kept their places, and hands every other change (array
/// insertions, removals and moves, dictionaries, sets) to `jsonPatch(_:new:)` with its path as
/// prefix. The operations are the ones `jsonPatch(diff, new:)` gives; the cost follows the change
/// instead of the length of the arrays it is in.
///
/// ```swift
/// RecorderPatch.operations(diff, new: newValue)  // one toggle in 10,000 todos
/// ```
/// ```text
/// [{"op":"replace","path":"/todos/4711/isComplete","value":true}]
/// ```
enum RecorderPatch {
  static func operations(_ diff: StateDiff, new: Value) -> [JSON] {
    var ops: [JSON] = []
    change(diff.root.change, path: "", new: new, into: &ops)
    return ops
  }

  private static func change(_ change: StateDiff.Change, path: String, new: Value, into ops: inout [JSON]) {
    switch (change, new) {
    case (.unchanged, _):
      return
    case let (.nested(.structure, children), .structure(_, fields)):
      self.fields(children, path: path, new: fields, into: &ops)
    case let (.nested(.enumCase(_, name), children), .enumCase(_, newName, values)) where name == newName:
      self.fields(children, path: appending(path, name), new: values, into: &ops)
    case let (.nested(.tuple, children), .tuple(fields)):
      self.fields(children, path: appending(path, "$tuple"), new: fields, into: &ops)
    case let (.nested(.array, children), .array(elements)) where children.allSatisfy(keptItsPlace):
      var index = 0
      for child in children {
        if case let .unchanged(count) = child.change {
          index += count
          continue
        }
        guard elements.indices.contains(index) else { return delegate(change, path: path, new: new, into: &ops) }
        self.change(child.change, path: appending(path, String(index)), new: elements[index], into: &ops)
        index += 1
      }
    default:
      delegate(change, path: path, new: new, into: &ops)
    }
  }

  private static func fields(_ children: [StateDiff.Node], path: String, new: [Value.Field], into ops: inout [JSON]) {
    for child in children where !child.change.isUnchanged {
      guard case let .field(label, position) = child.key, new.indices.contains(position) else { continue }
      change(child.change, path: appending(path, label ?? "_\(position)"), new: new[position].value, into: &ops)
    }
  }

  /// An array element that is neither inserted, removed nor moved.
  private static func keptItsPlace(_ node: StateDiff.Node) -> Bool {
    switch node.change {
    case .inserted, .removed, .moved: return false
    default: return true
    }
  }

  /// `jsonPatch` for the subtree at `path`, its paths prefixed with `path`.
  private static func delegate(_ change: StateDiff.Change, path: String, new: Value, into ops: inout [JSON]) {
    let local = jsonPatch(StateDiff(root: .init(key: .root, change: change)), new: new)
    guard !path.isEmpty else {
      ops.append(contentsOf: local)
      return
    }
    for op in local {
      guard case let .object(members) = op else { continue }
      ops.append(.object(members.map { member in
        guard member.key == "path" || member.key == "from", case let .string(pointer) = member.value else { return member }
        return JSON.Member(member.key, .string(path + pointer))
      }))
    }
  }

  /// `path` extended by one reference token, escaped per RFC 6901.
  static func appending(_ path: String, _ token: String) -> String {
    guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return path + "/" + token }
    var escaped = ""
    for character in token {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.append(character)
      }
    }
    return path + "/" + escaped
  }
}
