import Foundation
import Testing

@testable import Debugging

/// `JSONPointerCache`: a pointer found by its text is the pointer `JSONPointer(utf8:)` reads from
/// that text, and a text it refuses is refused with the same error, found or not.
@Suite struct JSONPointerCacheTests {
  enum Answer: Equatable {
    case success([String])
    case failure(String)
  }

  /// The cache's answer for `text`, or its error's message.
  static func read(_ text: String, _ cache: JSONPointerCache) -> Answer {
    var text = text
    return text.withUTF8 { bytes in
      do {
        return .success(try cache.pointer(utf8: bytes).tokens)
      } catch {
        return .failure((error as? JSONPatchError)?.message ?? "\(error)")
      }
    }
  }

  /// `JSONPointer(utf8:)` of `text`.
  static func direct(_ text: String) -> Answer {
    var text = text
    return text.withUTF8 { bytes in
      do {
        return .success(try JSONPointer(utf8: bytes).tokens)
      } catch {
        return .failure((error as? JSONPatchError)?.message ?? "\(error)")
      }
    }
  }

  @Test func theSamePointerFoundOrMade() {
    let cache = JSONPointerCache()
    let texts = [
      "/todos/23/isComplete", "", "/", "/a~1b/~0c", "/todos/-", "a/b", "/a~2", "/é/ü",
      "/" + String(repeating: "x", count: 31), "/" + String(repeating: "x", count: 32),
      "/" + String(repeating: "x", count: 200),
      "/todos/0", "/todos/00", "/todos/0\u{0}",
    ]
    for _ in 0..<3 {
      for text in texts {
        #expect(Self.read(text, cache) == Self.direct(text), "\(text)")
      }
    }
    #expect(Self.read("/todos/23/isComplete", cache) == .success(["todos", "23", "isComplete"]))
    #expect(Self.read("/a~1b/~0c", cache) == .success(["a/b", "~c"]))
    #expect(Self.read("a/b", cache) == .failure(#"invalid pointer "a/b": must be empty or start with /"#))
    #expect(Self.read("/a~2", cache) == .failure(#"invalid pointer "/a~2": ~ must be followed by 0 or 1"#))
  }

  @Test func eachOfThousandsOfPlacesIsMadeOnce() {
    // A trace of 1,000 rows names ~3,000 places, in any order: each is made the first time only
    // (one slot per text made two texts that share a slot push each other out, 12 % of the time).
    let cache = JSONPointerCache()
    let texts = (0..<1000).flatMap { row in ["/todos/\(row)", "/todos/\(row)/isComplete", "/todos/\(row)/description"] }
    for round in 0..<3 {
      for text in round == 1 ? texts.reversed() : texts {
        #expect(Self.read(text, cache) == Self.direct(text))
      }
    }
    #expect(cache.made == 3000)
    // Three quarters full (6,144 texts), it starts again: memory stays bounded.
    for row in 0..<4000 { _ = Self.read("/rows/\(row)", cache) }
    #expect(cache.made == 7000)
    _ = Self.read("/todos/0", cache)
    #expect(cache.made == 7001)
  }

  @Test func moreTextsThanSlotsEachReadRight() {
    // Slots are reused: every text, read again after thousands of others, is still its own.
    let cache = JSONPointerCache()
    let texts = (0..<(3 * JSONPointerCache.slots)).map { "/todos/\($0)/title" }
    for text in texts + texts.reversed() {
      #expect(Self.read(text, cache) == .success(["todos", String(text.split(separator: "/")[1]), "title"]))
    }
  }
}
