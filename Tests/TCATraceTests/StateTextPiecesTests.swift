import Foundation
import Testing

@testable import Debugging
@testable import tca_trace

/// `tca-trace state`'s text written a piece at a time (`ShowTextRenderer.writeDump`,
/// `ValueText.dumpInPieces`): the same bytes as the dump of the whole `Value`, the same error for
/// a state not in the value form, and the rows of a large state parsed one at a time.
@Suite struct StateTextPiecesTests {
  let renderer = ShowTextRenderer(style: TextStyle(colored: false))

  func pieces(_ state: JSON) throws -> String {
    let output = TextOutput()
    try renderer.writeDump(of: state, to: output)
    try output.flush()
    return String(decoding: output.captured, as: UTF8.self)
  }

  func whole(_ state: JSON) throws -> String {
    renderer.dump(try Value(json: state)) + "\n"
  }

  static func lazily(_ text: String) throws -> JSON {
    try Array(text.utf8).withUnsafeBytes { try JSONReader.parseKeepingArraysAsText($0, fromDepth: 1) }
  }

  @Test func aStateIsWrittenAsItsWholeValue() throws {
    let text = #"""
      {"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo.State","$id":{"$uuid":"00000000-0000-0000-0000-000000000001"},"description":"Milk","tags":[],"isComplete":false},{"$type":"Todo.State","$id":7,"description":"two\nlines","tags":["a"],"isComplete":true}],"empty":{"$type":"Empty"},"onlyID":{"$type":"Row","$id":3}}
      """#
    let state = try JSONReader.parse(text)
    #expect(
      try pieces(state) == #"""
        Todos.State(
          filter: .all,
          todos: [
            [0]: Todo.State(
              description: "Milk",
              tags: [],
              isComplete: false
            ),
            [1]: Todo.State(
              description: """
                two
                lines
                """,
              tags: [
                [0]: "a"
              ],
              isComplete: true
            )
          ],
          empty: Empty(),
          onlyID: Row()
        )

        """#)
    #expect(try pieces(state) == (try whole(state)))
  }

  /// Every shape the value form has, alone and inside structures and arrays, nested past the
  /// elision depth: byte for byte the whole value's dump.
  @Test func everyShapeIsWrittenAsTheWholeValuesDump() throws {
    let leaves = [
      #"1"#, #"-2.5"#, #"true"#, #"null"#, #""text""#, #""a\nb""#, #"[]"#, #"[1]"#, #"[[1,2],[]]"#, #"{}"#,
      #"{"k":1,"l":[2]}"#, #"{"$enum":"E","some":{"_0":1}}"#, #"{"$enum":"E","none":{}}"#,
      #"{"$tuple":{"_0":1,"b":"x"}}"#, #"{"$set":[1,2]}"#,
      #"{"$dict":[[1,"a"],[{"$uuid":"00000000-0000-0000-0000-000000000002"},[]]]}"#,
      #"{"$double":"nan"}"#, #"{"$uuid":"00000000-0000-0000-0000-000000000003"}"#,
      #"{"$date":"2001-01-01T00:00:00Z","$t":0}"#, #"{"$url":"https://x.y"}"#, #"{"$data":"AAE="}"#,
      #"{"$redacted":"String"}"#, #"{"$ref":"Node"}"#,
      #"{"$type":"IndexSet","ranges":[{"$type":"Range","lowerBound":1,"upperBound":3}]}"#,
      #"{"$type":"S"}"#, #"{"$type":"S","$id":1}"#, #"{"$type":"S","$id":1,"a":[{"$type":"T","b":2}]}"#,
    ]
    var deep = #"{"$type":"Leaf","v":1}"#
    for level in 0..<40 { deep = level % 2 == 0 ? "[\(deep),2]" : #"{"$type":"N","next":\#(deep)}"# }
    for leaf in leaves + [deep] {
      for text in [leaf, "[\(leaf)]", #"{"$type":"Root","x":\#(leaf),"y":[\#(leaf),\#(leaf)]}"#] {
        let state = try JSONReader.parse(text)
        #expect(try pieces(state) == (try whole(state)), "\(text)")
      }
    }
  }

  /// 20,000 rows read lazily: several pieces (256 KB each), the whole value's dump, and the rows
  /// still text afterwards (each was parsed for its moment in the output, not kept).
  @Test func theRowsOfALargeStateAreParsedOneAtATime() throws {
    let rows = (0..<20_000).map { #"{"$type":"Row","$id":\#($0),"title":"Row \#($0)","done":\#($0 % 3 == 0)}"# }
    let text = #"{"$type":"App.State","rows":[\#(rows.joined(separator: ","))],"count":20000}"#
    let state = try Self.lazily(text)
    let written = try pieces(state)
    #expect(written.utf8.count > 4 * (1 << 18))
    #expect(written == (try whole(try JSONReader.parse(text))))
    guard case let .array(elements)? = state["rows"] else {
      Issue.record("no rows")
      return
    }
    #expect(elements.hasPendingElements)
    #expect(
      written.hasPrefix("App.State(\n  rows: [\n    [0]: Row(\n      title: \"Row 0\",\n      done: true\n    ),\n"))
    #expect(written.hasSuffix("      done: false\n    )\n  ],\n  count: 20000\n)\n"))
  }

  /// A state not in the value form: the error `Value(json:)` gives, with its JSON Pointer, found
  /// before anything is written.
  @Test func aStateNotInTheValueFormFailsAsTheWholeValueWould() throws {
    let row = #"{"$type":"Row","$id":1,"title":"ok"}"#
    let broken = [
      #"{"$type":"A","rows":[\#(row),{"$type":"Row","$id":{"$uuid":"nope"}}]}"#,
      #"{"$type":"A","rows":[\#(row),{"$uuid":"nope"}]}"#,
      #"{"$type":"A","rows":[\#(row),{"$type":7}]}"#,
      #"{"$type":"A","rows":[[{"a":1,"$type":"B"}]]}"#,
      #"{"$type":"A","x":{"$enum":"E","a":{},"b":{}}}"#,
      #"[{"$type":"A"},{"$nope":1}]"#,
    ]
    for text in broken {
      let state = try JSONReader.parse(text)
      var expected: JSONError?
      do { _ = try Value(json: state) } catch { expected = error }
      var found: JSONError?
      do { try ValueText.checkValueForm(state) } catch { found = error }
      #expect(expected != nil)
      #expect(found?.description == expected?.description, "\(text)")
    }
    var message: String?
    do { try ValueText.checkValueForm(try JSONReader.parse(broken[0])) } catch { message = error.message }
    #expect(message == #"at /rows/1/$id: invalid UUID "nope""#)
  }
}
