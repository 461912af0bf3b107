import Foundation

/// A Swift value as a tree: what reflection produces, what the diff engine compares, and what a
/// trace stores (see `docs/log-format.md` for its JSON form).
///
/// ```swift
/// struct Todo { var title = "Milk"; var isComplete = false }
/// Value(reflecting: Todo())
/// ```
/// ```text
/// .structure(type: "Todo", fields: [title: .string("Milk"), isComplete: .bool(false)])
/// ```
///
/// Integers are normalised: every integer that fits `Int64` is `.int`; only values above
/// `Int64.max` are `.uint`. `Optional.some(x)` is `x` itself and `nil` is `.null` (a nested
/// optional holding `nil`, `Int??.some(nil)`, is its case: `.enumCase(type: "Int??", name: "some", …)`).
/// Equality compares doubles by bit pattern, so a tree holding NaN equals itself.
public indirect enum Value: Sendable {
  /// A struct or class with its fields in declaration order. `type` is the readable type name
  /// (`Todo`, `Todos.State`).
  case structure(type: String, fields: [Field])
  /// An enum case with its associated values (labelled or not), e.g. `AppAction.todo(id:action:)`.
  case enumCase(type: String, name: String, values: [Field])
  /// A tuple; labels are optional.
  case tuple([Field])
  /// An array or any other ordered collection (including identified arrays).
  case array([Value])
  /// A set, elements in the order they were reflected.
  case set([Value])
  /// A dictionary with keys of any type, in the order they were reflected.
  case dictionary([Entry])
  case string(String)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  case bool(Bool)
  case uuid(UUID)
  case date(Date)
  case url(URL)
  case data(Data)
  /// `nil`.
  case null
  /// A value hidden from the trace; `type` says what was hidden (`String`).
  case redacted(type: String)
  /// A reference back to a class instance already being reflected higher up (a cycle), or a
  /// subtree cut off by the depth limit (`name` is the type that was not walked).
  case reference(type: String)

  /// A labelled or unlabelled member of a structure, enum case or tuple.
  public struct Field: Hashable, Sendable {
    public var label: String?
    public var value: Value
    public init(_ label: String?, _ value: Value) {
      self.label = label
      self.value = value
    }
  }

  /// One key/value pair of a dictionary.
  public struct Entry: Hashable, Sendable {
    public var key: Value
    public var value: Value
    public init(_ key: Value, _ value: Value) {
      self.key = key
      self.value = value
    }
  }
}

extension Value: Hashable {
  public static func == (lhs: Value, rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case let (.structure(t1, f1), .structure(t2, f2)): return t1 == t2 && f1 == f2
    case let (.enumCase(t1, n1, v1), .enumCase(t2, n2, v2)): return t1 == t2 && n1 == n2 && v1 == v2
    case let (.tuple(a), .tuple(b)): return a == b
    case let (.array(a), .array(b)): return a == b
    case let (.set(a), .set(b)): return a == b
    case let (.dictionary(a), .dictionary(b)): return a == b
    case let (.string(a), .string(b)): return a == b
    case let (.int(a), .int(b)): return a == b
    case let (.uint(a), .uint(b)): return a == b
    case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern || a == b
    case let (.bool(a), .bool(b)): return a == b
    case let (.uuid(a), .uuid(b)): return a == b
    case let (.date(a), .date(b)): return a == b
    case let (.url(a), .url(b)): return a == b
    case let (.data(a), .data(b)): return a == b
    case (.null, .null): return true
    case let (.redacted(a), .redacted(b)): return a == b
    case let (.reference(a), .reference(b)): return a == b
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .structure(t, f): hasher.combine(0); hasher.combine(t); hasher.combine(f)
    case let .enumCase(t, n, v): hasher.combine(1); hasher.combine(t); hasher.combine(n); hasher.combine(v)
    case let .tuple(a): hasher.combine(2); hasher.combine(a)
    case let .array(a): hasher.combine(3); hasher.combine(a)
    case let .set(a): hasher.combine(4); hasher.combine(a)
    case let .dictionary(a): hasher.combine(5); hasher.combine(a)
    case let .string(a): hasher.combine(6); hasher.combine(a)
    case let .int(a): hasher.combine(7); hasher.combine(a)
    case let .uint(a): hasher.combine(8); hasher.combine(a)
    case let .double(a): hasher.combine(9); hasher.combine(a == 0 ? 0 : a.bitPattern)
    case let .bool(a): hasher.combine(10); hasher.combine(a)
    case let .uuid(a): hasher.combine(11); hasher.combine(a)
    case let .date(a): hasher.combine(12); hasher.combine(a)
    case let .url(a): hasher.combine(13); hasher.combine(a)
    case let .data(a): hasher.combine(14); hasher.combine(a)
    case .null: hasher.combine(15)
    case let .redacted(a): hasher.combine(16); hasher.combine(a)
    case let .reference(a): hasher.combine(17); hasher.combine(a)
    }
  }
}

extension Value {
  /// The value of the field called `label`, for structures, enum cases and tuples.
  ///
  /// ```swift
  /// Value(reflecting: Todo())["title"]  // .string("Milk")
  /// ```
  public subscript(label: String) -> Value? {
    switch self {
    case let .structure(_, fields), let .enumCase(_, _, fields), let .tuple(fields):
      return fields.first { $0.label == label }?.value
    default:
      return nil
    }
  }

  /// The identity of an element, used to match array elements across two states: its
  /// `Identifiable` id — the `$id` field a computed `id` is recorded as, or a field named `id`.
  public var elementID: Value? {
    self[Self.identityLabel] ?? self["id"]
  }

  /// The label of the field that carries an `Identifiable` value's computed `id` (`var id:
  /// Repo.ID { repo.id }`), first in its structure; text renderers do not show it.
  ///
  /// ```text
  /// {"$type":"Row","$id":7,"repo":{"$type":"Repo","id":7,"name":"swift"},"isStarred":false}
  /// ```
  public static let identityLabel = "$id"

  /// Whether a redaction marker (`.redacted`) is in this value, at any depth.
  package var containsRedaction: Bool { contains { if case .redacted = $0 { true } else { false } } }

  /// Whether a redacted value or a reference (`$ref`: a cycle, or the reflection depth limit)
  /// is somewhere in this value: then two different values can read the same.
  package var hidesSomething: Bool {
    contains {
      switch $0 {
      case .redacted, .reference: true
      default: false
      }
    }
  }

  /// Whether `leaf` is true of this value or a value inside it (walked without recursion).
  private func contains(where leaf: (Value) -> Bool) -> Bool {
    var stack = [self]
    while let value = stack.popLast() {
      if leaf(value) { return true }
      switch value {
      case let .structure(_, fields), let .tuple(fields): stack.append(contentsOf: fields.map(\.value))
      case let .enumCase(_, _, values): stack.append(contentsOf: values.map(\.value))
      case let .array(elements), let .set(elements): stack.append(contentsOf: elements)
      case let .dictionary(entries): stack.append(contentsOf: entries.flatMap { [$0.key, $0.value] })
      default: break
      }
    }
    return false
  }
}
