/// The parts of two states that a patch touched, everything else replaced by small stand-ins that
/// are equal on both sides, so that turning them into `Value`s and diffing them costs what the
/// change costs, not what the state costs. The diff renders exactly as the diff of the whole
/// states: unchanged siblings collapse to `… (N unchanged)` either way, and array elements keep
/// their type and `id`, so they are still matched by identity.
///
/// ```swift
/// // patch: replace /todos/1/isComplete
/// PatchFocus(patch).prune(state, side: .old)
/// ```
/// ```text
/// {"$type":"Todos.State","filter":null,"todos":[{"$type":"Todo","id":1},{"$type":"Todo","id":2,"title":"Eggs","isComplete":true}]}
/// ```
package struct PatchFocus {
  /// Which of the two states is being pruned: an array element that a patch adds exists only in
  /// the new state, one it removes only in the old.
  package enum Side: Sendable {
    case old, new
  }

  private final class Node {
    var children: [String: Node] = [:]
    /// Operations that change the value here as a whole.
    var operations = 0
    var changesOld = false
    var changesNew = false
  }

  private let root = Node()

  package init(_ patch: JSONPatch) {
    for operation in patch.operations {
      switch operation {
      case let .add(path, _), let .copy(_, path): insert(path, old: false, new: true)
      case let .remove(path): insert(path, old: true, new: false)
      case let .replace(path, _): insert(path, old: true, new: true)
      case let .move(from, path):
        insert(from, old: true, new: false)
        insert(path, old: false, new: true)
      case .test: break
      }
    }
  }

  private func insert(_ pointer: JSONPointer, old: Bool, new: Bool) {
    var node = root
    for token in pointer.tokens {
      if let child = node.children[token] {
        node = child
      } else {
        let child = Node()
        node.children[token] = child
        node = child
      }
    }
    node.operations += 1
    node.changesOld = node.changesOld || old
    node.changesNew = node.changesNew || new
  }

  /// `state` (the `side` of the change it is) with only the touched paths kept in full; sets'
  /// members are kept whole (see `prune(before:after:)`).
  package func prune(_ state: JSON, side: Side) -> JSON {
    root.operations > 0 ? state : prune(state, root, side, [], standIns: [])
  }

  /// Both states pruned, and also a set's members (`$set`) where one operation added or removed
  /// one: the others become `null` stand-ins, when the member is not `null` and reads differently
  /// from all the others on both sides (a stand-in would hide a repeat; deciding needs both
  /// states, so both sides agree). One id removed from a set of 100,000 decoded and hashed all of
  /// them (60 ms per action). Dictionaries' pairs (`$dict`) are kept whole: keys that read the
  /// same (a redacted field) may repeat, and which entries pair up then depends on all of them.
  package func prune(before: JSON, after: JSON) -> (old: JSON, new: JSON) {
    guard root.operations == 0 else { return (before, after) }
    var standIns: Set<[String]> = []
    collectMembers(root, path: []) { path, touched, node in
      if Self.membersCanStandIn(at: path, touched, node, in: before, .old)
        && Self.membersCanStandIn(at: path, touched, node, in: after, .new)
      {
        standIns.insert(path)
      }
    }
    return (prune(before, root, .old, [], standIns: standIns), prune(after, root, .new, [], standIns: standIns))
  }

  /// The `$set` nodes with one member added or removed by one operation: path and index.
  private func collectMembers(_ node: Node, path: [String], _ found: ([String], Int, Node) -> Void) {
    for (token, child) in node.children where child.operations == 0 {
      let childPath = path + [token]
      if token == "$set" {
        if child.children.count == 1, let (index, member) = child.children.first, let touched = Int(index),
          member.operations <= 1, member.children.isEmpty
        {
          found(childPath, touched, member)
        }
        continue
      }
      collectMembers(child, path: childPath, found)
    }
  }

  /// Whether the member kept at `touched` of the set at `path` (on `side`, if it is there) is
  /// not `null` (the stand-in) and reads differently from every other member.
  private static func membersCanStandIn(
    at path: [String], _ touched: Int, _ member: Node, in state: JSON, _ side: Side
  ) -> Bool {
    guard case let .array(elements)? = try? PatchEngine.value(at: JSONPointer(tokens: path), in: state) else {
      return false
    }
    guard side == .old ? member.changesOld : member.changesNew else { return true }
    guard elements.indices.contains(touched) else { return false }
    let wanted = elements[touched]
    guard wanted != .null else { return false }
    for (index, element) in elements.enumerated() where index != touched && element == wanted { return false }
    return true
  }

  private func prune(_ value: JSON, _ node: Node, _ side: Side, _ path: [String], standIns: Set<[String]>) -> JSON {
    switch value {
    case let .object(members):
      // A marker replaced or removed (`$type`, `$enum`): the object reads as another type or as a
      // dictionary, and its diff may show all of it, so none of it is a stand-in.
      if node.children.contains(where: { $0.key.utf8.first == UInt8(ascii: "$") && $0.value.operations > 0 }) {
        return value
      }
      return .object(
        members.map { member in
          if member.key == "$set", let child = node.children[member.key], standIns.contains(path + [member.key]) {
            return JSON.Member(member.key, pruneMembers(member.value, child, side))
          }
          if member.key.hasPrefix("$") || member.key == "id" { return member }
          guard let child = node.children[member.key] else {
            return JSON.Member(member.key, Self.standIn(member.value))
          }
          // Members are matched by name: a member changed on either side is kept whole on both.
          return JSON.Member(
            member.key,
            child.operations > 0
              ? member.value : prune(member.value, child, side, path + [member.key], standIns: standIns))
        })
    case let .array(elements):
      // Elements are matched by position or id, and an added element exists on the new side only.
      // With more than one element or operation involved, indices may refer to different
      // moments of the patch: keep the array whole rather than risk pairing the wrong elements.
      guard node.children.count == 1, let (token, child) = node.children.first, let touched = Int(token),
        child.operations <= 1
      else { return value }
      let whole = side == .old ? child.changesOld : child.changesNew
      return .array(
        elements.enumerated().map { index, element in
          guard index == touched else { return Self.standIn(element) }
          if whole { return element }
          return child.operations > 0
            ? Self.standIn(element) : prune(element, child, side, path + [token], standIns: standIns)
        })
    default:
      return value
    }
  }
  /// A set's members where one was added or removed (`collectMembers`): kept on the side it is
  /// on, the others `null`.
  private func pruneMembers(_ value: JSON, _ node: Node, _ side: Side) -> JSON {
    guard case let .array(elements) = value, let (token, child) = node.children.first, let touched = Int(token) else {
      return value
    }
    let kept = side == .old ? child.changesOld : child.changesNew
    return .array(elements.enumerated().map { index, element in index == touched && kept ? element : .null })
  }

  /// What an untouched value becomes: a structure keeps its type and `id` (array elements are
  /// matched by id), scalars stay, anything else is `null`.
  private static func standIn(_ value: JSON) -> JSON {
    switch value {
    case let .object(members):
      guard let id = members.first(where: { $0.key == Value.identityLabel }) ?? members.first(where: { $0.key == "id" })
      else {
        return .null
      }
      let type = members.first { $0.key == "$type" }
      return .object((type.map { [$0] } ?? []) + [id])
    case .array:
      return .null
    default:
      return value
    }
  }
}
