import Foundation

// The order `Value(reflecting:)` sorts dictionary entries (by key) and set elements in, so that the same
// state gives the same trace in every run: Swift's hashing is seeded per process, so iteration
// order alone would differ between runs.

extension Value {
  /// A total order on values: first by kind (null, bool, numbers, string, uuid, date, url, data,
  /// redacted, reference, array, set, dictionary, tuple, enum case, structure), then by content —
  /// numbers numerically (`.int` and `.uint` together), strings with `<`, containers element by
  /// element.
  ///
  /// ```swift
  /// Value(reflecting: ["b": 2, "a": 1, "c": 3])  // .dictionary(["a": 1, "b": 2, "c": 3])
  /// Value(reflecting: Set([3, 1, 2]))            // .set([1, 2, 3])
  /// ```
  static func canonicallyPrecedes(_ lhs: Value, _ rhs: Value) -> Bool {
    compare(lhs, rhs) < 0
  }

  private static func compare(_ lhs: Value, _ rhs: Value) -> Int {
    switch (lhs, rhs) {
    case let (.string(a), .string(b)): return a == b ? 0 : (a < b ? -1 : 1)
    case let (.int(a), .int(b)): return order(a, b)
    case let (.uint(a), .uint(b)): return order(a, b)
    case (.int, .uint): return -1  // every `.uint` is above `Int64.max`
    case (.uint, .int): return 1
    case let (.int(a), .double(b)): return -compareDouble(b, Double(a))
    case let (.uint(a), .double(b)): return -compareDouble(b, Double(a))
    case let (.double(a), .int(b)): return compareDouble(a, Double(b))
    case let (.double(a), .uint(b)): return compareDouble(a, Double(b))
    case let (.double(a), .double(b)): return compareDouble(a, b)
    case let (.bool(a), .bool(b)): return a == b ? 0 : (a ? 1 : -1)
    case let (.uuid(a), .uuid(b)): return compareUUIDs(a, b)
    case let (.date(a), .date(b)): return order(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
    case let (.url(a), .url(b)): return order(a.absoluteString, b.absoluteString)
    case let (.data(a), .data(b)): return compareElements(Array(a), Array(b), by: order)
    case let (.redacted(a), .redacted(b)), let (.reference(a), .reference(b)): return order(a, b)
    case let (.array(a), .array(b)), let (.set(a), .set(b)): return compareElements(a, b, by: compare)
    case let (.dictionary(a), .dictionary(b)):
      return compareElements(a, b) { x, y in
        let keys = compare(x.key, y.key)
        return keys != 0 ? keys : compare(x.value, y.value)
      }
    case let (.tuple(a), .tuple(b)): return compareFields(a, b)
    case let (.enumCase(t1, n1, v1), .enumCase(t2, n2, v2)):
      let types = order(t1, t2)
      if types != 0 { return types }
      let names = order(n1, n2)
      return names != 0 ? names : compareFields(v1, v2)
    case let (.structure(t1, f1), .structure(t2, f2)):
      let types = order(t1, t2)
      return types != 0 ? types : compareFields(f1, f2)
    default:
      return order(lhs.kindRank, rhs.kindRank)
    }
  }

  /// Where `wanted` goes among `elements` (sorted in the canonical order of `key`): the first
  /// place whose key does not precede it, by binary search.
  static func canonicalPlace<T>(of wanted: Value, in elements: [T], by key: (T) -> Value) -> Int {
    var low = 0, high = elements.count
    while low < high {
      let middle = (low + high) / 2
      if canonicallyPrecedes(key(elements[middle]), wanted) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// UUIDs in the order of their `uuidString`s, from their bytes: the text is the bytes in
  /// hexadecimal with dashes at fixed places, so it sorts as they do (without making two strings
  /// per comparison).
  static func compareUUIDs(_ a: UUID, _ b: UUID) -> Int {
    withUnsafeBytes(of: a.uuid) { x in
      withUnsafeBytes(of: b.uuid) { y in
        for i in 0..<16 where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
        return 0
      }
    }
  }

  private static func compareDouble(_ a: Double, _ b: Double) -> Int {
    if a.isTotallyOrdered(belowOrEqualTo: b) { return b.isTotallyOrdered(belowOrEqualTo: a) ? 0 : -1 }
    return 1
  }

  private static func compareFields(_ lhs: [Field], _ rhs: [Field]) -> Int {
    compareElements(lhs, rhs) { x, y in
      let labels = order(x.label ?? "", y.label ?? "")
      return labels != 0 ? labels : compare(x.value, y.value)
    }
  }

  private static func compareElements<T>(_ lhs: [T], _ rhs: [T], by compare: (T, T) -> Int) -> Int {
    for (x, y) in zip(lhs, rhs) {
      let result = compare(x, y)
      if result != 0 { return result }
    }
    return order(lhs.count, rhs.count)
  }

  private static func order<T: Comparable>(_ a: T, _ b: T) -> Int {
    a == b ? 0 : (a < b ? -1 : 1)
  }

  private var kindRank: Int {
    switch self {
    case .null: return 0
    case .bool: return 1
    case .int, .uint, .double: return 2
    case .string: return 3
    case .uuid: return 4
    case .date: return 5
    case .url: return 6
    case .data: return 7
    case .redacted: return 8
    case .reference: return 9
    case .array: return 10
    case .set: return 11
    case .dictionary: return 12
    case .tuple: return 13
    case .enumCase: return 14
    case .structure: return 15
    }
  }
}
