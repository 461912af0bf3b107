import Foundation
import Testing

@testable import Debugging

/// The check of a long array on two threads (`JSONSplitArrayCheck`): the second thread's half is
/// taken only from a real element start, and the ranges, and whether the elements pass, are those
/// of the check on one thread.
@Suite struct JSONSplitArrayCheckTests {
  /// `check` of the array at the start of `text` (ungated), and the one-thread check's ranges and end.
  static func both(_ text: String) -> (split: JSONSplitArrayCheck.Outcome, alone: ([Range<Int>], Int)?, end: Int) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      let split = JSONSplitArrayCheck.check(&parser, checked: false, keys: QuickKeys(), gated: false)
      var alone = JSONParser(buffer.baseAddress!, count: buffer.count)
      var ranges = JSONElementRanges(base: 0)
      let accepted = alone.quickCheckValue(recording: &ranges, reusing: QuickKeys())
      return (split, accepted ? (ranges.ranges, alone.index) : nil, parser.index)
    }
  }

  static func lazyParse(_ text: String) -> Result<JSON, JSONError> {
    var text = text
    return text.withUTF8 { bytes in
      Result { () throws(JSONError) in
        try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer(bytes), fromDepth: 1)
      }
    }
  }

  static func todo(_ n: Int, children: String = "") -> String {
    #"{"$type":"Todo","description":"Todo \#(n)","id":{"$uuid":"00000000-0000-0000-0000-\#(String(format: "%012d", n))"},"isComplete":false\#(children)}"#
  }

  /// 50,000 todos (6 MB): split, with the one-thread check's ranges.
  @Test func aLongArrayOfRowsIsCheckedInTwoHalves() {
    let text = "[" + (0..<50_000).map { Self.todo($0) }.joined(separator: ",") + "]"
    let (split, alone, end) = Self.both(text)
    guard let (ranges, aloneEnd) = alone else {
      Issue.record("refused")
      return
    }
    #expect(split == .checked(ranges, split: true))
    #expect(end == aloneEnd)
    #expect(end == text.utf8.count)
  }

  /// Each row holds rows spelled like it, so the guess lands inside a row: this thread steps over
  /// it and checks the rest alone.
  @Test func aGuessInsideANestedArrayIsDropped() {
    let children = #","children":["# + (0..<40).map { Self.todo($0) }.joined(separator: ",") + "]"
    let text = "[" + (0..<1_200).map { Self.todo($0, children: children) }.joined(separator: ",") + "]"
    let (split, alone, _) = Self.both(text)
    guard let (ranges, _) = alone else {
      Issue.record("refused")
      return
    }
    #expect(split == .checked(ranges, split: false))
  }

  /// A short array followed by 5 MB of text that looks like its elements: the guess is in a string,
  /// the array ends before it.
  @Test func anArrayThatEndsBeforeTheGuessIsCheckedAlone() {
    let text = #"[10,11,12],"x"# + String(repeating: ",10", count: 1_800_000) + #"""#
    let (split, _, end) = Self.both(text)
    #expect(split == .checked([1..<3, 4..<6, 7..<9], split: false))
    #expect(end == 10)
  }

  /// A bad element in either half, at the guess, or a missing comma: refused, as on one thread;
  /// reading the document gives the full parse's error.
  @Test func aBadElementInEitherHalfIsRefused() throws {
    let rows = (0..<50_000).map { Self.todo($0) }
    let middle = Self.both("[" + rows.joined(separator: ",") + "]")
    guard case let .checked(ranges, true) = middle.split else {
      Issue.record("not split")
      return
    }
    // The element the second thread starts with.
    let firstOfSecond = rows.indices.first { ranges[$0].lowerBound > ranges[ranges.count / 2].lowerBound - 200 }!
    for (index, bad) in [
      (10, #"{"a":1,"a":2}"#), (45_000, #"{"$type":"Todo","x":tru}"#), (firstOfSecond, "01"),
      (firstOfSecond + 1, "[1 2]"), (30_000, #""tab\#there""#),
    ] {
      var broken = rows
      broken[index] = bad
      let text = "[" + broken.joined(separator: ",") + "]"
      let (split, alone, _) = Self.both(text)
      #expect(alone == nil)
      #expect(split == .refused, "element \(index)")
      let document = #"{"state":"# + text + "}"
      let lazy = Self.lazyParse(document)
      let full = Result { () throws(JSONError) in try JSONReader.parse(document) }
      #expect(throws: (any Error).self) { try full.get() }
      if case let .failure(expected) = full, case let .failure(error) = lazy {
        #expect(error == expected, "element \(index)")
      } else {
        Issue.record("element \(index): no error")
      }
    }
    let missingComma = "[" + rows[..<25_000].joined(separator: ",") + rows[25_000...].joined(separator: ",") + "]"
    #expect(Self.both(missingComma).split == .refused)
  }

  /// Read as a trace's state: the same value as the full parse, the rows still text.
  @Test func aLongStateReadsAsTheFullParse() throws {
    let document =
      #"{"$type":"Todos.State","todos":["# + (0..<40_000).map { Self.todo($0) }.joined(separator: ",") + "]}"
    let lazy = try Self.lazyParse(document).get()
    guard case let .array(todos)? = lazy["todos"] else {
      Issue.record("no todos")
      return
    }
    #expect(todos.hasPendingElements)
    #expect(todos.count == 40_000)
    #expect(lazy == (try JSONReader.parse(document)))
  }
}
