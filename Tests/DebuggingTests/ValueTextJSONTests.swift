import Testing

@testable import Debugging

/// `ValueText.dumpJSON` (ValueText+JSON.swift): the text `dump(Value(json:))` writes, for the
/// shapes it takes; nothing for the others.
@Suite struct ValueTextJSONTests {
  static func dumped(_ json: String) throws -> (direct: String?, viaValue: String?) {
    let parsed = try JSONReader.parse(json)
    var lines = TextLines(color: false)
    lines.write("kept")
    let direct = ValueText.dumpJSON(parsed, into: &lines) ? lines.text : nil
    if direct == nil { #expect(lines.text == "kept") }
    var viaValue = TextLines(color: false)
    viaValue.write("kept")
    guard let value = try? Value(json: parsed) else { return (direct, nil) }
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &viaValue)
    return (direct, viaValue.text)
  }

  @Test func anActionReadsAsItsValueDoes() throws {
    let (direct, viaValue) = try Self.dumped(
      #"{"$enum":"A","todo":{"id":{"$uuid":"00000000-0000-0000-0000-00000000014E"},"action":{"$enum":"T","edited":{"_0":"Milk \"2\""}}}}"#
    )
    #expect(
      direct == """
        kept
          .todo(
            id: UUID(00000000-0000-0000-0000-00000000014E),
            action: .edited("Milk \\"2\\"")
          )
        """)
    #expect(direct == viaValue)
  }

  @Test(arguments: [
    #"{"$enum":"A","tapped":{}}"#, #"{"$enum":"A","set":{"_0":true}}"#,
    #"{"$enum":"A","set":{"_0":{"$enum":"F","all":{}}}}"#,
    #"{"$enum":"A","set":{"_1":3}}"#, #"{"$enum":"A","set":{"_0":3,"_1":-4.5}}"#, #"{"$enum":"A","set":{"_00":3}}"#,
    #"{"$enum":"A","set":{"_0":{"$type":"P","x":1,"_0":null}}}"#, #"{"$type":"E"}"#, #"{"$type":"P","$n":"a\u0001"}"#,
    #"{"$enum":"A","set":{"_0":{"$type":"P","x":18446744073709551615}}}"#, "7", #""one line""#, "null",
  ])
  func takenShapesReadAsTheirValuesDo(json: String) throws {
    let (direct, viaValue) = try Self.dumped(json)
    #expect(direct != nil)
    #expect(direct == viaValue)
  }

  /// Arrays, dictionaries, multi-line strings, other markers, a `$id`, and what `Value(json:)`
  /// rejects are left to the `Value`.
  @Test(arguments: [
    "[1]", #"{"a":1}"#, "{}", #""two\nlines""#, #"{"$enum":"A","set":{"_0":[1]}}"#,
    #"{"$type":"IndexSet","ranges":[]}"#, #"{"$type":"P","$id":1,"x":2}"#, #"{"$date":"2001","$t":0}"#,
    #"{"$uuid":"nope"}"#, #"{"$enum":"A","set":1}"#, #"{"$enum":"A","$set":{}}"#, #"{"$enum":"A"}"#,
    #"{"$type":1}"#, #"{"$redacted":"String"}"#,
  ])
  func otherShapesAreLeftToTheValue(json: String) throws {
    #expect(try Self.dumped(json).direct == nil)
  }
}
