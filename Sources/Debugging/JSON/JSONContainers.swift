// The element storage of `JSON.array` and `JSON.object`: a Swift array in a class whose `deinit`
// takes the tree apart iteratively. A tree of enums over plain arrays is freed recursively — one
// stack frame or more per level — and a state nested 64,000 levels deep overflowed the stack while
// being freed. These collections behave like `[JSON]` and `[JSON.Member]` (copy on write, array
// literals, `append`, `insert`, `remove(at:)`, subscripts) and `array` gives the Swift array.

/// The elements of a `JSON.array`: a copy-on-write collection of `JSON` like `[JSON]`, freed
/// without recursion however deep it nests.
///
/// ```swift
/// guard case var .array(elements) = json else { return }
/// elements.append(.int(3))
/// json = .array(elements)
/// ```
public struct JSONElements: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral,
  Hashable, Sendable
{
  final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) var items: [JSON]
    init(_ items: [JSON]) { self.items = items }
    deinit { JSONTeardown.dismantle(&items) }
    static let empty = Storage([])
  }

  var storage: Storage

  public init() { storage = .empty }
  public init(_ items: [JSON]) { storage = items.isEmpty ? .empty : Storage(items) }
  public init<S: Sequence>(_ elements: S) where S.Element == JSON { self.init(Array(elements)) }
  public init(arrayLiteral elements: JSON...) { self.init(elements) }

  /// The elements as a Swift array (no copy of the elements).
  public var array: [JSON] { storage.items }

  // Iteration and contiguous access go straight to the array: one reference for the whole loop.
  public func makeIterator() -> IndexingIterator<[JSON]> { storage.items.makeIterator() }
  public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<JSON>) throws -> R) rethrows -> R? {
    try storage.items.withContiguousStorageIfAvailable(body)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.items.count }
  public var count: Int { storage.items.count }
  public var isEmpty: Bool { storage.items.isEmpty }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> JSON {
    get { storage.items[position] }
    // In place: `&elements[i]` must not hold a second reference to the element while it is
    // changed, or a patch deep in a large state copies every array on its path.
    _modify {
      makeUnique()
      yield &storage.items[position]
    }
  }

  public subscript(bounds: Range<Int>) -> ArraySlice<JSON> {
    get { storage.items[bounds] }
    set {
      makeUnique()
      storage.items[bounds] = newValue
    }
  }

  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == JSON {
    makeUnique()
    storage.items.replaceSubrange(subrange, with: newElements)
  }

  public mutating func append(_ newElement: JSON) {
    makeUnique()
    storage.items.append(newElement)
  }

  public mutating func insert(_ newElement: JSON, at i: Int) {
    makeUnique()
    storage.items.insert(newElement, at: i)
  }

  @discardableResult
  public mutating func remove(at i: Int) -> JSON {
    makeUnique()
    return storage.items.remove(at: i)
  }

  public mutating func reserveCapacity(_ n: Int) {
    makeUnique()
    storage.items.reserveCapacity(n)
  }

  /// Moves the element at `source` to `target` (both valid indices), shifting the ones between by
  /// one place: what `remove(at: source)` then `insert(_:at: target)` give, with the elements
  /// between moved as bytes (no reference counting, no reallocation) — a sort that moves one row
  /// of 100,000 costs one `memmove`.
  ///
  /// ```swift
  /// var elements: JSONElements = [1, 2, 3, 4]
  /// elements.move(from: 0, to: 2)   // [2, 3, 1, 4]
  /// ```
  public mutating func move(from source: Int, to target: Int) {
    precondition(indices.contains(source) && indices.contains(target), "index out of range")
    guard source != target else { return }
    makeUnique()
    storage.items.moveElement(from: source, to: target)
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) || storage === Storage.empty { storage = Storage(storage.items) }
  }

  public static func == (lhs: JSONElements, rhs: JSONElements) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.items == rhs.storage.items
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(storage.items) }
}

/// The members of a `JSON.object`, in their order: a copy-on-write collection of `JSON.Member`
/// like `[JSON.Member]`, freed without recursion however deep it nests.
///
/// ```swift
/// guard case var .object(members) = json else { return }
/// members.append(JSON.Member("done", .bool(true)))
/// json = .object(members)
/// ```
public struct JSONMembers: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral,
  Hashable, Sendable
{
  final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) var items: [JSON.Member]
    init(_ items: [JSON.Member]) { self.items = items }
    deinit { JSONTeardown.dismantle(&items) }
    static let empty = Storage([])
  }

  var storage: Storage

  public init() { storage = .empty }
  public init(_ items: [JSON.Member]) { storage = items.isEmpty ? .empty : Storage(items) }
  public init<S: Sequence>(_ members: S) where S.Element == JSON.Member { self.init(Array(members)) }
  public init(arrayLiteral members: JSON.Member...) { self.init(members) }

  /// The members as a Swift array (no copy of the members).
  public var array: [JSON.Member] { storage.items }

  // Iteration and contiguous access go straight to the array: one reference for the whole loop.
  public func makeIterator() -> IndexingIterator<[JSON.Member]> { storage.items.makeIterator() }
  public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<JSON.Member>) throws -> R) rethrows -> R?
  {
    try storage.items.withContiguousStorageIfAvailable(body)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.items.count }
  public var count: Int { storage.items.count }
  public var isEmpty: Bool { storage.items.isEmpty }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> JSON.Member {
    get { storage.items[position] }
    // In place, as `JSONElements`' subscript.
    _modify {
      makeUnique()
      yield &storage.items[position]
    }
  }

  public subscript(bounds: Range<Int>) -> ArraySlice<JSON.Member> {
    get { storage.items[bounds] }
    set {
      makeUnique()
      storage.items[bounds] = newValue
    }
  }

  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == JSON.Member {
    makeUnique()
    storage.items.replaceSubrange(subrange, with: newElements)
  }

  public mutating func append(_ newElement: JSON.Member) {
    makeUnique()
    storage.items.append(newElement)
  }

  public mutating func insert(_ newElement: JSON.Member, at i: Int) {
    makeUnique()
    storage.items.insert(newElement, at: i)
  }

  @discardableResult
  public mutating func remove(at i: Int) -> JSON.Member {
    makeUnique()
    return storage.items.remove(at: i)
  }

  public mutating func reserveCapacity(_ n: Int) {
    makeUnique()
    storage.items.reserveCapacity(n)
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) || storage === Storage.empty { storage = Storage(storage.items) }
  }

  public static func == (lhs: JSONMembers, rhs: JSONMembers) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.items == rhs.storage.items
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(storage.items) }
}
