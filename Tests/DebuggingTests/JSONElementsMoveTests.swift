import Debugging
import Testing

/// `JSONElements.move(from:to:)`: what a JSON Patch `move` inside one array does to its elements.
@Suite struct JSONElementsMoveTests {
  static let letters: JSONElements = [.string("a"), .string("b"), .string("c"), .string("d"), .string("e")]

  func moved(_ source: Int, _ target: Int) -> String {
    var elements = Self.letters
    elements.move(from: source, to: target)
    return JSONWriter.string(.array(elements))
  }

  @Test func laterEarlierAdjacentAndInPlace() {
    #expect(moved(0, 4) == #"["b","c","d","e","a"]"#)
    #expect(moved(4, 0) == #"["e","a","b","c","d"]"#)
    #expect(moved(1, 3) == #"["a","c","d","b","e"]"#)
    #expect(moved(3, 1) == #"["a","d","b","c","e"]"#)
    #expect(moved(2, 3) == #"["a","b","d","c","e"]"#)
    #expect(moved(2, 2) == #"["a","b","c","d","e"]"#)
  }

  /// The same as removing then inserting, for every pair of indices, with elements that are
  /// containers (reference counted) as well as scalars.
  @Test func sameAsRemoveThenInsert() {
    let elements: JSONElements = [
      .int(0), .object([.init("id", .int(1))]), .array([.string("x")]),
      .string("long text past the small-string limit"), .null, .bool(true),
    ]
    for source in elements.indices {
      for target in elements.indices {
        var moved = elements
        moved.move(from: source, to: target)
        var expected = elements
        expected.insert(expected.remove(at: source), at: target)
        #expect(moved == expected, "\(source) → \(target)")
      }
    }
  }

  /// A copy taken before the move keeps its order (copy on write).
  @Test func aCopyIsNotChanged() {
    var elements = Self.letters
    let copy = elements
    elements.move(from: 0, to: 4)
    #expect(JSONWriter.string(.array(copy)) == #"["a","b","c","d","e"]"#)
    #expect(JSONWriter.string(.array(elements)) == #"["b","c","d","e","a"]"#)
  }
}
