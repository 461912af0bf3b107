/// Renders a `StateDiff` as JSON (for `--format json`): one object per node with its JSON Pointer
/// `path` into the JSON form of the state, its key, and what changed; values in their trace JSON
/// form (docs/log-format.md).
///
/// ```swift
/// JSONWriter.string(DiffJSONRenderer().render(StateDiff(old, new)))
/// ```
/// ```text
/// {"path":"","change":"nested","shape":"structure","type":"Todo","children":[
///   {"path":"/title","field":"title","change":"replaced","old":"Milk","new":"Eggs"},
///   {"path":"/isComplete","field":"isComplete","change":"unchanged","count":1}]}
/// ```
///
/// Array elements carry `old` and `new` indices (either may be absent) and `id` when matched by
/// identity; their `path` uses the new index (the old one for removed elements). Moves are
/// `"change":"moved"` with `from`, `to` and the `inner` change.
public struct DiffJSONRenderer {
  let encode: (Value) -> JSON

  public init() {
    self.encode = { $0.json }
  }

  init(encode: @escaping (Value) -> JSON) {
    self.encode = encode
  }

  public func render(_ diff: StateDiff) -> JSON {
    node(diff.root, path: "", parent: nil)
  }

  private func node(_ node: StateDiff.Node, path parentPath: String, parent: StateDiff.Shape?) -> JSON {
    var members: [JSON.Member] = []
    let path = StateDiff.path(of: node.key, under: parentPath, parent: parent)
    switch node.key {
    case .root: break
    case let .field(label, position):
      members.append(.init("field", label.map(JSON.string) ?? .int(Int64(position))))
    case let .element(old, new, id):
      if let old { members.append(.init("old", .int(Int64(old)))) }
      if let new { members.append(.init("new", .int(Int64(new)))) }
      if let id { members.append(.init("id", encode(id))) }
    case let .entry(key):
      members.append(.init("key", encode(key)))
    case .member: break
    case let .line(old, new, text):
      if let old { members.append(.init("oldLine", .int(Int64(old)))) }
      if let new { members.append(.init("newLine", .int(Int64(new)))) }
      members.append(.init("text", .string(text)))
    }
    let change = self.change(node.change, path: path)
    return .object([.init("path", .string(path))] + members + change)
  }

  private func change(_ change: StateDiff.Change, path: String) -> [JSON.Member] {
    switch change {
    case let .unchanged(count):
      return [.init("change", .string("unchanged")), .init("count", .int(Int64(count)))]
    case let .replaced(old, new):
      return [.init("change", .string("replaced")), .init("old", encode(old)), .init("new", encode(new))]
    case let .inserted(value):
      return [.init("change", .string("inserted")), .init("value", encode(value))]
    case let .removed(value):
      return [.init("change", .string("removed")), .init("value", encode(value))]
    case let .moved(from, to, inner):
      return [
        .init("change", .string("moved")), .init("from", .int(Int64(from))), .init("to", .int(Int64(to))),
        .init("inner", .object(self.change(inner, path: path))),
      ]
    case let .nested(shape, children):
      var members: [JSON.Member] = [.init("change", .string("nested"))]
      switch shape {
      case let .structure(type): members += [.init("shape", .string("structure")), .init("type", .string(type))]
      case let .enumCase(type, name):
        members += [.init("shape", .string("enum")), .init("type", .string(type)), .init("case", .string(name))]
      case .tuple: members.append(.init("shape", .string("tuple")))
      case .array: members.append(.init("shape", .string("array")))
      case .set: members.append(.init("shape", .string("set")))
      case .dictionary: members.append(.init("shape", .string("dictionary")))
      case .lines: members.append(.init("shape", .string("lines")))
      }
      members.append(.init("children", .array(children.map { node($0, path: path, parent: shape) })))
      return members
    }
  }
}
