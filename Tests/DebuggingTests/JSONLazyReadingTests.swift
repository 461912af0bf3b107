import Foundation
import Testing

@testable import Debugging

/// Reading with arrays kept as text: the same errors where the full parse finds them, any depth,
/// and the writer's form recognised exactly (`JSONCanonicalText`).
@Suite struct JSONLazyReadingTests {
  static func lazyParse(_ text: String, fromDepth: Int = 1) throws(JSONError) -> JSON {
    var text = text
    return try text.withUTF8 { bytes in
      Result { () throws(JSONError) in
        try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer(bytes), fromDepth: fromDepth)
      }
    }.get()
  }

  static func error(_ parse: () throws(JSONError) -> JSON) -> JSONError? {
    do {
      _ = try parse()
      return nil
    } catch {
      return error
    }
  }

  /// A large array (5,000 bytes of text first) with `element` after it, then `tail`.
  static func large(_ element: String, tail: String = "]") -> String {
    #"[""# + String(repeating: "x", count: 5000) + #"",{"a":1},"# + element + tail
  }

  // MARK: - Errors

  @Test func anErrorInsideALargeArrayIsTheFullParsesError() {
    let broken = [
      Self.large(#"{"a":1,"a":2}"#), Self.large(#"{"a":tru}"#), Self.large(#"{"a":1"#, tail: ""),
      Self.large(#""tab\#there""#), Self.large("01"), Self.large("123456789012345678901234"), Self.large("1e999"),
      Self.large(#""\ud800""#), Self.large("[1 2]"), Self.large("{}", tail: "] x"), Self.large("{}", tail: ",]"),
      Self.large(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)),
    ]
    for text in broken {
      let lazy = Self.error { () throws(JSONError) in try Self.lazyParse(text) }
      let full = Self.error { () throws(JSONError) in try JSONReader.parse(text) }
      #expect(full != nil)
      #expect(lazy == full, "\(text.suffix(40))")
    }
    #expect(
      Self.error { () throws(JSONError) in try Self.lazyParse(Self.large(#"{"a":1,"a":2}"#)) }?.description
        == #"line 1, column 5020: duplicate key "a""#)
  }

  @Test func valuesTheCheckLeavesToTheReaderAreRead() throws {
    // More than 32 members, an escaped key, a 19-digit integer: parsed at once, the rest kept.
    let wide = "{" + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
    let text = Self.large(wide + #",{"k\u0065y":1},9223372036854775807,{"b":2}"#)
    let lazy = try Self.lazyParse(text)
    #expect(lazy == (try JSONReader.parse(text)))
    #expect(JSONWriter.string(lazy) == JSONWriter.string(try JSONReader.parse(text)))
  }

  @Test func onlyArraysFromTheGivenDepthAreKeptAsText() throws {
    let inner = "[" + (0..<500).map { #"{"n":\#($0)}"# }.joined(separator: ",") + "]"
    let text = #"{"patch":\#(inner),"state":{"todos":\#(inner)}}"#
    let json = try Self.lazyParse(text, fromDepth: 3)
    guard case let .array(patch)? = json["patch"], case let .array(todos)? = json["state"]?["todos"] else {
      Issue.record("not read")
      return
    }
    #expect(!patch.hasPendingElements)
    #expect(todos.hasPendingElements)
    #expect(json == (try JSONReader.parse(text)))
  }

  /// An element's span of text is 8 bytes (a 1,000,000-row state keeps a million of them).
  @Test func anElementsSpanIsEightBytes() {
    #expect(MemoryLayout<JSONTextSpan>.stride == 8)
    #expect(JSONTextSpan(40..<163).range == 40..<163)
    #expect(JSONTextSpan(4_000_000_000..<4_000_000_100).range == 4_000_000_000..<4_000_000_100)
    #expect(JSONTextSpan.parsed.isEmpty && !JSONTextSpan(0..<1).isEmpty)
  }

  @Test func smallArraysAreParsedAtOnce() throws {
    let json = try Self.lazyParse(#"[[1,2,[3]],{"a":[4]}]"#)
    guard case let .array(elements) = json, case let .array(first) = elements[0] else {
      Issue.record("not read")
      return
    }
    #expect(!elements.hasPendingElements && !first.hasPendingElements)
    #expect(JSONWriter.string(json) == #"[[1,2,[3]],{"a":[4]}]"#)
  }

  // MARK: - Depth

  @Test func aLargeArray500LevelsDownIsReadLazily() throws {
    let large = "[" + (0..<400).map { #"{"n":\#($0),"deep":[[[[1]]]]}"# }.joined(separator: ",") + "]"
    let text = String(repeating: #"{"k":["#, count: 250) + large + String(repeating: "]}", count: 250)
    let lazy = try Self.lazyParse(text)
    let full = try JSONReader.parse(text)
    #expect(JSONWriter.string(lazy) == text)
    #expect(lazy == full)
    #expect(full == lazy)
  }

  @Test func elementsNestedDeeperThanTheQuickCheckAreRead() throws {
    let deep = String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300)
    let text = Self.large(deep + "," + deep)
    let lazy = try Self.lazyParse(text)
    #expect(lazy == (try JSONReader.parse(text)))
    #expect(JSONWriter.string(lazy) == text)
  }

  /// A lazy array at the bottom of a tree 64,000 levels deep (built by patches, not read): written,
  /// compared and freed without recursion.
  @Test func aLazyArrayInsideA64000LevelTree() throws {
    let text = "[" + (0..<300).map { #"{"n":\#($0)}"# }.joined(separator: ",") + "]"
    var lazy = try Self.lazyParse(text)
    var full = try JSONReader.parse(text)
    var open = ""
    for _ in 0..<64_000 {
      lazy = .object([JSON.Member("k", .array([lazy]))])
      full = .object([JSON.Member("k", .array([full]))])
      open += #"{"k":["#
    }
    #expect(JSONWriter.string(lazy) == open + text + String(repeating: "]}", count: 64_000))
    #expect(lazy == full)
  }

  // MARK: - The writer's form

  @Test func theWritersFormIsRecognised() {
    let canonical = [
      #"{"a":[1,-2,2.5,0.1,1e+16,2.5e-07,-0.0,true,false,null]}"#, #""\"\\\n\r\t\b\f\u0001\u001f""#,
      "\"é日本\u{7F}/\"", "[]", "{}", "123456789012345678",
    ]
    for text in canonical {
      #expect(JSONCanonicalText.isCanonical(text), "\(text)")
      #expect(JSONWriter.string(try! JSONReader.parse(text)) == text)
    }
    let other = [
      #"{"a": 1}"#, " 1", "[1 ,2]", #""\u00e9""#, #""\/""#, #""\u000a""#, #""\u001F""#, "1.50", "1E5", "-0", "1.0e2",
      "0.10",
    ]
    for text in other {
      #expect(!JSONCanonicalText.isCanonical(text), "\(text)")
      #expect(JSONWriter.string(try! JSONReader.parse(text)) != text)
    }
  }
}
