import Foundation

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
  /// Calls `body` with the address of the first element of contiguous storage, the distance
  /// between elements and their static type, so that written elements are compared where they
  /// are stored instead of copied out one by one; `nil` (the default) when there is no such storage.
  ///
  /// ```swift
  /// elements.withUnsafeBufferPointer { body(UnsafeRawPointer($0.baseAddress!), MemoryLayout<Element>.stride, Element.self) }
  /// ```
  func withTrackedStorage<R>(_ body: (_ base: UnsafeRawPointer, _ stride: Int, _ type: Any.Type) -> R) -> R?
}

extension ChangeTrackingCollection {
  package func withTrackedStorage<R>(_ body: (_ base: UnsafeRawPointer, _ stride: Int, _ type: Any.Type) -> R) -> R? {
    nil
  }
}

extension LiveDiffer {
  /// The change between two copies of a `ChangeTrackingCollection` from the positions written in
  /// between: element nodes for those, runs of unchanged elements for the rest. `nil` when the
  /// positions are not known or an element's `id` changed (then the elements are matched as usual).
  func trackedChange<C: ChangeTrackingCollection>(_ old: C, _ new: C, depth: Int) -> StateDiff.Change? {
    let count = old.trackedCount
    guard new.trackedCount == count, let written = new.positionsWritten(since: old) else { return nil }
    var nodes = NodeList()
    var next = 0
    for position in written.count == 1 ? written : Set(written).sorted() {
      guard position >= 0, position < count else { return nil }
      // nil: the element's id changed.
      guard let (change, id) = elementChange(old, new, at: position, depth: depth) else { return nil }
      if change.isUnchanged { continue }
      if position > next { nodes.append(.element(old: next, new: next, id: nil), .unchanged(count: position - next)) }
      nodes.append(.element(old: position, new: position, id: id.map { reflected($0.base, depth: depth + 2) }), change)
      next = position + 1
    }
    guard !nodes.nodes.isEmpty else { return .unchanged(count: 1) }
    if count > next { nodes.append(.element(old: next, new: next, id: nil), .unchanged(count: count - next)) }
    return .nested(.array, nodes.nodes)
  }

  /// The change of the element at `position` of two copies and its `id`; nil when the `id` changed.
  private func elementChange<C: ChangeTrackingCollection>(
    _ old: C, _ new: C, at position: Int, depth: Int
  ) -> (StateDiff.Change, AnyHashable?)? {
    let stored = old.withTrackedStorage { a, stride, type in
      new.withTrackedStorage { b, _, _ in
        // An `IndexSet` is compared whole (see `change`), not walked as a struct.
        type == IndexSet.self
          ? nil
          : storedElementChange(a + position * stride, b + position * stride, LiveType.of(type), depth: depth + 1)
      }
    }
    if case let .some(.some(.some(result))) = stored { return result }
    let a = old.trackedElement(at: position), b = new.trackedElement(at: position)
    let id = liveID(b)
    guard id == liveID(a) else { return nil }
    return (change(a, b, depth: depth + 1), id)
  }

  /// The change of two plain-struct elements `depth` levels down, read where they are stored, and
  /// the element's `id`, as `change(_:_:depth:)` and `liveID` give them for the elements copied
  /// out: `.some(nil)` when the `id` changed, `nil` when the element is not a plain struct (then
  /// it is copied out). Elements with the same bytes are the same element, unchanged.
  private func storedElementChange(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ plan: LiveType, depth: Int
  ) -> (StateDiff.Change, AnyHashable?)?? {
    guard plan.walk == .structure, depth < options.maximumDepth else { return nil }
    if memcmp(a, b, plan.size) == 0 { return .some((.unchanged(count: 1), nil)) }
    var id: AnyHashable? = nil
    if let storedID = plan.storedID {
      guard storedID.same(a, b) else { return .some(nil) }
      id = storedID.read(b)
    }
    return .some((structureChange(a, b, plan, depth: depth), id))
  }
}
