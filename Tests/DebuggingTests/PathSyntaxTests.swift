import Testing

@testable import Debugging

/// `PathSyntax`: the one path grammar, with a dialect's brackets.
@Suite struct PathSyntaxTests {
  /// A dialect that keeps what stands in brackets, written `[…]`, and refuses `[x]`.
  func segments(_ text: String) throws(PathSyntax.Error) -> [String] {
    try PathSyntax.segments(of: text, name: { $0 }) { inside in
      inside == "x" ? .failure(PathSyntax.Error(message: "no x here")) : .success("[\(inside)]")
    }
  }

  @Test func swiftLikePaths() throws {
    #expect(try segments("todos[0].title") == ["todos", "[0]", "title"])
    #expect(try segments(#"\.todos[0][id:3]"#) == ["todos", "[0]", "[id:3]"])
    #expect(try segments(".destination.edit.title") == ["destination", "edit", "title"])
    #expect(try segments("") == [])
  }

  @Test func pointersAreReadByJSONPointer() throws {
    #expect(try segments("/a~1b/c~0d/0") == ["a/b", "c~d", "0"])
    #expect(try segments("/") == [""])
    #expect(throws: PathSyntax.Error(message: #"invalid pointer "/a~2": ~ must be followed by 0 or 1"#)) {
      try segments("/a~2")
    }
  }

  @Test func errorsSayWhere() {
    #expect(throws: PathSyntax.Error(message: "empty name at column 3")) { try segments("a..b") }
    #expect(throws: PathSyntax.Error(message: "empty name at column 3")) { try segments("a.") }
    #expect(throws: PathSyntax.Error(message: "unclosed [ at column 6")) { try segments("todos[3") }
    #expect(throws: PathSyntax.Error(message: "expected . or [ at column 9")) { try segments("todos[0]x") }
    #expect(throws: PathSyntax.Error(message: "no x here at column 6")) { try segments("todos[x]") }
  }
}
