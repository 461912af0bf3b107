/// Compares two `Value` trees and builds a `StateDiff`: structures field by field, enum cases by
/// case then payload, arrays by identity or as sequences (`ArrayDiffer`), dictionaries by key, sets
/// by member, multi-line strings line by line.
///
/// ```swift
/// ValueDiffer().diff(.int(1), .int(2)).root.change  // .replaced(old: .int(1), new: .int(2))
/// ```
package struct ValueDiffer {
  /// Below this depth subtrees that differ are shown as replaced instead of walked.
  var maximumDepth = 512
  /// Places a patch replaced with a value that reads the same (a secret by another): shown as
  /// replaced although both sides are equal. `nil`: none, here and below.
  var replaced: ReplacedPlaces?

  package init(replaced: ReplacedPlaces? = nil) {
    self.replaced = replaced
  }

  func diff(_ old: Value, _ new: Value) -> StateDiff {
    StateDiff(root: .init(key: .root, change: change(old, new, depth: 0)))
  }

  /// What happened between `old` and `new`.
  package func change(_ old: Value, _ new: Value, depth: Int) -> StateDiff.Change {
    guard depth < maximumDepth else {
      return old == new ? .unchanged(count: 1) : .replaced(old: old, new: new)
    }
    if let replaced, replaced.isReplaced, old == new { return .replaced(old: old, new: new) }
    switch (old, new) {
    case (.structure("IndexSet", _), .structure("IndexSet", _)):
      // Shown whole (`IndexSet([0, 3..<5])`), not as the ranges it is stored in.
      return old == new ? .unchanged(count: 1) : .replaced(old: old, new: new)
    case let (.structure(t1, f1), .structure(t2, f2)) where t1 == t2 && sameLabels(f1, f2):
      return nested(.structure(type: t1), fields(f1, f2, depth: depth))
    case let (.enumCase(t1, n1, v1), .enumCase(t2, n2, v2)) where t1 == t2 && n1 == n2 && sameLabels(v1, v2):
      return nested(.enumCase(type: t1, name: n1), below(.token(n1)).fields(v1, v2, depth: depth))
    case let (.tuple(f1), .tuple(f2)) where sameLabels(f1, f2):
      return nested(.tuple, fields(f1, f2, depth: depth))
    case let (.array(a), .array(b)):
      return nested(.array, ArrayDiffer(differ: self, depth: depth + 1).diff(a, b))
    case let (.set(a), .set(b)):
      return nested(.set, members(a, b))
    case let (.dictionary(a), .dictionary(b)):
      return nested(.dictionary, entries(a, b, depth: depth))
    // A line feed found as a byte (`contains("\n")` is Foundation's search, 4,000 instructions a
    // string; a byte also finds the one in "\r\n", as that search does).
    case let (.string(a), .string(b)) where a != b && (a.utf8.contains(0x0A) || b.utf8.contains(0x0A)):
      return nested(.lines, LineDiffer.diff(a, b))
    default:
      return old == new ? .unchanged(count: 1) : .replaced(old: old, new: new)
    }
  }

  /// This differ for what is below `step` (a member, a case, an element or an entry).
  func below(_ step: ReplacedPlaces.Step) -> ValueDiffer {
    guard let replaced else { return self }
    var differ = self
    differ.replaced = replaced.child(step)
    return differ
  }

  /// `below` a dictionary's entry: a `String` key is also a member's name (`/settings/apiKey`).
  private func below(key: Value) -> ValueDiffer {
    guard let replaced else { return self }
    var differ = self
    differ.replaced = replaced.child(.key(key))
    if differ.replaced == nil, case let .string(name) = key { differ.replaced = replaced.child(.token(name)) }
    return differ
  }

  private func nested(_ shape: StateDiff.Shape, _ nodes: [StateDiff.Node]) -> StateDiff.Change {
    nodes.allSatisfy(\.change.isUnchanged) ? .unchanged(count: 1) : .nested(shape, nodes)
  }

  private func sameLabels(_ a: [Value.Field], _ b: [Value.Field]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.label == $1.label }
  }

  private func fields(_ old: [Value.Field], _ new: [Value.Field], depth: Int) -> [StateDiff.Node] {
    var nodes = NodeList()
    for (position, (a, b)) in zip(old, new).enumerated() {
      let differ = replaced == nil ? self : below(.token(a.label ?? "_\(position)"))
      let change = differ.change(a.value, b.value, depth: depth + 1)
      // A computed `id` (`$id`) is a node only when it changed: unchanged runs count the fields shown.
      if a.label == Value.identityLabel, change.isUnchanged { continue }
      nodes.append(.field(label: a.label, position: position), change)
    }
    return nodes.nodes
  }

  private func entries(_ old: [Value.Entry], _ new: [Value.Entry], depth: Int) -> [StateDiff.Node] {
    // (By key through a hash table: keys that read the same — a redacted field — may repeat, and
    // then which entries pair up depends on all of them.)
    var newIndex: [Value: Int] = [:]
    for (index, entry) in new.enumerated() { newIndex[entry.key] = index }
    var matched = Set<Int>()
    var nodes = NodeList()
    for entry in old {
      if let index = newIndex[entry.key] {
        matched.insert(index)
        nodes.append(
          .entry(key: entry.key), below(key: entry.key).change(entry.value, new[index].value, depth: depth + 1))
      } else {
        nodes.append(.entry(key: entry.key), .removed(entry.value))
      }
    }
    for (index, entry) in new.enumerated() where !matched.contains(index) {
      nodes.append(.entry(key: entry.key), .inserted(entry.value))
    }
    return nodes.nodes
  }

  private func members(_ old: [Value], _ new: [Value]) -> [StateDiff.Node] {
    // Members equal at the same place from either end are in both sets, found without hashing
    // (one member added to 100,000 hashes none); the others by value.
    let (prefix, suffix) = Self.ends(old.count, new.count) { old[$0] == new[$1] }
    let oldWindow = old[prefix..<(old.count - suffix)], newWindow = new[prefix..<(new.count - suffix)]
    let oldSet = Set(oldWindow), newSet = Set(newWindow)
    var newEdges = EdgeLookup(new, prefix: prefix, suffix: suffix) { $0 }
    var oldEdges = EdgeLookup(old, prefix: prefix, suffix: suffix) { $0 }
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.member, .unchanged(count: prefix)) }
    for member in oldWindow {
      let kept = newSet.contains(member) || newEdges.index(of: member) != nil
      nodes.append(.member, kept ? .unchanged(count: 1) : .removed(member))
    }
    if suffix > 0 { nodes.append(.member, .unchanged(count: suffix)) }
    for member in newWindow where !oldSet.contains(member) {
      if oldEdges.index(of: member) != nil { continue }
      nodes.append(.member, .inserted(member))
    }
    return nodes.nodes
  }

  /// How many elements are equal (`same(i, j)`) at the same place from the start, and then from
  /// the end, of two lists of `oldCount` and `newCount` elements.
  private static func ends(_ oldCount: Int, _ newCount: Int, _ same: (Int, Int) -> Bool) -> (prefix: Int, suffix: Int) {
    var prefix = 0
    while prefix < oldCount, prefix < newCount, same(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < oldCount - prefix, suffix < newCount - prefix, same(oldCount - 1 - suffix, newCount - 1 - suffix) {
      suffix += 1
    }
    return (prefix, suffix)
  }

}

/// Finds a value among the first `prefix` and last `suffix` keys of a list (the ends two lists
/// share, where a value of the other list's middle is only when values repeat): compared with
/// `==` while few are asked for, then from a hash table of the ends made once (so a middle of
/// many values costs one table, not one scan each).
private struct EdgeLookup<Element> {
  let elements: [Element]
  let key: (Element) -> Value
  let prefix: Int
  let suffix: Int
  private var asked = 0
  private var table: [Value: Int]?

  init(_ elements: [Element], prefix: Int, suffix: Int, key: @escaping (Element) -> Value) {
    self.elements = elements
    self.key = key
    self.prefix = prefix
    self.suffix = suffix
  }

  mutating func index(of wanted: Value) -> Int? {
    if prefix + suffix == 0 { return nil }
    asked += 1
    if asked > 8 {
      if table == nil {
        var table: [Value: Int] = [:]
        for index in (0..<prefix).reversed() { table[key(elements[index])] = index }
        for index in ((elements.count - suffix)..<elements.count).reversed() where table[key(elements[index])] == nil {
          table[key(elements[index])] = index
        }
        self.table = table
      }
      return table![wanted]
    }
    if let index = (0..<prefix).first(where: { key(elements[$0]) == wanted }) { return index }
    return ((elements.count - suffix)..<elements.count).first { key(elements[$0]) == wanted }
  }
}

/// Sibling nodes under construction; consecutive unchanged siblings collapse into one run.
struct NodeList {
  private(set) var nodes: [StateDiff.Node] = []

  init() {}

  /// Room for `capacity` nodes at once (a few small arrays grown one at a time cost an
  /// allocation each).
  init(capacity: Int) {
    nodes.reserveCapacity(capacity)
  }

  mutating func append(_ key: StateDiff.Key, _ change: StateDiff.Change) {
    if case let .unchanged(count) = change, let last = nodes.last, case let .unchanged(run) = last.change {
      nodes[nodes.count - 1].change = .unchanged(count: run + count)
    } else if case .unchanged = change, case let .element(old, new, _) = key {
      nodes.append(.init(key: .element(old: old, new: new, id: nil), change: change))
    } else {
      nodes.append(.init(key: key, change: change))
    }
  }
}
