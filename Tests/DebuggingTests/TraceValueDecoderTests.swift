import Foundation
import Testing

@testable import Debugging

/// Shapes of `docs/log-format.md` decoded into `Decodable` types with Swift's synthesised layouts.
@Suite struct TraceValueDecoderTests {
  enum Filter: String, CaseIterable, Codable, Equatable { case all = "All", active = "Active" }

  struct Row: Codable, Equatable {
    var id: UUID
    var title: String
    var note: String?
    var score: Double
  }

  enum Action: Codable, Equatable {
    case tapped
    case setTitle(String)
    case row(id: UUID, action: RowAction)
    case pair(Int, label: String)
    case filter(Filter)
    case rows([Row])
  }

  enum RowAction: Codable, Equatable { case toggle, rename(String) }

  struct Everything: Codable, Equatable {
    var date: Date
    var url: URL
    var data: Data
    var tags: Set<String>
    var counts: [String: Int]
    var byNumber: [Int: String]
    var byID: [UUID: Bool]
    var range: Range<Int>
    var indexes: IndexSet
    var nan: Double
    var infinity: Float
    var small: UInt8
    var missing: Int?
  }

  func decode<T: Decodable>(_ type: T.Type, _ json: String) throws(TraceValueDecodingError) -> T {
    try TraceValueDecoder().decode(type, fromJSON: try! JSONReader.parse(json))
  }

  func error<T: Decodable>(_ type: T.Type, _ json: String) -> String {
    do {
      _ = try decode(type, json)
      return "no error"
    } catch {
      return error.description
    }
  }

  static let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
  static let uuid = UUID(uuidString: id)!

  @Test func enumCases() throws {
    #expect(try decode(Action.self, #"{"$enum":"App.Action","tapped":{}}"#) == .tapped)
    #expect(try decode(Action.self, #"{"$enum":"App.Action","setTitle":{"_0":"Milk"}}"#) == .setTitle("Milk"))
    #expect(
      try decode(
        Action.self,
        #"{"$enum":"App.Action","row":{"id":{"$uuid":"\#(Self.id)"},"action":{"$enum":"RowAction","rename":{"_0":"x"}}}}"#
      )
        == .row(id: Self.uuid, action: .rename("x")))
    #expect(
      try decode(Action.self, #"{"$enum":"App.Action","pair":{"_0":7,"label":"seven"}}"#) == .pair(7, label: "seven"))
    #expect(
      try decode(Action.self, #"{"$enum":"App.Action","filter":{"_0":{"$enum":"Filter","active":{}}}}"#)
        == .filter(.active))
  }

  @Test func structsAndOptionals() throws {
    let rows = try decode(
      Action.self,
      #"{"$enum":"App.Action","rows":{"_0":[{"$type":"Row","id":{"$uuid":"\#(Self.id)"},"title":"a","note":null,"score":1.5},{"$type":"Row","id":{"$uuid":"\#(Self.id.lowercased())"},"title":"b","note":"n","score":2}]}}"#
    )
    #expect(
      rows
        == .rows([
          Row(id: Self.uuid, title: "a", note: nil, score: 1.5),
          Row(id: Self.uuid, title: "b", note: "n", score: 2),
        ]))
  }

  @Test func foundationValuesAndCollections() throws {
    let json = """
      {"$type":"Everything","date":{"$date":"2026-11-21T19:33:07.123Z","$t":816982387.123},\
      "url":{"$url":"https://example.com/a?b=c"},"data":{"$data":"AAEC+vs="},"tags":{"$set":["b","a"]},\
      "counts":{"x":1,"y":2},"byNumber":{"$dict":[[1,"one"],[2,"two"]]},\
      "byID":{"$dict":[[{"$uuid":"\(Self.id)"},true]]},\
      "range":{"$type":"Range<Int>","lowerBound":2,"upperBound":5},\
      "indexes":{"$type":"IndexSet","ranges":[{"$type":"Range<Int>","lowerBound":0,"upperBound":2},{"$type":"Range<Int>","lowerBound":7,"upperBound":8}]},\
      "nan":{"$double":"nan"},"infinity":{"$double":"-inf"},"small":255,"missing":null}
      """
    let value = try decode(Everything.self, json)
    #expect(value.date == Date(timeIntervalSinceReferenceDate: 816_982_387.123))
    #expect(value.url == URL(string: "https://example.com/a?b=c")!)
    #expect(value.data == Data([0, 1, 2, 250, 251]))
    #expect(value.tags == ["a", "b"])
    #expect(value.counts == ["x": 1, "y": 2])
    #expect(value.byNumber == [1: "one", 2: "two"])
    #expect(value.byID == [Self.uuid: true])
    #expect(value.range == 2..<5)
    #expect(value.indexes == IndexSet([0, 1, 7]))
    #expect(value.nan.isNaN)
    #expect(value.infinity == -.infinity)
    #expect(value.small == 255)
    #expect(value.missing == nil)
  }

  @Test func plainFormsOfFoundationValues() throws {
    #expect(try decode(UUID.self, #""\#(Self.id)""#) == Self.uuid)
    #expect(try decode(Date.self, "1.5") == Date(timeIntervalSinceReferenceDate: 1.5))
    #expect(try decode(URL.self, #""https://example.com""#) == URL(string: "https://example.com")!)
    #expect(try decode(IndexSet.self, "[1,2,5]") == IndexSet([1, 2, 5]))
    #expect(try decode([Int?].self, "[1,null,3]") == [1, nil, 3])
    #expect(try decode(String.self, #"{"$uuid":"\#(Self.id)"}"#) == Self.id)
  }

  @Test func errorsNameThePathInsideTheValue() {
    #expect(
      error(
        Action.self,
        #"{"$enum":"App.Action","row":{"id":{"$uuid":"\#(Self.id)"},"action":{"$enum":"RowAction","toggled":{}}}}"#)
        == #"at /row/action: TraceValueDecoderTests.RowAction has no case "toggled""#)
    #expect(
      error(Action.self, #"{"$enum":"App.Action","renamed":{}}"#)
        == #"at /: TraceValueDecoderTests.Action has no case "renamed""#)
    #expect(
      error(Action.self, #"{"$enum":"App.Action","setTitle":{"_0":7}}"#)
        == "at /setTitle/_0: expected String, found integer 7")
    #expect(error(Action.self, #"{"$enum":"App.Action","setTitle":{}}"#) == #"at /setTitle: missing "_0" in a tuple"#)
    #expect(
      error(
        Action.self,
        #"{"$enum":"App.Action","rows":{"_0":[{"$type":"Row","id":{"$uuid":"\#(Self.id)"},"title":"a","score":1.0}, {"$type":"Row","title":"b"}]}}"#
      )
        == #"at /rows/_0/1: missing "id" in Row"#)
    #expect(
      error(Action.self, #"{"$enum":"App.Action","filter":{"_0":{"$enum":"Filter","done":{}}}}"#)
        == #"at /filter/_0: TraceValueDecoderTests.Filter has no case "done""#)
    #expect(error(UInt8.self, "300") == "at /: integer 300 does not fit UInt8")
    #expect(
      error(Row.self, #"{"$type":"Row","id":{"$redacted":"UUID"},"title":"a","score":1.0}"#)
        == "at /id: found a redacted UUID (the trace does not hold its value)")
    #expect(
      error(Row.self, "[1]") == #"at /: expected a keyed value (struct, enum case or dictionary), found array of 1"#)
    #expect(error(UUID.self, #"{"$uuid":"nope"}"#) == #"at /: invalid UUID "nope""#)
    #expect(error([Int].self, #"{"$set":[1,"a"]}"#) == #"at /1: expected Int, found string "a""#)
    #expect(
      error(Row.self, #"{"$type":"Row","id":{"$uuid":"\#(Self.id)"},"title":null,"score":1.0}"#)
        == "at /title: expected String, found null")
  }
}

/// How a replay compares a live state's JSON with the recorded one.
@Suite struct ReplayComparisonTests {
  func json(_ text: String) -> JSON { try! JSONReader.parse(text) }

  @Test func redactedMatchesAnythingAndDictionariesMatchInAnyOrder() {
    #expect(
      ReplayComparison.matches(
        json(#"{"$type":"S","token":"x"}"#), json(#"{"$type":"S","token":{"$redacted":"String"}}"#)))
    #expect(ReplayComparison.matches(json(#"{"a":1,"b":2}"#), json(#"{"b":2,"a":1}"#)))
    #expect(ReplayComparison.matches(json(#"{"$set":[1,2]}"#), json(#"{"$set":[2,1]}"#)))
    #expect(ReplayComparison.matches(json(#"{"$dict":[[1,"a"],[2,"b"]]}"#), json(#"{"$dict":[[2,"b"],[1,"a"]]}"#)))
    #expect(!ReplayComparison.matches(json(#"{"$type":"S","a":1,"b":2}"#), json(#"{"$type":"S","b":2,"a":1}"#)))
    #expect(!ReplayComparison.matches(json(#"{"a":1,"b":2}"#), json(#"{"b":2,"a":3}"#)))
    #expect(!ReplayComparison.matches(json(#"[1,2]"#), json(#"[2,1]"#)))
    #expect(!ReplayComparison.matches(json(#"{"$set":[1,2]}"#), json(#"{"$set":[1,3]}"#)))
  }

  @Test func pathsOfPatchesAndDiffs() throws {
    let patch = try JSONPatch(
      json: json(
        #"[{"op":"replace","path":"/todos/3/isComplete","value":true},{"op":"add","path":"/todos/0","value":1},{"op":"move","from":"/a/1","path":"/b/0"}]"#
      ))
    #expect(ReplayComparison.paths(of: patch) == [["todos", "3", "isComplete"], ["todos"], ["a"], ["b"]])
    #expect(
      ReplayComparison.outermost([["todos", "3", "isComplete"], ["todos"], ["a"], ["todos"]]) == [["todos"], ["a"]])
    let old = Value.structure(
      type: "S",
      fields: [
        .init("todos", .array([.int(1), .int(2)])),
        .init("e", .enumCase(type: "E", name: "c", values: [.init(nil, .int(1))])),
      ])
    let new = Value.structure(
      type: "S",
      fields: [
        .init("todos", .array([.int(1), .int(5)])),
        .init("e", .enumCase(type: "E", name: "c", values: [.init(nil, .int(2))])),
      ])
    var paths: [[String]] = []
    ReplayComparison.collectPaths(StateDiff(old, new).root.change, path: [], into: &paths)
    #expect(paths == [["todos", "1"], ["e", "c", "_0"]])
    #expect(ReplayComparison.json(at: ["e", "c", "_0"], in: new) == .int(2))
    #expect(ReplayComparison.json(at: ["e", "c"], in: new) == json(#"{"_0":2}"#))
    #expect(ReplayComparison.json(at: ["todos", "7"], in: new) == nil)
  }
}
