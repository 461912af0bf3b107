/// The places a patch replaced with a value that reads the same as the old one, where that value
/// hides something (a secret replaced by another: `{"$redacted":"String"}` on both sides; a change
/// below the depth limit: a `$ref` by itself). The two states cannot show the change; the patch
/// can: `ValueDiffer` shows such a place as replaced (both sides, as they read) instead of unchanged.
///
/// ```text
/// patch: replace /byField/$dict/1/1 {"$redacted":"String"}   (the pair at place 1 has key .password)
/// places: byField → key .password (replaced)
/// ```
///
/// Steps are the pointer's tokens (a field's label, a case's name, `_0`, an array's index), except
/// that `$dict/N/1` becomes the key of pair N (read in the state after the patch), the way the
/// differ matches entries. An index is the element's in the state after the patch: operations
/// after the `replace` that add, remove or move elements before it in its array shift it.
///
/// ```text
/// patch: replace /devices/20/token {"$redacted":"String"}, move /devices/5 → /devices/59
/// places: devices → 19 → token (replaced)
/// ```
package final class ReplacedPlaces {
  enum Step: Hashable {
    case token(String)
    case key(Value)
  }

  private(set) var isReplaced = false
  private(set) var children: [Step: ReplacedPlaces] = [:]

  private init() {}

  /// The places of `patch`'s `replace` operations whose value hides something, read in `state`
  /// (the state after the patch); `nil` when there are none.
  package static func of(_ patch: JSONPatch, after state: JSON) -> ReplacedPlaces? {
    var root: ReplacedPlaces?
    for tokens in places(in: patch, after: state) {
      guard let steps = steps(tokens, in: state) else { continue }
      var node = root ?? ReplacedPlaces()
      root = node
      for step in steps {
        if let child = node.children[step] {
          node = child
        } else {
          let child = ReplacedPlaces()
          node.children[step] = child
          node = child
        }
      }
      node.isReplaced = true
    }
    return root
  }

  func child(_ step: Step) -> ReplacedPlaces? { children[step] }

  /// The places of `patch`'s `replace` operations whose value hides something, as the tokens of
  /// their pointers in `state`, the state after the patch: an element's index is shifted by the
  /// operations after the `replace` that add, remove or move elements before it in its array; a
  /// place that a later operation removes is left out, one it moves follows it.
  package static func places(in patch: JSONPatch, after state: JSON) -> [[String]] {
    let operations = patch.operations
    // The operations that change where elements are (replaces do not).
    let structural = operations.indices.filter {
      switch operations[$0] {
      case .add, .remove, .move, .copy: true
      case .replace, .test: false
      }
    }
    var places: [[String]] = []
    for (position, operation) in operations.enumerated() {
      guard case let .replace(pointer, value) = operation, hides(value) else { continue }
      var tokens = pointer.tokens
      let later = structural.drop { $0 < position }
      if later.allSatisfy({ rebase(&tokens, through: operations[$0], in: state) }) { places.append(tokens) }
    }
    return places
  }

  /// `tokens` as `operation` leaves the place they name; `false` when it removes the place.
  private static func rebase(_ tokens: inout [String], through operation: JSONPatch.Operation, in state: JSON) -> Bool {
    switch operation {
    case let .add(path, _), let .copy(_, path):
      shift(&tokens, at: path.tokens, by: 1, in: state)
    case let .remove(path):
      if tokens.starts(with: path.tokens) { return false }
      shift(&tokens, at: path.tokens, by: -1, in: state)
    case let .move(from, path):
      if tokens.starts(with: from.tokens) {
        tokens = path.tokens + tokens.dropFirst(from.tokens.count)
      } else {
        shift(&tokens, at: from.tokens, by: -1, in: state)
        shift(&tokens, at: path.tokens, by: 1, in: state)
      }
    case .replace, .test:
      break
    }
    return true
  }

  /// Shifts the index in `tokens` of an element after the one inserted (`delta` 1) or removed
  /// (`delta` -1) at `path` in the same array. A container that is an object in `state` (a
  /// dictionary with a key such as "2") has no indices.
  private static func shift(_ tokens: inout [String], at path: [String], by delta: Int, in state: JSON) {
    let depth = path.count - 1
    guard depth >= 0, depth < tokens.count, tokens[..<depth].elementsEqual(path[..<depth]),
      let at = PatchEngine.index(path[depth]), let index = PatchEngine.index(tokens[depth]),
      delta > 0 ? at <= index : at < index
    else { return }
    var container: JSON? = state
    for token in path[..<depth] {
      switch container {
      case let .object(members)?: container = members.first { $0.key == token }?.value
      case let .array(elements)?:
        container = PatchEngine.index(token).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
      default: container = nil
      }
    }
    if case .object? = container { return }
    tokens[depth] = String(index + delta)
  }

  /// Whether a patch's value holds a `$redacted` or `$ref` marker (walked without recursion).
  static func hides(_ value: JSON) -> Bool {
    var stack = [value]
    while let value = stack.popLast() {
      switch value {
      case let .object(members):
        if let first = members.first?.key, first == "$redacted" || first == "$ref" { return true }
        for member in members { stack.append(member.value) }
      case let .array(elements):
        for element in elements { stack.append(element) }
      default:
        break
      }
    }
    return false
  }

  /// The steps of a pointer's `tokens` in `state`; `nil` when a `$dict` pair it names is not there.
  private static func steps(_ tokens: [String], in state: JSON) -> [Step]? {
    var steps: [Step] = []
    var node: JSON? = state
    var tokens = tokens[...]
    while let token = tokens.popFirst() {
      if token == "$dict" {
        guard let index = tokens.popFirst().flatMap(Int.init), tokens.popFirst() == "1",
          case let .array(pairs)? = node?["$dict"], pairs.indices.contains(index),
          case let .array(pair) = pairs[index], pair.count == 2, let key = try? Value(json: pair[0])
        else { return nil }
        steps.append(.key(key))
        node = pair[1]
        continue
      }
      if token.hasPrefix("$") {
        // `$tuple`, `$set`: the differ walks the marker's value as the container itself.
        node = node?[token]
        continue
      }
      steps.append(.token(token))
      switch node {
      case let .object(members)?: node = members.first { $0.key == token }?.value
      case let .array(elements)?: node = Int(token).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
      default: node = nil
      }
    }
    return steps
  }
}
