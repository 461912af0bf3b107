extension Array {
  /// `insert(remove(at: source), at: target)`, with the elements between moved as bytes: no
  /// reference counting per element and no reallocation, so moving one row of 100,000 is one
  /// `memmove` of the distance (what a JSON Patch `move` inside one array does).
  ///
  /// ```swift
  /// var letters = ["a", "b", "c", "d"]
  /// letters.moveElement(from: 0, to: 2)   // ["b", "c", "a", "d"]
  /// ```
  mutating func moveElement(from source: Int, to target: Int) {
    precondition(indices.contains(source) && indices.contains(target), "index out of range")
    guard source != target else { return }
    withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let moved = (base + source).move()
      if source < target {
        (base + source).moveInitialize(from: base + source + 1, count: target - source)
      } else {
        (base + target + 1).moveInitialize(from: base + target, count: source - target)
      }
      (base + target).initialize(to: moved)
    }
  }
}
