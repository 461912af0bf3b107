/// A `StateDiff` that changed in one place, as the path of nested values down to it: each level
/// a structure (the changed field and the runs of unchanged fields around it) or an array (the
/// changed element and the unchanged ones around it), then the change there. A writer walks it
/// instead of a tree of nodes (`SingleOperationChange.spine(after:)`, the report).
///
/// ```text
/// levels: structure Todos.State, field todos (after 1 unchanged: filter)
///         element 334 of 1000, id UUID(…)
///         structure Todo.State, field isComplete (after 2 unchanged: description, id)
/// leaf:   replaced false → true
/// ```
package struct DiffSpine: Equatable {
  /// A run of unchanged fields: the first one's label and position, and how many.
  package struct Run: Equatable {
    package var label: String
    package var position: Int
    package var count: Int
  }

  package enum Level: Equatable {
    /// A structure whose field `field`, at `position` among its fields, changed.
    case structure(type: String, field: String, position: Int, before: Run?, after: Run?)
    /// An array of `count` elements whose element `index` changed inside; `id` its id.
    case element(index: Int, count: Int, id: Value?)

    /// The key of the node one level down (the changed field or element).
    package var childKey: StateDiff.Key {
      switch self {
      case let .structure(_, field, position, _, _): .field(label: field, position: position)
      case let .element(index, _, id): .element(old: index, new: index, id: id)
      }
    }
  }

  /// From the outermost (the state) in; empty when nothing changed.
  package var levels: [Level]
  /// The change at the end of the levels (`.unchanged` when nothing changed).
  package var leaf: StateDiff.Change

  /// The diff it stands for.
  package var diff: StateDiff {
    var change = leaf
    for level in levels.reversed() {
      var nodes: [StateDiff.Node] = []
      switch level {
      case let .structure(type, _, _, before, after):
        if let before {
          nodes.append(
            .init(key: .field(label: before.label, position: before.position), change: .unchanged(count: before.count)))
        }
        nodes.append(.init(key: level.childKey, change: change))
        if let after {
          nodes.append(
            .init(key: .field(label: after.label, position: after.position), change: .unchanged(count: after.count)))
        }
        change = .nested(.structure(type: type), nodes)
      case let .element(index, count, _):
        if index > 0 { nodes.append(.init(key: .element(old: 0, new: 0, id: nil), change: .unchanged(count: index))) }
        nodes.append(.init(key: level.childKey, change: change))
        if count - index - 1 > 0 {
          nodes.append(
            .init(key: .element(old: index + 1, new: index + 1, id: nil), change: .unchanged(count: count - index - 1)))
        }
        change = .nested(.array, nodes)
      }
    }
    return StateDiff(root: .init(key: .root, change: change))
  }
}
