/// The diff of the commonest patches — one `replace` of a value inside structures and array
/// elements (`replace /todos/334/isComplete true`), or one `move` of an identified element within
/// its array (`move /todos/334 → /todos/857`) — built along the pointer's path through the state
/// after it, without the tree of touched nodes and captures `FocusedChange` makes for any patch:
/// the state before gives only the value replaced or the element moved. The diff is
/// `FocusedChange`'s, node for node (and so that of the two whole states).
///
/// ```swift
/// guard let change = SingleOperationChange(patch: action.patch, before: state) else { … }
/// try action.patch.apply(to: &state)
/// change.diff(after: state)   // Todos.State(todos: [… [334, id: 7]: Todo(… isComplete: false → true) …])
/// ```
///
/// `nil` for any other patch: more than one operation, a pointer through something else than a
/// structure (`$type`) or an array element, a token `FocusedChange` does not take (an `id`, a
/// `$` marker), a member that is missing or repeated, an array element replaced whole, a move
/// by fewer than two places or of an element without an id.
package struct SingleOperationChange {
  private enum Operation {
    /// The value before, at the pointer.
    case replaced(JSON)
    /// The element moved within the array at `tokens` (`FocusedChange`'s `moved` capture).
    case moved(from: Int, to: Int, count: Int, element: JSON)
  }

  /// The pointer's tokens to the value replaced, or to the array reordered.
  private let tokens: [String]
  private let operation: Operation

  init?(patch: JSONPatch, before state: JSON) {
    guard patch.operations.count == 1 else { return nil }
    switch patch.operations[0] {
    case let .replace(pointer, _):
      // An element replaced whole is diffed as the array's window (`FocusedChange`).
      guard !pointer.tokens.isEmpty, let value = Self.value(at: pointer.tokens, in: state, lastInStructure: true) else {
        return nil
      }
      tokens = pointer.tokens
      operation = .replaced(value)
    case let .move(from, to):
      // `PatchTouches.Node.onlyElementMoved`: within one array, by two places or more.
      let array = Array(to.tokens.dropLast())
      guard let fromToken = from.tokens.last, let toToken = to.tokens.last, from.tokens.dropLast() == array[...],
        let fromIndex = PatchEngine.index(fromToken), let toIndex = PatchEngine.index(toToken),
        abs(fromIndex - toIndex) >= 2,
        case let .array(elements)? = Self.value(at: array, in: state, lastInStructure: false),
        fromIndex < elements.count, toIndex < elements.count, FocusedChange.hasIdentity(elements[fromIndex])
      else { return nil }
      tokens = array
      operation = .moved(from: fromIndex, to: toIndex, count: elements.count, element: elements[fromIndex])
    default:
      return nil
    }
  }

  /// The value at `tokens` in `state` along structures' members and array elements, each token
  /// one `FocusedChange` takes; the last in a structure when `lastInStructure` (`nil` otherwise).
  private static func value(at tokens: [String], in state: JSON, lastInStructure: Bool) -> JSON? {
    guard tokens.count < 256 else { return nil }
    var value = state
    for (level, token) in tokens.enumerated() {
      guard token != "id", token.utf8.first != UInt8(ascii: "$") else { return nil }
      switch value {
      case let .object(members):
        guard let member = Self.onlyMember(token, ofStructure: members) else { return nil }
        value = member.value
      case let .array(elements):
        guard !lastInStructure || level < tokens.count - 1, let index = PatchEngine.index(token),
          index < elements.count
        else { return nil }
        value = elements[index]
      default:
        return nil
      }
    }
    return value
  }

  /// The member of a structure (`$type` first, a string) keyed `token`, when exactly one is.
  private static func onlyMember(_ token: String, ofStructure members: JSONMembers) -> JSON.Member? {
    guard let first = members.first, first.key == "$type", case .string = first.value else { return nil }
    var found: JSON.Member?
    for member in members.array where member.key == token {
      guard found == nil else { return nil }
      found = member
    }
    return found
  }

  /// The diff from the state before to `state`, the state once the patch applied. Throws when a
  /// value the diff reads is not in the trace's value form (as `FocusedChange.diff` does).
  func diff(after state: JSON) throws(JSONError) -> StateDiff {
    StateDiff(root: .init(key: .root, change: try change(state, level: 0)))
  }

  /// `diff(after:)` as its spine (`DiffSpine`): what a writer needs to write it without building
  /// it. `nil` when the state after does not have the shape the state before had (not for a
  /// patch that applied): take `diff(after:)` then. Throws what `diff(after:)` throws.
  package func spine(after state: JSON) throws(JSONError) -> DiffSpine? {
    var levels: [DiffSpine.Level] = []
    levels.reserveCapacity(tokens.count)
    /// The array levels, with their element and its path's length, for the ids.
    var elementLevels: [(level: Int, element: JSON)] = []
    var value = state
    for token in tokens {
      switch value {
      case let .object(members):
        guard let first = members.first, first.key == "$type", case let .string(type) = first.value else { return nil }
        var field: (position: Int, value: JSON)?
        var before: DiffSpine.Run?, after: DiffSpine.Run?
        for (position, member) in members.array.dropFirst().enumerated() {
          if member.key == token {
            guard field == nil else { return nil }
            field = (position, member.value)
          } else if member.key != Value.identityLabel {
            // The unchanged fields around the changed one, as `NodeList` merges them.
            if field == nil {
              before =
                before.map { DiffSpine.Run(label: $0.label, position: $0.position, count: $0.count + 1) }
                ?? DiffSpine.Run(label: member.key, position: position, count: 1)
            } else {
              after =
                after.map { DiffSpine.Run(label: $0.label, position: $0.position, count: $0.count + 1) }
                ?? DiffSpine.Run(label: member.key, position: position, count: 1)
            }
          }
        }
        guard let field else { return nil }
        levels.append(.structure(type: type, field: token, position: field.position, before: before, after: after))
        value = field.value
      case let .array(elements):
        guard let index = PatchEngine.index(token), index < elements.count else { return nil }
        levels.append(.element(index: index, count: elements.count, id: nil))
        value = elements[index]
        elementLevels.append((levels.count - 1, value))
      default:
        return nil
      }
    }
    let leaf = try change(value, level: tokens.count)
    // Nothing changed: neither does any level around it (`FocusedChange.nested`).
    if leaf.isUnchanged { return DiffSpine(levels: [], leaf: .unchanged(count: 1)) }
    // The ids from the innermost array out, as `diff(after:)` reads them.
    for (level, element) in elementLevels.reversed() {
      guard case let .element(index, count, _) = levels[level] else { continue }
      let id: Value?
      if Value.isInForm(element) {
        id = try FocusedChange.identity(element, path(level + 1))
      } else {
        id = try FocusedChange.value(element, path(level + 1)).elementID
      }
      levels[level] = .element(index: index, count: count, id: id)
    }
    return DiffSpine(levels: levels, leaf: leaf)
  }

  /// The change at `value`, the state after at the first `level` tokens
  /// (`FocusedChange.change` of the capture there).
  private func change(_ value: JSON, level: Int) throws(JSONError) -> StateDiff.Change {
    guard level < tokens.count else {
      switch operation {
      case let .replaced(old):
        let a = try FocusedChange.value(old, path(level)), b = try FocusedChange.value(value, path(level))
        // A secret replaced by another reads the same: shown as replaced (as `FocusedChange`).
        if a == b, a.hidesSomething { return .replaced(old: a, new: b) }
        return ValueDiffer().change(a, b, depth: level)
      case let .moved(from, to, count, element):
        guard case let .array(elements) = value else {
          throw JSONError("at \(path(level)): not an array", line: 0, column: 0)
        }
        return try FocusedChange.movedElement(
          from: from, to: to, count: count, old: element, new: elements, depth: level + 1, ValueDiffer(),
          path: path(level))
      }
    }
    let token = tokens[level]
    switch value {
    case let .object(members):
      // A structure: its fields in order, the unchanged ones as runs (a computed `$id` is no node).
      guard let first = members.first, first.key == "$type", case let .string(type) = first.value else {
        throw JSONError("at \(path(level)): not an object", line: 0, column: 0)
      }
      var nodes = NodeList(capacity: min(members.count - 1, 3))
      for (position, member) in members.array.dropFirst().enumerated() {
        if member.key == token {
          nodes.append(.field(label: member.key, position: position), try change(member.value, level: level + 1))
        } else if member.key != Value.identityLabel {
          nodes.append(.field(label: member.key, position: position), .unchanged(count: 1))
        }
      }
      return FocusedChange.nested(.structure(type: type), nodes.nodes)
    case let .array(elements):
      guard let index = PatchEngine.index(token), index < elements.count else {
        throw JSONError("at \(path(level)): not an array", line: 0, column: 0)
      }
      let element = elements[index]
      let inside = try change(element, level: level + 1)
      return try FocusedChange.loneElement(
        element, at: index, of: elements.count, changed: inside, path: path(level + 1))
    default:
      throw JSONError("at \(path(level)): not an object", line: 0, column: 0)
    }
  }

  /// The JSON Pointer of the first `level` tokens, for an error (`FocusedChange`'s `path`).
  private func path(_ level: Int) -> String {
    tokens[0..<level].map { "/" + $0 }.joined()
  }
}
