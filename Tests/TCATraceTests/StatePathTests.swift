import Debugging
import Testing

@testable import tca_trace

/// `StatePath` (StatePath.swift): parsing and resolving paths against a state.
@Suite struct StatePathTests {
  let state = try! JSONReader.parse(
    #"""
    {"todos":[{"id":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"title":"Milk"},{"id":7,"title":"Eggs"},{"id":"x/y","title":"Jam"},{"id":"a]b","title":"Tea"}],
     "tags":{"$set":["a","b"]},"destination":{"$enum":"Destination","edit":{"title":"Draft"}},
     "scores":{"$dict":[[-1,0],[5,10],[7,1]]},"names":{"$dict":[["$x",1],["a b",2],["x]y",3]]},
     "selection":{"$dict":[[{"$type":"Todo.ID","rawValue":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}},{"$type":"Row","on":true}]]},
     "pair":{"$tuple":{"_0":1,"label":2}},"case":{"$enum":"E","only":{"_0":3}}}
    """#)

  @Test(
    arguments: [
      ("todos[id:7].title", "/todos/1/title", #""Eggs""#),
      ("todos[id:e621e1f8-c36c-495a-93fc-0c247a3e6e5f].title", "/todos/0/title", #""Milk""#),
      (#"todos[id:"x/y"]"#, "/todos/2", #"{"id":"x/y","title":"Jam"}"#),
      ("\\.todos[2].title", "/todos/2/title", #""Jam""#),
      (".destination.edit.title", "/destination/edit/title", #""Draft""#),
      ("tags[1]", "/tags/$set/1", #""b""#),
      ("/todos/1/id", "/todos/1/id", "7"),
      // A dictionary's value by its key, as the key reads (a number, a string, a UUID in any
      // case, an id type around one); a tuple's field by its place or label.
      ("scores[5]", "/scores/$dict/1/1", "10"),
      ("scores[-1]", "/scores/$dict/0/1", "0"),
      ("/scores/7", "/scores/$dict/2/1", "1"),
      (#"names["a b"]"#, "/names/$dict/1/1", "2"),
      ("names.$x", "/names/$dict/0/1", "1"),
      ("selection[e621e1f8-c36c-495a-93fc-0c247a3e6e5f].on", "/selection/$dict/0/1/on", "true"),
      ("selection[id:E621E1F8-C36C-495A-93FC-0C247A3E6E5F].on", "/selection/$dict/0/1/on", "true"),
      ("pair.0", "/pair/$tuple/_0", "1"),
      ("destination.edit.title", "/destination/edit/title", #""Draft""#),
      ("case.only.0", "/case/only/_0", "3"),
      ("pair.label", "/pair/$tuple/label", "2"),
      ("pair[1]", "/pair/$tuple/label", "2"),
      ("/scores/$dict/1/1", "/scores/$dict/1/1", "10"),
      // A pointer that stops at a container's marker names the container (inside the marker is
      // not a value: a tuple's fields read as a dictionary's entries).
      ("/pair/$tuple", "/pair", #"{"$tuple":{"_0":1,"label":2}}"#),
      ("pair.$tuple", "/pair", #"{"$tuple":{"_0":1,"label":2}}"#),
      ("/tags/$set", "/tags", #"{"$set":["a","b"]}"#),
      ("/scores/$dict", "/scores", #"{"$dict":[[-1,0],[5,10],[7,1]]}"#),
      // A quoted id or key may hold a `]` (QA: `repos[id:"a]b"]` was an error).
      (#"todos[id:"a]b"].title"#, "/todos/3/title", #""Tea""#),
      (#"names["x]y"]"#, "/names/$dict/2/1", "3"),
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

  /// A key that is in no pair resolves as far as the dictionary.
  @Test func anUnknownKeyResolvesToTheDictionary() throws {
    let path = try StatePath(parsing: "scores[6]")
    #expect(path.pointer(in: state).pointer.description == "/scores/6")
    #expect(path.pointer(in: state).isComplete)
    #expect(path.value(in: state) == nil)
  }

  /// A change inside a set, a tuple or a dictionary on the way to a path may be at the path,
  /// whatever the tokens after the marker.
  @Test(
    arguments: [
      ("/scores/$dict/0/1", "/scores/5", true),
      ("/scores/$dict/0/1", "/scores/$dict/0/1", false),
      ("/tags/$set/3", "/tags/0", true),
      ("/pair/$tuple/_0", "/pair/0", true),
      ("/names/$dict/0/1", "/scores/5", false),
      ("/scores", "/scores/5", false),
      ("/scores/$dict", "/scores", false),
      ("/route/detail/_0/title", "/route/detail/0/title", true),
      ("/route/detail/_0", "/route/detail/0/title", true),
    ] as [(String, String, Bool)])
  func passesMarker(changed: String, pointer: String, passes: Bool) throws {
    #expect(StatePath.passesMarker(try JSONPointer(changed), along: try JSONPointer(pointer)) == passes)
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
