import Testing

@testable import Debugging

/// `JSONParser.quickScanArray` on two threads: whatever comma the helper starts after (between
/// two elements, inside a string, between an element's members, after the array), the answer
/// is the one-thread scan's: the same end, the same element ranges, the same refusal.
@Suite struct JSONParallelScanTests {
  /// The end and element ranges of the array `text` starts with, or `nil` when the scan refuses
  /// it: on one thread (`comma` `nil`) or split after the comma at `comma`.
  static func scan(_ text: String, checks: Bool, splittingAt comma: Int? = nil) -> (end: Int, ranges: [Range<Int>])? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      var ranges = JSONElementRanges(base: 0)
      let accepted: Bool
      switch (comma, checks) {
      case let (comma?, true):
        accepted = parser.quickScanArray(
          JSONReaderRules.self, keys: QuickKeys(), recording: &ranges, splittingAt: comma)
      case let (comma?, false):
        accepted = parser.quickScanArray(JSONSyntaxRules.self, keys: nil, recording: &ranges, splittingAt: comma)
      case (nil, true):
        accepted = parser.quickCheckValue(recording: &ranges, reusing: QuickKeys())
      case (nil, false):
        accepted = parser.quickSkipValue(recording: &ranges)
      }
      return accepted ? (parser.index, ranges.ranges.map(\.range)) : nil
    }
  }

  static let texts = [
    #"[{"id":1,"name":"a,b"},{"id":2,"tags":[1,2,3]},{"id":3,"s":"},{"},{"id":4}]"#,
    #"[1, 2 ,3,[4,5],{"a":[6,7],"b":{"c":[]}},"x,y",true,null,-1.5e3,"\",\""]"#,
    #"[[1,2],[3,4],[[5],[6,[7,8]]]],"after,the":"array""#,
    // Refused by the check (a key twice, a number out of range) in one half or the other.
    #"[{"a":1},{"b":2},{"a":1,"a":2},{"c":3}]"#,
    #"[{"a":1,"a":2},{"b":2},{"c":3}]"#,
    #"[1,2,3,123456789012345678901234]"#,
    // Bad syntax in either half.
    #"[1,2,01,4]"#, #"[1,tru,3,4]"#, #"[1,2,3,4,]"#, #"[1,2,3,{"a":1,}]"#, #"[{"a":1},{"b":2}"#,
    #"[1,2,"cut off"#,
  ]

  @Test func everyCommaGivesTheOneThreadAnswer() {
    for text in Self.texts {
      let commas = Array(text.utf8).indices.filter { Array(text.utf8)[$0] == UInt8(ascii: ",") }
      for checks in [true, false] {
        let alone = Self.scan(text, checks: checks)
        for comma in commas {
          let split = Self.scan(text, checks: checks, splittingAt: comma)
          #expect(split?.end == alone?.end, "\(text) split at \(comma), checks \(checks)")
          #expect(split?.ranges == alone?.ranges, "\(text) split at \(comma), checks \(checks)")
        }
      }
    }
  }

  @Test func theAnswersWrittenOut() {
    let text = #"[{"id":1,"name":"a,b"},{"id":2},"x,y"]"#
    // Between members (offset 8), inside "a,b" (18), between elements (22, 31), inside "x,y" (34).
    for comma in [8, 18, 22, 31, 34] {
      let split = Self.scan(text, checks: true, splittingAt: comma)
      #expect(split?.end == 38)
      #expect(split?.ranges == [1..<22, 23..<31, 32..<37])
    }
    #expect(Self.scan(#"[{"a":1},{"a":1,"a":2}]"#, checks: true, splittingAt: 8) == nil)
    #expect(Self.scan(#"[{"a":1},{"a":1,"a":2}]"#, checks: false, splittingAt: 8)?.ranges == [1..<8, 9..<22])
  }

  /// Only an array longer than 64 KB starts a helper thread, not each small array of a large
  /// line: 30,000 todos with a `tags` array each and 2,000 small arrays before them start one
  /// (where there are two cores), and reading every todo's `tags` starts none.
  @Test func onlyALargeArrayStartsAThread() throws {
    let small = (0..<2_000).map { #""a\#($0)":[\#($0)]"# }.joined(separator: ",")
    let todos = (0..<30_000).map { #"{"id":\#($0),"tags":["t\#($0)"],"isComplete":false}"# }.joined(separator: ",")
    let text = #"{"kind":"state","seq":0,"t":0,"state":{\#(small),"todos":[\#(todos)]}}"#
    #expect(text.utf8.count > JSONParser.parallelScanSize)
    let started = Platform.ThreadCount()
    let lazy = try Platform.Helper.$startedThreads.withValue(started) {
      try JSONLazyReadingTests.lazyParse(text, fromDepth: 2)
    }
    #expect(started.count == (Platform.coreCount > 1 ? 1 : 0))
    let afterParse = started.count
    let todosValue = lazy["state"]?["todos"]
    Platform.Helper.$startedThreads.withValue(started) {
      for i in stride(from: 0, to: 30_000, by: 1_000) { #expect(todosValue?[i]?["tags"]?[0] == .string("t\(i)")) }
    }
    #expect(started.count == afterParse)
  }

  @Test func aHelperThatCouldNotStartRunsItsJobInJoin() {
    final class Box: @unchecked Sendable { var ran = false }
    let box = Box()
    let helper = Platform.Helper(startsThread: false) { box.ran = true }
    #expect(!box.ran)
    helper.join()
    #expect(box.ran)
  }

  /// A state of 20,000 todos (over 1 MB, so read on two threads where there are two cores):
  /// the same value as the full parse, and an error in the second half is the full parse's.
  @Test func aLargeStateIsTheFullParsesValueAndError() throws {
    func state(_ todos: [String]) -> String {
      #"{"kind":"state","seq":0,"t":0,"state":{"todos":["# + todos.joined(separator: ",") + "]}}"
    }
    var todos = (0..<20_000).map { #"{"description":"Todo \#($0), {done}","id":\#($0),"isComplete":false}"# }
    let text = state(todos)
    #expect(text.utf8.count > JSONParser.parallelScanSize)
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
