import Testing

@testable import Debugging

@Suite struct JSONObjectScannerTests {
  /// Scans `text` and returns `key=raw value` per member, or the error.
  func scan(_ text: String) -> String {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { buffer in
      do throws(JSONError) {
        var scanner = try JSONObjectScanner(buffer)
        var lines: [String] = []
        while let member = try scanner.next() {
          lines.append(scanner.key(of: member) + "=" + String(decoding: scanner.rawValue(of: member), as: UTF8.self))
        }
        return lines.joined(separator: "\n")
      } catch {
        return "error: \(error)"
      }
    }
  }

  @Test func yieldsEachMemberAndItsRawValue() {
    let line =
      #"{"kind":"action","seq":42, "state":{"todos":[{"$type":"Todo","t":"a\"b"}]},"k\u0041":[1,2.5e3,true,null] }"#
    #expect(
      scan(line) == #"""
        kind="action"
        seq=42
        state={"todos":[{"$type":"Todo","t":"a\"b"}]}
        kA=[1,2.5e3,true,null]
        """#)
    #expect(scan(" {} ") == "")
  }

  /// Strings without escapes and integers of up to 18 digits are read from their bytes (the scan
  /// checked them): the same values as the parser gives.
  @Test func plainValuesAreReadAsTheParserReadsThem() throws {
    let line =
      #"{"a":"Todos.Action.add","b":"é ü","c":"x\ny","d":0,"e":-0,"f":123456789012345678,"g":-123456789012345678,"h":1234567890123456789,"i":-7,"j":1.5,"k":"","l":[1]}"#
    let bytes = Array(line.utf8)
    try bytes.withUnsafeBytes { buffer in
      var scanner = try JSONObjectScanner(buffer)
      var found: [String] = []
      while let member = try scanner.next() {
        let plain: String
        switch member.plain {
        case .none: plain = "-"
        case .string: plain = "string"
        case .integer: plain = "integer"
        }
        let string = try scanner.string(member).map { "\"\($0)\"" } ?? "nil"
        let int = try scanner.int(member).map(String.init) ?? "nil"
        found.append("\(scanner.key(of: member)) \(plain) \(string) \(int)")
      }
      #expect(
        found.joined(separator: "\n") == """
          a string "Todos.Action.add" nil
          b string "é ü" nil
          c - "x
          y" nil
          d integer nil 0
          e integer nil 0
          f integer nil 123456789012345678
          g integer nil -123456789012345678
          h - nil 1234567890123456789
          i integer nil -7
          j - nil nil
          k string "" nil
          l - nil nil
          """)
    }
  }

  @Test func decodesSingleMembers() throws {
    let bytes = Array(
      #"{"kind":"action","seq":42,"duration":5100.5,"flag":true,"label":"a\nb","big":18446744073709551615}"#.utf8)
    try bytes.withUnsafeBytes { buffer in
      var scanner = try JSONObjectScanner(buffer)
      var found: [String] = []
      while let member = try scanner.next() {
        if scanner.key(of: member, is: "kind") { found.append("kind \(try scanner.string(member) ?? "?")") }
        if scanner.key(of: member, is: "seq") {
          found.append("seq \(try scanner.int(member) ?? -1) \(try scanner.string(member) ?? "not a string")")
        }
        if scanner.key(of: member, is: "duration") {
          found.append("duration \(try scanner.double(member) ?? -1) \(try scanner.int(member) ?? -1)")
        }
        if scanner.key(of: member, is: "flag") { found.append("flag \(scanner.bool(member) ?? false)") }
        if scanner.key(of: member, is: "label") { found.append("label \(try scanner.value(member))") }
        if scanner.key(of: member, is: "big") {
          found.append("big \(try scanner.int(member) ?? -1) \(try scanner.value(member))")
        }
      }
      #expect(
        found == [
          "kind action", "seq 42 not a string", "duration 5100.5 -1", "flag true",
          #"label string("a\nb")"#, "big -1 uint(18446744073709551615)",
        ])
    }
  }

  @Test func keyComparisonHandlesEscapesAndLengths() throws {
    let bytes = Array(#"{"s\u0065q":1,"se":2,"seqq":3}"#.utf8)
    try bytes.withUnsafeBytes { buffer in
      var scanner = try JSONObjectScanner(buffer)
      var matches: [Bool] = []
      while let member = try scanner.next() { matches.append(scanner.key(of: member, is: "seq")) }
      #expect(matches == [true, false, false])
    }
  }

  @Test(arguments: [
    ("", "error: line 1, column 1: empty input"),
    ("[1]", #"error: line 1, column 1: expected an object, found "[""#),
    (#"{"kind":"action","state":{"todos":[{"a":1},"#, "error: line 1, column 44: unexpected end of input"),
    (#"{"kind":"action","state":{"todos":[tru]}}"#, "error: line 1, column 36: invalid literal, expected true"),
    (#"{"a":1}x"#, #"error: line 1, column 8: unexpected "x" after the JSON value"#),
    (#"{"a":1"#, "error: line 1, column 7: unexpected end of input"),
    (#"{"a":1 "b":2}"#, #"error: line 1, column 8: expected "," or "}", found '"'"#),
    (#"{"a":{"b":"\x"}}"#, #"error: line 1, column 12: invalid escape "\x" in string"#),
    (#"{"a":[1 2]}"#, #"error: line 1, column 9: expected "," or "]", found "2""#),
    (#"{"a":01}"#, "error: line 1, column 6: invalid number, leading zero"),
    (#"{1:2}"#, #"error: line 1, column 2: expected a string key, found "1""#),
    (#"{"a" 2}"#, #"error: line 1, column 6: expected ":", found "2""#),
  ])
  func reportsStructuralErrors(text: String, expected: String) {
    #expect(scan(text) == expected)
  }

  @Test func deepSkippedValuesHitTheDepthLimit() {
    let text = #"{"a":"# + String(repeating: "[", count: 100_000)
    #expect(scan(text) == "error: line 1, column 517: nesting deeper than 512 levels")
  }

  @Test func decodingAMemberAppliesAllReaderRulesWithPositionsInTheLine() throws {
    let bytes = Array(#"{"kind":"x","state":{"a":1,"a":2}}"#.utf8)
    try bytes.withUnsafeBytes { buffer in
      var scanner = try JSONObjectScanner(buffer)
      _ = try scanner.next()
      let state = try #require(try scanner.next())
      #expect(throws: JSONError(#"duplicate key "a""#, line: 1, column: 28)) { try scanner.value(state) }
      #expect(try scanner.next() == nil)
      #expect(try scanner.next() == nil)
    }
  }

  @Test func findsNamedMembersInOnePass() throws {
    let bytes = Array(#"{"kind":"action","seq":7,"state":{"seq":99},"seq":8}"#.utf8)
    try bytes.withUnsafeBytes { buffer in
      var scanner = try JSONObjectScanner(buffer)
      let found = try scanner.members(named: ["seq", "label", "kind"])
      #expect(try found[0].map { try scanner.int($0) } == 7)
      #expect(found[1] == nil)
      #expect(try found[2].map { try scanner.string($0) } == "action")
    }
  }
}

extension JSONObjectScannerTests {
  /// `int(_:)` reads short digit runs itself and the rest through the number parser: every value
  /// is the reader's integer, or `nil` where the reader's value is not an `Int64`.
  @Test(arguments: [
    "0", "7", "10", "123456789012345678", "999999999999999999", "1234567890123456789", "9223372036854775807",
    "9223372036854775808", "18446744073709551616", "-0", "-5", "-9223372036854775808", "1.5", "1e3", "0.0", "2E2",
    "100000000000000000", "\"12\"", "true", "null",
  ])
  func intMatchesTheReader(number: String) throws {
    let line = #"{"n":\#(number)}"#
    let expected: String
    do throws(JSONError) {
      switch try JSONReader.parse(line) {
      case let .object(members): expected = if case let .int(i) = members[0].value { "\(i)" } else { "nil" }
      default: expected = "not an object"
      }
    } catch {
      expected = error.message
    }
    let found = Array(line.utf8).withUnsafeBytes { bytes -> String in
      do throws(JSONError) {
        var scanner = try JSONObjectScanner(bytes)
        guard let member = try scanner.next() else { return "no member" }
        return try scanner.int(member).map { "\($0)" } ?? "nil"
      } catch {
        return error.message
      }
    }
    #expect(found == expected)
  }
}
