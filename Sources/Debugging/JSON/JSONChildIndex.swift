/// What a quick check or skip of a value (`quickCheckValue`, `quickSkipValue`) tells about the
/// members and elements it passes: offsets from the value's first byte, by level (1: inside the
/// value itself, 2: inside its containers, …). A recorder that keeps nothing costs nothing: the
/// check is specialized for it.
///
/// ```text
/// {"a":[1,22]}    opened(1, at: 0)  key(1, 2..<3)  valueStarts(1, at: 5)  opened(2, at: 5)
///                 valueStarts(2, at: 6)  valueEnds(2, at: 7)  valueStarts(2, at: 8)
///                 valueEnds(2, at: 10)  closed(2, at: 11)  valueEnds(1, at: 11)  closed(1, at: 12)
/// ```
protocol JSONCheckRecorder {
  /// Whether the scan checks the elements of an array at level 1 by the shape of the one before
  /// (`JSONElementTemplate`): for recorders that note no more than where those elements are.
  static var matchesElementTemplates: Bool { get }
  /// Whether the scan ends at the first element (of an array at level 1, with
  /// `matchesElementTemplates`) at or after `stopOffset`, telling `stopped(at:)`.
  static var stopsAtElements: Bool { get }
  var stopOffset: Int { get }
  mutating func stopped(at offset: Int)
  mutating func opened(level: Int, at offset: Int)
  /// An object member's key, between its quotes (without escapes).
  mutating func key(level: Int, _ range: Range<Int>)
  mutating func valueStarts(level: Int, at offset: Int)
  mutating func valueEnds(level: Int, at offset: Int)
  mutating func closed(level: Int, at offset: Int)
  /// Elements of an array at level 1 that follow one another (`JSONElementTemplate.matchRun`):
  /// for each, where the one before it ends, then where it starts — `valueEnds(level: 1, …)`
  /// and `valueStarts(level: 1, …)` in turn, as the scan would tell them.
  mutating func elementsFollow(_ offsets: UnsafeBufferPointer<Int>)
}

extension JSONCheckRecorder {
  static var matchesElementTemplates: Bool { false }
  static var stopsAtElements: Bool { false }
  var stopOffset: Int { .max }
  mutating func stopped(at offset: Int) {}
  mutating func elementsFollow(_ offsets: UnsafeBufferPointer<Int>) {
    for pair in stride(from: 0, to: offsets.count, by: 2) {
      valueEnds(level: 1, at: offsets[pair])
      valueStarts(level: 1, at: offsets[pair + 1])
    }
  }
}

/// Records nothing: the plain check.
struct JSONNoChildren: JSONCheckRecorder {
  @inline(__always) mutating func opened(level: Int, at offset: Int) {}
  @inline(__always) mutating func key(level: Int, _ range: Range<Int>) {}
  @inline(__always) mutating func valueStarts(level: Int, at offset: Int) {}
  @inline(__always) mutating func valueEnds(level: Int, at offset: Int) {}
  @inline(__always) mutating func closed(level: Int, at offset: Int) {}
}

/// The ranges of the elements of the array checked (level 1), as offsets in the parser's whole
/// input (`base`: the offset of the array's `[`): what `JSONTreeParser` keeps of a large array
/// whose elements stay text.
///
/// They are kept in chunks of `ChunkedArray.chunkSize` as they come, not in one array that grows
/// by copies: a 100,000-element array's 800 KB of ranges are written once, and become the chunks
/// of a `ChunkedArray` as they are.
///
/// ```text
/// x,[1,22]   base 2   ranges [3..<4, 5..<7]
/// ```
struct JSONElementRanges: JSONCheckRecorder {
  static var matchesElementTemplates: Bool { true }
  static var stopsAtElements: Bool { true }
  /// The offset of the scan's first byte in the input (the array's `[`, or the element a scan
  /// of the rest of the array starts at: `continue(at:)`).
  private(set) var base: Int
  /// Where the scan is to stop (`quickScanElements`): an offset from the array's `[`.
  var stopOffset = Int.max
  /// Where it stopped, when it did: the offset of the element it stopped at.
  private(set) var stoppedAt: Int?
  /// The chunks filled, then the one being filled.
  private var full: [[JSONTextSpan]] = []
  private var filling: [JSONTextSpan] = []
  private var start = 0

  init(base: Int) { self.base = base }

  /// How many elements were recorded.
  var count: Int { full.count * ChunkedArray<JSONTextSpan>.chunkSize + filling.count }

  /// The ranges, in the chunks they were recorded in (no range is copied).
  var chunked: ChunkedArray<JSONTextSpan> {
    ChunkedArray(chunks: filling.isEmpty ? full : full + [filling])
  }

  /// The ranges as one array (a copy: for tests).
  var ranges: [JSONTextSpan] { full.flatMap { $0 } + filling }

  /// How many ranges each chunk holds (for tests).
  var chunkCounts: [Int] { full.map(\.count) + [filling.count] }

  @inline(__always) mutating func opened(level: Int, at offset: Int) {}
  @inline(__always) mutating func key(level: Int, _ range: Range<Int>) {}
  @inline(__always) mutating func closed(level: Int, at offset: Int) {}

  mutating func stopped(at offset: Int) { stoppedAt = offset }

  /// Scans on: no stop.
  mutating func clearStop() {
    stopOffset = .max
    stoppedAt = nil
  }

  /// The scan goes on from the element at `offset` in the input (`quickScanElements`).
  mutating func `continue`(at offset: Int) { base = offset }

  /// Appends the ranges `other` recorded (the rest of the same array), a chunk's worth at a
  /// time: each of `other`'s chunks fills this one's last, and what does not fit starts the next.
  mutating func append(_ other: JSONElementRanges) {
    let size = ChunkedArray<JSONTextSpan>.chunkSize
    for chunk in other.full + [other.filling] {
      var next = chunk.startIndex
      while next < chunk.endIndex {
        if filling.count == size { startChunk() }
        let taken = min(size - filling.count, chunk.endIndex - next)
        filling.append(contentsOf: chunk[next..<next + taken])
        next += taken
      }
    }
  }

  @inline(__always)
  mutating func valueStarts(level: Int, at offset: Int) {
    if level == 1 { start = offset }
  }

  @inline(__always)
  mutating func valueEnds(level: Int, at offset: Int) {
    guard level == 1 else { return }
    if filling.count == ChunkedArray<JSONTextSpan>.chunkSize { startChunk() }
    filling.append(JSONTextSpan(base + start..<base + offset))
  }

  /// As `valueEnds` and `valueStarts` at level 1 for each pair, a chunk's worth at a time.
  mutating func elementsFollow(_ offsets: UnsafeBufferPointer<Int>) {
    let size = ChunkedArray<JSONTextSpan>.chunkSize
    var pair = 0
    while pair < offsets.count {
      if filling.count == size { startChunk() }
      let taken = min(size - filling.count, (offsets.count - pair) / 2)
      withUnsafeTemporaryAllocation(of: JSONTextSpan.self, capacity: taken) { spans in
        for i in 0..<taken {
          spans[i] = JSONTextSpan(base + start..<base + offsets[pair + 2 * i])
          start = offsets[pair + 2 * i + 1]
        }
        filling.append(contentsOf: UnsafeBufferPointer(spans))
      }
      pair += 2 * taken
    }
  }

  @inline(never)
  private mutating func startChunk() {
    full.append(filling)
    filling = []
    filling.reserveCapacity(ChunkedArray<JSONTextSpan>.chunkSize)
  }
}

/// Where the members and elements of the containers on the first `levels` levels of a value are,
/// recorded by `quickCheckValue(children:)`: offsets from the value's first byte, by the offset of
/// their container; only containers of at least `smallest` bytes are kept. Expanding such a
/// container (`LazyState`) then reads no byte of it again.
///
/// ```swift
/// // {"a":[1,22,…4 KB…]}
/// children.containers[0]  // [Child(key: 2..<3, value: 5..<4100)]
/// children.containers[5]  // [Child(key: nil, value: 6..<7), Child(key: nil, value: 8..<10), …]
/// ```
package struct JSONChildIndex: JSONCheckRecorder {
  /// 16 bytes, not 40 (`Range<Int>?` and `Range<Int>`): a 1,000,000-row state's array keeps a
  /// million. Two `JSONTextSpan`s; a value longer than `JSONTextSpan.longestText` keeps no
  /// containers.
  package struct Child {
    private var keySpan: JSONTextSpan
    private var valueSpan: JSONTextSpan
    /// `keySpan` of an element: a key starts after its object's `{"`, never at offset 0.
    private static let noKey = JSONTextSpan(0..<0)

    /// An object member's key, between its quotes (without escapes).
    package var key: Range<Int>? { keySpan == Self.noKey ? nil : keySpan.range }
    package var value: Range<Int> { valueSpan.range }

    init(key: Range<Int>?, value: Range<Int>) {
      keySpan = key.map(JSONTextSpan.init) ?? Self.noKey
      valueSpan = JSONTextSpan(value)
    }
  }

  package private(set) var containers: [Int: [Child]] = [:]
  package let levels: Int
  private var open: [(offset: Int, children: [Child], key: Range<Int>?, valueStart: Int)] = []
  /// An offset past `JSONTextSpan.longestText` was met: no container is kept.
  private var tooLong = false

  package init(levels: Int = 2) { self.levels = levels }

  @inline(__always)
  mutating func opened(level: Int, at offset: Int) {
    if level <= levels { open.append((offset, [], nil, 0)) }
  }

  @inline(__always)
  mutating func key(level: Int, _ range: Range<Int>) {
    if level <= levels { open[level - 1].key = range }
  }

  @inline(__always)
  mutating func valueStarts(level: Int, at offset: Int) {
    if level <= levels { open[level - 1].valueStart = offset }
  }

  @inline(__always)
  mutating func valueEnds(level: Int, at offset: Int) {
    guard level <= levels, !tooLong else { return }
    guard offset <= JSONTextSpan.longestText else {
      tooLong = true
      containers = [:]
      return
    }
    let i = level - 1
    open[i].children.append(Child(key: open[i].key, value: open[i].valueStart..<offset))
  }

  /// Containers shorter than this are read again when expanded rather than kept.
  static let smallest = 4096

  @inline(__always)
  mutating func closed(level: Int, at offset: Int) {
    guard level <= levels else { return }
    let container = open.removeLast()
    if !tooLong, offset - container.offset >= Self.smallest { containers[container.offset] = container.children }
  }
}
