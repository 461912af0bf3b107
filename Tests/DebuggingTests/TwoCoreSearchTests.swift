import Foundation
import Testing

@testable import Debugging

/// `TwoCoreSearch`: a long line searched on two cores answers as the one-thread search does,
/// wherever the answer is — in either half, across the middle, across the second half's steps,
/// at the ends, or nowhere.
@Suite struct TwoCoreSearchTests {
  static let count = TwoCoreSearch.smallest + 12_345

  /// `count` bytes of JSON-like text without a newline or the needle.
  static func line(_ count: Int = count) -> [UInt8] {
    let text = Array(#"{"$type":"Todo.State","description":"Todo 0","isComplete":false},"#.utf8)
    return (0..<count).map { text[$0 % text.count] }
  }

  static func firstNewline(_ bytes: [UInt8], expected: Int? = nil) -> (two: Int?, one: Int?) {
    bytes.withUnsafeBytes { buffer in
      let base = buffer.baseAddress!
      let two = TwoCoreSearch.firstNewline(base, count: buffer.count, expected: expected).map { base.distance(to: $0) }
      let one = memchr(base, 0x0A, buffer.count).map { base.distance(to: UnsafeRawPointer($0)) }
      return (two, one)
    }
  }

  @Test func theFirstNewlineWhereverItIs() {
    let middle = Self.count / 2
    let places = [
      0, 1, 1000, middle - 1, middle, middle + 1, middle + TwoCoreSearch.step - 1, middle + TwoCoreSearch.step,
      Self.count - 2, Self.count - 1,
    ]
    for place in places {
      var bytes = Self.line()
      bytes[place] = 0x0A
      // And a later one, which is not the first.
      bytes[min(place + 7, Self.count - 1)] = 0x0A
      let (two, one) = Self.firstNewline(bytes)
      #expect(one == place)
      #expect(two == place, "newline at \(place)")
    }
    #expect(Self.firstNewline(Self.line()) == (nil, nil))
  }

  /// Where the last long line ended is only where the search splits: a line much longer or
  /// shorter than it is found all the same.
  @Test func anExpectedLengthOnlyMovesTheSplit() {
    for (place, expected) in [(Self.count - 3, TwoCoreSearch.smallest), (100, Self.count), (Self.count / 3, 10)] {
      var bytes = Self.line()
      bytes[place] = 0x0A
      #expect(
        Self.firstNewline(bytes, expected: expected) == (place, place), "newline at \(place), expected \(expected)")
    }
  }

  static func contains(_ bytes: [UInt8]) -> (two: Bool, one: Bool) {
    bytes.withUnsafeBytes {
      (TwoCoreSearch.contains($0, #""reducer":"#), ByteSearch.contains($0, #""reducer":"#))
    }
  }

  @Test func aNeedleWhereverItIsAcrossTheMiddleAndTheSteps() {
    let needle = Array(#""reducer":"#.utf8)
    let middle = Self.count / 2
    let secondStart = middle - (needle.count - 1)
    var starts = [0, Self.count - needle.count]
    starts += (middle - needle.count...middle + 1).map { $0 }
    starts += (secondStart + TwoCoreSearch.step - needle.count...secondStart + TwoCoreSearch.step + 1).map { $0 }
    for start in starts {
      var bytes = Self.line()
      bytes.replaceSubrange(start..<start + needle.count, with: needle)
      #expect(Self.contains(bytes) == (true, true), "needle at \(start)")
    }
    #expect(Self.contains(Self.line()) == (false, false))
    // A needle cut by the end of the line is no needle.
    var cut = Self.line()
    cut.replaceSubrange(Self.count - 5..<Self.count, with: needle.prefix(5))
    #expect(Self.contains(cut) == (false, false))
  }

  @Test func shortLinesAreSearchedOnOneThread() {
    var bytes = Self.line(1000)
    bytes[500] = 0x0A
    #expect(Self.firstNewline(bytes) == (500, 500))
    #expect(Self.contains(bytes) == (false, false))
  }
}
