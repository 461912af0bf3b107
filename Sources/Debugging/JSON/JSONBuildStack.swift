/// A stack of values under construction that hands out each finished container as an array of
/// exactly its size, by moving (not copying) the elements: no retain/release per element and one
/// allocation per container.
struct JSONBuildStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 64) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  @inline(__always)
  mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  /// The elements from `start` to the top, removed from the stack.
  @inline(__always)
  mutating func pop(from start: Int) -> [Element] {
    let n = count - start
    let source = base + start
    let result = [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
      buffer.baseAddress?.moveInitialize(from: source, count: n)
      initialized = n
    }
    count = start
    return result
  }

  /// Element `index` (below the top), borrowed in place.
  subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(base + index) }
  }

  private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
