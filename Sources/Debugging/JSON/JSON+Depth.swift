// How deep a tree nests, measured without recursion: trees built by patches (a `copy` of a subtree
// into itself doubles its depth) can be far deeper than any parsed line.

extension JSON {
  /// Whether this value nests containers deeper than `limit`: a scalar is 0 deep, `[]` and `{}`
  /// are 1, `[[1]]` is 2. Walks iteratively and stops at the first container past `limit`, so a
  /// deep tree costs no more than `limit` levels of it.
  ///
  /// ```swift
  /// try JSONReader.parse("[[1],2]").nestsDeeper(than: 1)  // true
  /// try JSONReader.parse("[[1],2]").nestsDeeper(than: 2)  // false
  /// ```
  public func nestsDeeper(than limit: Int) -> Bool {
    guard isContainer else { return false }
    if limit < 1 { return true }
    // Containers still to look into, with their depth (1 for this one).
    var pending: [(JSON, Int)] = [(self, 1)]
    while let (value, depth) = pending.popLast() {
      switch value {
      case let .array(elements):
        for element in elements where element.isContainer {
          if depth + 1 > limit { return true }
          pending.append((element, depth + 1))
        }
      case let .object(members):
        for member in members where member.value.isContainer {
          if depth + 1 > limit { return true }
          pending.append((member.value, depth + 1))
        }
      default:
        break
      }
    }
    return false
  }

  /// Whether this is an array or an object.
  public var isContainer: Bool {
    switch self {
    case .array, .object: return true
    default: return false
    }
  }
}
