import Foundation
import Testing

@testable import Debugging

/// `JSONElementTemplate`: the quick scan checks an array's elements by the shape of the one
/// before, and answers exactly as the scan byte by byte — the same end, the same element
/// ranges, the same refusals — whatever the elements hold.
@Suite struct JSONElementTemplateTests {
  /// `JSONElementRanges` without templates: the byte-by-byte answer.
  struct PlainRanges: JSONCheckRecorder {
    var inner: JSONElementRanges
    mutating func opened(level: Int, at offset: Int) {}
    mutating func key(level: Int, _ range: Range<Int>) {}
    mutating func valueStarts(level: Int, at offset: Int) { inner.valueStarts(level: level, at: offset) }
    mutating func valueEnds(level: Int, at offset: Int) { inner.valueEnds(level: level, at: offset) }
    mutating func closed(level: Int, at offset: Int) {}
  }

  /// The end and element ranges of the array `text`, or `nil` when the scan refuses it; with
  /// templates or without.
  static func scan(_ text: String, checks: Bool, templates: Bool) -> (end: Int, ranges: [Range<Int>])? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      if templates {
        var ranges = JSONElementRanges(base: 0)
        let accepted =
          checks
          ? parser.quickCheckValue(recording: &ranges, reusing: QuickKeys()) : parser.quickSkipValue(recording: &ranges)
        return accepted ? (parser.index, ranges.ranges.map(\.range)) : nil
      }
      var ranges = PlainRanges(inner: JSONElementRanges(base: 0))
      let accepted =
        checks
        ? parser.quickCheckValue(recording: &ranges, reusing: QuickKeys()) : parser.quickSkipValue(recording: &ranges)
      return accepted ? (parser.index, ranges.inner.ranges.map(\.range)) : nil
    }
  }

  static func expectSameAnswer(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for checks in [true, false] {
      let plain = scan(text, checks: checks, templates: false)
      let templated = scan(text, checks: checks, templates: true)
      #expect(templated?.end == plain?.end, "\(text), checks \(checks)", sourceLocation: sourceLocation)
      #expect(templated?.ranges == plain?.ranges, "\(text), checks \(checks)", sourceLocation: sourceLocation)
    }
  }

  static let todo =
    #"{"$type":"Todo.State","description":"Todo 0","id":{"$uuid":"00000000-0000-0000-0000-000000000000"},"isComplete":false}"#

  /// `todo` with `part` replaced by `replacement`.
  static func todo(_ part: String, _ replacement: String) -> String {
    todo.replacingOccurrences(of: part, with: replacement)
  }

  /// Elements after a first `todo`, each alone, then all in a row.
  static let variations: [String] = {
    var elements: [String] = [todo]
    elements.append(todo("false", "true"))
    elements.append(todo("Todo 0", #"Todo \"quoted\", \u00e9 and \n"#))
    elements.append(todo("Todo 0", "Tödo with UTF-8 and a long text past sixteen bytes"))
    // Values of other kinds, or bad ones.
    for value in ["null", "0", "fals", "falsey"] { elements.append(todo("false", value)) }
    for value in ["12", "[]"] { elements.append(todo(#""Todo 0""#, value)) }
    for value in ["tab\there", #"bad \x"#] { elements.append(todo("Todo 0", value)) }
    // A key twice, a key changed, a member more or less, whitespace.
    elements.append(todo("description", "$type"))
    elements.append(todo("description", "title"))
    elements.append(todo(#","isComplete":false"#, ""))
    elements.append(todo("}", #","extra":1}"#))
    elements.append(todo(":", " : "))
    // Cut off inside a value.
    elements.append(String(todo.prefix(60)))
    return elements
  }()

  @Test func eachVariationAfterAFirstElementIsTheByteByByteAnswer() {
    for element in Self.variations {
      Self.expectSameAnswer("[" + Self.todo + "," + element + "," + Self.todo + "]")
      Self.expectSameAnswer("[" + Self.todo + "," + element + "]")
    }
    Self.expectSameAnswer("[" + Self.variations.joined(separator: ",") + "]")
  }

  /// A string of the template's length (a UUID's 36 bytes) is checked in one go
  /// (`isPlainString`): one with a quote, a backslash, a control character or a non-ASCII byte
  /// anywhere in it, or that ends sooner or later, is the byte-by-byte answer too.
  @Test func stringsOfTheTemplatesLengthWithASpecialByteAnywhere() {
    let uuid = "00000000-0000-0000-0000-000000000000"
    for position in 0..<uuid.utf8.count {
      for special in [#"""#, #"\"#, #"\n"#, #"\""#, "\t", "é", "\u{7F}"] {
        var bytes = Array(uuid.utf8)
        bytes.replaceSubrange(position..<min(position + special.utf8.count, bytes.count), with: Array(special.utf8))
        let value = String(decoding: bytes.prefix(uuid.utf8.count), as: UTF8.self)
        Self.expectSameAnswer("[" + Self.todo + "," + Self.todo(uuid, value) + "]")
      }
    }
    for value in [String(uuid.dropLast()), uuid + "0", "", "x"] {
      Self.expectSameAnswer("[" + Self.todo + "," + Self.todo(uuid, value) + "]")
    }
  }

  /// `isPlainString`: a quote, then no quote, backslash, control character or non-ASCII byte,
  /// then a quote.
  @Test func aPlainStringHasNoSpecialByteBetweenItsQuotes() {
    func plain(_ bytes: [UInt8]) -> Bool {
      bytes.withUnsafeBufferPointer { isPlainString($0.baseAddress!, $0.count) }
    }
    let quote = UInt8(ascii: "\"")
    for length in 16...50 {
      let body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      #expect(plain([quote] + body + [quote]), "\(length)")
      #expect(!plain(body + [quote, quote]), "\(length)")
      #expect(!plain([quote, quote] + body), "\(length)")
      for position in 0..<length {
        for special: UInt8 in [quote, UInt8(ascii: "\\"), 0x0A, 0x1F, 0x00, 0x80, 0xFF] {
          var bytes = body
          bytes[position] = special
          #expect(!plain([quote] + bytes + [quote]), "\(length) \(position) \(special)")
        }
      }
    }
  }

  /// The elements after a matched one are checked in runs (`matchRun`, at most `runLength` at a
  /// time): a variation at a run's border, or after many rows, is the byte-by-byte answer, and
  /// the ranges fill their chunks as one at a time would.
  @Test func runsOfRowsWithAVariationAnywhere() {
    let count = 300
    for element in Self.variations {
      for position in [1, 2, 63, 64, 65, 66, 127, 128, 129, 255, 256, 257, count - 1] {
        let rows = (0..<count).map { $0 == position ? element : Self.todo }
        Self.expectSameAnswer("[" + rows.joined(separator: ",") + "]")
      }
    }
    for separator in [", ", ",\n", " ,"] {
      Self.expectSameAnswer("[" + Array(repeating: Self.todo, count: count).joined(separator: separator) + "]")
    }
    let many = Array(("[" + Array(repeating: Self.todo, count: 1_000).joined(separator: ",") + "]").utf8)
    many.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      var ranges = JSONElementRanges(base: 0)
      let accepted = parser.quickSkipValue(recording: &ranges)
      #expect(accepted)
      #expect(ranges.chunkCounts == [256, 256, 256, 232])
    }
  }

  /// Every byte of a row, one at a time, made a control character (refused wherever it is): the
  /// row is refused as the scan refuses it, whatever literal or value the byte is in — a literal
  /// of any length up to 20 bytes (its first 16 are compared in two masked words), at the end of
  /// the input or not.
  @Test func aControlCharacterAnywhereInARowIsRefused() {
    let keys = (1...20).map { String(repeating: "k", count: $0) }
    let rows = [Self.todo] + keys.map { #"{"\#($0)":"v","n":-1.5,"z":null,"b":true}"# }
    for row in rows {
      let bytes = Array(row.utf8)
      for position in bytes.indices {
        var broken = bytes
        broken[position] = 0x01
        let text = String(decoding: broken, as: UTF8.self)
        Self.expectSameAnswer("[" + [row, row, text, row].joined(separator: ",") + "]")
        Self.expectSameAnswer("[" + [row, row, text].joined(separator: ",") + "]")
      }
    }
  }

  /// A scan that stops at the first element at or after its `stopOffset` (`quickScanElements`'
  /// first half) stops there inside a run too, with the ranges of the elements before it.
  @Test func aRunStopsAtTheStopOffset() {
    let text = "[" + Array(repeating: Self.todo, count: 200).joined(separator: ",") + "]"
    let row = Self.todo.utf8.count + 1
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      for stop in [2, row, row + 1, 64 * row, 64 * row + 5, 150 * row + 1] {
        var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
        var ranges = JSONElementRanges(base: 0)
        ranges.stopOffset = stop
        let accepted = parser.quickSkipValue(recording: &ranges)
        #expect(accepted)
        // Elements start at 1, 1 + row, 1 + 2 row, …
        let first = (stop - 1 + row - 1) / row
        #expect(ranges.stoppedAt == 1 + first * row, "\(stop)")
        #expect(ranges.ranges.map(\.range) == (0..<first).map { 1 + $0 * row..<$0 * row + row }, "\(stop)")
      }
    }
  }

  @Test func numbersAreCheckedAsTheScanChecksThem() {
    let row = #"{"id":1,"score":2.5,"rank":-3}"#
    for value in [
      "12", "0", "-0", "1e308", "1e999", "123456789012345678", "1234567890123456789", "01", "1.", "-", "2.5e-3",
    ] {
      Self.expectSameAnswer("[" + row + "," + row.replacingOccurrences(of: "2.5", with: value) + "]")
      Self.expectSameAnswer("[" + row + "," + row.replacingOccurrences(of: ":1,", with: ":\(value),") + "]")
    }
  }

  @Test func nestedArraysAndScalarsAndManyShapes() {
    Self.expectSameAnswer(
      #"[{"a":[1,2],"b":"xxxxxxxxxxxx"},{"a":[3,4],"b":"y"},{"a":[5],"b":"z"},{"a":[6,7,8],"b":""}]"#)
    Self.expectSameAnswer("[" + (0..<100).map { "\($0)" }.joined(separator: ",") + "]")
    Self.expectSameAnswer(#"["a string longer than sixteen","another one longer than that","x"]"#)
    // More shapes than the scan makes templates for, then one shape again.
    let shapes = (0..<40).map { #"{"key\#($0)":"value number \#($0)"}"# }
    Self.expectSameAnswer("[" + (shapes + shapes.map { _ in shapes[0] }).joined(separator: ",") + "]")
  }

  @Test func aTemplateIsTheElementWithoutItsValues() {
    func shape(_ text: String) -> String? {
      Array(text.utf8).withUnsafeBufferPointer { buffer in
        JSONElementTemplate(element: buffer.baseAddress!, count: buffer.count)?.shape
      }
    }
    #expect(
      shape(Self.todo)
        == #"{"$type":<string>,"description":<string>,"id":{"$uuid":<string>},"isComplete":<boolean>}"#)
    #expect(
      shape(#"{ "a" : [1, -2.5e3, null, "x\"y"], "b\"c": {} }"#)
        == #"{ "a" : [<number>, <number>, <null>, <string>], "b\"c": {} }"#)
    #expect(shape(#"{"a":1}"#) == nil)
  }

  /// A state of 20,000 todos whose descriptions hold `, {done}`: the same value as the full
  /// parse, and an error in a row past the first is the full parse's.
  @Test func aLargeStateIsTheFullParsesValueAndError() throws {
    func state(_ todos: [String]) -> String {
      #"{"kind":"state","seq":0,"t":0,"state":{"todos":["# + todos.joined(separator: ",") + "]}}"
    }
    var todos = (0..<20_000).map { #"{"description":"Todo \#($0), {done}","id":\#($0),"isComplete":false}"# }
    let text = state(todos)
    let lazy = try JSONLazyReadingTests.lazyParse(text, fromDepth: 2)
    #expect(lazy == (try JSONReader.parse(text)))
    todos[15_000] = #"{"id":15000,"id":15001}"#
    let broken = state(todos)
    let lazyError = JSONLazyReadingTests.error { () throws(JSONError) in
      try JSONLazyReadingTests.lazyParse(broken, fromDepth: 2)
    }
    let fullError = JSONLazyReadingTests.error { () throws(JSONError) in try JSONReader.parse(broken) }
    #expect(lazyError == fullError)
    #expect(lazyError?.description.hasSuffix(#"duplicate key "id""#) == true)
  }
}
