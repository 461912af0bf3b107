import Foundation

/// `ArrayDiffer.diff` of two long arrays of identified structures, on their JSON: equal ends are
/// skipped by comparing elements (by their text while they are held as text), the window between
/// is matched by ids read from the elements' text (`ElementIDText`), and only the elements that
/// changed, moved, came or went become `Value`s. A million rows of which a few changed cost a
/// comparison and an id each.
extension JSONStateDiff {
  /// More elements added, removed or changed than this, and more than half the window's: the
  /// arrays are diffed as values (`identifiedArray` returns `nil`).
  static let readWholeAbove = 4_096

  /// The nodes `ArrayDiffer` gives for the two arrays (elements at `depth`), or `nil` when an
  /// element of the window is not a structure with an id spelled plainly, or an id repeats: the
  /// array differ on `Value`s decides then.
  func identifiedArray(_ old: JSONElements, _ new: JSONElements, depth: Int, path: inout StatePaths)
    throws(ShapeError) -> [StateDiff.Node]?
  {
    var prefix = 0
    while prefix < old.count, prefix < new.count, Self.same(old, prefix, new, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      Self.same(old, old.count - 1 - suffix, new, new.count - 1 - suffix)
    {
      suffix += 1
    }
    let a = prefix..<(old.count - suffix), b = prefix..<(new.count - suffix)
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
    if !(a.isEmpty && b.isEmpty) {
      let store = ElementIDText.Store()
      var oldIDs: [ElementIDText] = [], newIDs: [ElementIDText] = []
      oldIDs.reserveCapacity(a.count)
      newIDs.reserveCapacity(b.count)
      for i in a {
        guard let id = ElementIDText(old, i, store) else { return nil }
        oldIDs.append(id)
      }
      for j in b {
        guard let id = ElementIDText(new, j, store) else { return nil }
        newIDs.append(id)
      }
      guard let runs = ElementIDText.matchedRuns(oldIDs, newIDs) else { return nil }
      oldIDs = []
      newIDs = []
      // Runs of rows that were next to each other stay or move whole: a million rows of which a
      // few moved are a few runs, not a million steps.
      let steps = IdentityMatcher.steps(matchedRuns: runs, oldCount: a.count)
      let o = a.lowerBound, n = b.lowerBound
      // When most elements come, go or changed, most are read: as one array of values, at once,
      // as the array differ on values reads them (one by one costs more).
      // (`stepCount`: one step per element, as element by element.)
      var read = 0, stepCount = b.count
      for step in steps {
        switch step {
        case .inserted: read += 1
        case .removed:
          read += 1
          stepCount += 1
        case let .stayed(i, j, count), let .moved(i, j, count):
          for k in 0..<count where !Self.sameText(old, o + i + k, new, n + j + k) { read += 1 }
        }
      }
      if read > Self.readWholeAbove, read * 2 > stepCount { return nil }
      for step in steps {
        switch step {
        case let .stayed(first, firstNew, count):
          for k in 0..<count {
            let i = first + k, j = firstNew + k
            let inner = try elementChange(old, o + i, new, n + j, depth: depth, path: &path)
            // An unchanged element's key loses its id in `NodeList`: read it only when shown.
            let id = inner.isUnchanged ? nil : try element(new, n + j, .new, &path).elementID
            nodes.append(.element(old: o + i, new: n + j, id: id), inner)
          }
        case let .moved(first, firstNew, count):
          for k in 0..<count {
            let i = first + k, j = firstNew + k
            let inner = try elementChange(old, o + i, new, n + j, depth: depth, path: &path)
            nodes.append(
              .element(old: o + i, new: n + j, id: try element(new, n + j, .new, &path).elementID),
              .moved(from: o + i, to: n + j, change: inner))
          }
        case let .removed(i):
          let value = try element(old, o + i, .old, &path)
          nodes.append(.element(old: o + i, new: nil, id: value.elementID), .removed(value))
        case let .inserted(j):
          let value = try element(new, n + j, .new, &path)
          nodes.append(.element(old: nil, new: n + j, id: value.elementID), .inserted(value))
        }
      }
    }
    if suffix > 0 { nodes.append(.element(old: a.upperBound, new: b.upperBound, id: nil), .unchanged(count: suffix)) }
    return nodes.nodes
  }

  /// Whether element `i` of `a` equals element `j` of `b`: by their text while both are text.
  static func same(_ a: JSONElements, _ i: Int, _ b: JSONElements, _ j: Int) -> Bool {
    sameText(a, i, b, j) || a[i] == b[j]
  }

  /// Whether elements `i` of `a` and `j` of `b` are both text, the same text (`false` says nothing).
  static func sameText(_ a: JSONElements, _ i: Int, _ b: JSONElements, _ j: Int) -> Bool {
    guard let (x, xRange) = a.storage.text(of: i), let (y, yRange) = b.storage.text(of: j),
      xRange.count == yRange.count
    else { return false }
    return memcmp(x.bytes.baseAddress! + xRange.lowerBound, y.bytes.baseAddress! + yRange.lowerBound, xRange.count) == 0
  }

  private func elementChange(
    _ old: JSONElements, _ i: Int, _ new: JSONElements, _ j: Int, depth: Int, path: inout StatePaths
  ) throws(ShapeError) -> StateDiff.Change {
    // Equal text, else `change` compares the two as JSON (once).
    if Self.sameText(old, i, new, j) { return .unchanged(count: 1) }
    path.push(.index(i), .index(j))
    defer { path.pop() }
    return try change(old[i], new[j], depth: depth, path: &path)
  }

  private func element(_ elements: JSONElements, _ index: Int, _ side: Side, _ path: inout StatePaths)
    throws(ShapeError) -> Value
  {
    path.push(.index(index), .index(index))
    defer { path.pop() }
    return try value(elements[index], side, &path)
  }
}
