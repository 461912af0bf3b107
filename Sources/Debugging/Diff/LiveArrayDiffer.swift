import Foundation

/// Diffs two live arrays, reflecting only elements that changed: `Array`s of `Equatable`
/// elements (compared with `==`), and any other collection through its `Mirror` children
/// (identified arrays; compared with `==` when the elements are `Equatable`).
///
/// The equal prefix and suffix are skipped first (elements with the same bytes, or equal by `==`
/// and reading the same field by field). In between, `Identifiable` elements are
/// matched by `id` (moves detected by `IdentityMatcher`); other elements pair up by index when
/// both sides have as many; otherwise the middle part is reflected and diffed as value trees.
struct LiveArrayDiffer<Element> {
  let differ: LiveDiffer
  let depth: Int
  let equal: (Element, Element) -> Bool
  /// Whether bit-for-bit identical elements are equal without asking `equal` (`Equatable`
  /// elements compared with `==`). Elements `equal` calls equal whose bits differ are then
  /// diffed all the same when their type may hide a change from `==` (`mayHideChanges`): a
  /// contact equal by `id`, renamed, is a change.
  var identicalBitsAreEqual = false

  /// Whether elements equal by `equal` but not bit for bit are diffed.
  private var equalMayHideChanges: Bool { identicalBitsAreEqual && mayHideChanges(Element.self) }

  func diff(_ old: [Element], _ new: [Element]) -> [StateDiff.Node] {
    let (prefix, suffix) = equalEnds(old, new)
    var nodes = NodeList()
    if prefix > 0 { nodes.append(.element(old: 0, new: 0, id: nil), .unchanged(count: prefix)) }
    let a = prefix..<(old.count - suffix), b = prefix..<(new.count - suffix)
    if !identified(old, a, new, b, into: &nodes) {
      if a.count == b.count {
        for (i, j) in zip(a, b) {
          nodes.append(.element(old: i, new: j, id: nil), element(old[i], new[j]))
        }
      } else {
        reflectedMiddle(old, a, new, b, into: &nodes)
      }
    }
    if suffix > 0 { nodes.append(.element(old: a.upperBound, new: b.upperBound, id: nil), .unchanged(count: suffix)) }
    return nodes.nodes
  }

  /// The lengths of the equal prefix and suffix (not overlapping), comparing elements where they
  /// are stored; two arrays sharing one buffer are equal without a look.
  ///
  /// With `identicalBitsAreEqual`, elements whose bytes are identical count as equal without
  /// calling `equal`: unspecialized generic code copies each element out before calling `==`
  /// (a retain and release per reference it holds), ten times the cost of the comparison, while
  /// the unchanged elements of a state copied on write are bit for bit the same. (Identical bits
  /// are equal values; the only `==` that disagrees is a non-reflexive one, NaN, whose
  /// reflections compare equal too, so the diff reads the same.)
  private func equalEnds(_ old: [Element], _ new: [Element]) -> (prefix: Int, suffix: Int) {
    old.withUnsafeBufferPointer { a in
      new.withUnsafeBufferPointer { b in
        if a.count == b.count, a.baseAddress == b.baseAddress { return (a.count, 0) }
        let common = Swift.min(a.count, b.count)
        guard common > 0, let baseA = a.baseAddress, let baseB = b.baseAddress else { return (0, 0) }
        let size = MemoryLayout<Element>.size, stride = MemoryLayout<Element>.stride
        let rawA = UnsafeRawPointer(baseA), rawB = UnsafeRawPointer(baseB)
        let bits = identicalBitsAreEqual, hides = equalMayHideChanges
        let plan = hides ? LiveType.of(Element.self) : nil
        // Equal ends: the same bits; or equal by `equal`, and when that may hide a change,
        // reading the same field by field.
        func same(_ i: Int, _ j: Int) -> Bool {
          let x = rawA + i * stride, y = rawB + j * stride
          if bits && memcmp(x, y, size) == 0 { return true }
          // (Elements equal by `equal` whose fields read the same, padding aside: `LiveType.readsTheSame`.)
          return equal(a[i], b[j]) && (!hides || plan?.readsTheSame(x, y) == true)
        }
        var prefix = 0
        while prefix < common, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < common - prefix, same(a.count - 1 - suffix, b.count - 1 - suffix) { suffix += 1 }
        return (prefix, suffix)
      }
    }
  }

  private func element(_ old: Element, _ new: Element) -> StateDiff.Change {
    if identicalBitsAreEqual, identicalBits(old, new) { return .unchanged(count: 1) }
    guard equal(old, new) else { return differ.change(old, new, depth: depth) }
    guard equalMayHideChanges else { return .unchanged(count: 1) }
    let plan = LiveType.of(Element.self)
    let same = withUnsafeBytes(of: old) { a in
      withUnsafeBytes(of: new) { b in plan.readsTheSame(a.baseAddress!, b.baseAddress!) }
    }
    return same ? .unchanged(count: 1) : differ.change(old, new, depth: depth)
  }

  private func identified(
    _ old: [Element], _ a: Range<Int>, _ new: [Element], _ b: Range<Int>, into nodes: inout NodeList
  ) -> Bool {
    guard let first = a.first.map({ old[$0] }) ?? b.first.map({ new[$0] }), liveID(first) != nil else { return false }
    let oldIDs = a.map { liveID(old[$0])! }, newIDs = b.map { liveID(new[$0])! }
    guard let steps = IdentityMatcher.steps(old: oldIDs, new: newIDs) else { return false }
    let o = a.lowerBound, n = b.lowerBound
    func id(_ id: AnyHashable) -> Value { differ.reflected(id.base, depth: depth + 1) }
    for step in steps {
      switch step {
      case let .stayed(i, j):
        let change = element(old[o + i], new[n + j])
        nodes.append(.element(old: o + i, new: n + j, id: change.isUnchanged ? nil : id(newIDs[j])), change)
      case let .moved(i, j):
        let change = element(old[o + i], new[n + j])
        nodes.append(
          .element(old: o + i, new: n + j, id: id(newIDs[j])), .moved(from: o + i, to: n + j, change: change))
      case let .removed(i):
        nodes.append(
          .element(old: o + i, new: nil, id: id(oldIDs[i])), .removed(differ.reflected(old[o + i], depth: depth)))
      case let .inserted(j):
        nodes.append(
          .element(old: nil, new: n + j, id: id(newIDs[j])), .inserted(differ.reflected(new[n + j], depth: depth)))
      }
    }
    return true
  }

  /// Reflects the differing middle parts and diffs them as value trees, indices shifted back.
  private func reflectedMiddle(
    _ old: [Element], _ a: Range<Int>, _ new: [Element], _ b: Range<Int>, into nodes: inout NodeList
  ) {
    var arrays = ArrayDiffer(differ: ValueDiffer(), depth: depth)
    // Elements that read the same may still differ (a secret replaced by another): the live
    // elements decide, and their change is the one written (`replace /keys/2/apiKey`).
    arrays.changeBehindEqualValues = { i, j in element(old[a.lowerBound + i], new[b.lowerBound + j]) }
    let values = arrays.diff(
      a.map { differ.reflected(old[$0], depth: depth) }, b.map { differ.reflected(new[$0], depth: depth) })
    for node in values {
      guard case let .element(i, j, id) = node.key else { continue }
      var change = node.change
      if case let .moved(from, to, inner) = change {
        change = .moved(from: from + a.lowerBound, to: to + b.lowerBound, change: inner)
      }
      nodes.append(.element(old: i.map { $0 + a.lowerBound }, new: j.map { $0 + b.lowerBound }, id: id), change)
    }
  }
}
