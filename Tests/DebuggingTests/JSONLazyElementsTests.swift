import Foundation
import Testing

@testable import Debugging

/// `JSONElements` read lazily (`JSONReader.parseKeepingArraysAsText`): every operation gives what
/// it gives on the same array parsed in full, whatever was read or changed before it.
@Suite struct JSONLazyElementsTests {
  /// The array of `text` with its elements still text (the test fails when it is not lazy).
  static func lazy(_ text: String) -> JSONElements {
    var text = text
    let json = text.withUTF8 { try! JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer($0), fromDepth: 1) }
    guard case let .array(elements) = json else { fatalError("not an array") }
    #expect(elements.hasPendingElements)
    return elements
  }

  static func eager(_ text: String) -> JSONElements {
    guard case let .array(elements) = try! JSONReader.parse(text) else { fatalError("not an array") }
    return elements
  }

  // MARK: - Differential: random arrays, random operations

  @Test(arguments: 0..<40)
  func operationsGiveWhatTheyGiveOnTheParsedArray(seed: Int) {
    var random = DiffSeededGenerator(seed: UInt64(seed))
    // At least 4 KB of text (smaller arrays are parsed at once).
    var values: [JSON] = []
    while JSONWriter.string(.array(values)).utf8.count < 4500 { values.append(LazyRandomJSON.element(&random)) }
    // Even seeds: the writer's own text (copied when written); odd: the same values written loosely.
    let text =
      seed.isMultiple(of: 2)
      ? JSONWriter.string(.array(values)) : "[ " + values.map(LazyRandomJSON.loose).joined(separator: " ,\n ") + " ]"
    var lazy = Self.lazy(text)
    var eager = Self.eager(text)
    #expect(JSONWriter.string(.array(Self.lazy(text))) == JSONWriter.string(.array(eager)))
    for step in 0..<40 {
      let count = eager.count
      #expect(lazy.count == count, "step \(step)")
      let i = count == 0 ? 0 : Int.random(in: 0..<count, using: &random)
      switch Int.random(in: 0..<11, using: &random) {
      case 0 where count > 0:
        #expect(lazy[i] == eager[i], "read \(i) at step \(step)")
      case 1 where count > 0:
        let value = LazyRandomJSON.element(&random)
        lazy[i] = value
        eager[i] = value
      case 2 where count > 0:
        Self.wrap(&lazy[i])
        Self.wrap(&eager[i])
      case 3:
        let value = LazyRandomJSON.element(&random)
        lazy.insert(value, at: i)
        eager.insert(value, at: i)
      case 4 where count > 0:
        #expect(lazy.remove(at: i) == eager.remove(at: i), "remove \(i) at step \(step)")
      case 5 where count > 0:
        let j = Int.random(in: 0..<count, using: &random)
        lazy.move(from: i, to: j)
        eager.move(from: i, to: j)
      case 6:
        let value = LazyRandomJSON.element(&random)
        lazy.append(value)
        eager.append(value)
      case 7:
        let upper = Int.random(in: i...min(count, i + 3), using: &random)
        let values = (0..<Int.random(in: 0...3, using: &random)).map { _ in LazyRandomJSON.element(&random) }
        lazy.replaceSubrange(i..<upper, with: values)
        eager.replaceSubrange(i..<upper, with: values)
      case 8:
        let upper = Int.random(in: i...min(count, i + 4), using: &random)
        #expect(Array(lazy[i..<upper]) == Array(eager[i..<upper]), "slice at step \(step)")
        #expect(lazy[i..<upper].startIndex == i)
      case 9:
        // A copy changed on its own leaves the original as it was (copy on write).
        var copy = lazy
        copy.append(.int(7))
        #expect(copy.count == lazy.count + 1)
      default:
        #expect(lazy.isEmpty == eager.isEmpty)
      }
    }
    #expect(JSONWriter.string(.array(lazy)) == JSONWriter.string(.array(eager)))
    #expect(lazy == eager)
    #expect(lazy.hashValue == eager.hashValue)
    #expect(Array(lazy) == eager.array)
  }

  static func wrap(_ value: inout JSON) {
    value = .object([JSON.Member("inside", value)])
  }

  // MARK: - Equality and hashing

  static let todos = (0..<60).map {
    #"{"$type":"Todo","id":\#($0),"title":"Todo number \#($0) with a longer title","done":false}"#
  }

  @Test func equalTextIsEqualWithoutParsing() {
    let text = "[" + Self.todos.joined(separator: ",") + "]"
    let a = Self.lazy(text), b = Self.lazy(text)
    #expect(a == b)
    // Compared as text: neither was parsed.
    #expect(a.storage.pending?.unparsed == 60 && b.storage.pending?.unparsed == 60)
    #expect(a.hashValue == b.hashValue)
  }

  @Test func differentTextOfEqualValuesIsEqual() {
    let text = "[" + Self.todos.joined(separator: ",") + "]"
    let other = text.replacingOccurrences(of: #""done":false"#, with: #""done" : false"#)
      .replacingOccurrences(of: "Todo number 7 ", with: #"\u0054odo number 7 "#)
    let a = Self.lazy(text), b = Self.lazy(other)
    #expect(a == b)
    #expect(b == a)
    #expect(a.hashValue == b.hashValue)
    #expect(JSON.array(a) == JSON.array(Self.eager(other)))
  }

  @Test func oneDifferentElementIsNotEqual() {
    let text = "[" + Self.todos.joined(separator: ",") + "]"
    let other = text.replacingOccurrences(of: #""id":42,"#, with: #""id":43,"#)
    #expect(Self.lazy(text) != Self.lazy(other))
    #expect(Self.lazy(text) != Self.eager(other))
    #expect(Self.eager(other) != Self.lazy(text))
    var shorter = Self.lazy(text)
    shorter.remove(at: 59)
    #expect(shorter != Self.lazy(text))
  }

  @Test func aLazyArrayEqualsItsParsedTwin() {
    let text = "[" + Self.todos.joined(separator: ",") + "]"
    var set: Set<JSON> = [.array(Self.eager(text))]
    #expect(!set.insert(.array(Self.lazy(text))).inserted)
  }

  // MARK: - Writing

  @Test func theWritersTextIsCopiedAndOtherTextIsRewritten() {
    let text = "[" + Self.todos.joined(separator: ",") + "]"
    let lazy = Self.lazy(text)
    #expect(JSONWriter.string(.array(lazy)) == text)
    // Copied: still unparsed after writing.
    #expect(lazy.storage.pending?.unparsed == 60)
    let loose = text.replacingOccurrences(of: #""done":false"#, with: #""done": false"#)
    #expect(JSONWriter.string(.array(Self.lazy(loose))) == text)
  }

  @Test func partlyParsedArraysWriteTheirChanges() {
    let text = "[" + Self.todos.joined(separator: ",") + "]"
    var lazy = Self.lazy(text)
    lazy[3] = .string("three")
    lazy.move(from: 0, to: 59)
    lazy.insert(.int(1), at: 10)
    var eager = Self.eager(text)
    eager[3] = .string("three")
    eager.move(from: 0, to: 59)
    eager.insert(.int(1), at: 10)
    #expect(JSONWriter.string(.array(lazy)) == JSONWriter.string(.array(eager)))
    #expect(lazy.storage.pending?.unparsed == 59)
  }
}

/// Random JSON for the differential tests: todo-like objects, strings with escapes and non-ASCII,
/// integers, doubles, small nested arrays.
enum LazyRandomJSON {
  static func element(_ random: inout DiffSeededGenerator) -> JSON {
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return .int(Int64.random(in: -1000...1000, using: &random))
    case 1: return .double(Double(Int.random(in: -500...500, using: &random)) / 8)
    case 2: return .string(string(&random))
    case 3: return .array((0..<Int.random(in: 0...3, using: &random)).map { .int(Int64($0)) })
    case 4: return .null
    default:
      return .object([
        JSON.Member("$type", .string("Todo.State")), JSON.Member("title", .string(string(&random))),
        JSON.Member("id", .int(Int64.random(in: 0...1_000_000, using: &random))),
        JSON.Member("done", .bool(Bool.random(using: &random))),
      ])
    }
  }

  static func string(_ random: inout DiffSeededGenerator) -> String {
    let pieces = ["milk", " ", "é", "\"", "\\", "\n", "\u{1}", "/", "日本", "a long piece of text"]
    return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  /// `value` as valid JSON that the writer writes otherwise: spaces, `\u` and `\/` escapes, `1.50`.
  static func loose(_ value: JSON) -> String {
    switch value {
    case let .string(text):
      let escaped = JSONWriter.string(.string(text)).replacingOccurrences(of: "m", with: #"\u006d"#)
        .replacingOccurrences(of: "/", with: #"\/"#)
      return escaped
    case let .double(number):
      let written = JSONWriter.string(.double(number))
      return written.contains("e") ? written : written + "0"
    case let .array(elements):
      return "[ " + elements.map(loose).joined(separator: " , ") + " ]"
    case let .object(members):
      return "{ " + members.map { JSONWriter.string(.string($0.key)) + " : " + loose($0.value) }.joined(separator: ", ")
        + " }"
    default:
      return JSONWriter.string(value)
    }
  }
}
