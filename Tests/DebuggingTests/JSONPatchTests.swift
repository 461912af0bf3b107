import Testing

@testable import Debugging

@Suite struct JSONPatchTests {
  /// Applies a patch given as JSON text to a document given as JSON text.
  func apply(_ patch: String, to document: String) -> String {
    do {
      var json = try JSONReader.parse(document)
      try JSONPatch(json: JSONReader.parse(patch)).apply(to: &json)
      return JSONWriter.string(json)
    } catch let error as JSONPatchError {
      return "error: \(error.message)"
    } catch {
      return "other error: \(error)"
    }
  }

  @Test(arguments: [
    (#"[{"op":"add","path":"/todos/-","value":3}]"#, #"{"todos":[1,2,3]}"#),
    (#"[{"op":"add","path":"/todos/0","value":0}]"#, #"{"todos":[0,1,2]}"#),
    (#"[{"op":"remove","path":"/todos/0"}]"#, #"{"todos":[2]}"#),
    (#"[{"op":"replace","path":"/todos/1","value":9}]"#, #"{"todos":[1,9]}"#),
    (#"[{"op":"move","from":"/todos/0","path":"/todos/1"}]"#, #"{"todos":[2,1]}"#),
    (#"[{"op":"copy","from":"/todos","path":"/copy"}]"#, #"{"todos":[1,2],"copy":[1,2]}"#),
    (#"[{"op":"test","path":"/todos/1","value":2}]"#, #"{"todos":[1,2]}"#),
    (#"[{"op":"replace","path":"","value":null}]"#, #"null"#),
    (
      #"[{"op":"add","path":"/a~1b","value":1},{"op":"add","path":"/c~0d","value":2}]"#,
      #"{"todos":[1,2],"a/b":1,"c~d":2}"#
    ),
    (#"[{"op":"remove","path":"/todos/7"}]"#, "error: path /todos/7 does not exist"),
    (#"[{"op":"replace","path":"/todos/01","value":1}]"#, "error: path /todos/01 does not exist"),
    (#"[{"op":"add","path":"/todos/3","value":1}]"#, "error: path /todos/3 does not exist"),
    (#"[{"op":"add","path":"/missing/x","value":1}]"#, "error: path /missing/x does not exist"),
    (#"[{"op":"replace","path":"/todos/0/x","value":1}]"#, "error: path /todos/0/x does not exist"),
    (#"[{"op":"test","path":"/todos/0","value":5}]"#, "error: test failed: the value at /todos/0 differs"),
    (#"[{"op":"test","path":"","value":5}]"#, "error: test failed: the value at the root differs"),
    (#"[{"op":"move","from":"/todos","path":"/todos/0"}]"#, "error: cannot move /todos into its own child /todos/0"),
    (#"[{"op":"remove","path":""}]"#, "error: cannot remove the whole document"),
    (#"[{"op":"remove","path":"/a~2"}]"#, #"error: patch[0]: invalid pointer "/a~2": ~ must be followed by 0 or 1"#),
  ])
  func appliesToTodos(patch: String, expected: String) {
    #expect(apply(patch, to: #"{"todos":[1,2]}"#) == expected)
  }

  /// A move between two indices of one array shifts the elements between them (a remove then an
  /// add, RFC 6902), with the same errors.
  @Test(arguments: [
    (#"[{"op":"move","from":"/a/1","path":"/a/4"}]"#, #"{"a":[0,2,3,4,1,5],"o":{"1":"x"}}"#),
    (#"[{"op":"move","from":"/a/4","path":"/a/1"}]"#, #"{"a":[0,4,1,2,3,5],"o":{"1":"x"}}"#),
    (#"[{"op":"move","from":"/a/5","path":"/a/0"}]"#, #"{"a":[5,0,1,2,3,4],"o":{"1":"x"}}"#),
    (#"[{"op":"move","from":"/a/0","path":"/a/5"}]"#, #"{"a":[1,2,3,4,5,0],"o":{"1":"x"}}"#),
    (#"[{"op":"move","from":"/a/2","path":"/a/2"}]"#, #"{"a":[0,1,2,3,4,5],"o":{"1":"x"}}"#),
    (#"[{"op":"move","from":"/a/0","path":"/a/6"}]"#, "error: path /a/6 does not exist"),
    (#"[{"op":"move","from":"/a/6","path":"/a/0"}]"#, "error: path /a/6 does not exist"),
    (#"[{"op":"move","from":"/a/1","path":"/a/-"}]"#, #"{"a":[0,2,3,4,5,1],"o":{"1":"x"}}"#),
    (#"[{"op":"move","from":"/o/1","path":"/o/2"}]"#, #"{"a":[0,1,2,3,4,5],"o":{"2":"x"}}"#),
  ])
  func movesWithinAnArray(patch: String, expected: String) {
    #expect(apply(patch, to: #"{"a":[0,1,2,3,4,5],"o":{"1":"x"}}"#) == expected)
  }

  @Test func pointerEscapesRoundTrip() throws {
    let pointer = try JSONPointer("/a~1b/~0/0")
    #expect(pointer.tokens == ["a/b", "~", "0"])
    #expect(pointer.description == "/a~1b/~0/0")
    #expect(try JSONPointer("").tokens == [])
    #expect(try JSONPointer("/").tokens == [""])
  }

  /// Tokens without `~` are cut from the bytes: empty ones, non-ASCII ones, long ones.
  @Test func pointerTokensWithoutEscapes() throws {
    #expect(try JSONPointer("//").tokens == ["", ""])
    #expect(try JSONPointer("/a/").tokens == ["a", ""])
    #expect(try JSONPointer("/todos/91/description").tokens == ["todos", "91", "description"])
    #expect(try JSONPointer("/é/日本/🙂x").tokens == ["é", "日本", "🙂x"])
    let long = String(repeating: "abcdefghij", count: 5)
    #expect(try JSONPointer("/\(long)/0").tokens == [long, "0"])
    #expect(throws: JSONPatchError(#"invalid pointer "a/b": must be empty or start with /"#)) {
      try JSONPointer("a/b")
    }
  }

  @Test func encodesOperations() throws {
    let text =
      #"[{"op":"add","path":"/a","value":1},{"op":"remove","path":"/b"},{"op":"replace","path":"/c","value":2},{"op":"move","from":"/d","path":"/e"},{"op":"copy","from":"/f","path":"/g"},{"op":"test","path":"/h","value":3}]"#
    #expect(JSONWriter.string(try JSONPatch(json: JSONReader.parse(text)).json) == text)
  }
}
