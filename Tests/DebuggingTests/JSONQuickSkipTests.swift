import Testing

@testable import Debugging

/// `JSONParser.quickSkipValue()` (the fast path of skipping a value) against `skipValue()`: the
/// same values accepted, ending at the same byte; the exact errors still come from `skipValue()`.
@Suite struct JSONQuickSkipTests {
  /// `(quick, full)`: where each skip of the value at the start of `text` ends (`nil`: not
  /// accepted), and the full skip's error.
  func skips(_ bytes: [UInt8]) -> (quick: Int?, full: Int?, error: String?) {
    bytes.withUnsafeBufferPointer { buffer -> (Int?, Int?, String?) in
      // An empty array's base address may be nil: give the parser a valid pointer.
      guard let base = buffer.baseAddress else { return (nil, nil, "empty") }
      var quick = JSONParser(base, count: buffer.count)
      let quickEnd = quick.quickSkipValue() ? quick.index : nil
      if quickEnd == nil { #expect(quick.index == 0) }
      var full = JSONParser(base, count: buffer.count)
      do {
        try full.skipValue()
        return (quickEnd, full.index, nil)
      } catch {
        return (quickEnd, nil, "\(error)")
      }
    }
  }

  func skips(_ text: String) -> (quick: Int?, full: Int?, error: String?) { skips(Array(text.utf8)) }

  /// Values of every kind, as a trace's states hold them.
  static let values: [String] = [
    #"{"$type":"Todo.State","description":"Todo 0","id":{"$uuid":"00000000-0000-0000-0000-000000000000"},"isComplete":false}"#,
    #"[1,-2,0,0.5,-0.25e-3,1E+9,12345678901234567890123,true,false,null,"",{},[],[{}],{"a":[]}]"#,
    #" { "a" : [ 1 , 2 ] , "b" : { } , "c" : "x\"y\\z\/\b\f\n\r\t\u00e9\ud83d\ude00" } "#,
    #""a long string without anything special in it, longer than sixteen bytes""#,
    "\"caf\u{E9} \u{1F600} \u{4E2D}\u{6587} and more text after the non-ASCII characters\"",
    #"{"":"","\u0041":1}"#,
    "[\t\r\n1\t,\n2\r]",
    "123", "-0", "0", "true", "false", "null", #""""#,
  ]

  @Test func acceptsWhatTheFullSkipAcceptsAndEndsAtTheSameByte() {
    for value in Self.values {
      let result = skips(value)
      #expect(result.error == nil, "\(value)")
      #expect(result.quick != nil && result.quick == result.full, "\(value)")
    }
    // A value followed by more text ends where the value ends.
    #expect(skips(#"{"a":1},"b":2}"#).quick == 7)
    #expect(skips(#""ab"  ,"#).quick == 4)
    #expect(skips("truex").quick == 4)
  }

  @Test func refusesEveryCutOffValue() {
    for value in Self.values {
      let bytes = Array(value.utf8)
      for count in 0..<bytes.count {
        let prefix = Array(bytes[..<count])
        let result = skips(prefix)
        // A number cut after a digit is still a number; anything else is an error.
        #expect(result.quick == result.full, "\(value) cut at \(count)")
        if result.full == nil { #expect(result.error != nil) }
      }
    }
  }

  @Test func agreesOnEverySingleByteCorruption() {
    let replacements: [UInt8] = [
      0x00, 0x1F, 0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x80, 0xC0, 0xFF, 0x30, 0x65, 0x2E,
    ]
    var disagreements: [String] = []
    for value in Self.values {
      let bytes = Array(value.utf8)
      for position in bytes.indices {
        for replacement in replacements {
          var corrupted = bytes
          corrupted[position] = replacement
          let result = skips(corrupted)
          if result.quick != result.full {
            disagreements.append("\(value) [\(position)]=\(replacement): quick \(String(describing: result.quick))")
          }
        }
      }
    }
    #expect(disagreements == [])
  }

  @Test func takesTheFastPathForUsualValues() {
    // Nesting up to 63 levels below the current one is the fast path's; deeper is the full skip's.
    let nested63 = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
    let nested64 = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(skips(nested63).quick == 126)
    #expect(skips(nested64).quick == nil)
    #expect(skips(nested64).full == 128)
  }

  @Test func errorsOfSkippedValuesStayExact() {
    func error(_ text: String) -> String? { skips(text).error }
    #expect(error(#"{"a":[1,2}"#) == #"line 1, column 10: expected "," or "]", found "}""#)
    #expect(error(#"{"a":"b\qc"}"#) == #"line 1, column 8: invalid escape "\q" in string"#)
    #expect(error(#"["\u12G4"]"#) == #"line 1, column 3: invalid escape "\u", expected 4 hex digits"#)
    #expect(error(#"["\udc00"]"#) == #"line 1, column 3: unpaired surrogate "\uDC00" in string"#)
    #expect(error("[\"a\u{1}\"]") == "line 1, column 4: control character U+0001 in string")
    #expect(skips([0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D]).error == "line 1, column 4: invalid UTF-8")
    #expect(skips([0x5B, 0x22, 0x61, 0xE2, 0x82]).error == "line 1, column 6: unexpected end of input")
    #expect(error(#"{"a":{"b":[1,2,3"#) == "line 1, column 17: unexpected end of input")
    #expect(error("[01]") == "line 1, column 2: invalid number, leading zero")
    #expect(error("[1.]") == #"line 1, column 4: invalid number, found "]""#)
    #expect(error("[1e+]") == #"line 1, column 5: invalid number, found "]""#)
    #expect(error("[-x]") == #"line 1, column 3: invalid number, found "x""#)
    #expect(error("[tru]") == "line 1, column 2: invalid literal, expected true")
    #expect(error(#"{"a" 1}"#) == #"line 1, column 6: expected ":", found "1""#)
    #expect(error(#"{1:2}"#) == #"line 1, column 2: expected a string key, found "1""#)
    #expect(error("[1,]") == #"line 1, column 4: expected a value, found "]""#)
  }

  @Test func deepNestingIsAnErrorWithoutOverflowingTheStack() {
    let deep = String(repeating: #"{"a":["#, count: 300) + "1" + String(repeating: "]}", count: 300)
    #expect(skips(deep).error == "line 1, column 1537: nesting deeper than 512 levels")
    let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(skips(allowed).full == 1024)
    #expect(skips(allowed).quick == nil)
  }

  @Test func findsTheFirstSpecialByteOfSixteen() {
    let plain = Array("abcdefghijklmnop".utf8)
    plain.withUnsafeBufferPointer { #expect(stringSpecialOffset($0.baseAddress!) == 16) }
    for special: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xFF] {
      for position in 0..<16 {
        var bytes = plain
        bytes[position] = special
        if position < 15 { bytes[15] = 0x22 }
        bytes.withUnsafeBufferPointer { #expect(stringSpecialOffset($0.baseAddress!) == position, "\(special)") }
      }
    }
  }
}

@Suite struct ByteSearchTests {
  func contains(_ text: [UInt8]) -> Bool { text.withUnsafeBytes { ByteSearch.contains($0, #""reducer":"#) } }

  @Test func findsTheNeedleAtEveryOffset() {
    let needle = Array(#""reducer":"#.utf8)
    for length in [10, 11, 16, 17, 18, 24, 25, 26, 27, 31, 32, 33, 40, 64, 73, 74, 75, 81, 90, 139, 140, 200] {
      for offset in 0...(length - needle.count) {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        bytes.replaceSubrange(offset..<offset + needle.count, with: needle)
        #expect(contains(bytes), "length \(length), offset \(offset)")
      }
    }
  }

  @Test func missesWhatIsNotThere() {
    #expect(!contains([]))
    #expect(!contains(Array(#""reducer""#.utf8)))
    #expect(!contains(Array(#"{"kind":"state","state":{"reduce":"r","reducer" :1}}"#.utf8)))
    // A first pair that repeats, and the needle cut off by the end of the line.
    #expect(!contains(Array(String(repeating: #""r"#, count: 40).utf8) + Array(#""reducer""#.utf8)))
    #expect(contains(Array(String(repeating: #""r"#, count: 40).utf8) + Array(#""reducer":"#.utf8)))
    // The needle cut off in the last places, which one vector ending at the last place looks at.
    for length in 10...90 {
      let text = Array(String(repeating: "x", count: length - 9).utf8) + Array(#""reducer""#.utf8)
      #expect(!contains(text), "length \(length)")
    }
    for repeats in [31, 32, 33, 100, 200] {
      #expect(!contains(Array(String(repeating: #""r"#, count: repeats).utf8) + Array(#""reducer""#.utf8)))
      #expect(contains(Array(String(repeating: #""r"#, count: repeats).utf8) + Array(#""reducer":"#.utf8)))
    }
  }
}
