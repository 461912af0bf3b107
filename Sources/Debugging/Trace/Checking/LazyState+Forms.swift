extension LazyState {
  /// The value-form rule `operation`, just applied, broke (`PatchFormCheck`); `nil` when none.
  ///
  /// ```swift
  /// var state = LazyState(text: StateText(Array(#"{"id":{"$uuid":"00000000-0000-0000-0000-000000000001"}}"#.utf8)))
  /// let operation = JSONPatch.Operation.replace(path: JSONPointer("/id/$uuid"), value: .string("zz"))
  /// state.apply(operation)                  // true
  /// state.formProblem(after: operation)     // at /id: invalid UUID "zz"
  /// ```
  func formProblem(after operation: JSONPatch.Operation) -> JSONError? {
    PatchFormCheck.problem(in: LazyFormNode(node: root, text: text, children: children), after: operation)
  }
}

/// A node of a `LazyState` as `PatchFormCheck` reads it: a container held as text or as a value
/// is looked at one level expanded (the containers on a patch's path already are).
struct LazyFormNode: FormPathNode {
  let node: LazyState.Node
  let text: StateText
  let children: JSONChildIndex

  private var expanded: LazyState.Node {
    var expanded = node
    LazyState.expand(&expanded, text, children)
    return expanded
  }

  var isObject: Bool {
    if case .object = expanded { true } else { false }
  }

  var isArray: Bool {
    if case .array = expanded { true } else { false }
  }

  var firstKey: String? {
    guard case let .object(members) = expanded else { return nil }
    return members.first?.key
  }

  var count: Int {
    switch expanded {
    case let .object(members): members.count
    case let .array(elements): elements.count
    default: 0
    }
  }

  func child(_ token: String) -> LazyFormNode? {
    switch expanded {
    case let .object(members):
      return members.first { $0.key == token }.map { LazyFormNode(node: $0.node, text: text, children: children) }
    case let .array(elements):
      guard let index = PatchEngine.index(token), index < elements.count else { return nil }
      return LazyFormNode(node: elements[index], text: text, children: children)
    default:
      return nil
    }
  }

  func json() -> JSON {
    text.withUnsafeBytes { LazyState.json(node, $0) }
  }
}
