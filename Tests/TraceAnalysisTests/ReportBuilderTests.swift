import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

/// `HTMLReportBuilder` (HTMLReportBuilder.swift) and `ReportIndex`: what the page embeds.
@Suite struct ReportBuilderTests {
  static let trace = """
    {"kind":"session","format":1,"name":"Todos","prefix":"app","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}
    {"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[],"count":0}}
    {"kind":"action","seq":1,"t":1000,"duration":100,"label":"Todos.Action.add","action":{"$enum":"Todos.Action","add":{}},"patch":[{"op":"add","path":"/todos/0","value":"Milk"}]}
    {"kind":"effect","event":"started","effect":1,"t":1200,"seq":1,"label":"Todos.Action.add","id":"save"}
    {"kind":"effect","event":"output","effect":1,"t":5000,"seq":2,"label":"Todos.Action.saved"}
    {"kind":"action","seq":2,"t":5000,"duration":300,"label":"Todos.Action.saved","action":{"$enum":"Todos.Action","saved":{"_0":true}},"effect":1,"patch":[]}
    {"kind":"effect","event":"finished","effect":1,"t":5400}
    {"kind":"action","seq":3,"t":6000,"duration":200,"label":"Todos.Action.add","action":{"$enum":"Todos.Action","add":{}},"patch":[{"op":"replace","path":"/todos/7","value":"x"}]}
    {"kind":"effect","event":"started","effect":2,"t":6300,"seq":3,"label":"Todos.Action.add"}
    {"kind":"note","t":6500,"note":"info","message":"backgrounded"}
    {"kind":"action","seq":4,"t":7000,"duration":100,"label":"Todos.Action.count","action":{"$enum":"Todos.Action","count":{}},"patch":[{"op":"replace","path":"/count","value":1}]}

    """

  /// The page, and the data blocks in it parsed back.
  static func build(chunkSize: Int = 3) throws -> (page: String, chunks: [JSON], index: JSON) {
    var builder = HTMLReportBuilder(chunkSize: chunkSize)
    var bytes: [UInt8] = []
    for item in try TraceReader(path: traceFile(trace)) { builder.add(try item.get(), into: &bytes) }
    builder.finish(into: &bytes)
    let page = String(decoding: bytes, as: UTF8.self)
    var blocks: [JSON] = []
    for part in page.components(separatedBy: #"<script type="application/json" id=""#).dropFirst() {
      let body = part.drop { $0 != ">" }.dropFirst()
      blocks.append(try JSONReader.parse(String(body.prefix { $0 != "<" })))
    }
    return (page, Array(blocks.dropLast()), blocks.last ?? .null)
  }

  @Test func chunksHoldActionValuesAndDiffs() throws {
    let (_, chunks, _) = try Self.build()
    #expect(
      chunks.map(JSONWriter.string) == [
        #"[{"a":".add","d":{"s":"Todos.State(","e":")","c":[{"k":"todos","s":"[","e":"]","c":[{"k":"[0]","a":"\"Milk\""}]},{"u":1}]}},"#
          + #"{"a":".saved(true)","d":{"u":1}},"#
          + #"{"a":".add","x":"the state before this action is unknown (see the problems above)"}]"#,
        #"[{"a":".count","x":"the state before this action is unknown (see the problems above)"}]"#,
      ])
  }

  /// A value's text for the page: custom-dump's lines without the diff's two marker columns.
  @Test func valueTextDropsTheMarkerColumns() {
    let todo = Value.structure(
      type: "Todo", fields: [.init("id", .int(1)), .init("tags", .array([.string("a"), .string("b")]))])
    #expect(ReportDiffEncoder.text(todo) == "Todo(\n  id: 1,\n  tags: [\n    [0]: \"a\",\n    [1]: \"b\"\n  ]\n)")
    #expect(ReportDiffEncoder.text(.int(7)) == "7")
    #expect(ReportDiffEncoder.text(.structure(type: "E", fields: [])) == "E()")
  }

  @Test func indexHoldsColumnsEffectsNotesAndTimings() throws {
    let (page, _, index) = try Self.build()
    func member(_ key: String) -> String { JSONWriter.string(index[key] ?? .null) }
    #expect(
      member("session")
        == #"{"name":"Todos","prefix":"app","start":"2026-11-21T19:33:07.123Z","platform":"Linux x86_64","pid":4242}"#)
    #expect(member("labels") == #"["Todos.Action.add","Todos.Action.saved","Todos.Action.count"]"#)
    #expect(
      member("actions")
        == #"{"seq":[1,2,3,4],"t":[1000,5000,6000,7000],"dur":[100,300,200,100],"label":[0,1,0,2],"effect":[0,1,0,0]}"#)
    #expect(
      member("effects")
        == #"{"id":[1,2],"seq":[1,3],"label":[0,0],"start":[1200,6300],"end":[5400,7100],"status":[0,2]}"#)
    #expect(member("notes") == #"[[6500,"info","backgrounded"]]"#)
    #expect(member("problems") == #"["line 8: patch of action 3 does not apply: path /todos/7 does not exist"]"#)
    #expect(member("end") == "7100")
    #expect(member("chunkSize") == "3")
    #expect(
      JSONWriter.string(index["timing"]?["actions"] ?? .null)
        == #"[["Todos.Action.add",[2,300,100,150,100,200,200,200]],["Todos.Action.saved",[1,300,300,300,300,300,300,300]],["Todos.Action.count",[1,100,100,100,100,100,100,100]]]"#
    )
    #expect(
      JSONWriter.string(index["timing"]?["effects"] ?? .null)
        == #"[["Todos.Action.add",2,1,1,0,1,[1,4200,4200,4200,4200,4200,4200,4200]]]"#)
    guard case let .array(lanes)? = index["timing"]?["density"]?["lanes"] else {
      Issue.record("no density lanes")
      return
    }
    #expect(lanes.map { $0[0] ?? .null } == [.string("reducer"), .string("Todos.Action.add")])
    #expect(
      lanes.allSatisfy {
        $0[1].map { if case let .array(columns) = $0 { return columns.count } else { return 0 } } == 240
      })
    #expect(
      page.hasPrefix(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\""
      ))
    #expect(page.hasSuffix("</script>\n</body>\n</html>\n"))
  }

  /// The page of an empty trace still opens: a head, an index, the script.
  @Test func emptyTrace() throws {
    var builder = HTMLReportBuilder()
    var bytes: [UInt8] = []
    builder.finish(into: &bytes)
    let page = String(decoding: bytes, as: UTF8.self)
    #expect(
      page.contains(
        #"<script type="application/json" id="report-index">{"session":{},"labels":[],"actions":{"seq":[],"#))
    #expect(!page.contains("chunk-0"))
    #expect(builder.actionCount == 0)
  }
}
