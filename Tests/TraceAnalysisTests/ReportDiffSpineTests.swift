import Testing

@testable import Debugging
@testable import TraceAnalysis

/// `ReportDiffEncoder.write(_: DiffSpine)`: the same bytes as the diff the spine stands for.
@Suite struct ReportDiffSpineTests {
  static let state = #"""
    {"$type":"App","title":"t","todos":[{"$type":"Todo","id":1,"title":"Milk","done":false},{"$type":"Todo","id":2,"title":"Eggs","done":true},{"$type":"Row","$id":"r3","title":"Jam","done":false},{"$type":"Note","text":"n"}],"grid":[[1,2],[{"$type":"Cell","v":3}]],"inner":{"$type":"Inner","$id":1,"a":1,"deep":{"$type":"Deep","n":1,"s":"a"},"m":2,"z":3},"rows":[{"$type":"R","id":0},{"$type":"R","id":1},{"$type":"R","id":2},{"$type":"R","id":3}]}
    """#

  @Test(arguments: [
    #"[{"op":"replace","path":"/title","value":"u"}]"#,
    #"[{"op":"replace","path":"/title","value":"t"}]"#,
    #"[{"op":"replace","path":"/todos/0/done","value":true}]"#,
    #"[{"op":"replace","path":"/todos/1/title","value":"Two\nlines"}]"#,
    #"[{"op":"replace","path":"/todos/2/title","value":"T\"ea"}]"#,
    #"[{"op":"replace","path":"/todos/3/text","value":"m"}]"#,
    #"[{"op":"replace","path":"/todos/0/title","value":{"$type":"Name","s":"Milk"}}]"#,
    #"[{"op":"replace","path":"/grid/1/0/v","value":4}]"#,
    #"[{"op":"replace","path":"/inner/deep/s","value":"b"}]"#,
    #"[{"op":"replace","path":"/inner/a","value":5}]"#,
    #"[{"op":"replace","path":"/inner/z","value":5}]"#,
    #"[{"op":"move","from":"/rows/0","path":"/rows/3"}]"#,
    #"[{"op":"move","from":"/rows/3","path":"/rows/1"}]"#,
  ])
  func spineWritesTheBytesOfItsDiff(patch: String) throws {
    let before = try JSONReader.parse(Self.state)
    let operations = try JSONPatch(json: JSONReader.parse(patch))
    let change = try #require(SingleOperationChange(patch: operations, before: before))
    var after = before
    try operations.apply(to: &after)
    let spine = try #require(try change.spine(after: after))
    var encoder = ReportDiffEncoder()
    var bytes: [UInt8] = []
    encoder.write(spine, into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == ReportDiffEncoder.string(try change.diff(after: after)))
  }

  @Test func aFieldReplacedInsideAnElement() throws {
    let before = try JSONReader.parse(Self.state)
    let operations = try JSONPatch(json: JSONReader.parse(#"[{"op":"replace","path":"/todos/1/done","value":false}]"#))
    let change = try #require(SingleOperationChange(patch: operations, before: before))
    var after = before
    try operations.apply(to: &after)
    var encoder = ReportDiffEncoder()
    var bytes: [UInt8] = []
    encoder.write(try #require(try change.spine(after: after)), into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == #"""
        {"s":"App(","e":")","c":[{"u":1},{"k":"todos","s":"[","e":"]","c":[{"u":1},{"k":"[1, id: 2]","s":"Todo(","e":")","c":[{"u":2},{"k":"done","o":"true","n":"false"}]},{"u":2}]},{"u":3}]}
        """#)
  }
}
