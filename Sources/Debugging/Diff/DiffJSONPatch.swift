/// RFC 6902 JSON Patch operations that turn the JSON form of one state (docs/log-format.md) into
/// the JSON form of the next, generated from a `StateDiff`.
///
/// ```swift
/// jsonPatch(from: Value(reflecting: old), to: Value(reflecting: new))
/// ```
/// ```text
/// [{"op":"replace","path":"/todos/3/isComplete","value":true},
///  {"op":"move","from":"/todos/5","path":"/todos/0"}]
/// ```
///
/// Operations use indices as they are when each one is applied: removals first (from the end),
/// then each new array position is filled in order by an `add` or a `move`, then changes inside
/// the element. Struct fields, enum payloads (`/case/label`), tuples (`/$tuple/_1`) and
/// dictionaries with plain string keys are patched in place; sets, other dictionaries and
/// multi-line strings are replaced whole.
public func jsonPatch(from old: Value, to new: Value) -> [JSON] {
  jsonPatch(StateDiff(old, new), new: new)
}

/// The patch for `diff`, whose new side is `new`.
public func jsonPatch(_ diff: StateDiff, new: Value) -> [JSON] {
  DiffJSONPatch(encode: { $0.json }).operations(diff, new: new)
}

/// Generates JSON Patch operations; `encode` turns values into their JSON form.
struct DiffJSONPatch {
  let encode: (Value) -> JSON

  func operations(_ diff: StateDiff, new: Value) -> [JSON] {
    var ops: [JSON] = []
    change(diff.root.change, path: "", new: new, into: &ops)
    return ops
  }

  func op(_ name: String, _ path: String, value: Value? = nil, from: String? = nil) -> JSON {
    var members: [JSON.Member] = [.init("op", .string(name))]
    if let from { members.append(.init("from", .string(from))) }
    members.append(.init("path", .string(path)))
    if let value { members.append(.init("value", encode(value))) }
    return .object(members)
  }

  /// `path` extended by one reference token, escaped per RFC 6901.
  static func appending(_ path: String, _ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return path + "/" + token }
    return path + "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }

  func change(_ change: StateDiff.Change, path: String, new: Value, into ops: inout [JSON]) {
    switch change {
    case .unchanged:
      return
    case .replaced, .inserted, .removed:
      ops.append(op("replace", path, value: new))
    case let .moved(_, _, inner):
      self.change(inner, path: path, new: new, into: &ops)
    case let .nested(shape, children):
      switch (shape, new) {
      case let (.structure, .structure(_, fields)):
        self.fields(children, path: path, new: fields, into: &ops)
      case let (.enumCase(_, name), .enumCase(_, _, values)):
        self.fields(children, path: Self.appending(path, name), new: values, into: &ops)
      case let (.tuple, .tuple(fields)):
        self.fields(children, path: Self.appending(path, "$tuple"), new: fields, into: &ops)
      case let (.array, .array(elements)):
        array(children, path: path, new: elements, into: &ops)
      case let (.dictionary, .dictionary(entries)) where dictionary(children, path: path, new: entries, into: &ops):
        return
      default:
        ops.append(op("replace", path, value: new))
      }
    }
  }

  private func fields(_ children: [StateDiff.Node], path: String, new: [Value.Field], into ops: inout [JSON]) {
    for child in children {
      guard case let .field(label, position) = child.key, !child.change.isUnchanged else { continue }
      change(child.change, path: Self.appending(path, label ?? "_\(position)"), new: new[position].value, into: &ops)
    }
  }

  /// Per-key operations for a dictionary with plain string keys when added keys come last in the
  /// new dictionary (where `add` puts them); `false` otherwise. Key order among kept keys is not
  /// patched (JSON objects are unordered).
  private func dictionary(_ children: [StateDiff.Node], path: String, new: [Value.Entry], into ops: inout [JSON]) -> Bool {
    var added: [Value] = []
    for child in children {
      guard case let .entry(.string(key)) = child.key, !key.hasPrefix("$") else { return false }
      if case .inserted = child.change { added.append(.string(key)) }
    }
    guard new.allSatisfy({ if case let .string(key) = $0.key { !key.hasPrefix("$") } else { false } }),
      new.suffix(added.count).map(\.key) == added
    else { return false }
    var local: [JSON] = []
    for child in children {
      guard case let .entry(.string(key)) = child.key else { continue }
      let keyPath = Self.appending(path, key)
      switch child.change {
      case .unchanged: break
      case let .inserted(value): local.append(op("add", keyPath, value: value))
      case .removed: local.append(op("remove", keyPath))
      default:
        guard let entry = new.first(where: { $0.key == .string(key) }) else { return false }
        change(child.change, path: keyPath, new: entry.value, into: &local)
      }
    }
    ops.append(contentsOf: local)
    return true
  }
}
