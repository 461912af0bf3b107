/// An array after a patch seen through the patch's `ElementRuns`: where each element was before,
/// where each element before is now, and the old elements the patch removed or changed inside
/// (captured before it applied). Every question costs a binary search over the runs, none a walk
/// over the elements.
///
/// ```swift
/// let layout = ElementRunLayout(runs, count: 100_000, old: captured, new: elements)
/// layout.origin(ofNew: 0)       // -1: the patch added it
/// layout.element(before: 5)     // the element at 5 before: now at 6, or captured
/// ```
struct ElementRunLayout {
  /// The runs in the order after the patch.
  let pieces: [ElementRuns.Piece]
  /// The runs of old elements in the order before.
  let keptByOld: [ElementRuns.Piece]
  /// `ElementRuns.changedInside`, in increasing order.
  let changed: [Int]
  /// The elements before that the patch removed, replaced or changed inside.
  let old: [Int: JSON]
  /// The array after the patch.
  let elements: JSONElements
  /// How many elements the array had before.
  let count: Int

  init(_ runs: ElementRuns, count: Int, old: [Int: JSON], new elements: JSONElements) {
    pieces = runs.pieces
    keptByOld = pieces.filter { $0.old >= 0 }.sorted { $0.old < $1.old }
    changed = runs.changedInside.sorted()
    self.old = old
    self.elements = elements
    self.count = count
  }

  /// The piece that holds the element at `index` after the patch.
  func piece(ofNew index: Int) -> ElementRuns.Piece {
    var low = 0, high = pieces.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if pieces[middle].new <= index { low = middle } else { high = middle - 1 }
    }
    return pieces[low]
  }

  /// The index before of the element at `index` after the patch, or -1 for one the patch brought.
  func origin(ofNew index: Int) -> Int {
    let piece = piece(ofNew: index)
    return piece.old < 0 ? -1 : piece.old + index - piece.new
  }

  /// Where the element at `index` before is after the patch; `nil` when the patch removed it.
  func newIndex(ofOld index: Int) -> Int? {
    var low = 0, high = keptByOld.count - 1
    guard high >= 0 else { return nil }
    while low < high {
      let middle = (low + high + 1) / 2
      if keptByOld[middle].old <= index { low = middle } else { high = middle - 1 }
    }
    let piece = keptByOld[low]
    guard piece.old <= index, index < piece.old + piece.count else { return nil }
    return piece.new + index - piece.old
  }

  /// The element at `index` before the patch.
  func element(before index: Int) -> JSON {
    if let element = old[index] { return element }
    return elements[newIndex(ofOld: index)!]
  }

  /// Whether something inside the element at `index` before changed.
  func isChanged(_ index: Int) -> Bool {
    let position = firstChanged(atLeast: index)
    return position < changed.count && changed[position] == index
  }

  /// The elements before in `range` something inside of which changed, in increasing order.
  func changed(in range: Range<Int>) -> ArraySlice<Int> {
    changed[firstChanged(atLeast: range.lowerBound)..<firstChanged(atLeast: range.upperBound)]
  }

  private func firstChanged(atLeast index: Int) -> Int {
    var low = 0, high = changed.count
    while low < high {
      let middle = (low + high) / 2
      if changed[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
