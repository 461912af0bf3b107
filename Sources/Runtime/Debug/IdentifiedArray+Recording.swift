import Debugging

// Lets the recorder's live diff read an identified array as the array it wraps: `Array(todos)`
// (which the diff engine does for `.collection` mirrors) shares `elements`' storage instead of
// copying element by element through generic index arithmetic — on 10,000 todos that copy was
// most of the recorder's time per action.

extension IdentifiedArray {
  /// `ContiguousArray(elements)`: O(1), shares the storage.
  public func _copyToContiguousArray() -> ContiguousArray<Element> {
    ContiguousArray(elements)
  }

  /// The elements' contiguous storage.
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try elements.withContiguousStorageIfAvailable(body)
  }
}

// Lets the recorder's live diff compare only the elements written since the state it recorded
// last (see `EditTrail`), instead of scanning every element.
extension IdentifiedArray: ChangeTrackingCollection {
  package func positionsWritten(since earlier: Any) -> [Int]? {
    guard let earlier = earlier as? Self else { return nil }
    return trail.positions(since: earlier.trail)
  }

  package var trackedCount: Int { elements.count }

  package func trackedElement(at position: Int) -> Any { elements[position] }

  /// The elements' storage: written elements are compared in place, not copied out.
  package func withTrackedStorage<R>(_ body: (UnsafeRawPointer, Int, Any.Type) -> R) -> R? {
    elements.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { body(UnsafeRawPointer($0), MemoryLayout<Element>.stride, Element.self) }
    }
  }
}
