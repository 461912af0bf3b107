import Testing

@testable import Debugging

/// `ChunkedArray`, the element store of `JSON` arrays: a large array changed in the middle is
/// chunked, and every operation gives what a Swift array gives.
@Suite struct ChunkedArrayTests {
  /// A small deterministic generator (an LCG), so a failure names its step.
  struct Numbers {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static func rows(_ count: Int) -> [JSON] {
    (0..<count).map { .object([.init("id", .int(Int64($0)))]) }
  }

  @Test func staysFlatUntilTheFifthShiftOfALargeArray() {
    var small = ChunkedArray(Self.rows(100))
    for _ in 0..<10 { small.insert(.null, at: 0) }
    #expect(!small.isChunked)

    var large = ChunkedArray(Self.rows(10_000))
    for _ in 0..<10 { large.append(.null) }
    large.remove(at: large.count - 1)
    large[5] = .bool(true)
    #expect(!large.isChunked, "appending, removing the last and replacing in place shift nothing")
    for n in 1...4 {
      large.insert(.int(Int64(n)), at: 0)
      #expect(!large.isChunked)
    }
    large.insert(.int(5), at: 0)
    #expect(large.isChunked)
    #expect(large.count == 10_014)
    #expect(Array(large.prefix(6)) == [.int(5), .int(4), .int(3), .int(2), .int(1), .object([.init("id", .int(0))])])
  }

  /// Random inserts, removals, moves, replacements (in a chunk, across chunks, growing a chunk
  /// past its split), appends and element changes, checked against a Swift array after each.
  @Test func everyOperationMatchesASwiftArray() {
    Self.exercise(ChunkedArray(Self.rows(9_000)), matching: Self.rows(9_000))
  }

  /// An array made from chunks (`init(chunks:)`, as a lazily read array's element ranges are)
  /// reads as their elements in order, and is chunked from the start.
  @Test func anArrayMadeOfChunksMatchesASwiftArray() {
    let rows = Self.rows(9_000)
    let chunks = stride(from: 0, to: rows.count, by: 256).map { Array(rows[$0..<min($0 + 256, rows.count)]) }
    let chunked = ChunkedArray(chunks: chunks + [[]])
    #expect(chunked.isChunked && Array(chunked) == rows && chunked[8_999] == rows[8_999])
    Self.exercise(chunked, matching: rows)
    let few = ChunkedArray(chunks: [Array(rows[0..<10]), Array(rows[10..<20])])
    #expect(!few.isChunked && few.array == Array(rows[0..<20]))
  }

  /// 3,000 random operations on `chunked` and on a Swift array holding `expected`: every answer
  /// and every element the same.
  static func exercise(_ chunked: ChunkedArray<JSON>, matching expected: [JSON]) {
    var numbers = Numbers(state: 7)
    var expected = expected
    var chunked = chunked
    var stepsChunked = 0
    for step in 0..<3_000 {
      let count = expected.count
      switch numbers.next(8) {
      case 0:
        let i = numbers.next(count + 1)
        expected.insert(.int(Int64(step)), at: i)
        chunked.insert(.int(Int64(step)), at: i)
      case 1:
        let i = numbers.next(count)
        #expect(chunked.remove(at: i) == expected.remove(at: i), "step \(step)")
      case 2:
        let source = numbers.next(count), target = numbers.next(count)
        expected.insert(expected.remove(at: source), at: target)
        chunked.moveElement(from: source, to: target)
      case 3:
        let start = numbers.next(count), length = numbers.next(min(count - start, 40) + 1)
        let new = (0..<numbers.next(30)).map { JSON.string("r\(step).\($0)") }
        expected.replaceSubrange(start..<start + length, with: new)
        chunked.replaceSubrange(start..<start + length, with: new)
      case 4:
        // Across several chunks, or growing one chunk past twice its size (the count kept near 9,000).
        let start = numbers.next(count), length = min(count - start, 2_500)
        let newCount = max(0, length + (9_000 - count) / 4 + numbers.next(2_401) - 1_200)
        let new = (0..<newCount).map { JSON.int(Int64(-$0)) }
        expected.replaceSubrange(start..<start + length, with: new)
        chunked.replaceSubrange(start..<start + length, with: new)
      case 5:
        expected.append(.bool(false))
        chunked.append(.bool(false))
      case 6 where count > 0:
        let i = numbers.next(count)
        expected[i] = .string("set \(step)")
        chunked[i] = .string("set \(step)")
      default:
        let i = numbers.next(count + 1), j = numbers.next(count + 1)
        let bounds = min(i, j)..<max(i, j)
        #expect(Array(chunked.slice(bounds)) == Array(expected[bounds]), "step \(step)")
      }
      #expect(chunked.count == expected.count, "step \(step)")
      if chunked.isChunked { stepsChunked += 1 }
      if step % 97 == 0 || step > 2_990 {
        #expect(Array(chunked) == expected, "step \(step)")
        #expect(chunked.array == expected, "step \(step)")
        #expect((0..<expected.count).allSatisfy { chunked[$0] == expected[$0] }, "step \(step)")
      }
    }
    #expect(stepsChunked > 2_900)
    var emptied = chunked
    while !emptied.isEmpty { emptied.remove(at: emptied.count / 2) }
    #expect(Array(emptied) == [] && emptied.array == [])
    emptied.insert(.null, at: 0)
    #expect(Array(emptied) == [.null])
  }

  /// A copy keeps its elements when the original changes (copy on write per chunk).
  @Test func aCopyIsNotChanged() {
    var chunked = ChunkedArray(Self.rows(5_000))
    for _ in 0..<5 { chunked.insert(.null, at: 0) }
    let copy = chunked
    chunked.moveElement(from: 0, to: 4_000)
    chunked[10] = .bool(true)
    #expect(copy.array == Array(repeating: .null, count: 5) + Self.rows(5_000))
    #expect(chunked[3_999] == .object([.init("id", .int(3_995))]))
    #expect(chunked[4_000] == .null)
    #expect(chunked[4_001] == .object([.init("id", .int(3_996))]))
    #expect(chunked[10] == .bool(true) && copy[10] == .object([.init("id", .int(5))]))
  }

  /// Taking every element out gives them in order, chunk by chunk, and leaves the array empty.
  @Test func takeAllGivesEveryElementOnce() {
    var chunked = ChunkedArray(Self.rows(6_000))
    for _ in 0..<5 { chunked.remove(at: 0) }
    #expect(chunked.isChunked)
    guard case let .chunks(taken) = chunked.takeAll() else {
      Issue.record("not chunked")
      return
    }
    #expect(taken.count == 24, "6,000 elements in chunks of 256")
    #expect(Array(taken.joined()) == Array(Self.rows(6_000).dropFirst(5)))
    #expect(chunked.isEmpty && !chunked.isChunked)

    var flat = ChunkedArray(Self.rows(3))
    guard case let .flat(items) = flat.takeAll() else {
      Issue.record("chunked")
      return
    }
    #expect(items == Self.rows(3) && flat.isEmpty)
  }

  /// An array of copies (`init(repeating:count:)`, the stand-ins of a lazily read state): a
  /// chunk changed is filled anew, the others still read the copies, a copy made before keeps
  /// them all, and taking the elements out gives the changed chunks and the copies' chunk once.
  @Test func anArrayOfCopiesFillsTheChunksItChanges() {
    var chunked = ChunkedArray(repeating: JSON.null, count: 10_000)
    let before = chunked
    chunked[1_500] = .int(1)
    chunked[1_501] = .int(2)
    chunked[9_999] = .int(3)
    var expected = [JSON](repeating: .null, count: 10_000)
    (expected[1_500], expected[1_501], expected[9_999]) = (.int(1), .int(2), .int(3))
    #expect(chunked.array == expected)
    #expect(before.array == Array(repeating: .null, count: 10_000))
    guard case let .chunks(taken) = chunked.takeAll() else {
      Issue.record("not chunked")
      return
    }
    // The chunk of 1,280..<1,536, the last chunk (9,984..<10,000), then the copies' chunk.
    #expect(taken.map(\.count) == [256, 16, 256])
    #expect(taken[0][1_500 - 1_280] == .int(1) && taken[1][15] == .int(3))
    #expect(taken[2].allSatisfy { $0 == .null })
    #expect(chunked.isEmpty)
  }

  /// Chunks share the flat array's memory until they change: changing one element of a chunked
  /// array copies that chunk only, and a copy of the array keeps seeing the old elements.
  @Test func aChangedChunkIsCopiedAlone() {
    var chunked = ChunkedArray(Self.rows(8_192))
    for _ in 0..<5 { chunked.insert(.null, at: 8_000) }
    let before = chunked
    chunked[100] = .bool(true)
    chunked.moveElement(from: 8_000, to: 1)
    #expect(before[100] == .object([.init("id", .int(100))]) && chunked[101] == .bool(true))
    #expect(before[1] == .object([.init("id", .int(1))]) && chunked[1] == .null)
    #expect(
      Array(before[7_999...8_005]) == [.object([.init("id", .int(7_999))])] + Array(repeating: .null, count: 5) + [
        .object([.init("id", .int(8_000))])
      ])
  }

  /// `count` copies of one element: a large array is chunked at once, its chunks one shared
  /// buffer, and every change after that gives what a Swift array gives; a small one stays flat.
  @Test func repeatedElementsAreOneSharedChunkUntilChanged() {
    #expect(!ChunkedArray(repeating: JSON.null, count: 4_095).isChunked)
    #expect(ChunkedArray(repeating: JSON.null, count: 4_095).array == Array(repeating: .null, count: 4_095))
    var chunked = ChunkedArray(repeating: JSON.null, count: 5_000)
    var expected = [JSON](repeating: .null, count: 5_000)
    #expect(chunked.isChunked && chunked.count == 5_000 && chunked.array == expected)
    let before = chunked
    var numbers = Numbers(state: 11)
    for step in 0..<2_000 {
      let count = expected.count
      switch numbers.next(4) {
      case 0:
        let i = numbers.next(count)
        expected[i] = .int(Int64(step))
        chunked[i] = .int(Int64(step))
      case 1:
        let i = numbers.next(count + 1)
        expected.insert(.bool(true), at: i)
        chunked.insert(.bool(true), at: i)
      case 2:
        let i = numbers.next(count)
        #expect(chunked.remove(at: i) == expected.remove(at: i), "step \(step)")
      default:
        let source = numbers.next(count), target = numbers.next(count)
        expected.insert(expected.remove(at: source), at: target)
        chunked.moveElement(from: source, to: target)
      }
      if step % 100 == 0 { #expect(chunked.array == expected, "step \(step)") }
    }
    #expect(chunked.array == expected)
    #expect(Array(chunked) == expected)
    #expect(before.array == Array(repeating: .null, count: 5_000), "a copy made before the changes")
  }

  /// A large array read lazily keeps no tree per element until one is read: its trees are the
  /// shared chunk of `.null`s, and reading or changing elements gives the full parse's values.
  @Test func aLazilyReadArrayHoldsOneChunkOfTrees() throws {
    let text = "[" + (0..<6_000).map { #"{"id":\#($0),"done":false}"# }.joined(separator: ",") + "]"
    var lazy = try Array(text.utf8).withUnsafeBytes { try JSONReader.parseKeepingArraysAsText($0, fromDepth: 1) }
    guard case var .array(elements) = lazy else {
      Issue.record("not an array")
      return
    }
    #expect(elements.hasPendingElements && elements.storage.trees.isChunked)
    #expect(elements[4_321] == .object([.init("id", .int(4_321)), .init("done", .bool(false))]))
    elements.insert(.null, at: 0)
    elements[6_000] = .int(1)
    lazy = .array(elements)
    var full = try JSONReader.parse(text)
    guard case var .array(fullElements) = full else { return }
    fullElements.insert(.null, at: 0)
    fullElements[6_000] = .int(1)
    full = .array(fullElements)
    #expect(lazy == full)
    #expect(JSONWriter.string(lazy) == JSONWriter.string(full))
  }

  /// A slice keeps the array's indices, chunked or not (`dropFirst`, `firstIndex` in a slice).
  @Test func aSliceOfAChunkedArrayKeepsItsIndices() {
    let flat = JSONElements(Self.rows(5_000))
    var chunked = JSONElements(Self.rows(5_000))
    for _ in 0..<5 { chunked.insert(.null, at: 0) }
    for _ in 0..<5 { chunked.remove(at: 0) }
    #expect(chunked.storage.trees.isChunked && !flat.storage.trees.isChunked)
    #expect(chunked[10..<20].startIndex == 10 && flat[10..<20].startIndex == 10)
    #expect(Array(chunked[10..<20]) == Array(flat[10..<20]))
    #expect(chunked.dropFirst(10).firstIndex(of: chunked[15]) == 15)
  }
}
