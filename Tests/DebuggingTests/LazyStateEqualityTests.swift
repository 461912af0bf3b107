import Testing

@testable import Debugging

/// `LazyState.equals(text:)` says what `json() == JSONReader.parse(text)` says, for states kept as
/// text, partly expanded by patches, and for text written other ways.
@Suite struct LazyStateEqualityTests {
  static let state =
    #"{"title":"Todos","todos":[{"id":1,"done":false,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"}],"n":1.5}"#

  /// `state` after `patch`, compared with `text`; `#expect`s that the answer is the trees'.
  func equals(after patch: String = "[]", _ text: String) throws -> Bool {
    var lazy = LazyState(text: StateText(Array(Self.state.utf8)))
    for operation in try JSONPatch(json: JSONReader.parse(patch)).operations {
      let applied = lazy.apply(operation)
      #expect(applied, "\(operation)")
    }
    let answer = lazy.equals(text: StateText(Array(text.utf8)))
    #expect(answer == (lazy.json() == (try JSONReader.parse(text))), "\(patch) vs \(text)")
    return answer
  }

  @Test func theSameTextOrTheSameValueWrittenAnotherWay() throws {
    #expect(try equals(Self.state))
    #expect(
      try equals(
        #"{ "title" : "T\u006fdos", "todos" : [ {"id":1, "done":false, "name":"Milk"}, {"id":2,"done":false,"name":"Eggs"} ], "n" : 1.5 }"#
      ))
  }

  @Test func aNumberWrittenAnotherWay() throws {
    #expect(
      try equals(
        #"{"title":"Todos","todos":[{"id":1,"done":false,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"}],"n":15e-1}"#
      ))
  }

  @Test func anotherValueOrShape() throws {
    #expect(
      try !equals(
        #"{"title":"Todos","todos":[{"id":1,"done":true,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"}],"n":1.5}"#))
    // Members in another order, one fewer, one more, another number form, another kind of value.
    #expect(
      try !equals(
        #"{"todos":[{"id":1,"done":false,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"}],"title":"Todos","n":1.5}"#)
    )
    #expect(try !equals(#"{"title":"Todos","todos":[{"id":1,"done":false,"name":"Milk"}],"n":1.5}"#))
    #expect(
      try !equals(
        #"{"title":"Todos","todos":[{"id":1,"done":false,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"}],"n":1.5,"x":1}"#
      ))
    #expect(
      try !equals(
        #"{"title":"Todos","todos":[{"id":1,"done":false,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"}],"n":2}"#))
    #expect(try !equals(#"{"title":"Todos","todos":{},"n":1.5}"#))
    #expect(try !equals(#"[]"#))
    #expect(try !equals(#"null"#))
  }

  @Test func partsChangedByPatchesAreComparedWithTheText() throws {
    let patch =
      #"[{"op":"replace","path":"/todos/1/done","value":true},{"op":"replace","path":"/todos/0/name","value":"Oat milk"},{"op":"add","path":"/todos/-","value":{"id":3,"tags":[null]}},{"op":"replace","path":"/title","value":null}]"#
    let after =
      #"{"title":null,"todos":[{"id":1,"done":false,"name":"Oat milk"},{"id":2,"done":true,"name":"Eggs"},{"id":3,"tags":[null]}],"n":1.5}"#
    #expect(try equals(after: patch, after))
    #expect(try equals(after: patch, after.replacingOccurrences(of: "Oat milk", with: #"Oat\u0020milk"#)))
    #expect(
      try equals(
        after: patch,
        after.replacingOccurrences(of: #"{"id":3,"tags":[null]}"#, with: #"{ "id" : 3 , "tags" : [ null ] }"#)))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: #""done":true"#, with: #""done":false"#)))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: #""title":null"#, with: #""title":"null""#)))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: #""tags":[null]"#, with: #""tags":[]"#)))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: #"{"id":3,"tags":[null]}"#, with: "3")))
  }

  /// Keys are compared as written when they have no escapes, else once read; as strings, keys in
  /// another Unicode form are the same key (as for `JSON`'s `==`).
  @Test func keysWrittenAnotherWay() throws {
    let patch = #"[{"op":"add","path":"/todos/-","value":{"café":1}}]"#
    let after =
      #"{"title":"Todos","todos":[{"id":1,"done":false,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"},{"café":1}],"n":1.5}"#
    #expect(try equals(after: patch, after))
    #expect(try equals(after: patch, after.replacingOccurrences(of: "café", with: #"caf\u00e9"#)))
    #expect(try equals(after: patch, after.replacingOccurrences(of: "café", with: "cafe\u{301}")))
    #expect(try equals(after: patch, after.replacingOccurrences(of: #""title""#, with: #""t\u0069tle""#)))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: "café", with: "cafe")))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: #"{"café":1}"#, with: #"{"café":1,"x":2}"#)))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: #"{"café":1}"#, with: "{}")))
    #expect(try !equals(after: patch, after.replacingOccurrences(of: #"{"café":1}"#, with: "[1]")))
  }

  /// A string is compared as bytes only when its text has no escape: `"a\n"` is not the three
  /// characters `a`, `\`, `n`.
  @Test func aStringsBytesAreItsTextOnlyWithoutEscapes() throws {
    let patch = #"[{"op":"replace","path":"/title","value":"a\\n"}]"#
    let text =
      #"{"title":"a\n","todos":[{"id":1,"done":false,"name":"Milk"},{"id":2,"done":false,"name":"Eggs"}],"n":1.5}"#
    #expect(try !equals(after: patch, text))
    #expect(try equals(after: patch, text.replacingOccurrences(of: #""a\n""#, with: #""a\\n""#)))
  }

  /// The index of the other text's containers (`quickCheckValue(children:)`) gives the same answer.
  @Test func withTheOtherTextsIndex() throws {
    let todos = (0..<200).map { #"{"id":\#($0),"title":"Todo \#($0)","done":false}"# }
    let state = #"{"todos":["# + todos.joined(separator: ",") + "]}"
    var lazy = LazyState(text: StateText(Array(state.utf8)))
    let applied = lazy.apply(.replace(path: try JSONPointer("/todos/7/done"), value: .bool(true)))
    #expect(applied)
    func indexed(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      var children = JSONChildIndex()
      bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
        let checked = parser.quickCheckValue(children: &children)
        #expect(checked)
      }
      #expect(children.containers.count == 2)
      return lazy.equals(text: StateText(bytes), children: children)
    }
    let changed = state.replacingOccurrences(
      of: #""id":7,"title":"Todo 7","done":false"#, with: #""id":7,"title":"Todo 7","done":true"#)
    #expect(indexed(changed))
    #expect(!indexed(state))
  }
}
