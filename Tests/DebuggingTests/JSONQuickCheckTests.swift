import Testing

@testable import Debugging

/// `JSONParser.quickCheckValue()` and `quickSkipValue()` against the full reader: a byte that
/// ends a plain run (quote, backslash, control character, non-ASCII) at every position of a
/// string, so that every lane of the sixteen-byte compare and the bytes after it are hit; invalid
/// UTF-8 there; duplicate keys in small and large objects; and mutated trace lines. What the check
/// accepts the reader reads; what the skip accepts `skipValue()` accepts, ending at the same byte;
/// and a large array read lazily gives the reader's value or its exact error.
@Suite struct JSONQuickCheckTests {
  /// Whether `quickCheckValue()` accepts the whole of `bytes`, and `JSONReader`'s error for them
  /// (`nil`: read).
  func check(_ bytes: [UInt8]) -> (quick: Bool, reader: String?) {
    let quick = bytes.withUnsafeBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      var parser = JSONParser(base, count: buffer.count)
      let accepted = parser.quickCheckValue()
      if !accepted { #expect(parser.index == 0) }
      return accepted && parser.index == buffer.count
    }
    do {
      _ = try JSONReader.parse(bytes)
      return (quick, nil)
    } catch {
      return (quick, error.description)
    }
  }

  /// Where `quickSkipValue()` and `skipValue()` end on `bytes` (`nil`: refused / an error).
  func skips(_ bytes: [UInt8]) -> (quick: Int?, full: Int?) {
    bytes.withUnsafeBufferPointer { buffer -> (Int?, Int?) in
      guard let base = buffer.baseAddress else { return (nil, nil) }
      var quick = JSONParser(base, count: buffer.count)
      let quickEnd = quick.quickSkipValue() ? quick.index : nil
      var full = JSONParser(base, count: buffer.count)
      return (quickEnd, (try? full.skipValue()).map { full.index })
    }
  }

  /// `JSONReader.parseKeepingArraysAsText` and `JSONReader.parse` of `bytes`: the same value
  /// (as the writer writes it) or the same error.
  func lazyAndFull(_ bytes: [UInt8]) -> (lazy: String, full: String) {
    func outcome(_ parse: () throws(JSONError) -> JSON) -> String {
      do {
        return JSONWriter.string(try parse())
      } catch {
        return "error: \(error)"
      }
    }
    let full = outcome { () throws(JSONError) in try JSONReader.parse(bytes) }
    let lazy = bytes.withUnsafeBytes { raw in
      outcome { () throws(JSONError) in try JSONReader.parseKeepingArraysAsText(raw, fromDepth: 1) }
    }
    return (lazy, full)
  }

  /// Bytes that end a plain run inside a string, each as the string's bytes at that place.
  static let specials: [(name: String, bytes: [UInt8])] = [
    ("quote", [0x22]), ("backslash n", [0x5C, 0x6E]), ("backslash quote", [0x5C, 0x22]),
    ("\\u00e9", Array(#"\u00e9"#.utf8)), ("surrogate pair", Array(#"\ud83d\ude00"#.utf8)),
    ("lone high surrogate", Array(#"\ud800x"#.utf8)), ("lone low surrogate", Array(#"\udc00"#.utf8)),
    ("bad escape", [0x5C, 0x71]), ("bad \\u", Array(#"\u12g4"#.utf8)), ("backslash at the end", [0x5C]),
    ("NUL", [0x00]), ("U+001F", [0x1F]), ("tab", [0x09]), ("DEL", [0x7F]),
    ("é", [0xC3, 0xA9]), ("€", [0xE2, 0x82, 0xAC]), ("😀", [0xF0, 0x9F, 0x98, 0x80]),
    ("U+10FFFF", [0xF4, 0x8F, 0xBF, 0xBF]),
    ("overlong 2", [0xC0, 0x80]), ("overlong 2 C1", [0xC1, 0xBF]), ("overlong 3", [0xE0, 0x80, 0x80]),
    ("overlong 4", [0xF0, 0x80, 0x80, 0x80]), ("surrogate D800", [0xED, 0xA0, 0x80]),
    ("surrogate DFFF", [0xED, 0xBF, 0xBF]), ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]), ("F5", [0xF5, 0x80]),
    ("lone continuation", [0x80]), ("FF", [0xFF]), ("cut 2", [0xC3]), ("cut 3", [0xE2, 0x82]),
    ("cut 4", [0xF0, 0x9F, 0x98]), ("bad continuation", [0xC3, 0x28]), ("bad third", [0xE2, 0x82, 0x28]),
  ]

  /// A string of `length` plain bytes with `special` at `position`, in a value at the given place
  /// (as a value, as a key, or as the last thing in the input).
  static func string(_ special: [UInt8], at position: Int, length: Int) -> [UInt8] {
    var body = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8.prefix(length))
    body.insert(contentsOf: special, at: position)
    return [0x22] + body + [0x22]
  }

  static func places(_ string: [UInt8]) -> [[UInt8]] {
    let key = Array(#"{"k":"#.utf8), member = Array(#","z":[1,true]}"#.utf8)
    return [
      key + string + member,  // a value with more after it
      Array(#"{"#.utf8) + string + Array(#":1,"z":2}"#.utf8),  // a key
      Array(#"["#.utf8) + string + Array(#"]"#.utf8),  // near the end of the input
      string,  // the whole input
    ]
  }

  @Test func aSpecialByteAtEveryPositionOfAString() {
    var disagreements: [String] = []
    for (name, special) in Self.specials {
      for length in [0, 1, 7, 8, 15, 16, 17, 24, 31, 32, 40] {
        for position in 0...min(length, 17) {
          for (place, bytes) in Self.places(Self.string(special, at: position, length: length)).enumerated() {
            let (quick, reader) = check(bytes)
            // Keys with escapes are left to the reader; anything else it reads, the check accepts.
            let escapedKey = place == 1 && special.first == 0x5C
            if quick && reader != nil || !quick && reader == nil && !escapedKey {
              disagreements.append(
                "\(name) at \(position) of \(length), place \(place): quick \(quick), \(reader ?? "read")")
            }
            let (quickEnd, fullEnd) = skips(bytes)
            if quickEnd != fullEnd {
              disagreements.append(
                "\(name) at \(position) of \(length), place \(place): skip \(quickEnd ?? -1) \(fullEnd ?? -1)")
            }
          }
        }
      }
    }
    #expect(disagreements == [])
  }

  @Test func theCheckAcceptsWhatTheReaderReadsAmongSpecialStrings() {
    // Spot checks that the comparison above sees both outcomes.
    #expect(check(Array(#"{"k":"abcdefghijklmnop\u00e9q","z":[1,true]}"#.utf8)) == (true, nil))
    #expect(check(Array(#"{"k":"abcdefghijklmnopq"#.utf8) + [0xC3, 0xA9, 0x22, 0x7D]) == (true, nil))
    #expect(
      check(Array(#"["abcdefghijklmnop"#.utf8) + [0xED, 0xA0, 0x80, 0x22, 0x5D])
        == (false, "line 1, column 19: invalid UTF-8"))
    #expect(
      check(Array(#"["abcdefgh"#.utf8) + [0x01] + Array(#""]"#.utf8))
        == (false, "line 1, column 11: control character U+0001 in string"))
    #expect(check(Array(#"{"abcdefghijklmnopq\n":1}"#.utf8)) == (false, nil))
  }

  @Test func aLargeArrayWithASpecialStringReadsAsTheReaderReadsIt() {
    var disagreements: [String] = []
    let filler = Array((#"[""# + String(repeating: "x", count: 4100) + #"","#).utf8)
    for (name, special) in Self.specials {
      for position in [0, 5, 8, 15, 16, 17] {
        let string = Self.string(special, at: position, length: 20)
        for element in [string, Array(#"{"a":"#.utf8) + string + [0x7D], [0x7B] + string + Array(#":1}"#.utf8)] {
          let bytes = filler + element + Array(#",{"b":[1,2]}]"#.utf8)
          let (lazy, full) = lazyAndFull(bytes)
          if lazy != full { disagreements.append("\(name) at \(position): \(lazy) / \(full)") }
        }
      }
    }
    #expect(disagreements == [])
  }

  // MARK: - Keys

  func object(_ keys: [String]) -> [UInt8] {
    Array(("{" + keys.enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",") + "}").utf8)
  }

  @Test func duplicateKeysInSmallAndLargeObjects() {
    for count in [2, 3, 8, 9, 16, 31, 32] {
      let keys = (0..<count).map { "key\($0)" }
      #expect(check(object(keys)) == (true, nil), "\(count) keys")
      for i in 0..<count {
        for j in i + 1..<count {
          var repeated = keys
          repeated[j] = keys[i]
          let column = object(Array(repeated[..<j])).count + 1
          #expect(
            check(object(repeated)) == (false, #"line 1, column \#(column): duplicate key "\#(keys[i])""#),
            "\(count) keys, \(i) and \(j)")
        }
      }
    }
    // More than 32 members are left to the reader, duplicates or not.
    let wide = (0..<33).map { "key\($0)" }
    #expect(check(object(wide)) == (false, nil))
    #expect(check(object(wide + ["key5"])).quick == false)
  }

  @Test func keysThatShareALengthOrAPrefixAreDifferent() {
    // Same length, same first and last byte (the same bit of the table): compared byte by byte.
    let similar = ["a1b", "a2b", "a3b", "aab", "abb", "", "a", "b", "ab", "ba", "a\u{E9}b", "a\u{E8}b"]
    #expect(check(object(similar)) == (true, nil))
    for key in similar {
      #expect(check(object(similar + [key])).quick == false, "\(key)")
      #expect(check(object(similar + [key])).reader?.contains("duplicate key") == true, "\(key)")
    }
    #expect(check(object(["description", "descriptiom", "descriptio", "description1"])) == (true, nil))
    let long = String(repeating: "k", count: 40)
    #expect(check(object([long + "1", long + "2", long])) == (true, nil))
    #expect(
      check(object([long + "1", long, long + "2", long])) == (false, #"line 1, column 139: duplicate key "\#(long)""#))
  }

  @Test func eachObjectHasItsOwnKeys() {
    func accepted(_ text: String) -> Bool { check(Array(text.utf8)) == (true, nil) }
    #expect(accepted(#"{"a":{"a":1,"b":2},"b":{"a":{"a":3}},"c":[{"a":1},{"a":2}]}"#))
    #expect(accepted(#"{"a":{"b":1,"c":2},"b":3,"c":4}"#))
    #expect(check(Array(#"{"a":{"b":1},"a":2}"#.utf8)) == (false, #"line 1, column 14: duplicate key "a""#))
    #expect(check(Array(#"{"a":{"b":1,"b":2},"c":3}"#.utf8)) == (false, #"line 1, column 13: duplicate key "b""#))
    #expect(check(Array(#"[{"a":1},{},{"a":1,"a":2}]"#.utf8)) == (false, #"line 1, column 20: duplicate key "a""#))
    #expect(check(Array(#"{"":1,"":2}"#.utf8)) == (false, #"line 1, column 7: duplicate key """#))
    // Deep objects, each with the same 32 keys.
    let inner = (0..<31).map { #""k\#($0)":0"# }.joined(separator: ",")
    var nested = "1"
    for _ in 0..<20 { nested = "{" + inner + #","deeper":"# + nested + "}" }
    #expect(accepted(nested))
    // Objects 63 levels deep are the check's, 64 the reader's.
    let deep63 = String(repeating: #"{"a":"#, count: 63) + "1" + String(repeating: "}", count: 63)
    let deep64 = String(repeating: #"{"a":"#, count: 64) + "1" + String(repeating: "}", count: 64)
    #expect(accepted(deep63))
    #expect(check(Array(deep64.utf8)) == (false, nil))
  }

  // MARK: - Trace lines

  static let lines: [String] = [
    #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":["#
      + (0..<40).map {
        #"{"$type":"Todo.State","description":"Todo \#($0)","id":{"$uuid":"00000000-0000-0000-0000-0000000000\#($0 + 10)"},"isComplete":\#($0 % 3 == 0)}"#
      }.joined(separator: ",") + "]}}",
    #"{"kind":"action","seq":2691,"t":943653698,"duration":5128,"label":"Todos.Action.todos(.element(id:, action: .textFieldChanged))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction<UUID, Todo.Action>","element":{"id":{"$uuid":"00000000-0000-0000-0000-00000000042A"},"action":{"$enum":"Todo.Action","textFieldChanged":{"_0":"Edited 1921 caf\u00e9 \u00e9t\u00e9 \ud83d\ude00"}}}}}},"patch":[{"op":"replace","path":"/todos/91/description","value":"Edited 1921"}]}"#,
    #"{"kind":"action","seq":7,"t":-0.5e3,"duration":1.25E+2,"label":"x","action":{"a":[1,-2,0,0.5,123456789012345678,1e307,-1e-400,true,false,null,"",{},[]]},"patch":[]}"#,
    #"{"kind":"effect","event":"started","effect":770,"seq":2693,"t":943843081,"label":"Todos.Action.todos(.element(id:, action: .checkBoxToggled))","id":"Todos.CancelID.todoCompletion"}"#,
  ]

  @Test func mutatedTraceLinesAgreeWithTheReader() {
    // A deterministic generator (SplitMix64): the same mutations on every run.
    var state: UInt64 = 0x5EED_2026
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let replacements: [UInt8] = [
      0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x30, 0x39, 0x2D, 0x2E, 0x65, 0x61, 0x74, 0x6E, 0x20, 0x0A,
      0x00, 0x1F, 0x80, 0xC3, 0xED, 0xF4, 0xFF,
    ]
    var wrong: [String] = []
    var acceptedMutations = 0
    for line in Self.lines {
      let bytes = Array(line.utf8)
      for round in 0..<600 {
        var mutated = bytes
        for _ in 0..<(1 + Int(next() % 3)) {
          let position = Int(next() % UInt64(mutated.count))
          switch next() % 4 {
          case 0: mutated.remove(at: position)
          case 1: mutated.insert(replacements[Int(next() % UInt64(replacements.count))], at: position)
          default: mutated[position] = replacements[Int(next() % UInt64(replacements.count))]
          }
        }
        let (quick, reader) = check(mutated)
        if quick { acceptedMutations += 1 }
        if quick && reader != nil { wrong.append("check accepted \(round): \(reader!)") }
        let (quickEnd, fullEnd) = skips(mutated)
        if quickEnd != fullEnd { wrong.append("skip \(round): \(quickEnd ?? -1) vs \(fullEnd ?? -1)") }
      }
    }
    #expect(wrong == [])
    // Some mutations keep the line valid (a digit for a digit, a letter in a string).
    #expect(acceptedMutations > 100)
  }

  @Test func mutatedLargeArraysReadAsTheReaderReadsThem() {
    var state: UInt64 = 2026
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let element =
      #"{"$type":"Todo.State","description":"Todo 1","id":{"$uuid":"00000000-0000-0000-0000-000000000001"},"isComplete":false}"#
    let bytes = Array(("[" + Array(repeating: element, count: 60).joined(separator: ",") + "]").utf8)
    let replacements: [UInt8] = [0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x30, 0x61, 0x00, 0xC3, 0xFF]
    var disagreements: [String] = []
    for round in 0..<300 {
      var mutated = bytes
      let position = Int(next() % UInt64(bytes.count))
      mutated[position] = replacements[Int(next() % UInt64(replacements.count))]
      let (lazy, full) = lazyAndFull(mutated)
      if lazy != full { disagreements.append("\(round) [\(position)]: \(lazy.prefix(80)) / \(full.prefix(80))") }
    }
    #expect(disagreements == [])
  }

  // MARK: - Scalar members

  /// The first member's value of `line` as `JSONObjectScanner` gives it (checking values or not):
  /// its raw text, or the line's error; with whether the check vouched for it.
  func firstMember(_ line: [UInt8], checks: Bool) -> (text: String, checked: Bool) {
    line.withUnsafeBytes { buffer in
      do throws(JSONError) {
        var scanner = try JSONObjectScanner(buffer)
        scanner.checksValues = checks
        guard let member = try scanner.next() else { return ("none", false) }
        let first = (String(decoding: scanner.rawValue(of: member), as: UTF8.self), scanner.lastValueChecked)
        while try scanner.next() != nil {}
        return first
      } catch {
        return ("error: \(error)", false)
      }
    }
  }

  @Test func scalarMembersEndWhereTheFullSkipEnds() {
    let values = [
      "0", "-0", "7", "-7", "123456789012345678", "-123456789012345678", "1234567890123456789", "99999999999999999999",
      "01", "-01", "00", "-", "--1", "1.", "1.5", "-0.5", "1e5", "1E+5", "2e", "12x", "12 ", "1", #""""#, #""a""#,
      #""abcdefghijklmnopqrstuvwxyz""#, #""a\"b""#, #""\u00e9""#, #""\ud800""#, #""a"#, "\"ab\u{1}c\"",
      "\"caf\u{E9}\"", "true", "nul", "{}", #"{"x":[1,2]}"#, "[]",
    ]
    var wrong: [String] = []
    for value in values {
      let line = Array(#"{"a":"#.utf8) + Array(value.utf8) + Array(#","b":2}"#.utf8)
      // The reference: where the full skip of the value ends, or its error.
      let expected: String = line.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer.baseAddress!, count: buffer.count, from: 5)
        do {
          try parser.skipValue()
          // What follows the value must be "," (else the line's error comes first).
          parser.skipWhitespace()
          guard buffer[parser.index] == .comma else { return "error" }
          return String(decoding: line[5..<parser.index], as: UTF8.self).trimmingSuffixSpaces()
        } catch {
          return "error: \(error)"
        }
      }
      let reads = (try? JSONReader.parse(Array(value.utf8))) != nil
      for checks in [false, true] {
        let (text, checked) = firstMember(line, checks: checks)
        if expected == "error" ? !text.hasPrefix("error") : text != expected {
          wrong.append("\(value) (checks \(checks)): \(text) / \(expected)")
        }
        if checks && checked && !reads { wrong.append("\(value): checked but not read") }
      }
    }
    #expect(wrong == [])
    // Plain integers of up to 18 digits and plain strings are vouched for.
    for value in ["-123456789012345678", "0", #""abcdefghijklmnopqrstuvwxyz""#, #""a\"b""#] {
      #expect(firstMember(Array(#"{"a":"#.utf8) + Array(value.utf8) + [0x7D], checks: true).checked, "\(value)")
    }
    #expect(firstMember(Array(#"{"a":1234567890123456789}"#.utf8), checks: true) == ("1234567890123456789", false))
    #expect(
      firstMember(Array(#"{"a":01}"#.utf8), checks: true).text
        == "error: line 1, column 6: invalid number, leading zero")
  }

  // MARK: - Arrays checked whole

  @Test func aLargeArrayIsCheckedInOnePassAndKeepsItsElementsAsText() throws {
    let element = #"{"id":1,"title":"a title","tags":["x","y"]}"#
    let text = "[" + Array(repeating: element, count: 200).joined(separator: " , ") + "]"
    let json = try JSONLazyReadingTests.lazyParse(text)
    guard case .array(let elements) = json else {
      Issue.record("not an array")
      return
    }
    #expect(elements.hasPendingElements)
    #expect(elements.count == 200)
    #expect(JSONWriter.string(json) == JSONWriter.string(try JSONReader.parse(text)))
  }

  @Test func elementsTheWholeCheckRefusesAreReadOneByOne() throws {
    // A 19-digit integer, an escaped key, 33 members: each left to the reader, the rest kept.
    let wide = "{" + (0..<33).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
    for odd in ["9223372036854775807", #"{"k\u0065y":1}"#, wide] {
      for at in [0, 50, 99] {
        var elements = Array(repeating: #"{"id":1,"title":"a title that makes it long"}"#, count: 100)
        elements[at] = odd
        let text = "[" + elements.joined(separator: ",") + "]"
        let lazy = try JSONLazyReadingTests.lazyParse(text)
        // (Before the comparison, which reads them.)
        guard case .array(let items) = lazy else { continue }
        #expect(items.hasPendingElements)
        #expect(lazy == (try JSONReader.parse(text)), "\(odd) at \(at)")
      }
    }
  }

  @Test func theElementRangesAreTheElementsText() {
    let text = Array(#"x [ 1 ,"a,b" , {"c":[2,3]},[],null ] y"#.utf8)
    text.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count, from: 2)
      var ranges = JSONElementRanges(base: 2)
      let checked = parser.quickCheckValue(recording: &ranges, reusing: QuickKeys())
      #expect(checked)
      #expect(parser.index == text.count - 2)
      #expect(
        ranges.ranges.map { String(decoding: text[$0.range], as: UTF8.self) } == [
          "1", #""a,b""#, #"{"c":[2,3]}"#, "[]", "null",
        ])
      var skipper = JSONParser(buffer.baseAddress!, count: buffer.count, from: 2)
      var skipped = JSONElementRanges(base: 2)
      let skippedAll = skipper.quickSkipValue(recording: &skipped)
      #expect(skippedAll)
      #expect(skipped.ranges == ranges.ranges)
    }
  }

  /// The ranges are kept in chunks as they come: 5,000 elements give 5,000 ranges in order, and
  /// their `ChunkedArray` holds the same chunks (chunked from the start); 300 give a flat one.
  @Test func manyElementRangesAreKeptInChunks() {
    for count in [300, 5_000] {
      let elements = (0..<count).map { #"{"id":\#($0)}"# }
      let text = Array(("[" + elements.joined(separator: ",") + "]").utf8)
      text.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
        var ranges = JSONElementRanges(base: 0)
        #expect(parser.quickCheckValue(recording: &ranges, reusing: QuickKeys()))
        #expect(ranges.count == count)
        #expect(ranges.ranges.map { String(decoding: text[$0.range], as: UTF8.self) } == elements)
        let chunked = ranges.chunked
        #expect(chunked.isChunked == (count == 5_000), "\(count)")
        #expect(Array(chunked) == ranges.ranges && chunked.count == count)
      }
    }
  }
}

extension String {
  fileprivate func trimmingSuffixSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
