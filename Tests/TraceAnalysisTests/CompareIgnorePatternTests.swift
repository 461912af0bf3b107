import Foundation
import Testing

@testable import Debugging
@testable import TraceAnalysis

/// `IgnorePattern` (both spellings, wildcards, exact parse errors) and `IgnoreMask` on values
/// and patches.
@Suite struct CompareIgnorePatternTests {
  func matches(_ pattern: String, _ path: String) throws -> Bool {
    try IgnorePattern(pattern).matches(path.split(separator: "/").map(String.init))
  }

  @Test func swiftLikePaths() throws {
    #expect(try matches("todos[*].id", "todos/3/id"))
    #expect(try !matches("todos[*].id", "todos/3"))
    #expect(try !matches("todos[*].id", "todos/3/title"))
    #expect(try matches("todos[2].title", "todos/2/title"))
    #expect(try !matches("todos[2].title", "todos/1/title"))
    #expect(try matches(#"\.destination.edit"#, "destination/edit"))
    #expect(try matches(".destination.*.title", "destination/edit/title"))
  }

  @Test func anyDepth() throws {
    #expect(try matches("**.timestamp", "timestamp"))
    #expect(try matches("**.timestamp", "todos/0/meta/timestamp"))
    #expect(try !matches("**.timestamp", "todos/0/timestamps"))
    #expect(try matches("todos.**", "todos/0/id"))
    #expect(try matches("a.**.z", "a/z"))
    #expect(try matches("a.**.z", "a/b/c/z"))
    #expect(try !matches("a.**.z", "a/b/c"))
  }

  @Test func jsonPointerSpelling() throws {
    #expect(try matches("/todos/*/id", "todos/0/id"))
    #expect(try matches("/**/timestamp", "a/b/timestamp"))
    #expect(try IgnorePattern("/a~1b/c~0d").matches(["a/b", "c~d"]))
  }

  @Test func wildcardsInsideNames() throws {
    #expect(try matches("**.*At", "todos/0/createdAt"))
    #expect(try matches("created*", "createdAt"))
    #expect(try matches("c*d*t", "createdAt"))
    #expect(try !matches("created*", "updatedAt"))
    #expect(try !matches("*At", "Attic"))
  }

  @Test func parseErrors() {
    #expect(throws: IgnorePattern.ParseError(message: "expected [index], [key], [*] or [**] at column 6")) {
      try IgnorePattern("todos[]")
    }
    #expect(throws: IgnorePattern.ParseError(message: #"expected [index], [key], [*] or [**] at column 6"#)) {
      try IgnorePattern(#"todos[""]"#)
    }
    #expect(throws: IgnorePattern.ParseError(message: "expected [index], [key], [*] or [**], not [id:…] at column 6")) {
      try IgnorePattern("todos[id:3]")
    }
    #expect(throws: IgnorePattern.ParseError(message: "unclosed [ at column 6")) { try IgnorePattern("todos[3") }
    // A pointer copied from a patch names a dictionary's pair by place through its marker: that
    // would match nothing; the message says how to name the entry.
    #expect(
      throws: IgnorePattern.ParseError(
        message:
          "$dict is a marker of the trace's value form, not a path segment: name a dictionary's entry by its key, scores[5], a set's member or a tuple's field by its place, tags[1], pair.0"
      )
    ) { try IgnorePattern("/scores/$dict/1/1") }
    // A `$` key that is no marker is a dictionary's key like any other.
    #expect((try? IgnorePattern("names.$x"))?.matches(["names", "$x"]) == true)
    #expect(throws: IgnorePattern.ParseError(message: "empty name at column 3")) { try IgnorePattern("a..b") }
    #expect(throws: IgnorePattern.ParseError(message: "expected . or [ at column 9")) { try IgnorePattern("todos[0]x") }
    #expect(throws: IgnorePattern.ParseError(message: "empty path")) { try IgnorePattern("") }
    // Pointers are read by JSONPointer, as everywhere else: a `~` must escape something.
    #expect(throws: IgnorePattern.ParseError(message: #"invalid pointer "/a~2": ~ must be followed by 0 or 1"#)) {
      try IgnorePattern("/a~2")
    }
  }

  @Test func maskDropsMembersAndNullsElements() throws {
    let state = try JSONReader.parse(
      #"{"$type":"S","todos":[{"$type":"Todo","id":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"title":"Milk"}],"tags":{"$set":["a","b"]}}"#
    )
    let mask = IgnoreMask([try IgnorePattern("todos[*].id"), try IgnorePattern("tags[1]")])
    #expect(
      JSONWriter.string(mask.apply(to: state))
        == #"{"$type":"S","todos":[{"$type":"Todo","title":"Milk"}],"tags":{"$set":["a",null]}}"#)
    #expect(IgnoreMask([try IgnorePattern("**")]).apply(to: state) == .null)
    #expect(IgnoreMask([]).apply(to: state) == state)
  }

  /// A dictionary's entry is matched by its key, as `blame` reads one (a number, a UUID in any
  /// case, an id type around one, a string, `*` in an unquoted key), never by its pair's place;
  /// an ignored entry is dropped, and the others are masked from their entry's path.
  @Test func maskMatchesDictionaryEntriesByKey() throws {
    let state = try JSONReader.parse(
      #"{"$type":"S","scores":{"$dict":[[1,10],[2,{"$type":"Score","points":20,"at":7}],[3,30]]},"owners":{"$dict":[[{"$type":"Player.ID","rawValue":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}},"Blob"],[{"$uuid":"00000000-0000-0000-0000-000000000001"},"Ann"]]},"flags":{"$dict":[["apiKey",true],["apiURL",false],["beta",true]]}}"#
    )
    func masked(_ patterns: String...) throws -> String {
      JSONWriter.string(IgnoreMask(try patterns.map(IgnorePattern.init)).apply(to: state))
    }
    #expect(
      try masked("scores[1]", "/owners/e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "flags[api*]")
        == #"{"$type":"S","scores":{"$dict":[[2,{"$type":"Score","points":20,"at":7}],[3,30]]},"owners":{"$dict":[[{"$uuid":"00000000-0000-0000-0000-000000000001"},"Ann"]]},"flags":{"$dict":[["beta",true]]}}"#
    )
    #expect(
      try masked("scores[*].at", #"flags["beta"]"#, "owners[00000000-0000-0000-0000-000000000001]")
        == #"{"$type":"S","scores":{"$dict":[[1,10],[2,{"$type":"Score","points":20}],[3,30]]},"owners":{"$dict":[[{"$type":"Player.ID","rawValue":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}},"Blob"]]},"flags":{"$dict":[["apiKey",true],["apiURL",false]]}}"#
    )
    // No key reads "0" (the place of the first pair): nothing is ignored.
    #expect(try masked("scores[0]", "flags[0]") == JSONWriter.string(state))
  }

  /// An operation inside a dictionary names its pair by place: which key that is, only the state
  /// knows, so it is kept as written (the patch compares equal only when written the same, and
  /// the states are then compared masked): `scores[*][1]` is the member `1` of any entry's value,
  /// not the value of the pair at place 1, and dropping that operation from two patches would make
  /// them read equal and hide the difference.
  @Test func maskKeepsOperationsInsideDictionaries() throws {
    let patch = try JSONPatch(
      json: JSONReader.parse(
        #"[{"op":"replace","path":"/scores/$dict/1/1","value":21},{"op":"replace","path":"/count","value":1},{"op":"replace","path":"/scores","value":{"$dict":[[1,10]]}}]"#
      ))
    #expect(
      JSONWriter.string(
        IgnoreMask([try IgnorePattern("scores[*][1]"), try IgnorePattern("count")]).apply(to: patch).json)
        == #"[{"op":"replace","path":"/scores/$dict/1/1","value":21},{"op":"replace","path":"/scores","value":{"$dict":[[1,10]]}}]"#
    )
    #expect(
      JSONWriter.string(IgnoreMask([try IgnorePattern("scores[1]")]).apply(to: patch).json)
        == #"[{"op":"replace","path":"/scores/$dict/1/1","value":21},{"op":"replace","path":"/count","value":1},{"op":"replace","path":"/scores","value":{"$dict":[]}}]"#
    )
  }

  /// A large state read lazily (`diff` reads so): with nothing to mask, its elements stay text,
  /// so two 100,000-todo runs are compared without building either state; a computed id (`$id`)
  /// in an element is still taken out, and the masked value is the same as on the parsed state.
  @Test func maskLeavesLazyElementsAsTextUnlessTheyHoldAComputedID() throws {
    let todos = (0..<200).map { #"{"$type":"Todo","id":\#($0),"title":"Buy milk, then eggs"}"# }
    var text = #"{"$type":"S","todos":["# + todos.joined(separator: ",") + "]}"
    let lazy = try text.withUTF8 { try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer($0), fromDepth: 1) }
    let masked = IgnoreMask([]).apply(to: lazy)
    guard case let .array(elements) = masked["todos"] else {
      Issue.record("not a state with todos: \(masked)")
      return
    }
    #expect(elements.hasPendingElements)
    #expect((0..<200).allSatisfy { elements.pendingText(at: $0, lacks: "\"xyz\"") })
    #expect(masked == (try JSONReader.parse(text)))

    var withIDs = text.replacingOccurrences(of: #""id":7,"#, with: #""$id":7,"id":7,"#)
    let lazyWithIDs = try withIDs.withUTF8 {
      try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer($0), fromDepth: 1)
    }
    #expect(JSONWriter.string(IgnoreMask([]).apply(to: lazyWithIDs)) == text)

    // The whole line is searched once for `"$id"` and `\u`; a key spelled with an escape is
    // still found in its element.
    var escaped = text.replacingOccurrences(of: #""id":9,"#, with: #""\u0024id":9,"id":9,"#)
    let lazyEscaped = try escaped.withUTF8 {
      try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer($0), fromDepth: 1)
    }
    #expect(JSONWriter.string(IgnoreMask([]).apply(to: lazyEscaped)) == text)
  }

  @Test func maskOnPatches() throws {
    let patch = try JSONPatch(
      json: JSONReader.parse(
        #"""
        [{"op":"replace","path":"/todos/0/id","value":7},
         {"op":"add","path":"/todos/1","value":{"id":8,"title":"Eggs"}},
         {"op":"remove","path":"/todos/2"}]
        """#))
    let masked = IgnoreMask([try IgnorePattern("todos[*].id")]).apply(to: patch)
    #expect(
      JSONWriter.string(masked.json)
        == #"[{"op":"add","path":"/todos/1","value":{"title":"Eggs"}},{"op":"remove","path":"/todos/2"}]"#)
  }
}
