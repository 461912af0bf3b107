/// The element store of a `JSON` array: a Swift array until the array is large and changed in
/// the middle, then chunks of about `chunkSize` elements. Inserting, removing or moving one element
/// of a 100,000-element array then shifts the elements of one chunk and the chunks' start
/// indices, not every element after it — a patch that adds a row at the top of a large list
/// costs the same whatever the list's length.
///
/// An array that is only read or appended to stays one Swift array (`array` is then that array,
/// without a copy). Chunking it copies nothing: each chunk starts as a slice of that array, and
/// gets memory of its own (its elements copied) the first time it changes, so what a large state
/// costs in memory follows the chunks changed. Indexing a chunked array finds the chunk by binary
/// search of the chunks' starts.
///
/// ```swift
/// var rows = ChunkedArray((0..<100_000).map { JSON.int($0) })
/// rows.insert(.null, at: 0)   // shifts 100,000 elements; from the fifth such change on, the rows
///                             // are chunked once and each change shifts ~1,000
/// rows.moveElement(from: 0, to: 50_000)
/// rows[50_000]                // .null
/// ```
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
  /// A flat array from this many elements is chunked once `shiftsBeforeChunking` changes other
  /// than at its end have each shifted its elements (a state changed only in place, or a few
  /// times, stays one array).
  static var chunkingThreshold: Int { 4096 }
  static var shiftsBeforeChunking: Int { 4 }
  /// Chunks are made this large, and split in halves when they grow past twice this.
  static var chunkSize: Int { 256 }

  /// The elements while the array is flat (`chunks` is then empty).
  private var flat: [Element]
  /// The elements once chunked (`flat` is then empty): no chunk is empty. A chunk's indices are
  /// its slice's own (`startIndex` is not 0), hence `chunks[k][position(k, offset)]`.
  private var chunks: [ArraySlice<Element>] = []
  /// The index in the array of each chunk's first element.
  private var starts: [Int] = []
  /// Whether every chunk but the last holds `chunkSize` elements (as chunked, until a change
  /// before the last chunk): an index then finds its chunk by a division, not a search.
  private var uniform = false
  private(set) var count: Int
  /// Changes that shifted the elements of a large flat array.
  private var shifts = 0
  /// For an array made with `init(repeating:count:)`: the chunk of copies its chunks are slices
  /// of, held so that no chunk ever owns it alone (a chunk still a slice of it holds only copies
  /// of its element). Such a chunk changed is made anew by filling (`Array(repeating:)`) instead
  /// of copying its elements one by one: a lazily read row of a 100,000-row state costs a fill
  /// of 1,024 stand-ins, not 1,024 copies.
  private var fill: [Element]?

  init() {
    flat = []
    count = 0
  }

  init(_ elements: [Element]) {
    flat = elements
    count = elements.count
  }

  /// `count` copies of `element`. A large array is chunked at once, every chunk a slice of the
  /// same `chunkSize` elements: memory for one chunk, not `count` elements, and a chunk gets memory
  /// of its own the first time it changes.
  ///
  /// ```swift
  /// var trees = ChunkedArray(repeating: JSON.null, count: 1_000_000)  // 24 KB, not 24 MB
  /// trees[5] = .int(5)                                                 // copies one chunk
  /// ```
  init(repeating element: Element, count: Int) {
    guard count >= Self.chunkingThreshold else {
      (flat, self.count) = (Array(repeating: element, count: count), count)
      return
    }
    let shared = Array(repeating: element, count: Self.chunkSize)
    var chunks: [ArraySlice<Element>] = [], starts: [Int] = []
    chunks.reserveCapacity(count / Self.chunkSize + 1)
    starts.reserveCapacity(count / Self.chunkSize + 1)
    var start = 0
    while start < count {
      let size = Swift.min(Self.chunkSize, count - start)
      chunks.append(shared[0..<size])
      starts.append(start)
      start += size
    }
    (flat, self.count, self.chunks, self.starts, self.fill) = ([], count, chunks, starts, shared)
    uniform = true
  }

  /// The elements of `chunks` in order, each array one chunk as it is (nothing is copied): for
  /// arrays made in chunks of `chunkSize` or less. Fewer than `chunkingThreshold` elements are
  /// joined into one flat array.
  ///
  /// ```swift
  /// ChunkedArray(chunks: [[1, 2], [3]]).array   // [1, 2, 3]
  /// ```
  init(chunks: [[Element]]) {
    let total = chunks.reduce(0) { $0 + $1.count }
    guard total >= Self.chunkingThreshold else {
      (flat, self.count) = (Array(chunks.joined()), total)
      return
    }
    var slices: [ArraySlice<Element>] = [], starts: [Int] = []
    slices.reserveCapacity(chunks.count)
    starts.reserveCapacity(chunks.count)
    var start = 0
    for chunk in chunks where !chunk.isEmpty {
      precondition(chunk.count <= 2 * Self.chunkSize, "a chunk larger than the chunks made")
      slices.append(chunk[...])
      starts.append(start)
      start += chunk.count
    }
    (flat, self.count, self.chunks, self.starts) = ([], total, slices, starts)
    uniform = slices.dropLast().allSatisfy { $0.count == Self.chunkSize }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  var isEmpty: Bool { count == 0 }
  func index(after i: Int) -> Int { i + 1 }
  func index(before i: Int) -> Int { i - 1 }

  /// Whether the elements are in chunks (for tests).
  var isChunked: Bool { !chunks.isEmpty }

  /// The elements as one Swift array: the array itself while flat, else a copy of the chunks.
  var array: [Element] {
    chunks.isEmpty ? flat : Array(chunks.joined())
  }

  subscript(position: Int) -> Element {
    get {
      if chunks.isEmpty { return flat[position] }
      precondition(position >= 0 && position < count, "index out of range")
      let (chunk, offset) = locate(position)
      return chunks[chunk][chunks[chunk].startIndex + offset]
    }
    _modify {
      if chunks.isEmpty {
        yield &flat[position]
      } else {
        precondition(position >= 0 && position < count, "index out of range")
        let (chunk, offset) = locate(position)
        if let fill, isFill(chunks[chunk], fill) {
          chunks[chunk] = ArraySlice(repeating: fill[0], count: chunks[chunk].count)
        }
        yield &chunks[chunk][chunks[chunk].startIndex + offset]
      }
    }
  }

  /// The elements at `bounds` as a Swift array slice, with the array's indices (`startIndex` is
  /// `bounds.lowerBound`): a slice of the array itself while flat, else of a copy of all the
  /// chunks (the whole array: use `elements(in:)` for a part of a large one).
  func slice(_ bounds: Range<Int>) -> ArraySlice<Element> {
    chunks.isEmpty ? flat[bounds] : array[bounds]
  }

  /// A copy of the elements at `bounds`, at the cost of their count: always memory of its own
  /// (an `Array` of a slice spanning a whole array shares its buffer, and the array, then no
  /// longer uniquely held, would be copied whole by its next change).
  func elements(in bounds: Range<Int>) -> [Element] {
    precondition(bounds.lowerBound >= 0 && bounds.upperBound <= count, "range out of bounds")
    if chunks.isEmpty {
      return [Element](unsafeUninitializedCapacity: bounds.count) { buffer, initialized in
        flat.withUnsafeBufferPointer { flat in
          if let base = flat.baseAddress, bounds.count > 0 {
            buffer.baseAddress!.initialize(from: base + bounds.lowerBound, count: bounds.count)
          }
        }
        initialized = bounds.count
      }
    }
    var elements: [Element] = []
    elements.reserveCapacity(bounds.count)
    var i = bounds.lowerBound
    while i < bounds.upperBound {
      let (chunk, offset) = locate(i)
      let first = chunks[chunk].startIndex + offset
      let taken = Swift.min(chunks[chunk].count - offset, bounds.upperBound - i)
      elements.append(contentsOf: chunks[chunk][first..<first + taken])
      i += taken
    }
    return elements
  }

  mutating func append(_ element: Element) {
    if chunks.isEmpty {
      flat.append(element)
      count += 1
    } else {
      insert(element, at: count)
    }
  }

  mutating func insert(_ element: Element, at i: Int) {
    precondition(i >= 0 && i <= count, "index out of range")
    guard chunkIfLarge(changingAt: i) else {
      flat.insert(element, at: i)
      count += 1
      return
    }
    let (chunk, offset) = locateForInsertion(i)
    chunks[chunk].insert(element, at: chunks[chunk].startIndex + offset)
    count += 1
    shiftStarts(after: chunk, by: 1)
    if chunks[chunk].count > 2 * Self.chunkSize { split(chunk) }
  }

  @discardableResult
  mutating func remove(at i: Int) -> Element {
    precondition(i >= 0 && i < count, "index out of range")
    // (Removing the last element shifts nothing.)
    guard chunkIfLarge(changingAt: i == count - 1 ? count : i) else {
      count -= 1
      return flat.remove(at: i)
    }
    let (chunk, offset) = locate(i)
    let element = chunks[chunk].remove(at: chunks[chunk].startIndex + offset)
    count -= 1
    shiftStarts(after: chunk, by: -1)
    dropIfEmpty(chunk)
    return element
  }

  /// `insert(remove(at: source), at: target)`: in a flat array the elements between are moved as
  /// bytes (one `memmove`), in a chunked one it shifts at most two chunks.
  mutating func moveElement(from source: Int, to target: Int) {
    precondition(indices.contains(source) && indices.contains(target), "index out of range")
    guard source != target else { return }
    guard chunkIfLarge(changingAt: Swift.min(source, target)) else {
      flat.moveElement(from: source, to: target)
      return
    }
    insert(remove(at: source), at: target)
  }

  mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    precondition(subrange.lowerBound >= 0 && subrange.upperBound <= count, "range out of bounds")
    let growth = newElements.count - subrange.count
    guard chunkIfLarge(changingAt: growth == 0 ? count : subrange.lowerBound) else {
      flat.replaceSubrange(subrange, with: newElements)
      count += growth
      return
    }
    let (chunk, offset) = locateForInsertion(subrange.lowerBound)
    guard offset + subrange.count <= chunks[chunk].count else {
      // Across chunks (a rare, large change): made again from the whole.
      var elements = array
      elements.replaceSubrange(subrange, with: newElements)
      self = ChunkedArray(chunking: elements)
      return
    }
    let first = chunks[chunk].startIndex + offset
    chunks[chunk].replaceSubrange(first..<first + subrange.count, with: newElements)
    count += growth
    shiftStarts(after: chunk, by: growth)
    if chunks[chunk].count > 2 * Self.chunkSize {
      self = ChunkedArray(chunking: array)
    } else {
      dropIfEmpty(chunk)
    }
  }

  mutating func reserveCapacity(_ n: Int) {
    if chunks.isEmpty { flat.reserveCapacity(n) }
  }

  /// The elements, taken out (the array is left empty).
  enum Taken {
    case flat([Element])
    /// Slices that may share memory with each other (see the type's notes).
    case chunks([ArraySlice<Element>])
  }

  /// Takes every element out, leaving the array empty: no element is copied. (For freeing: the
  /// chunks of an array made with `init(repeating:count:)` that are still its element's copies
  /// are given as that one chunk of copies.)
  mutating func takeAll() -> Taken {
    defer {
      count = 0
      shifts = 0
    }
    if chunks.isEmpty {
      var taken: [Element] = []
      swap(&taken, &flat)
      return .flat(taken)
    }
    var taken: [ArraySlice<Element>] = []
    swap(&taken, &chunks)
    starts = []
    if let fill {
      // The chunks still slices of the fill are its copies: the fill once stands for them all.
      taken.removeAll { isFill($0, fill) }
      taken.append(fill[...])
      self.fill = nil
    }
    return .chunks(taken)
  }

  /// Whether `chunk` is a slice of `fill` from its start (all copies of its element).
  private func isFill(_ chunk: ArraySlice<Element>, _ fill: [Element]) -> Bool {
    chunk.withUnsafeBufferPointer { a in fill.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }

  func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
    chunks.isEmpty ? try flat.withUnsafeBufferPointer(body) : nil
  }

  // MARK: Iteration, chunk by chunk

  struct Iterator: IteratorProtocol {
    fileprivate var current: IndexingIterator<ArraySlice<Element>>
    fileprivate var rest: IndexingIterator<[ArraySlice<Element>]>

    mutating func next() -> Element? {
      while true {
        if let element = current.next() { return element }
        guard let chunk = rest.next() else { return nil }
        current = chunk.makeIterator()
      }
    }
  }

  func makeIterator() -> Iterator {
    Iterator(current: flat[...].makeIterator(), rest: chunks.makeIterator())
  }

  // MARK: Chunks

  /// An array chunked at once (`elements` when it is below the threshold stays flat).
  private init(chunking elements: [Element]) {
    self.init(elements)
    if count >= Self.chunkingThreshold { chunk() }
  }

  /// Chunks a flat array of `chunkingThreshold` elements or more when a change at `index` would
  /// shift elements (not at its end) for the `shiftsBeforeChunking`th time; `true` when the array
  /// is (now) chunked.
  private mutating func chunkIfLarge(changingAt index: Int) -> Bool {
    if !chunks.isEmpty { return true }
    guard count >= Self.chunkingThreshold, index < count else { return false }
    shifts += 1
    guard shifts > Self.shiftsBeforeChunking else { return false }
    chunk()
    return true
  }

  /// Makes the chunks slices of `flat` (nothing is copied until a chunk changes).
  private mutating func chunk() {
    let size = Self.chunkSize
    chunks.reserveCapacity(count / size + 1)
    starts.reserveCapacity(count / size + 1)
    var start = 0
    while start < count {
      let end = Swift.min(start + size, count)
      chunks.append(flat[start..<end])
      starts.append(start)
      start = end
    }
    flat = []
    uniform = true
  }

  /// The chunk that holds `index` (`0..<count`) and the index's place in it.
  private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
    if uniform {
      let chunk = Swift.min(index / Self.chunkSize, chunks.count - 1)
      return (chunk, index - chunk * Self.chunkSize)
    }
    var low = 0, high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return (low, index - starts[low])
  }

  /// `locate`, and for `count` the end of the last chunk.
  private func locateForInsertion(_ index: Int) -> (chunk: Int, offset: Int) {
    index == count ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(index)
  }

  private mutating func shiftStarts(after chunk: Int, by delta: Int) {
    guard delta != 0 else { return }
    // A chunk before the last grew or shrank: indices no longer divide into chunks.
    if chunk != chunks.count - 1 { uniform = false }
    // Through the buffer: one uniqueness check, not one per start, and the adds vectorized (the
    // 400 starts of a 100,000-row array, twice for each row a patch moves).
    starts.withUnsafeMutableBufferPointer { starts in
      for k in chunk + 1..<starts.count { starts[k] &+= delta }
    }
  }

  private mutating func split(_ chunk: Int) {
    if chunk != chunks.count - 1 || chunks[chunk].count / 2 != Self.chunkSize { uniform = false }
    let middle = chunks[chunk].startIndex + chunks[chunk].count / 2
    let tail = chunks[chunk][middle...]
    chunks[chunk].removeSubrange(middle...)
    chunks.insert(tail, at: chunk + 1)
    starts.insert(starts[chunk] + chunks[chunk].count, at: chunk + 1)
  }

  private mutating func dropIfEmpty(_ chunk: Int) {
    guard chunks[chunk].isEmpty else { return }
    if chunks.count == 1 {
      chunks = []
      starts = []
    } else {
      chunks.remove(at: chunk)
      starts.remove(at: chunk)
    }
  }
}

extension ChunkedArray: Sendable where Element: Sendable {}
extension ChunkedArray.Taken: Sendable where Element: Sendable {}
