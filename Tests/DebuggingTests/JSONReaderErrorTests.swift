import Testing

@testable import Debugging

/// Every malformed input gets its exact message, line and column.
@Suite struct JSONReaderErrorTests {
  static let cases: [(input: String, error: String)] = [
    ("", "line 1, column 1: empty input"),
    ("  \n ", "line 2, column 2: empty input"),
    (#"{"a":1"#, "line 1, column 7: unexpected end of input"),
    (#"{"a":"#, "line 1, column 6: unexpected end of input"),
    (#"{"a":"xy"#, "line 1, column 9: unexpected end of input"),
    (#"["#, "line 1, column 2: unexpected end of input"),
    ("[1,\n2", "line 2, column 2: unexpected end of input"),
    (#""\u12"#, "line 1, column 6: unexpected end of input"),
    ("-", "line 1, column 2: unexpected end of input"),
    ("1.", "line 1, column 3: unexpected end of input"),
    ("tr", "line 1, column 3: unexpected end of input"),
    (#"{"a":1}x"#, #"line 1, column 8: unexpected "x" after the JSON value"#),
    ("1 2", #"line 1, column 3: unexpected "2" after the JSON value"#),
    ("{}\n}", #"line 2, column 1: unexpected "}" after the JSON value"#),
    (#"{"a":tru}"#, "line 1, column 6: invalid literal, expected true"),
    ("nul1", "line 1, column 1: invalid literal, expected null"),
    ("falsy", "line 1, column 1: invalid literal, expected false"),
    (#""a\qb""#, #"line 1, column 3: invalid escape "\q" in string"#),
    (#""a\u12G4""#, #"line 1, column 3: invalid escape "\u", expected 4 hex digits"#),
    (#""\ud800""#, #"line 1, column 2: unpaired surrogate "\uD800" in string"#),
    (#""\ud800\u0041""#, #"line 1, column 2: unpaired surrogate "\uD800" in string"#),
    (#""\udc00x""#, #"line 1, column 2: unpaired surrogate "\uDC00" in string"#),
    ("\"a\nb\"", "line 1, column 3: control character U+000A in string"),
    ("\"é\tb\"", "line 1, column 4: control character U+0009 in string"),
    ("18446744073709551616", "line 1, column 1: number out of range"),
    ("[-9223372036854775809]", "line 1, column 2: number out of range"),
    ("1e309", "line 1, column 1: number out of range"),
    ("-1e400", "line 1, column 1: number out of range"),
    ("01", "line 1, column 1: invalid number, leading zero"),
    ("-x", #"line 1, column 2: invalid number, found "x""#),
    ("1.e5", #"line 1, column 3: invalid number, found "e""#),
    ("1e+", "line 1, column 4: unexpected end of input"),
    (#"{"x":1,"x":2}"#, #"line 1, column 8: duplicate key "x""#),
    ("{\"a\":{\"b\\n\":1,\n\"b\\n\":2}}", #"line 2, column 1: duplicate key "b\n""#),
    ("[1,]", #"line 1, column 4: expected a value, found "]""#),
    ("{,}", #"line 1, column 2: expected a string key, found ",""#),
    (#"{"a" 1}"#, #"line 1, column 6: expected ":", found "1""#),
    (#"{"a":1 "b":2}"#, #"line 1, column 8: expected "," or "}", found '"'"#),
    ("[1 2]", #"line 1, column 4: expected "," or "]", found "2""#),
    ("'a'", #"line 1, column 1: expected a value, found "'""#),
    ("[\u{7}]", "line 1, column 2: expected a value, found U+0007"),
    ("[é]", #"line 1, column 2: expected a value, found "é""#),
    ("\u{FEFF}{}", "line 1, column 1: expected a value, found U+FEFF (a byte order mark)"),
    ("[\u{A0}1]", "line 1, column 2: expected a value, found U+00A0"),
    ("[1\u{2028}]", #"line 1, column 3: expected "," or "]", found U+2028"#),
    ("[\u{9B}]", "line 1, column 2: expected a value, found U+009B"),
    ("[\u{200B}]", "line 1, column 2: expected a value, found U+200B"),
  ]

  @Test(arguments: cases)
  func reportsTheExactError(input: String, expected: String) {
    do {
      let json = try JSONReader.parse(input)
      Issue.record("parsed \(input) as \(json)")
    } catch {
      #expect(error.description == expected)
      #expect("\(error)" == expected)
    }
  }

  static let invalidUTF8: [(bytes: [UInt8], error: String)] = [
    ([0x22, 0x61, 0xFF, 0x22], "line 1, column 3: invalid UTF-8"),
    ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: invalid UTF-8"),  // overlong "/"
    ([0x22, 0xE0, 0x80, 0xAF, 0x22], "line 1, column 2: invalid UTF-8"),  // overlong
    ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2: invalid UTF-8"),  // encoded surrogate
    ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "line 1, column 2: invalid UTF-8"),  // above U+10FFFF
    ([0x22, 0x80, 0x22], "line 1, column 2: invalid UTF-8"),  // stray continuation
    ([0x22, 0xC3, 0x41, 0x22], "line 1, column 2: invalid UTF-8"),  // missing continuation
    ([0x22, 0xC3, 0xA9, 0xE2, 0x82], "line 1, column 6: unexpected end of input"),  // cut off
    ([0x5B, 0xFE, 0x5D], "line 1, column 2: invalid UTF-8"),  // outside a string
    (
      [0x7B, 0x22, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0xFF], "line 1, column 13: invalid UTF-8"
    ),
  ]

  @Test(arguments: invalidUTF8)
  func invalidUTF8IsAnError(bytes: [UInt8], expected: String) {
    do {
      let json = try JSONReader.parse(bytes)
      Issue.record("parsed \(bytes) as \(json)")
    } catch {
      #expect(error.description == expected)
      #expect("\(error)" == expected)
    }
  }
}
