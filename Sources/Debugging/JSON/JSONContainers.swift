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
  /// Sendable as a value: a copy is changed only once unique. The elements of an array read
  /// lazily (`pending`) are parsed into `trees` when read, so such an array must stay on one
  /// thread (see `JSONLazyElements.swift`: only the tool's readers make them).
  final class Storage: @unchecked Sendable {
    /// The elements, an element still held as text (`pending`) as `.null`.
    @exclusivity(unchecked) var trees: ChunkedArray<JSON>
    /// The elements still held as text; `nil` when every element is in `trees`.
    @exclusivity(unchecked) var pending: JSONPendingElements?
    init(_ trees: [JSON], pending: JSONPendingElements? = nil) {
      self.trees = ChunkedArray(trees)
      self.pending = pending
    }
    init(_ trees: ChunkedArray<JSON>, pending: JSONPendingElements?) {
      self.trees = trees
      self.pending = pending
    }
    deinit { JSONTeardown.dismantle(&trees) }
    static let empty = Storage([])

    /// Every element as a tree (those still text are parsed first).
    var items: [JSON] {
      parseAll()
      return trees.array
    }
  }

  var storage: Storage

  public init() { storage = .empty }
  public init(_ items: [JSON]) { storage = items.isEmpty ? .empty : Storage(items) }
  public init<S: Sequence>(_ elements: S) where S.Element == JSON { self.init(Array(elements)) }
  public init(arrayLiteral elements: JSON...) { self.init(elements) }

  /// Elements of which those with a range in `pending` are still text (`.null` in `trees`).
  init(_ items: [JSON], pending: JSONPendingElements) {
    storage = Storage(items, pending: pending)
  }

  /// `init(_:pending:)` with the trees as they are stored.
  init(_ trees: ChunkedArray<JSON>, pending: JSONPendingElements) {
    storage = Storage(trees, pending: pending)
  }

  /// The elements as a Swift array (no copy of the elements; an array read lazily is parsed whole).
  public var array: [JSON] { storage.items }

  // Iteration and contiguous access go straight to the store: one reference for the whole loop.
  public func makeIterator() -> Iterator {
    storage.parseAll()
    return Iterator(base: storage.trees.makeIterator())
  }

  public struct Iterator: IteratorProtocol {
    var base: ChunkedArray<JSON>.Iterator
    public mutating func next() -> JSON? { base.next() }
  }

  /// The elements' memory, while they are one Swift array (not once a large array was chunked).
  public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<JSON>) throws -> R) rethrows -> R? {
    storage.parseAll()
    return try storage.trees.withContiguousStorageIfAvailable(body)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.trees.count }
  public var count: Int { storage.trees.count }
  public var isEmpty: Bool { storage.trees.isEmpty }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> JSON {
    get {
      storage.parse(position)
      return storage.trees[position]
    }
    // In place: `&elements[i]` must not hold a second reference to the element while it is
    // changed, or a patch deep in a large state copies every array on its path.
    _modify {
      makeUnique()
      storage.parse(position)
      yield &storage.trees[position]
    }
  }

  public subscript(bounds: Range<Int>) -> ArraySlice<JSON> {
    get {
      storage.parse(bounds)
      return storage.trees.slice(bounds)
    }
    set {
      replaceSubrange(bounds, with: newValue)
    }
  }

  /// A copy of the elements at `bounds` (parsed), at the cost of their count: a window of a
  /// 100,000-element array without copying the rest (`self[bounds]` keeps the array's indices,
  /// which for a chunked array means a copy of the whole).
  package func elements(in bounds: Range<Int>) -> [JSON] {
    storage.parse(bounds)
    return storage.trees.elements(in: bounds)
  }

  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == JSON {
    makeUnique()
    if storage.pending != nil {
      // The new elements are trees; the ones they replace need not be parsed.
      let replaced = storage.pending!.ranges[subrange].count(where: { !$0.isEmpty })
      storage.pending!.unparsed -= replaced
      storage.pending!.ranges.replaceSubrange(subrange, with: repeatElement(.parsed, count: newElements.count))
    }
    storage.trees.replaceSubrange(subrange, with: newElements)
    if storage.pending?.unparsed == 0 { storage.pending = nil }
  }

  public mutating func append(_ newElement: JSON) {
    makeUnique()
    storage.pending?.ranges.append(.parsed)
    storage.trees.append(newElement)
  }

  public mutating func insert(_ newElement: JSON, at i: Int) {
    makeUnique()
    storage.pending?.ranges.insert(.parsed, at: i)
    storage.trees.insert(newElement, at: i)
  }

  @discardableResult
  public mutating func remove(at i: Int) -> JSON {
    makeUnique()
    storage.parse(i)
    storage.pending?.ranges.remove(at: i)
    return storage.trees.remove(at: i)
  }

  public mutating func reserveCapacity(_ n: Int) {
    makeUnique()
    storage.pending?.ranges.reserveCapacity(n)
    storage.trees.reserveCapacity(n)
  }

  /// Moves the element at `source` to `target` (both valid indices), shifting the ones between by
  /// one place: what `remove(at: source)` then `insert(_:at: target)` give, at the cost of one
  /// chunk of elements in a large array (`ChunkedArray`), of one `memmove` in a small one.
  ///
  /// ```swift
  /// var elements: JSONElements = [1, 2, 3, 4]
  /// elements.move(from: 0, to: 2)   // [2, 3, 1, 4]
  /// ```
  public mutating func move(from source: Int, to target: Int) {
    precondition(indices.contains(source) && indices.contains(target), "index out of range")
    guard source != target else { return }
    makeUnique()
    storage.pending?.ranges.moveElement(from: source, to: target)
    storage.trees.moveElement(from: source, to: target)
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) || storage === Storage.empty {
      storage = Storage(storage.trees, pending: storage.pending)
    }
  }

  public static func == (lhs: JSONElements, rhs: JSONElements) -> Bool {
    JSON.array(lhs) == JSON.array(rhs)
  }

  /// The hash of the trees: an array read lazily is parsed whole (equal arrays may differ as text).
  public func hash(into hasher: inout Hasher) { hasher.combine(array) }
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
