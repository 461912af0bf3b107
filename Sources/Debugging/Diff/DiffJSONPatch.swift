extension JSONPatch {
  /// The RFC 6902 JSON Patch that turns the JSON form of one state (docs/log-format.md) into the
  /// JSON form of the next, generated from their `StateDiff`.
  ///
  /// ```swift
  /// JSONPatch(from: Value(reflecting: old), to: Value(reflecting: new)).json
  /// ```
  /// ```text
  /// [{"op":"replace","path":"/todos/3/isComplete","value":true},
  ///  {"op":"move","from":"/todos/5","path":"/todos/0"}]
  /// ```
  ///
  /// Operations use indices as they are when each one is applied: removals first (from the end),
  /// then, in new order, each inserted element is `add`ed and each moved element is `move`d once
  /// (the elements that kept their order never move), each followed by the changes inside it. Struct fields, enum payloads (`/case/label`), tuples (`/$tuple/_1`) and
  /// dictionaries with plain string keys are patched in place; sets, other dictionaries and
  /// multi-line strings are replaced whole (the recorder patches sets and other dictionaries by
  /// their members' places: `DiffJSONPatch+Collections.swift`).
  public init(from old: Value, to new: Value) {
    self.init(StateDiff(old, new), new: new)
  }

  /// The patch for `diff`, whose new side is `new`: typed operations, built without JSON text.
  public init(_ diff: StateDiff, new: Value) {
    self.init(DiffJSONPatch(encode: { $0.json }).operations(diff, new: new))
  }
}

/// Generates typed JSON Patch operations; `encode` turns values into their JSON form. Paths are
/// reference tokens (unescaped), so no pointer text is built or parsed.
struct DiffJSONPatch {
  typealias Operation = JSONPatch.Operation
  let encode: (Value) -> JSON
  /// Whether sets' members and dictionaries' entries are known to be in canonical order
  /// (`Value(reflecting:)` makes them so), so their places can be patched without checking it.
  var membersInCanonicalOrder = false

  func operations(_ diff: StateDiff, new: Value) -> [Operation] {
    var ops: [Operation] = []
    change(diff.root.change, path: [], new: new, into: &ops)
    return ops
  }

  /// `path` extended by one reference token, escaped per RFC 6901.
  static func appending(_ path: String, _ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
      return path + "/" + token
    }
    return path + "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }

  func change(_ change: StateDiff.Change, path: [String], new: Value, into ops: inout [Operation]) {
    switch change {
    case .unchanged:
      return
    case .replaced, .inserted, .removed:
      ops.append(.replace(path: JSONPointer(tokens: path), value: encode(new)))
    case let .moved(_, _, inner):
      self.change(inner, path: path, new: new, into: &ops)
    case let .nested(shape, children):
      switch (shape, new) {
      case let (.structure, .structure(_, fields)):
        self.fields(children, path: path, new: fields, into: &ops)
      case let (.enumCase(_, name), .enumCase(_, _, values)):
        self.fields(children, path: path + [name], new: values, into: &ops)
      case let (.tuple, .tuple(fields)):
        self.fields(children, path: path + ["$tuple"], new: fields, into: &ops)
      case let (.array, .array(elements)):
        array(children, path: path, new: elements, into: &ops)
      case let (.dictionary, .dictionary(entries)) where dictionary(children, path: path, new: entries, into: &ops):
        return
      case let (.dictionary, .dictionary(entries)) where pairedEntries(children, path: path, new: entries, into: &ops):
        return
      case let (.set, .set(members)) where setMembers(children, path: path, new: members, into: &ops):
        return
      default:
        ops.append(.replace(path: JSONPointer(tokens: path), value: encode(new)))
      }
    }
  }

  private func fields(_ children: [StateDiff.Node], path: [String], new: [Value.Field], into ops: inout [Operation]) {
    for child in children {
      guard case let .field(label, position) = child.key, !child.change.isUnchanged else { continue }
      change(child.change, path: path + [label ?? "_\(position)"], new: new[position].value, into: &ops)
    }
  }

  /// Per-key operations for a dictionary with plain string keys when added keys come last in the
  /// new dictionary (where `add` puts them); `false` otherwise. Key order among kept keys is not
  /// patched (JSON objects are unordered).
  private func dictionary(_ children: [StateDiff.Node], path: [String], new: [Value.Entry], into ops: inout [Operation])
    -> Bool
  {
    var added: [Value] = []
    for child in children {
      guard case let .entry(key) = child.key, Value.isPlainKey(key) else { return false }
      if case .inserted = child.change { added.append(key) }
    }
    guard membersInCanonicalOrder ? Self.plainKeysInCanonicalOrder(new) : new.allSatisfy({ Value.isPlainKey($0.key) }),
      new.suffix(added.count).map(\.key) == added
    else { return false }
    var local: [Operation] = []
    for child in children {
      guard case let .entry(.string(key)) = child.key else { continue }
      let keyPath = path + [key]
      switch child.change {
      case .unchanged: break
      case let .inserted(value): local.append(.add(path: JSONPointer(tokens: keyPath), value: encode(value)))
      case .removed: local.append(.remove(path: JSONPointer(tokens: keyPath)))
      default:
        guard
          let index = Self.canonicalIndex(of: .string(key), in: new, by: \.key)
            ?? new.firstIndex(where: { $0.key == .string(key) })
        else { return false }
        change(child.change, path: keyPath, new: new[index].value, into: &local)
      }
    }
    ops.append(contentsOf: local)
    return true
  }

  /// Whether every key of `entries` (in canonical order) is plain (`Value.isPlainKey`), by binary
  /// search: keys are all strings when the first and the last are (kinds are not mixed), and a
  /// key starting with `$` would be the first that does not precede `"$"` (strings sort by their
  /// normalized scalars, and no character is composed from `$`).
  ///
  /// ```swift
  /// plainKeysInCanonicalOrder([("a", 1), ("b", 2)])   // true
  /// plainKeysInCanonicalOrder([("$t", 1), ("b", 2)])  // false: written as "$dict" pairs
  /// ```
  static func plainKeysInCanonicalOrder(_ entries: [Value.Entry]) -> Bool {
    guard let first = entries.first?.key, let last = entries.last?.key else { return true }
    guard case .string = first, case .string = last else { return false }
    let dollar = Value.string("$")
    let place = Value.canonicalPlace(of: dollar, in: entries, by: \.key)
    return place == entries.count || Value.isPlainKey(entries[place].key)
  }
}
