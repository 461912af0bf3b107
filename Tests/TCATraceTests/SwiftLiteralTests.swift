import Debugging
import Testing

@testable import tca_trace

/// Values of a trace written as Swift expressions by `tca-trace testgen`.
@Suite struct SwiftLiteralTests {
  func swift(_ json: String) -> String {
    let value = try! JSONReader.parse(json)
    do {
      return try SwiftLiteral.expression(of: value)
    } catch {
      return "unwritable: \(error.reason)"
    }
  }

  @Test(arguments: [
    (#"null"#, "nil"),
    (#"-7"#, "-7"),
    (#"18446744073709551615"#, "18446744073709551615"),
    (#"2.5e-07"#, "2.5e-07"),
    (#"{"$double":"nan"}"#, ".nan"),
    (#"{"$double":"-inf"}"#, "-.infinity"),
    (#""a\"b\\c\nd\u0001""#, #""a\"b\\c\nd\u{1}""#),
    (
      #"{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#,
      #"UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!"#
    ),
    (#"{"$date":"2001-01-01T00:00:01.500Z","$t":1.5}"#, "Date(timeIntervalSinceReferenceDate: 1.5)"),
    (#"{"$url":"https://example.com/?q=1"}"#, #"URL(string: "https://example.com/?q=1")!"#),
    (#"{"$data":"AAE="}"#, #"Data(base64Encoded: "AAE=")!"#),
    (#"{"$set":[1,2]}"#, "[1, 2]"),
    (
      #"{"$dict":[[1,"one"],[{"$uuid":"00000000-0000-0000-0000-000000000001"},"x"]]}"#,
      #"[1: "one", UUID(uuidString: "00000000-0000-0000-0000-000000000001")!: "x"]"#
    ),
    (#"{}"#, "[:]"),
    (#"{"b":1,"a":2}"#, #"["b": 1, "a": 2]"#),
    (#"[]"#, "[]"),
    (#"{"$tuple":{"x":1,"_1":2}}"#, "(x: 1, 2)"),
    (#"{"$enum":"A","default":{}}"#, ".`default`"),
    (
      #"{"$enum":"A","move":{"_0":{"$type":"IndexSet","ranges":[{"$type":"Range<Int>","lowerBound":0,"upperBound":2},{"$type":"Range<Int>","lowerBound":5,"upperBound":6}]},"_1":3}}"#,
      ".move(IndexSet([0, 1, 5]), 3)"
    ),
    (#"{"$type":"Range<Int>","lowerBound":1,"upperBound":4}"#, "1..<4"),
    (#"{"$type":"ClosedRange<Int>","lowerBound":1,"upperBound":4}"#, "1...4"),
    (#"{"$type":"Empty"}"#, "Empty()"),
    (#"{"$type":"Box<Int>","value":1,"_1":2}"#, "Box<Int>(value: 1, 2)"),
    (#"{"$redacted":"String"}"#, "unwritable: a redacted String (the trace does not hold its value)"),
    (
      #"{"$ref":"Node"}"#,
      "unwritable: a reference to Node (a cycle or the depth limit: the trace does not hold its value)"
    ),
  ])
  func expression(json: String, expected: String) {
    #expect(swift(json) == expected)
  }

  @Test func longValuesAreSplitOverLines() {
    let todo =
      #"{"$type":"Todo.State","description":"a fairly long description of the todo","id":{"$uuid":"00000000-0000-0000-0000-000000000001"},"isComplete":false}"#
    #expect(
      swift("[\(todo)]") == """
        [
          Todo.State(
            description: "a fairly long description of the todo",
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
            isComplete: false
          )
        ]
        """)
  }

  @Test func longArraysOfStructsAreHoistedIntoFunctions() throws {
    let rows = (0..<70).map { #"{"$type":"Row","id":\#($0)}"# }.joined(separator: ",")
    let hoisting = SwiftLiteral.Hoisting(prefix: "big")
    #expect(try SwiftLiteral.expression(of: JSONReader.parse("[\(rows)]"), hoisting: hoisting) == "bigValues1()")
    let helper = try #require(hoisting.helpers.first)
    #expect(
      helper.hasPrefix(
        """
        /// 70 elements of the trace's state, one statement each (quicker to compile than a literal).
        private func bigValues1() -> IdentifiedArrayOf<Row> {
          var values = IdentifiedArrayOf<Row>()
          values.append(Row(id: 0))
          values.append(Row(id: 1))
        """))
    #expect(helper.hasSuffix("  values.append(Row(id: 69))\n  return values\n}"))
  }
}
