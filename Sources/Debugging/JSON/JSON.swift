/// A JSON document as read by `JSONReader` and written by `JSONWriter`: objects keep their key
/// order and integers stay exact.
///
/// ```swift
/// let json = try JSONReader.parse(#"{"seq":1,"label":"increment"}"#)
/// json["label"]  // .string("increment")
/// ```
public enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  /// An integer that fits `Int64`.
  case int(Int64)
  /// An integer above `Int64.max`.
  case uint(UInt64)
  case double(Double)
  case string(String)
  /// The elements; `.array([JSON])` builds one from a Swift array.
  case array(JSONElements)
  /// The members in their order; `.object([Member])` builds one from a Swift array.
  case object(JSONMembers)

  /// One key/value pair of an object.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSON
    public init(_ key: String, _ value: JSON) {
      self.key = key
      self.value = value
    }
  }
}

extension JSON {
  /// An array of `elements`.
  public static func array(_ elements: [JSON]) -> JSON { .array(JSONElements(elements)) }

  /// An object of `members`, in their order.
  public static func object(_ members: [Member]) -> JSON { .object(JSONMembers(members)) }

  /// The value for `key` when this is an object.
  public subscript(key: String) -> JSON? {
    guard case let .object(members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The element at `index` when this is an array.
  public subscript(index: Int) -> JSON? {
    guard case let .array(elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  public var stringValue: String? {
    if case let .string(s) = self { return s }
    return nil
  }

  public var intValue: Int64? {
    switch self {
    case let .int(i): return i
    case let .uint(u): return Int64(exactly: u)
    default: return nil
    }
  }

  public var doubleValue: Double? {
    switch self {
    case let .int(i): return Double(i)
    case let .uint(u): return Double(u)
    case let .double(d): return d
    default: return nil
    }
  }
}
