/// `StateDiff` of two states read from their JSON, for states that no patch relates (two runs'
/// states in `diff`): equal parts are skipped by comparing JSON (an element still held as text, by
/// its text), structures are walked field by field, a long array of identified structures is
/// matched by ids read from its elements' text (`JSONStateDiff+Arrays.swift`), and only the parts
/// that differ become `Value`s. The diff is exactly `StateDiff(Value(json: old), Value(json: new))`,
/// an error in the value form the same error, when it is in a part that differs; it costs what the
/// difference costs, not what the states cost.
///
/// ```swift
/// // 1,000,000 todos; the current run added one and checked another
/// let diff = try JSONStateDiff.diff(goldenState, currentState)   // 3 elements become values
/// ```
package struct JSONStateDiff {
  /// Which state a part that is not in the value form was in.
  package enum Side: Sendable, Equatable {
    case old, new
  }

  /// A part of one state that is not in the value form (`Value(json:)`'s error, at its path).
  package struct ShapeError: Error {
    package var side: Side
    package var error: JSONError
  }

  /// Arrays with fewer elements than this on both sides are diffed as `Value`s.
  let longArray: Int
  let differ = ValueDiffer()

  /// The difference from `old` to `new`; `longArray`: the fewest elements of an array matched on
  /// its JSON (tests lower it to take that way for every array).
  package static func diff(_ old: JSON, _ new: JSON, longArray: Int = 64) throws(ShapeError) -> StateDiff {
    var path = StatePaths()
    let differ = JSONStateDiff(longArray: longArray)
    return StateDiff(root: .init(key: .root, change: try differ.change(old, new, depth: 0, path: &path)))
  }

  /// `ValueDiffer.change` of the two parts' values.
  func change(_ old: JSON, _ new: JSON, depth: Int, path: inout StatePaths) throws(ShapeError)
    -> StateDiff.Change
  {
    if old == new { return .unchanged(count: 1) }
    if depth < differ.maximumDepth {
      switch (old, new) {
      case let (.object(a), .object(b)):
        if let change = try structure(a, b, depth: depth, path: &path) { return change }
      case let (.array(a), .array(b)) where a.count >= longArray || b.count >= longArray:
        if let nodes = try identifiedArray(a, b, depth: depth + 1, path: &path) {
          return FocusedChange.nested(.array, nodes)
        }
      default:
        break
      }
    }
    return differ.change(try value(old, .old, &path), try value(new, .new, &path), depth: depth)
  }

  /// Two structures of one type with the same fields, compared field by field as `ValueDiffer`
  /// does; `nil` for any other pair of objects.
  private func structure(_ a: JSONMembers, _ b: JSONMembers, depth: Int, path: inout StatePaths)
    throws(ShapeError) -> StateDiff.Change?
  {
    let old = a.array, new = b.array
    guard old.count == new.count, let first = old.first, first.key == "$type", new[0].key == "$type",
      case let .string(type) = first.value, case .string(type) = new[0].value, type != "IndexSet"
    else { return nil }
    for index in 1..<old.count where old[index].key != new[index].key { return nil }
    var nodes = NodeList()
    for index in 1..<old.count {
      let label = old[index].key
      path.push(.key(label), .key(label))
      let change = try change(old[index].value, new[index].value, depth: depth + 1, path: &path)
      path.pop()
      // A computed `id` (`$id`) is a node only when it changed, as in `ValueDiffer`.
      if label == Value.identityLabel, change.isUnchanged { continue }
      nodes.append(.field(label: label, position: index - 1), change)
    }
    return FocusedChange.nested(.structure(type: type), nodes.nodes)
  }

  /// The value of a part of one state; an error names the part's place in the state.
  func value(_ json: JSON, _ side: Side, _ path: inout StatePaths) throws(ShapeError) -> Value {
    do throws(JSONError) {
      return side == .old ? try Value.decode(json, path: &path.old) : try Value.decode(json, path: &path.new)
    } catch {
      throw ShapeError(side: side, error: error)
    }
  }
}

/// The place being diffed in each state, for the error of a part not in the value form: an
/// element can be at another index in the new state than in the old.
struct StatePaths {
  var old: [JSONPathComponent] = []
  var new: [JSONPathComponent] = []

  mutating func push(_ inOld: JSONPathComponent, _ inNew: JSONPathComponent) {
    old.append(inOld)
    new.append(inNew)
  }

  mutating func pop() {
    old.removeLast()
    new.removeLast()
  }
}
