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
/// differ matches entries.
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
    for operation in patch.operations {
      guard case let .replace(pointer, value) = operation, Self.hides(value),
        let steps = steps(pointer, in: state)
      else { continue }
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

  /// Whether a patch's value holds a `$redacted` or `$ref` marker (walked without recursion).
  private static func hides(_ value: JSON) -> Bool {
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

  /// The steps of `pointer` in `state`; `nil` when a `$dict` pair it names is not there.
  private static func steps(_ pointer: JSONPointer, in state: JSON) -> [Step]? {
    var steps: [Step] = []
    var node: JSON? = state
    var tokens = pointer.tokens[...]
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
