/// A stack of values under construction that hands out each finished container as an array of
/// exactly its size, by moving (not copying) the elements: no retain/release per element and one
/// allocation per container.
struct JSONBuildStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity = 0

  /// Allocates nothing until the first push.
  init() {
    base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
  }

  deinit {
    base.deinitialize(count: count)
    if capacity > 0 { base.deallocate() }
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

  /// Drops the elements from `start` to the top.
  @inline(__always)
  mutating func truncate(to start: Int) {
    (base + start).deinitialize(count: count - start)
    count = start
  }

  /// Element `index` (below the top), borrowed in place.
  subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(base + index) }
  }

  private mutating func grow() {
    let newCapacity = max(64, capacity * 2)
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    if capacity > 0 { base.deallocate() }
    base = newBase
    capacity = newCapacity
  }
}
