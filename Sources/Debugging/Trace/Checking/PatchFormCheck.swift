/// Whether a patch operation, once applied, left the state in the trace's value form: the check
/// `validate` makes of where each operation's value went, or of what its removal left. The value
/// itself was checked on its own (`Value.isInForm`); what it cannot say is whether its place
/// wants something else: `replace /id/$uuid "zz"` puts a fine string where a UUID's text goes,
/// `add /names/$x 1` a `$` key into a dictionary, `remove /due/$t` half of a date.
///
/// Only the container the operation changed is looked at, and only when the change can matter:
/// a `$` key, a marker object, a `$dict`'s pairs. The rows of a table and the fields of a struct
/// take no check at all, so following a trace costs what it did.
///
/// ```swift
/// PatchFormCheck.problem(in: state, after: .replace(path: JSONPointer("/id/$uuid"), value: .string("zz")))
/// // at /id: invalid UUID "zz"
/// ```
enum PatchFormCheck {
  /// The error of the value-form rule `operation`, just applied to the state `root`, broke, with
  /// its JSON Pointer from the root; `nil` when it broke none.
  static func problem<Node: FormPathNode>(in root: Node, after operation: JSONPatch.Operation) -> JSONError? {
    switch operation {
    case let .add(path, _), let .replace(path, _):
      // A value put at `$tuple` was taken as a tuple's fields on its line: checked for the place.
      return problem(in: root, at: path.tokens, adding: true, checksValue: path.tokens.last == "$tuple")
    case let .remove(path):
      return problem(in: root, at: path.tokens, adding: false)
    case let .move(from, path):
      // A value moved within its container stays where values of its kind go; from elsewhere (the
      // fields of a case, where keys may start with `$`) it is checked for its new place.
      // (An object's member moved to another key may take the marker key away: not within.)
      let within =
        from.tokens.dropLast() == path.tokens.dropLast()
        && from.tokens.last.flatMap(PatchEngine.index) != nil && path.tokens.last.flatMap(PatchEngine.index) != nil
      let source = within ? nil : sourceTokens(from.tokens, afterAddingAt: path.tokens, in: root)
      return source.flatMap { problem(in: root, at: $0, adding: false) }
        ?? problem(in: root, at: path.tokens, adding: true, checksValue: !within)
    case let .copy(_, path):
      return problem(in: root, at: path.tokens, adding: true, checksValue: true)
    case .test:
      return nil
    }
  }

  /// Where the container a `move` took its value from is once the value was added at `path`: an
  /// insert into an array on the way shifts it by one; a member replaced on the way took it
  /// away (`nil`: nothing left to check).
  private static func sourceTokens<Node: FormPathNode>(
    _ from: [String], afterAddingAt path: [String], in root: Node
  ) -> [String]? {
    let k = path.count - 1
    guard k >= 0, k < from.count - 1, from.prefix(k).elementsEqual(path.prefix(k)) else { return from }
    var container = root
    for token in path.prefix(k) {
      guard let child = container.child(token) else { return nil }
      container = child
    }
    guard container.isArray else { return path[k] == from[k] ? nil : from }
    guard let inserted = PatchEngine.index(path[k]), let index = PatchEngine.index(from[k]), index >= inserted else {
      return from
    }
    var shifted = from
    shifted[k] = String(index + 1)
    return shifted
  }

  /// Whether `operation`, applied to a tree, may have broken the form, from its paths and the
  /// first key of the object it changed (`JSONPatch.Operation.apply(to:changedObjectFirstKey:)`,
  /// `nil` for an array): a `$` token on the way (a marker's insides, a `$dict`'s pairs), an
  /// object whose first key makes it a marker, a value moved or copied from elsewhere. Else
  /// nothing needs a look: a row of a table, a field of a struct, an entry of a dictionary.
  static func mayHaveBroken(_ operation: JSONPatch.Operation, changedObjectFirstKey first: String?) -> Bool {
    switch operation {
    case .test: return false
    case .copy: return true
    case let .move(from, path):
      if from.tokens.dropLast() != path.tokens.dropLast() || from.tokens.contains(where: { $0.utf8.first == 0x24 }) {
        return true
      }
    default: break
    }
    if operation.path.tokens.contains(where: { $0.utf8.first == 0x24 }) { return true }
    guard let first, first.utf8.first == 0x24 else { return false }
    return first != "$type"
  }

  /// The check of the container at `tokens.dropLast()` after its member `tokens.last` was added
  /// or replaced (`adding`) or removed; `checksValue`: also the value added, for its place (one
  /// moved or copied from another place).
  private static func problem<Node: FormPathNode>(
    in root: Node, at tokens: [String], adding: Bool, checksValue: Bool = false
  ) -> JSONError? {
    guard let last = tokens.last else { return checksValue ? decodingError(root, at: []) : nil }
    var container = root
    var place = FormPlace.value
    // The nearest object at a value's place on the way (what holds a marker's insides), and the
    // pointer `Value(json:)` gives a place: without the `$tuple`, `$set` and `$dict` keys.
    var owner = (node: root, pointer: [String]())
    var pointer: [String] = []
    for token in tokens.dropLast() {
      if place == .value, container.isObject { owner = (container, pointer) }
      let firstKey = container.firstKey
      if !(place == .value && token == firstKey && FormPlace.isCollectionMarker(token)) { pointer.append(token) }
      place = place.child(token, firstKey: firstKey, isObject: container.isObject)
      // (The operation applied: its path is there.)
      guard let child = container.child(token) else { return nil }
      container = child
    }
    let member = container.isArray && last == "-" ? String(container.count - 1) : last
    if checksValue, let value = container.child(member) {
      let valuePlace = place.child(last, firstKey: container.firstKey, isObject: container.isObject)
      if !Value.isInForm(value.json(), at: valuePlace) {
        let shown = place == .value && last == container.firstKey && FormPlace.isCollectionMarker(last) ? [] : [member]
        return valuePlace == .value
          ? decodingError(value, at: pointer + shown) : decodingError(owner.node, at: owner.pointer)
      }
    }
    switch place {
    case .value:
      guard container.isObject else { return nil }
      let marker = container.firstKey.map { $0.utf8.first == 0x24 && $0 != "$type" } ?? false
      guard marker || last.utf8.first == 0x24 else { return nil }
      // A marker key removed turns the object into another kind: a case's or tuple's fields are
      // then a dictionary's values, and each is looked at as one.
      let deep = !adding && last.utf8.first == 0x24
      return Value.isInForm(container.json(), deep: deep) ? nil : decodingError(container, at: pointer)
    case .fields:
      // The fields of a case or tuple: any key, each a value.
      return nil
    case .pairs:
      guard adding, let pair = container.child(member) else { return nil }
      return pair.isArray && pair.count == 2 ? nil : decodingError(owner.node, at: owner.pointer)
    case .pair:
      return container.count == 2 ? nil : decodingError(owner.node, at: owner.pointer)
    case .marker:
      return Value.isInForm(owner.node.json(), deep: false) ? nil : decodingError(owner.node, at: owner.pointer)
    }
  }

  /// `Value(json:)`'s error for `node`, at `tokens` from the root; `nil` if it reads (the checks
  /// here are `Value(json:)`'s rules: it gives the message).
  private static func decodingError<Node: FormPathNode>(_ node: Node, at tokens: some Collection<String>) -> JSONError?
  {
    do {
      _ = try Value(json: node.json())
      return nil
    } catch {
      return error.under(JSONPointer(tokens: Array(tokens)).description)
    }
  }
}
