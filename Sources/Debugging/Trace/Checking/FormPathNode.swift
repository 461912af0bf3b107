/// A container on a patch's path, as `PatchFormCheck` reads it: a `JSON` tree, or a state kept
/// as text (`LazyState`).
protocol FormPathNode {
  var isObject: Bool { get }
  var isArray: Bool { get }
  /// An object's first key; `nil` for an empty object or anything else.
  var firstKey: String? { get }
  /// Members or elements.
  var count: Int { get }
  func child(_ token: String) -> Self?
  func json() -> JSON
}

extension JSON: FormPathNode {
  var isObject: Bool {
    if case .object = self { true } else { false }
  }

  var isArray: Bool {
    if case .array = self { true } else { false }
  }

  var firstKey: String? {
    guard case let .object(members) = self else { return nil }
    return members.first?.key
  }

  var count: Int {
    switch self {
    case let .object(members): members.count
    case let .array(elements): elements.count
    default: 0
    }
  }

  func child(_ token: String) -> JSON? {
    switch self {
    case .object: return self[token]
    case .array: return PatchEngine.index(token).flatMap { self[$0] }
    default: return nil
    }
  }

  func json() -> JSON { self }
}
