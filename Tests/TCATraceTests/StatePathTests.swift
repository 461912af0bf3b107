import Debugging
import Testing

@testable import tca_trace

/// `StatePath` (StatePath.swift): parsing and resolving paths against a state.
@Suite struct StatePathTests {
  let state = try! JSONReader.parse(
    #"""
    {"todos":[{"id":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"title":"Milk"},{"id":7,"title":"Eggs"},{"id":"x/y","title":"Jam"}],
     "tags":{"$set":["a","b"]},"destination":{"$enum":"Destination","edit":{"title":"Draft"}}}
    """#)

  @Test(
    arguments: [
      ("todos[id:7].title", "/todos/1/title", #""Eggs""#),
      ("todos[id:e621e1f8-c36c-495a-93fc-0c247a3e6e5f].title", "/todos/0/title", #""Milk""#),
      (#"todos[id:"x/y"]"#, "/todos/2", #"{"id":"x/y","title":"Jam"}"#),
      ("\\.todos[2].title", "/todos/2/title", #""Jam""#),
      (".destination.edit.title", "/destination/edit/title", #""Draft""#),
      ("tags[1]", "/tags/1", #""b""#),
      ("/todos/1/id", "/todos/1/id", "7"),
    ] as [(String, String, String)])
  func resolves(path: String, pointer: String, value: String) throws {
    let parsed = try StatePath(parsing: path)
    #expect(parsed.pointer(in: state).pointer.description == pointer)
    #expect(parsed.value(in: state).map(JSONWriter.string) == value)
  }

  /// The empty JSON Pointer would name the whole state; as a command's argument it is an error.
  @Test func emptyPathIsAnError() {
    let error = #expect(throws: StatePath.ParseError.self) { try StatePath(parsing: "") }
    #expect(error?.message == "empty path")
  }

  @Test func unknownIdResolvesAsFarAsItCan() throws {
    let path = try StatePath(parsing: "todos[id:99].title")
    #expect(path.pointer(in: state).pointer.description == "/todos")
    #expect(path.pointer(in: state).isComplete == false)
    #expect(path.value(in: state) == nil)
    #expect(path.fixedPointer == nil)
  }

  @Test func fixedPointerWithoutIds() throws {
    #expect(try StatePath(parsing: "todos[0].title").fixedPointer?.description == "/todos/0/title")
  }

  /// An id written exactly wins over one that differs only in case; a case-insensitive match is
  /// the fallback (a UUID typed in lower case), whatever the hint from the last action says.
  @Test func anExactIDWinsOverOneThatDiffersInCase() throws {
    let rows = try JSONReader.parse(#"{"rows":[{"id":"apple/swift","n":1},{"id":"Apple/Swift","n":2}]}"#)
    #expect(try StatePath(parsing: "rows[id:Apple/Swift].n").value(in: rows) == .int(2))
    #expect(try StatePath(parsing: "rows[id:apple/swift].n").value(in: rows) == .int(1))
    #expect(try StatePath(parsing: "rows[id:APPLE/SWIFT].n").value(in: rows) == .int(1))
    var hints = [0]
    #expect(try StatePath(parsing: "rows[id:Apple/Swift].n").value(in: rows, hints: &hints) == .int(2))
    #expect(hints == [1])
  }
}
