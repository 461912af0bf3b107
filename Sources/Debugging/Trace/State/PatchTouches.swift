/// Where a patch touches a state, as a tree of the pointers' tokens: which nodes change as a
/// whole, and for each array, the operations that add, remove or change its elements in the order
/// they apply — enough to tell which elements at the array's two ends no operation touched (they
/// are the same on both sides of the change, only shifted).
///
/// ```swift
/// // patch: remove /todos/5, replace /todos/7/title   (todos has 10 elements before)
/// let touches = PatchTouches(patch)!
/// touches.root.children["todos"]!.untouchedEnds(count: 10)  // (prefix: 5, suffix: 2)
/// ```
///
/// `nil` for a patch whose change could alter the shape of an object as the trace's value form
/// reads it (docs/log-format.md): a member added or removed, a `$` marker or an `id` touched. Those
/// are diffed from the whole states instead.
package struct PatchTouches {
  /// One place of the state a patch touches. A node is built and read by the one thread that
  /// reads the patch: its members go without dynamic exclusivity checks (one per access, for
  /// every operation of every action).
  package final class Node {
    @exclusivity(unchecked) package var children = TouchedChildren()
    /// Operations that change the value here as a whole (replace, add, remove, move in or out).
    @exclusivity(unchecked) package var operations = 0
    /// For an array: every operation below it, in order, as (element token, structural effect).
    @exclusivity(unchecked) var elementEffects: [(token: String, effect: Effect)] = []
    /// For an array: how many `move` operations took one of its elements to another place in it.
    @exclusivity(unchecked) var movesWithin = 0
    /// For an array: the positions in `elementEffects` of the `remove` entries that are the first
    /// half of such a `move` (the `insert` right after is the second).
    @exclusivity(unchecked) var moveStarts: Set<Int> = []
  }

  enum Effect {
    /// An element inserted at the token (`-`: at the end).
    case insert
    /// The element at the token removed.
    case remove
    /// Something inside the element at the token changed in place.
    case change
    /// The element at the token replaced as a whole.
    case replace
  }

  package let root = Node()

  package init?(_ patch: JSONPatch) {
    for operation in patch.operations {
      switch operation {
      case let .add(path, _), let .copy(_, path):
        guard Self.record(path, .insert, in: root) else { return nil }
      case let .remove(path):
        guard Self.record(path, .remove, in: root) else { return nil }
      case let .replace(path, _):
        guard Self.record(path, .replace, in: root) else { return nil }
      case let .move(from, path):
        if from == path { continue }
        guard Self.record(from, .remove, in: root), Self.record(path, .insert, in: root) else { return nil }
        if from.tokens.count == path.tokens.count, from.tokens.dropLast() == path.tokens.dropLast() {
          var array = root
          for token in path.tokens.dropLast() { array = array.children[token]! }
          array.movesWithin += 1
          array.moveStarts.insert(array.elementEffects.count - 2)
        }
      case .test:
        continue
      }
    }
  }

  /// Adds one operation's place; `false` when it could change an object's shape.
  private static func record(_ pointer: JSONPointer, _ effect: Effect, in root: Node) -> Bool {
    let tokens = pointer.tokens
    guard tokens.count < 256 else { return false }
    for token in tokens where token == "id" || token.utf8.first == UInt8(ascii: "$") { return false }
    // A member added to or removed from an object changes its keys (an array's `-` or index is fine).
    if effect == .insert || effect == .remove, let last = tokens.last, last != "-", PatchEngine.index(last) == nil {
      return false
    }
    var node = root
    for (depth, token) in tokens.enumerated() {
      // Every array element token below records its effect on that array (checked as an array
      // when the state is read: an index into an object means the patch is not diffed this way).
      node.elementEffects.append((token, depth == tokens.count - 1 ? effect : .change))
      if let child = node.children[token] {
        node = child
      } else {
        let child = Node()
        node.children[token] = child
        node = child
      }
    }
    node.operations += 1
    return true
  }
}

/// Where the elements of an array after a patch come from (see `PatchTouches.Node.elementOrigins`),
/// one entry per element; `ElementRuns` says the same in runs.
package struct ElementOrigins {
  /// For each element after the patch: its index before, or -1 for an element the patch brought
  /// (added, copied, replaced as a whole, moved in from elsewhere).
  package var origins: [Int]
  /// The indices before of the elements something inside of which changed.
  package var changedInside: Set<Int>
  /// The indices before of the elements the patch moved.
  package var moved: [Int] = []
}

extension PatchTouches.Node {
  /// How many elements at the start and at the end of this array no operation touches, for an
  /// array of `count` elements before the patch: they are the same elements on both sides, the
  /// ones at the end shifted by what was added and removed. `nil` when a token is not an index.
  package func untouchedEnds(count: Int) -> (prefix: Int, suffix: Int)? {
    var length = count
    var prefix = count, suffix = count
    for (token, effect) in elementEffects {
      let index: Int
      if token == "-" {
        guard effect == .insert else { return nil }
        index = length
      } else {
        guard let i = PatchEngine.index(token) else { return nil }
        index = i
      }
      prefix = min(prefix, index)
      switch effect {
      case .insert:
        guard index <= length else { return nil }
        suffix = min(suffix, length - index)
        length += 1
      case .remove:
        guard index < length else { return nil }
        suffix = min(suffix, length - index - 1)
        length -= 1
      case .change, .replace:
        guard index < length else { return nil }
        suffix = min(suffix, length - index - 1)
      }
    }
    let shortest = min(count, length)
    prefix = min(prefix, shortest)
    suffix = min(suffix, shortest - prefix)
    return (prefix, suffix)
  }

  /// The element an array's only `move` took from `from` to `to`, at least two places away, when
  /// all else that happens to the array is inside that element once it is there
  /// (`move /todos/3 → /todos/9`, `replace /todos/9/isComplete`).
  package var onlyElementMoved: (from: Int, to: Int)? {
    guard operations == 0, movesWithin == 1, elementEffects.count >= 2,
      case (let fromToken, .remove) = elementEffects[0],
      case (let toToken, .insert) = elementEffects[1], let from = PatchEngine.index(fromToken),
      let to = PatchEngine.index(toToken), abs(from - to) >= 2,
      elementEffects.dropFirst(2).allSatisfy({ $0.token == toToken && $0.effect == .change }),
      children.count == 2, let source = children[fromToken], source.operations == 1, source.children.isEmpty,
      children[toToken]?.operations == 1
    else { return nil }
    return (from, to)
  }

  /// For an array of `count` elements whose elements the patch moved within it: where each element
  /// of the array after the patch comes from, found from the operations alone (no element is
  /// read). `nil` when there is no such move or a token is not an index.
  ///
  /// ```text
  /// patch: move /5 → /0, replace /3/title, add /-      (6 elements before)
  /// origins [5, 0, 1, 2, 3, 4, -1], changedInside [2]
  /// ```
  package func elementOrigins(count: Int) -> ElementOrigins? {
    guard operations == 0, movesWithin > 0 else { return nil }
    var origins = Array(0..<count)
    var changedInside = Set<Int>()
    var moved: [Int] = []
    var e = 0
    while e < elementEffects.count {
      let (token, effect) = elementEffects[e]
      let index: Int
      if token == "-" {
        guard effect == .insert else { return nil }
        index = origins.count
      } else {
        guard let i = PatchEngine.index(token) else { return nil }
        index = i
      }
      switch effect {
      case .insert:
        guard index <= origins.count else { return nil }
        origins.insert(-1, at: index)
      case .remove:
        guard index < origins.count else { return nil }
        let origin = origins.remove(at: index)
        if moveStarts.contains(e), e + 1 < elementEffects.count {
          // The `insert` half of the move puts the same element back.
          e += 1
          guard let to = PatchEngine.index(elementEffects[e].token), to <= origins.count else { return nil }
          origins.insert(origin, at: to)
          if origin >= 0 { moved.append(origin) }
        }
      case .change:
        guard index < origins.count else { return nil }
        if origins[index] >= 0 { changedInside.insert(origins[index]) }
      case .replace:
        guard index < origins.count else { return nil }
        origins[index] = -1
      }
      e += 1
    }
    return ElementOrigins(origins: origins, changedInside: changedInside, moved: moved)
  }

  /// Whether an operation adds or removes a member or element right here (not deeper).
  package var addsOrRemovesChildren: Bool {
    elementEffects.contains { $0.effect == .insert || $0.effect == .remove }
  }

  /// The one element that operations reach into without replacing it (`/todos/5/title`), when
  /// that is all that happens to this array.
  package var onlyElementChangedInside: (index: Int, node: PatchTouches.Node)? {
    guard children.count == 1, let (token, child) = children.first, child.operations == 0,
      let index = PatchEngine.index(token)
    else { return nil }
    return (index, child)
  }
}
