import Debugging

/// The state diff of one action, built from the state before it and its patch: only the part of
/// the state the patch touches is compared, so the cost follows the change, not the state's size.
///
/// A patch `replace /todos/3/isComplete` compares two booleans and wraps the result in the
/// containers on its path (`Todos.State` → `todos` → `[3]`), with their other children as
/// unchanged runs; a single `add`, `remove` or `move` in an array becomes one inserted, removed or
/// moved element. Anything else compares the deepest container holding every change.
///
/// ```swift
/// let diff = try PatchDiff.diff(before: state, after: next, patch: action.patch)
/// DiffTextRenderer().render(diff)
/// ```
/// ```text
///   Todos.State(
///     todos: [
///       … (3 unchanged),
///       [3]: Todo(
///         … (2 unchanged),
/// -       isComplete: false
/// +       isComplete: true
///       ),
///       … (1 unchanged)
///     ],
///     … (1 unchanged)
///   )
/// ```
enum PatchDiff {
  /// Throws when a compared part of the state is not in the trace's value form.
  static func diff(before: JSON, after: JSON, patch: JSONPatch) throws(JSONError) -> StateDiff {
    let operations = patch.operations.filter { if case .test = $0 { return false } else { return true } }
    if operations.isEmpty { return StateDiff(root: .init(key: .root, change: .unchanged(count: 1))) }
    if operations.count == 1, let diff = try arrayOperation(operations[0], before: before) { return diff }

    var anchors: [[String]] = []
    for operation in operations {
      switch operation {
      case let .add(path, _), let .remove(path), let .copy(_, path): anchors.append(path.tokens.dropLast())
      case let .replace(path, _): anchors.append(path.tokens)
      case let .move(from, path): anchors += [from.tokens.dropLast(), path.tokens.dropLast()]
      case .test: break
      }
    }
    var prefix = anchors[0]
    for anchor in anchors.dropFirst() {
      let common = zip(prefix, anchor).prefix { $0 == $1 }.count
      prefix.removeLast(prefix.count - common)
    }
    var walk = PathWalk(tokens: prefix, in: before)
    let newPart: JSON
    do {
      newPart = try PatchEngine.value(at: JSONPointer(tokens: Array(prefix.prefix(walk.consumed))), in: after)
    } catch {
      walk = PathWalk(tokens: [], in: before)
      newPart = after
    }
    let change = ValueDiffer().change(try Value(json: walk.value), try Value(json: newPart), depth: 0)
    if change.isUnchanged { return StateDiff(root: .init(key: .root, change: change)) }
    return walk.wrap(change)
  }

  /// The diff of a patch that is one `add`, `remove` or `move` inside one array, from the state
  /// before it alone; `nil` for any other patch.
  static func singleArrayOperation(_ patch: JSONPatch, before: JSON) throws(JSONError) -> StateDiff? {
    let operations = patch.operations.filter { if case .test = $0 { return false } else { return true } }
    guard operations.count == 1 else { return nil }
    return try arrayOperation(operations[0], before: before)
  }

  /// One `add`, `remove` or `move` inside one array: the element itself, without comparing the array.
  private static func arrayOperation(_ operation: JSONPatch.Operation, before: JSON) throws(JSONError) -> StateDiff? {
    let parent: [String]
    switch operation {
    case let .add(path, _), let .remove(path): parent = path.tokens.dropLast()
    case let .move(from, path) where Array(from.tokens.dropLast()) == Array(path.tokens.dropLast()):
      parent = path.tokens.dropLast()
    default: return nil
    }
    let walk = PathWalk(tokens: parent, in: before)
    guard walk.consumed == parent.count, case let .array(elements) = walk.value else { return nil }
    let count = elements.count
    var children: [StateDiff.Node] = []
    func run(_ old: Int, _ new: Int, _ length: Int) {
      if length > 0 {
        children.append(.init(key: .element(old: old, new: new, id: nil), change: .unchanged(count: length)))
      }
    }
    switch operation {
    case let .add(path, value):
      let token = path.tokens.last ?? "-"
      guard let index = token == "-" ? count : PatchEngine.index(token), index <= count else { return nil }
      let inserted = try Value(json: value)
      run(0, 0, index)
      children.append(.init(key: .element(old: nil, new: index, id: inserted.elementID), change: .inserted(inserted)))
      run(index, index + 1, count - index)
    case let .remove(path):
      guard let index = path.tokens.last.flatMap(PatchEngine.index), index < count else { return nil }
      let removed = try Value(json: elements[index])
      run(0, 0, index)
      children.append(.init(key: .element(old: index, new: nil, id: removed.elementID), change: .removed(removed)))
      run(index + 1, index, count - index - 1)
    case let .move(from, path):
      guard let old = from.tokens.last.flatMap(PatchEngine.index), old < count,
        let new = path.tokens.last.flatMap(PatchEngine.index), new < count
      else { return nil }
      if old == new { return StateDiff(root: .init(key: .root, change: .unchanged(count: 1))) }
      let id = PathWalk.elementID(elements[old])
      run(0, 0, new)
      children.append(
        .init(
          key: .element(old: old, new: new, id: id), change: .moved(from: old, to: new, change: .unchanged(count: 1))))
      run(new + 1, new + 1, count - new - 1)
    default:
      return nil
    }
    return walk.wrap(.nested(.array, children))
  }
}

/// Follows JSON Pointer tokens into a state in its trace JSON form as far as the diff model can
/// name the steps: struct fields, enum payload fields, tuple elements, array elements and
/// dictionary entries. Markers with another shape (`$set`, `$dict`, `$uuid`, …) stop the walk.
struct PathWalk {
  /// A container on the path: its shape, the key of the child on the path, and its other
  /// children as unchanged runs before and after it.
  struct Frame {
    var shape: StateDiff.Shape
    var key: StateDiff.Key
    var before: StateDiff.Node?
    var after: StateDiff.Node?
  }

  private(set) var frames: [Frame] = []
  /// How many tokens were followed.
  private(set) var consumed = 0
  /// The value at the end of the walk.
  private(set) var value: JSON

  init(tokens: [String], in document: JSON) {
    value = document
    while consumed < tokens.count, step(tokens, at: consumed) {}
  }

  /// Puts `change` (the change at the end of the walk) inside the containers on the way to it.
  func wrap(_ change: StateDiff.Change) -> StateDiff {
    var change = change
    for frame in frames.reversed() {
      change = .nested(
        frame.shape, [frame.before, StateDiff.Node(key: frame.key, change: change), frame.after].compactMap { $0 })
    }
    return StateDiff(root: .init(key: .root, change: change))
  }

  static func elementID(_ element: JSON) -> Value? {
    guard case let .object(members) = element, members.first?.key == "$type",
      let id = (members.first(where: { $0.key == Value.identityLabel }) ?? members.first(where: { $0.key == "id" }))?
        .value
    else { return nil }
    return try? Value(json: id)
  }

  private static func runs(_ keys: [StateDiff.Key], around index: Int) -> (StateDiff.Node?, StateDiff.Node?) {
    let before = index > 0 ? StateDiff.Node(key: keys[0], change: .unchanged(count: index)) : nil
    let after =
      index + 1 < keys.count
      ? StateDiff.Node(key: keys[index + 1], change: .unchanged(count: keys.count - index - 1)) : nil
    return (before, after)
  }

  /// Follows one step (two for enum cases and tuples); `false` when the walk stops here.
  private mutating func step(_ tokens: [String], at index: Int) -> Bool {
    let token = tokens[index]
    switch value {
    case let .array(elements):
      guard let i = PatchEngine.index(token), i < elements.count else { return false }
      let count = elements.count
      frames.append(
        Frame(
          shape: .array, key: .element(old: i, new: i, id: Self.elementID(elements[i])),
          before: i > 0 ? .init(key: .element(old: 0, new: 0, id: nil), change: .unchanged(count: i)) : nil,
          after: i + 1 < count
            ? .init(key: .element(old: i + 1, new: i + 1, id: nil), change: .unchanged(count: count - i - 1)) : nil))
      value = elements[i]
      consumed += 1
      return true
    case let .object(members):
      let first = members.first?.key ?? ""
      if first == "$type", case let .string(type) = members[0].value {
        let fields = Array(members.dropFirst())
        guard let p = fields.firstIndex(where: { $0.key == token }) else { return false }
        let keys = fields.enumerated().map { StateDiff.Key.field(label: $0.element.key, position: $0.offset) }
        let (before, after) = Self.runs(keys, around: p)
        frames.append(Frame(shape: .structure(type: type), key: keys[p], before: before, after: after))
        value = fields[p].value
        consumed += 1
        return true
      }
      if first == "$enum" || first == "$tuple", index + 1 < tokens.count, members.count == (first == "$enum" ? 2 : 1) {
        let payloadKey = first == "$enum" ? members[1].key : "$tuple"
        guard token == payloadKey, case let .object(fields) = members[first == "$enum" ? 1 : 0].value,
          let p = fields.firstIndex(where: { $0.key == tokens[index + 1] })
        else { return false }
        let keys = fields.enumerated().map {
          StateDiff.Key.field(label: $0.element.key == "_\($0.offset)" ? nil : $0.element.key, position: $0.offset)
        }
        let (before, after) = Self.runs(keys, around: p)
        let shape: StateDiff.Shape
        if first == "$enum", case let .string(type) = members[0].value {
          shape = .enumCase(type: type, name: payloadKey)
        } else {
          shape = .tuple
        }
        frames.append(Frame(shape: shape, key: keys[p], before: before, after: after))
        value = fields[p].value
        consumed += 2
        return true
      }
      guard !first.hasPrefix("$"), let p = members.firstIndex(where: { $0.key == token }) else { return false }
      let keys = members.map { StateDiff.Key.entry(key: .string($0.key)) }
      let (before, after) = Self.runs(keys, around: p)
      frames.append(Frame(shape: .dictionary, key: keys[p], before: before, after: after))
      value = members[p].value
      consumed += 1
      return true
    default:
      return false
    }
  }
}
