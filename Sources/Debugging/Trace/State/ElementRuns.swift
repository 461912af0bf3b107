/// Where the elements of an array after a patch come from, as runs: each run is either a stretch of
/// elements that were next to each other before (in the same order), or one element the patch
/// brought (added, copied, replaced as a whole). Built from the operations alone, in time that
/// follows their number, not the array's length (`ElementOrigins` holds one entry per element).
///
/// ```text
/// patch: move /5 → /0, replace /3/title, add /-      (6 elements before)
/// runs [5 ×1] [0 ×5] [new]     changedInside [2]
/// ```
package struct ElementRuns {
  /// `count` elements that were at `old`, `old + 1`, … before; `old` is -1 for one element the
  /// patch brought (`count` 1).
  package struct Run: Equatable {
    package var old: Int
    package var count: Int
  }

  /// A run with its place in the array after the patch.
  package struct Piece: Equatable {
    package var old: Int
    package var new: Int
    package var count: Int
  }

  /// The runs, in the order of the array after the patch.
  package private(set) var runs: [Run]
  /// How many elements the array has after the patch.
  package private(set) var count: Int
  /// The indices before of the elements something inside of which changed.
  package var changedInside: Set<Int> = []
  /// The indices before of the elements the patch moved (`move` within the array).
  package var moved: [Int] = []

  init(count: Int) {
    runs = count > 0 ? [Run(old: 0, count: count)] : []
    self.count = count
  }

  /// The runs with the index after the patch where each starts.
  package var pieces: [Piece] {
    var start = 0
    return runs.map { run in
      defer { start += run.count }
      return Piece(old: run.old, new: start, count: run.count)
    }
  }

  /// One entry per element after the patch: its index before, or -1 (what `ElementOrigins` holds).
  package var origins: [Int] {
    var origins: [Int] = []
    origins.reserveCapacity(count)
    for run in runs {
      if run.old < 0 { origins.append(-1) } else { origins.append(contentsOf: run.old..<(run.old + run.count)) }
    }
    return origins
  }

  /// The indices before (of `oldCount`) that no run takes: the elements the patch removed or
  /// replaced, in increasing order.
  package func removed(oldCount: Int) -> [Int] {
    var kept = runs.filter { $0.old >= 0 }
    kept.sort { $0.old < $1.old }
    var removed: [Int] = []
    var next = 0
    for run in kept {
      if next < run.old { removed.append(contentsOf: next..<run.old) }
      next = max(next, run.old + run.count)
    }
    if next < oldCount { removed.append(contentsOf: next..<oldCount) }
    return removed
  }

  /// Splits the run at `index` (at most `count`) so that a run starts there; its position in `runs`.
  private mutating func split(at index: Int) -> Int {
    var start = 0
    for position in runs.indices {
      if start == index { return position }
      let run = runs[position]
      if index < start + run.count {
        // A brought element is a run of one: only a run of old elements is cut.
        let head = index - start
        runs.insert(Run(old: run.old + head, count: run.count - head), at: position + 1)
        runs[position].count = head
        return position + 1
      }
      start += run.count
    }
    return runs.count
  }

  /// The index before of the element at `index` after the operations so far, or -1.
  func origin(at index: Int) -> Int {
    var start = 0
    for run in runs {
      if index < start + run.count { return run.old < 0 ? -1 : run.old + index - start }
      start += run.count
    }
    return -1
  }

  mutating func insert(_ origin: Int, at index: Int) {
    runs.insert(Run(old: origin, count: 1), at: split(at: index))
    count += 1
  }

  mutating func remove(at index: Int) -> Int {
    let position = split(at: index)
    let origin = runs[position].old
    if runs[position].count == 1 {
      runs.remove(at: position)
    } else {
      runs[position].old += 1
      runs[position].count -= 1
    }
    count -= 1
    return origin
  }

  mutating func replace(at index: Int) {
    _ = remove(at: index)
    insert(-1, at: index)
  }
}

extension PatchTouches.Node {
  /// `elementOrigins(count:)` as runs: `nil` exactly when that is `nil`, and runs that give the
  /// same origins otherwise. With `movesAsPairs`, a `move` within the array is the removal and the
  /// insertion it is made of (the element comes back as a brought one), and no move is needed.
  /// `nil` too past `maximumEffects` operations (each costs a walk over the runs).
  package func elementRuns(count: Int, movesAsPairs: Bool = false, maximumEffects: Int = 256) -> ElementRuns? {
    guard operations == 0, movesAsPairs || movesWithin > 0, elementEffects.count <= maximumEffects else { return nil }
    var runs = ElementRuns(count: count)
    var e = 0
    while e < elementEffects.count {
      let (token, effect) = elementEffects[e]
      let index: Int
      if token == "-" {
        guard effect == .insert else { return nil }
        index = runs.count
      } else {
        guard let i = PatchEngine.index(token) else { return nil }
        index = i
      }
      switch effect {
      case .insert:
        guard index <= runs.count else { return nil }
        runs.insert(-1, at: index)
      case .remove:
        guard index < runs.count else { return nil }
        let origin = runs.remove(at: index)
        if !movesAsPairs, moveStarts.contains(e), e + 1 < elementEffects.count {
          // The `insert` half of the move puts the same element back.
          e += 1
          guard let to = PatchEngine.index(elementEffects[e].token), to <= runs.count else { return nil }
          runs.insert(origin, at: to)
          if origin >= 0 { runs.moved.append(origin) }
        }
      case .change:
        guard index < runs.count else { return nil }
        let origin = runs.origin(at: index)
        if origin >= 0 { runs.changedInside.insert(origin) }
      case .replace:
        guard index < runs.count else { return nil }
        runs.replace(at: index)
      }
      e += 1
    }
    return runs
  }
}
