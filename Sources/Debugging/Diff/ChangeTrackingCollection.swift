/// A collection that knows which of its positions were written since an earlier copy of itself,
/// so the recorder's live diff compares those elements only, whatever the collection's length.
/// The runtime's `IdentifiedArray` conforms; any other collection is diffed by scanning.
///
/// ```swift
/// var todos = state.todos                  // an earlier copy
/// todos[id: id]?.isComplete.toggle()
/// todos.positionsWritten(since: state.todos)  // [4711]
/// ```
package protocol ChangeTrackingCollection {
  /// The positions written since `earlier` (a copy of this collection made before), in any order
  /// and possibly repeated; `nil` when that is not known: `earlier` is not an earlier copy, the
  /// copies are too far apart, or elements were inserted, removed or moved in between.
  func positionsWritten(since earlier: Any) -> [Int]?
  /// The number of elements.
  var trackedCount: Int { get }
  /// The element at `position` (`0..<trackedCount`).
  func trackedElement(at position: Int) -> Any
}

extension LiveDiffer {
  /// The change between two copies of a `ChangeTrackingCollection` from the positions written in
  /// between: element nodes for those, runs of unchanged elements for the rest. `nil` when the
  /// positions are not known or an element's `id` changed (then the elements are matched as usual).
  func trackedChange(_ tracking: LiveType.Tracking, _ old: Any, _ new: Any, depth: Int) -> StateDiff.Change? {
    let count = tracking.count(old)
    guard tracking.count(new) == count, let positions = tracking.positionsWritten(new, old) else { return nil }
    var nodes = NodeList()
    var next = 0
    for position in Set(positions).sorted() {
      guard position >= 0, position < count else { return nil }
      let a = tracking.element(old, position), b = tracking.element(new, position)
      let id = liveID(b)
      guard id == liveID(a) else { return nil }
      let change = self.change(a, b, depth: depth + 1)
      if change.isUnchanged { continue }
      if position > next { nodes.append(.element(old: next, new: next, id: nil), .unchanged(count: position - next)) }
      nodes.append(.element(old: position, new: position, id: id.map { reflected($0.base, depth: depth + 2) }), change)
      next = position + 1
    }
    guard !nodes.nodes.isEmpty else { return .unchanged(count: 1) }
    if count > next { nodes.append(.element(old: next, new: next, id: nil), .unchanged(count: count - next)) }
    return .nested(.array, nodes.nodes)
  }
}
