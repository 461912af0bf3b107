import Foundation
import Testing

@testable import Debugging

/// `quickScanElements`: a large array's elements scanned on two threads answer exactly as one
/// thread does — the same end, the same element ranges, the same refusals — wherever the second
/// thread's guess of an element start falls.
@Suite struct JSONSplitScanTests {
  /// The end and element ranges of the array at the start of `bytes` (which may go on after
  /// it), or `nil` when the scan refuses it; on two threads (`split`) or one.
  static func scan(_ bytes: [UInt8], split: Bool, checked: Bool) -> (end: Int, ranges: [Range<Int>])? {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      var ranges = JSONElementRanges(base: 0)
      let keys = QuickKeys()
      let accepted =
        split
        ? parser.quickScanElements(checked: checked, keys: keys, recording: &ranges)
        : checked
          ? parser.quickSkipValue(recording: &ranges) : parser.quickCheckValue(recording: &ranges, reusing: keys)
      return accepted ? (parser.index, ranges.ranges.map(\.range)) : nil
    }
  }

  /// Whether both ways answer the same, for both rules; whether the split one used the second
  /// thread's half (at least once in the two scans), when `joins` is set and there are two cores.
  static func expectSameAnswer(
    _ text: String, joins: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(text.utf8)
    let before = JSONParser.splitScansJoined.count
    for checked in [false, true] {
      let one = scan(bytes, split: false, checked: checked)
      let two = scan(bytes, split: true, checked: checked)
      #expect(two?.end == one?.end, "checked \(checked)", sourceLocation: sourceLocation)
      #expect(two?.ranges == one?.ranges, "checked \(checked)", sourceLocation: sourceLocation)
    }
    // Other tests may join splits meanwhile: only "it joined" is told apart.
    if joins == true, Platform.coreCount > 1 {
      #expect(JSONParser.splitScansJoined.count > before, sourceLocation: sourceLocation)
    }
  }

  static func todo(_ i: Int, description: String? = nil, extra: String = "") -> String {
    let id = String(format: "%012X", i)
    return
      #"{"$type":"Todo.State","description":"\#(description ?? "Todo \(i)")","id":{"$uuid":"00000000-0000-0000-0000-\#(id)"}\#(extra),"isComplete":\#(i % 3 == 0)}"#
  }

  /// An array of `count` todos (about 120 bytes each), element `i` written by `element`.
  static func todos(_ count: Int, element: (Int) -> String = { todo($0) }) -> String {
    "[" + (0..<count).map(element).joined(separator: ",") + "]"
  }

  @Test func aLargeArrayOfRowsIsScannedInTwoHalvesWithTheOneThreadAnswer() {
    Self.expectSameAnswer(Self.todos(20_000), joins: true)
  }

  @Test func rowsWithSpacesAndElementsOfOtherShapes() {
    Self.expectSameAnswer(
      "[ "
        + (0..<20_000).map { $0 % 7 == 0 ? Self.todo($0, extra: #","tags":["a","b"]"#) : Self.todo($0) }
        .joined(separator: " ,\n ") + " ]", joins: true)
  }

  /// The guess falls inside an element: each row holds rows of the same first member, so a
  /// comma before one is no element start of the outer array.
  @Test func aGuessInsideAnElementIsDroppedAndTheScanGoesOn() {
    let nested = "[" + (0..<40).map { Self.todo($0) }.joined(separator: ",") + "]"
    Self.expectSameAnswer(Self.todos(400) { Self.todo($0, extra: #","subtasks":\#(nested)"#) })
  }

  @Test func aRefusalInTheSecondHalfIsTheScansRefusal() {
    // A word cut short, a key twice (refused with the reader's rules only), a control character.
    for broken in [#""isComplete":tru}"#, #""isComplete":true,"isComplete":false}"#, "\"description\":\"a\u{1}\""] {
      let text = Self.todos(20_000) {
        $0 == 15_000 ? Self.todo($0).replacingOccurrences(of: #""isComplete":true}"#, with: broken) : Self.todo($0)
      }
      #expect(text.contains(broken))
      Self.expectSameAnswer(text)
    }
    #expect(
      Self.scan(Array(Self.todos(20_000) { $0 == 15_000 ? "tru" : Self.todo($0) }.utf8), split: true, checked: false)
        == nil)
  }

  @Test func aRefusalInTheFirstHalfIsTheScansRefusal() {
    let text = Self.todos(20_000) { $0 == 100 ? "{]" : Self.todo($0) }
    Self.expectSameAnswer(text)
    #expect(Self.scan(Array(text.utf8), split: true, checked: true) == nil)
  }

  @Test func nestingTooDeepInTheSecondHalfIsRefused() {
    let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
    let text = Self.todos(20_000) { $0 == 18_000 ? Self.todo($0, extra: #","deep":\#(deep)"#) : Self.todo($0) }
    Self.expectSameAnswer(text)
    #expect(Self.scan(Array(text.utf8), split: true, checked: false) == nil)
  }

  /// The array ends long before the middle of what follows it, which has the same rows.
  @Test func aSmallArrayBeforeALargeOneEndsWhereItEnds() {
    let text = Self.todos(3) + " " + Self.todos(20_000)
    Self.expectSameAnswer(text)
    #expect(Self.scan(Array(text.utf8), split: true, checked: false)?.ranges.count == 3)
  }

  /// The array's last element is where the guess falls; and an array of one large element.
  @Test func guessesAtTheEdges() {
    let long = String(repeating: "x", count: 1 << 20)
    Self.expectSameAnswer(Self.todos(2) { Self.todo($0, description: $0 == 1 ? long : nil) })
    Self.expectSameAnswer("[" + Self.todo(0, description: long) + "]")
    Self.expectSameAnswer(Self.todos(10_000) + String(repeating: " ", count: 1 << 20))
  }

  /// A whole state line: the lazily read value is the one read at once, and an error in the
  /// second half is the same error.
  @Test func aStateLineReadsTheSameAndFailsTheSame() throws {
    let line = #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":\#(Self.todos(20_000))}}"#
    let lazy = try Array(line.utf8).withUnsafeBytes { try JSONReader.parseKeepingArraysAsText($0, fromDepth: 2) }
    #expect(lazy == (try JSONReader.parse(line)))
    let broken = line.replacingOccurrences(of: #""Todo 15000""#, with: #""Todo 15000"#)
    var errors: [String] = []
    for lazily in [true, false] {
      do {
        _ =
          lazily
          ? try Array(broken.utf8).withUnsafeBytes { try JSONReader.parseKeepingArraysAsText($0, fromDepth: 2) }
          : try JSONReader.parse(broken)
      } catch {
        errors.append("\(error)")
      }
    }
    #expect(errors.count == 2)
    #expect(errors.first == errors.last)
  }
}

/// `JSONElementRanges.append`: the second half's ranges follow the first's in order, filling
/// chunks of `ChunkedArray.chunkSize` (all full but the last, so that the array finds an index's
/// chunk by a division).
@Suite struct JSONElementRangesAppendTests {
  /// `count` ranges from offset `from`, each one byte long, recorded as a scan records them.
  static func recorded(_ count: Int, from: Int) -> JSONElementRanges {
    var ranges = JSONElementRanges(base: 0)
    for k in 0..<count {
      ranges.valueStarts(level: 1, at: from + 2 * k)
      ranges.valueEnds(level: 1, at: from + 2 * k + 1)
    }
    return ranges
  }

  @Test func appendedRangesFollowInOrderInFullChunks() {
    let size = ChunkedArray<JSONTextSpan>.chunkSize
    for (first, second) in [(0, 5), (5, 0), (300, 700), (size, size), (size - 1, 2 * size + 1), (1, 3 * size)] {
      var ranges = Self.recorded(first, from: 0)
      ranges.append(Self.recorded(second, from: 2 * first))
      let expected = (0..<first + second).map { (2 * $0)..<(2 * $0 + 1) }
      #expect(ranges.ranges.map(\.range) == expected, "\(first) + \(second)")
      #expect(ranges.count == first + second)
      let counts = ranges.chunkCounts
      #expect(counts.dropLast().allSatisfy { $0 == size }, "\(first) + \(second): \(counts)")
      #expect(counts.last! <= size && (counts.count == 1 || counts.last! > 0), "\(first) + \(second): \(counts)")
      #expect(Array(ranges.chunked).map(\.range) == expected)
    }
  }
}
