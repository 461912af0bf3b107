// `==` on JSON trees of any depth: recursive (fast, no allocation) for the first levels, then with
// a work list, so a tree built in code deeper than any stack is compared without overflowing it
// (trees read from text are at most 512 levels deep; see `JSON+Depth.swift`).

extension JSON {
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    equal(lhs, rhs, depth: 0)
  }

  /// Levels compared by recursion before the work list takes over.
  static let recursionLimit = 256

  private static func equal(_ a: JSON, _ b: JSON, depth: Int) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case let (.bool(x), .bool(y)): return x == y
    case let (.int(x), .int(y)): return x == y
    case let (.uint(x), .uint(y)): return x == y
    case let (.double(x), .double(y)): return x == y
    case let (.string(x), .string(y)): return x == y
    case let (.array(x), .array(y)):
      if x.storage === y.storage { return true }
      guard x.count == y.count else { return false }
      if depth >= recursionLimit { return iterativelyEqual(a, b) }
      if x.hasPendingElements || y.hasPendingElements {
        // Elements still held as text compare as text first: equal text is an equal value.
        for i in 0..<x.count where !JSONElements.sameText(x, y, at: i) && !equal(x[i], y[i], depth: depth + 1) {
          return false
        }
        return true
      }
      for (p, q) in zip(x.storage.trees, y.storage.trees) where !equal(p, q, depth: depth + 1) { return false }
      return true
    case let (.object(x), .object(y)):
      if x.storage === y.storage { return true }
      guard x.count == y.count else { return false }
      if depth >= recursionLimit { return iterativelyEqual(a, b) }
      for (p, q) in zip(x.storage.items, y.storage.items)
      where p.key != q.key || !equal(p.value, q.value, depth: depth + 1) {
        return false
      }
      return true
    default:
      return false
    }
  }

  private static func iterativelyEqual(_ a: JSON, _ b: JSON) -> Bool {
    var pairs: [(JSON, JSON)] = [(a, b)]
    while let (x, y) = pairs.popLast() {
      switch (x, y) {
      case let (.array(p), .array(q)):
        if p.storage === q.storage { continue }
        guard p.count == q.count else { return false }
        if p.hasPendingElements || q.hasPendingElements {
          for i in 0..<p.count where !JSONElements.sameText(p, q, at: i) { pairs.append((p[i], q[i])) }
        } else {
          pairs.append(contentsOf: zip(p.storage.trees, q.storage.trees))
        }
      case let (.object(p), .object(q)):
        if p.storage === q.storage { continue }
        guard p.count == q.count else { return false }
        for (m, n) in zip(p.storage.items, q.storage.items) {
          guard m.key == n.key else { return false }
          pairs.append((m.value, n.value))
        }
      case (.array, _), (.object, _), (_, .array), (_, .object):
        return false
      default:
        guard equal(x, y, depth: 0) else { return false }
      }
    }
    return true
  }
}
