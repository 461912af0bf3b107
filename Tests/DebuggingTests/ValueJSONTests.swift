import Foundation
import Testing

@testable import Debugging

@Suite struct ValueJSONTests {
  static let todo = Value.structure(
    type: "Todo",
    fields: [
      .init("id", .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)),
      .init("title", .string("Milk")),
      .init("isComplete", .bool(false)),
    ])

  /// Every kind of value, written with `writeJSON(into:)`, must equal `JSONWriter` over `json`
  /// and read back to itself.
  static let cases: [(Value, String)] = [
    (
      todo, #"{"$type":"Todo","id":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"title":"Milk","isComplete":false}"#
    ),
    (.enumCase(type: "Todos.Action", name: "toggle", values: []), #"{"$enum":"Todos.Action","toggle":{}}"#),
    (
      .enumCase(
        type: "AppAction", name: "todo",
        values: [
          .init("id", .int(3)),
          .init("action", .enumCase(type: "TodoAction", name: "setTitle", values: [.init(nil, .string("x"))])),
        ]),
      #"{"$enum":"AppAction","todo":{"id":3,"action":{"$enum":"TodoAction","setTitle":{"_0":"x"}}}}"#
    ),
    (.tuple([.init("x", .int(1)), .init(nil, .int(2))]), #"{"$tuple":{"x":1,"_1":2}}"#),
    (.array([.int(1), .string("a"), .null]), #"[1,"a",null]"#),
    (.set([.int(2), .int(1)]), #"{"$set":[2,1]}"#),
    (.dictionary([.init(.string("b"), .int(1)), .init(.string("a"), .int(2))]), #"{"b":1,"a":2}"#),
    (.dictionary([]), "{}"),
    (.dictionary([.init(.string("$x"), .int(1))]), #"{"$dict":[["$x",1]]}"#),
    (
      .dictionary([
        .init(.int(1), .string("one")),
        .init(.uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))), .null),
      ]),
      #"{"$dict":[[1,"one"],[{"$uuid":"00000000-0000-0000-0000-000000000001"},null]]}"#
    ),
    (.string("line\n\"q\""), #""line\n\"q\"""#),
    (.int(-42), "-42"),
    (.uint(.max), "18446744073709551615"),
    (.double(1), "1.0"),
    (.double(2.5e-7), "2.5e-07"),
    (.double(.nan), #"{"$double":"nan"}"#),
    (.double(.infinity), #"{"$double":"inf"}"#),
    (.double(-.infinity), #"{"$double":"-inf"}"#),
    (.bool(true), "true"),
    (.null, "null"),
    (
      .date(Date(timeIntervalSinceReferenceDate: 816_982_387.123)),
      #"{"$date":"2026-11-21T19:33:07.123Z","$t":816982387.123}"#
    ),
    (
      .date(Date(timeIntervalSinceReferenceDate: -978_307_200.5)),
      #"{"$date":"1969-12-31T23:59:59.500Z","$t":-978307200.5}"#
    ),
    (.url(URL(string: "https://example.com/a?b=c")!), #"{"$url":"https://example.com/a?b=c"}"#),
    (.data(Data([0, 1, 2, 250, 251])), #"{"$data":"AAEC+vs="}"#),
    (.data(Data([0xFF])), #"{"$data":"/w=="}"#),
    (.data(Data()), #"{"$data":""}"#),
    (.redacted(type: "String"), #"{"$redacted":"String"}"#),
    (.reference(type: "Node"), #"{"$ref":"Node"}"#),
    (.structure(type: "Empty", fields: []), #"{"$type":"Empty"}"#),
    (
      .structure(type: "Lazy", fields: [.init("$__lazy_storage_$_total", .null), .init("x", .int(1))]),
      #"{"$type":"Lazy","$__lazy_storage_$_total":null,"x":1}"#
    ),
  ]

  @Test(arguments: cases)
  func writesTheDocumentedFormAndReadsItBack(value: Value, expected: String) throws {
    var bytes: [UInt8] = []
    value.writeJSON(into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
    #expect(JSONWriter.string(value.json) == expected)
    #expect(try Value(json: JSONReader.parse(bytes)) == value)
  }

  @Test func jqStylePathsReachFields() throws {
    let state = Value.structure(type: "State", fields: [.init("todos", .array([Self.todo]))])
    let json = try JSONReader.parse(JSONWriter.string(state.json))
    #expect(json["todos"]?[0]?["isComplete"] == .bool(false))
  }

  static let malformed: [(String, String)] = [
    (#"{"$uuid":"nope"}"#, #"line 0, column 0: at /: invalid UUID "nope""#),
    (
      #"{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5"}"#,
      #"line 0, column 0: at /: invalid UUID "E621E1F8-C36C-495A-93FC-0C247A3E6E5""#
    ),
    (
      #"{"$uuid":"E621E1F8-C36C-495A-93FC_0C247A3E6E5F"}"#,
      #"line 0, column 0: at /: invalid UUID "E621E1F8-C36C-495A-93FC_0C247A3E6E5F""#
    ),
    (
      #"{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5G"}"#,
      #"line 0, column 0: at /: invalid UUID "E621E1F8-C36C-495A-93FC-0C247A3E6E5G""#
    ),
    (#"{"todos":[{"$type":"Todo","id":{"$uuid":1}}]}"#, #"line 0, column 0: at /todos/0/id: "$uuid" must be a string"#),
    (#"{"$type":3}"#, #"line 0, column 0: at /: "$type" must be a string"#),
    (#"{"$enum":"A"}"#, #"line 0, column 0: at /: "$enum" needs exactly one case key"#),
    (#"{"$enum":"A","b":1}"#, #"line 0, column 0: at /: associated values of case "b" must be an object"#),
    (#"{"$enum":"A","$type":{}}"#, #"line 0, column 0: at /: unexpected key "$type" in a "$enum" object"#),
    (#"{"$tuple":[]}"#, #"line 0, column 0: at /: "$tuple" must be an object"#),
    (#"{"$set":{}}"#, #"line 0, column 0: at /: "$set" must be an array"#),
    (#"{"$dict":[[1]]}"#, #"line 0, column 0: at /: "$dict" entries must be [key, value] pairs"#),
    (#"{"$dict":[[1,{"$ref":2}]]}"#, #"line 0, column 0: at /0/1: "$ref" must be a string"#),
    (#"{"$double":"NaN"}"#, #"line 0, column 0: at /: invalid "$double" "NaN", expected "nan", "inf" or "-inf""#),
    (#"{"$date":"2026"}"#, #"line 0, column 0: at /: "$date" needs "$t" (seconds since 2001) after it"#),
    (#"{"$date":"2026","$t":"x"}"#, #"line 0, column 0: at /: "$t" of "2026" must be a number"#),
    (#"{"$data":"!!"}"#, #"line 0, column 0: at /: invalid base64 in "$data""#),
    (
      #"{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","x":1}"#,
      #"line 0, column 0: at /: unexpected key "x" in a "$uuid" object"#
    ),
    (#"{"$what":1}"#, #"line 0, column 0: at /: unknown marker "$what""#),
    (#"{"a":1,"$type":"T"}"#, #"line 0, column 0: at /: a "$" key must come first, found "$type""#),
    (#"{"a/b":{"$redacted":null}}"#, #"line 0, column 0: at /a~1b: "$redacted" must be a string"#),
  ]

  @Test(arguments: malformed)
  func malformedShapesAreClearErrors(text: String, expected: String) throws {
    let json = try JSONReader.parse(text)
    do {
      let value = try Value(json: json)
      Issue.record("decoded \(text) as \(value)")
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test func uuidsInEitherCase() throws {
    let lower = try Value(json: JSONReader.parse(#"{"$uuid":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#))
    #expect(lower == .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
    for _ in 0..<100 {
      let uuid = UUID()
      #expect(Value.uuidText(uuid) == uuid.uuidString)
      #expect(Value.parseUUID(uuid.uuidString) == uuid)
    }
  }

  struct Cart {
    var items = ["Milk"]
    lazy var total = 3
  }

  @Test func reflectedLazyStorageRoundTrips() throws {
    var cart = Cart()
    _ = cart.total
    let value = Value(reflecting: cart)
    var bytes: [UInt8] = []
    value.writeJSON(into: &bytes)
    #expect(try Value(json: JSONReader.parse(bytes)) == value)
  }
}
