/// The difference between two values as a tree — the model that every renderer (text, JSON,
/// JSON Patch) reads. Nothing here knows how it will be shown.
///
/// ```swift
/// let model = StateDiff(Todo(title: "Milk"), Todo(title: "Eggs"))
/// model.root.change
/// ```
/// ```text
/// .nested(.structure(type: "Todo"), [
///   Node(key: .field(label: "title", position: 0),
///        change: .replaced(old: .string("Milk"), new: .string("Eggs"))),
///   Node(key: .field(label: "isComplete", position: 1), change: .unchanged(count: 1)),
/// ])
/// ```
public struct StateDiff: Sendable, Hashable {
  /// The whole difference; its key is `.root`.
  public var root: Node

  public init(root: Node) {
    self.root = root
  }

  /// Whether the two values were equal.
  public var isEqual: Bool {
    if case .unchanged = root.change { return true }
    return false
  }

  /// How many places changed (replaced, inserted, removed or moved), counted up to `limit`: a
  /// measure of the diff's size that stops early on a huge one.
  ///
  /// ```text
  ///   [
  /// -   [0]: 1            one removed, one inserted, one field replaced: 3
  /// +   [1]: 3
  ///     [2]: Todo(… title: "a" → "b")
  ///   ]
  /// ```
  package func changedNodeCount(stoppingAt limit: Int = .max) -> Int {
    var count = 0
    var stack = [root.change]
    while let change = stack.popLast(), count < limit {
      switch change {
      case .unchanged: break
      case .replaced, .inserted, .removed: count += 1
      case let .moved(_, _, inner):
        count += 1
        stack.append(inner)
      case let .nested(_, nodes):
        for node in nodes { stack.append(node.change) }
      }
    }
    return min(count, limit)
  }

  /// One place in the tree: how it is reached from its parent, and what happened there.
  public struct Node: Sendable, Hashable {
    public var key: Key
    public var change: Change

    public init(key: Key, change: Change) {
      self.key = key
      self.change = change
    }
  }

  /// How a node is reached from its parent. Together, the keys from the root form the node's path.
  public enum Key: Sendable, Hashable {
    /// The top of the tree.
    case root
    /// A field of a structure, an associated value of an enum case or a tuple element; `position`
    /// is its index among its siblings. For a run of unchanged fields: the first of them.
    case field(label: String?, position: Int)
    /// An array element: its index in the old and in the new array (`nil` on the side where it
    /// does not exist) and, when elements were matched by identity, its `id`. For a run of
    /// unchanged elements: the first of them.
    case element(old: Int?, new: Int?, id: Value?)
    /// A dictionary entry.
    case entry(key: Value)
    /// A set member.
    case member
    /// A line of a multi-line string: its indices among the old and new lines, and its text.
    /// Lines are never collapsed into runs, so that renderers can show context.
    case line(old: Int?, new: Int?, text: String)
  }

  /// What happened at a node.
  public indirect enum Change: Sendable, Hashable {
    /// `count` equal siblings starting at this key (1 for a single equal subtree). Their values
    /// are not kept: equal parts may never have been reflected.
    case unchanged(count: Int)
    /// The value was replaced as a whole: a scalar changed, an enum changed case, or the shape
    /// or type changed.
    case replaced(old: Value, new: Value)
    /// Exists only in the new value.
    case inserted(Value)
    /// Exists only in the old value.
    case removed(Value)
    /// An array element that moved from one index to another (relative to the elements that
    /// stayed in order); `change` is what happened inside it (`.unchanged(count: 1)` when nothing).
    case moved(from: Int, to: Int, change: Change)
    /// Same shape on both sides, with differences inside.
    case nested(Shape, [Node])
  }

  /// The shape of a value whose children were compared one by one.
  public enum Shape: Sendable, Hashable {
    case structure(type: String)
    case enumCase(type: String, name: String)
    case tuple
    case array
    case set
    case dictionary
    /// A multi-line string compared line by line.
    case lines
  }
}

extension StateDiff.Change {
  /// Whether nothing changed here.
  public var isUnchanged: Bool {
    if case .unchanged = self { return true }
    return false
  }
}

extension StateDiff.Node {
  /// A node for `count` unchanged siblings.
  static func unchanged(_ key: StateDiff.Key, count: Int = 1) -> Self {
    .init(key: key, change: .unchanged(count: count))
  }
}
