import Testing

@testable import Debugging

@Suite struct JSONReaderTests {
  @Test func parsesEveryKindOfValueKeepingKeyOrder() throws {
    let json = try JSONReader.parse(#" {"z":1,"a":[true,false,null],"m":{"x":-2.5e-3,"s":"hi"},"e":{},"l":[]} "#)
    #expect(
      json
        == .object([
          .init("z", .int(1)),
          .init("a", .array([.bool(true), .bool(false), .null])),
          .init("m", .object([.init("x", .double(-0.0025)), .init("s", .string("hi"))])),
          .init("e", .object([])),
          .init("l", .array([])),
        ]))
  }

  @Test func scalarsAtTopLevelAndWhitespace() throws {
    #expect(try JSONReader.parse("\t\r\n 42 \n") == .int(42))
    #expect(try JSONReader.parse(#""x""#) == .string("x"))
    #expect(try JSONReader.parse("null") == .null)
  }

  @Test func integersAreExactTo64Bits() throws {
    #expect(try JSONReader.parse("9223372036854775807") == .int(.max))
    #expect(try JSONReader.parse("-9223372036854775808") == .int(.min))
    #expect(try JSONReader.parse("9223372036854775808") == .uint(9_223_372_036_854_775_808))
    #expect(try JSONReader.parse("18446744073709551615") == .uint(.max))
    #expect(try JSONReader.parse("-0") == .int(0))
    #expect(try JSONReader.parse("0") == .int(0))
  }

  @Test func doublesAreCorrectlyRounded() throws {
    let cases: [(String, Double)] = [
      ("1.0", 1), ("0.1", 0.1), ("-0.0", -0.0), ("2.5e-07", 2.5e-7), ("1E+16", 1e16), ("1e308", 1e308),
      ("0.30000000000000004", 0.30000000000000004),
      ("123456789012345678901234567890.5", 123456789012345678901234567890.5),
      ("2.2250738585072014e-308", 2.2250738585072014e-308), ("5e-324", Double(bitPattern: 1)), ("1e-400", 0),
      ("9007199254740993.0", 9007199254740992), ("1.7976931348623157e308", .greatestFiniteMagnitude),
      ("1e22", 1e22), ("1e23", 1e23), ("0.000001", 0.000001), ("3.141592653589793", .pi),
    ]
    for (text, expected) in cases {
      let json = try JSONReader.parse(text)
      guard case let .double(d) = json else { Issue.record("\(text) gave \(json)"); continue }
      #expect(d.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test func escapes() throws {
    let json = try JSONReader.parse(#""a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\u20AC\ud83d\ude00\u0000""#)
    #expect(json == .string("a\"b\\c/d\u{8}e\u{C}f\ng\rh\tiAé€😀\u{0}"))
  }

  @Test func escapesAreDecodedIntoTheStringAtEveryPlace() throws {
    // Each escape (text, decoded) at the start, the middle and the end of runs of plain and
    // non-ASCII text of several lengths: the decoded string is written where the string is made
    // (escapes only shorten the text).
    let escapes: [(String, String)] = [
      (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"), (#"\n"#, "\n"),
      (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u0000"#, "\u{0}"), (#"\u007f"#, "\u{7F}"), (#"\u00E9"#, "é"),
      (#"\u07ff"#, "\u{7FF}"), (#"\u0800"#, "\u{800}"), (#"\u20ac"#, "€"), (#"\uFFFF"#, "\u{FFFF}"),
      (#"\ud83d\ude00"#, "😀"), (#"\udbff\udfff"#, "\u{10FFFF}"),
    ]
    for (escape, decoded) in escapes {
      for run in ["", "a", "abcdefghijklmno", "abcdefghijklmnopqrstuvwxyz", "zé€😀"] {
        for (text, expected) in [
          (escape + run, decoded + run), (run + escape, run + decoded), (run + escape + run, run + decoded + run),
          (escape + escape, decoded + decoded),
        ] {
          #expect(try JSONReader.parse("\"" + text + "\"") == .string(expected), "\(text)")
          #expect(try JSONReader.parse(#"{"k\#(text)":1}"#) == .object([.init("k" + expected, .int(1))]), "\(text)")
        }
      }
    }
  }

  @Test func rawUTF8InStrings() throws {
    #expect(
      try JSONReader.parse(#"{"名前":"Zażółć gęślą jaźń 😀"}"#) == .object([.init("名前", .string("Zażółć gęślą jaźń 😀"))]))
  }

  @Test func parsesBytesAndBuffers() throws {
    let bytes = Array(#"[1,"two"]"#.utf8)
    #expect(try JSONReader.parse(bytes) == .array([.int(1), .string("two")]))
    let json = try bytes.withUnsafeBytes { buffer in Result { () throws(JSONError) in try JSONReader.parse(buffer) } }
      .get()
    #expect(json == .array([.int(1), .string("two")]))
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let depth = JSONReader.maximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var json = try JSONReader.parse(text)
    var levels = 0
    while case let .array(elements) = json {
      levels += 1
      guard let first = elements.first else { break }
      json = first
    }
    #expect(levels == 512)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONError("nesting deeper than 512 levels", line: 1, column: 513)) { try JSONReader.parse(text) }
    let objects = String(repeating: #"{"a":"#, count: 100_000)
    #expect(throws: JSONError("nesting deeper than 512 levels", line: 1, column: 2561)) {
      try JSONReader.parse(objects)
    }
  }

  @Test func aMultiMegabyteString() throws {
    let body = String(repeating: "abcdefé\\n\\u00e9😀 ", count: 300_000)
    let text = "[\"" + body + "\"]"
    let json = try JSONReader.parse(text)
    let expected = String(repeating: "abcdefé\né😀 ", count: 300_000)
    #expect(json == .array([.string(expected)]))
  }

  @Test func manyKeysStillDetectDuplicates() {
    let members = (0..<100).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    #expect(throws: JSONError(#"duplicate key "k7""#, line: 1, column: 882)) {
      try JSONReader.parse("{" + members + #","k7":0}"#)
    }
  }

  @Test(arguments: [
    (#"{"a":1,"\u0061":2}"#, #"line 1, column 8: duplicate key "a""#),
    (#"{"sixteen-bytes-k":1,"sixteen-bytes-k":2}"#, #"line 1, column 22: duplicate key "sixteen-bytes-k""#),
    (
      #"{"a key longer than sixteen bytes":1,"a key longer than sixteen bytes":2}"#,
      #"line 1, column 38: duplicate key "a key longer than sixteen bytes""#
    ),
    (#"{"é":1,"x":0,"\u00e9":2}"#, #"line 1, column 15: duplicate key "é""#),
  ])
  func duplicatesAreFoundWhateverTheirSpelling(text: String, expected: String) {
    do {
      let json = try JSONReader.parse(text)
      Issue.record("parsed \(text) as \(json)")
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test func keysAreComparedByCodePointsNotCanonicalEquivalence() throws {
    let json = try JSONReader.parse(#"{"\u00e9":1,"e\u0301":2,"ab":3,"abc":4,"":5}"#)
    #expect(
      json
        == .object([
          .init("\u{E9}", .int(1)), .init("e\u{301}", .int(2)), .init("ab", .int(3)), .init("abc", .int(4)),
          .init("", .int(5)),
        ]))
  }

  @Test func aLineOfManyMegabytes() throws {
    let todo =
      #"{"$type":"Todo","id":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"title":"Buy milk","isComplete":false}"#
    let count = 50_000
    var line = Array(#"{"kind":"state","state":{"todos":["#.utf8)
    for i in 0..<count {
      if i > 0 { line.append(0x2C) }
      line.append(contentsOf: todo.utf8)
    }
    line.append(contentsOf: "]}}".utf8)
    #expect(line.count > 5_000_000)
    let json = try JSONReader.parse(line)
    guard case let .array(todos)? = json["state"]?["todos"] else { Issue.record("no todos"); return }
    #expect(todos.count == count)
    #expect(todos[count - 1]["title"] == .string("Buy milk"))

    line.removeLast()  // truncated: the error is at the very end of the line
    #expect(throws: JSONError("unexpected end of input", line: 1, column: line.count + 1)) {
      try JSONReader.parse(line)
    }
  }
}
