/// The changes of a `StateDiff` as a flat list, each with its JSON Pointer path into the JSON form
/// of the state (docs/log-format.md) — for summaries, assertions and scripts.
///
/// ```swift
/// StateDiff(old, new).changes.map(\.path)  // ["/todos/3/isComplete", "/todos/0"]
/// ```
extension StateDiff {
  /// One change at the deepest node that describes it.
  public struct PathChange: Sendable, Hashable {
    /// JSON Pointer; array elements by their new index (the old one for removed elements).
    public var path: String
    /// `.replaced`, `.inserted`, `.removed`, or `.moved` (with its inner change).
    public var change: Change
  }

  /// Every change, in the order a text diff shows them; unchanged nodes are left out, and nested
  /// nodes are replaced by the changes inside them (a moved element that also changed appears as
  /// its move, then its inner changes).
  public var changes: [PathChange] {
    var result: [PathChange] = []
    collect(root, path: "", parent: nil, into: &result)
    return result
  }

  private func collect(_ node: Node, path parentPath: String, parent: Shape?, into result: inout [PathChange]) {
    let path = Self.path(of: node.key, under: parentPath, parent: parent)
    var change = node.change
    if case let .moved(from, to, inner) = change {
      result.append(.init(path: path, change: .moved(from: from, to: to, change: .unchanged(count: 1))))
      change = inner
    }
    switch change {
    case .unchanged: return
    case let .nested(shape, children):
      for child in children { collect(child, path: path, parent: shape, into: &result) }
    default:
      result.append(.init(path: path, change: change))
    }
  }

  /// The JSON Pointer of a node with `key` under a parent at `path` of shape `parent`.
  static func path(of key: Key, under path: String, parent: Shape?) -> String {
    switch key {
    case .root, .member, .line: return path
    case let .field(label, position):
      let token = label ?? "_\(position)"
      switch parent {
      case let .enumCase(_, name)?: return DiffJSONPatch.appending(DiffJSONPatch.appending(path, name), token)
      case .tuple?: return DiffJSONPatch.appending(DiffJSONPatch.appending(path, "$tuple"), token)
      default: return DiffJSONPatch.appending(path, token)
      }
    case let .element(old, new, _): return DiffJSONPatch.appending(path, String(new ?? old ?? 0))
    case let .entry(.string(key)): return DiffJSONPatch.appending(path, key)
    case .entry: return path
    }
  }
}

extension StateDiff: CustomStringConvertible {
  /// The diff as text (`DiffTextRenderer`), empty when the values were equal.
  public var description: String {
    DiffTextRenderer().render(self)
  }
}
