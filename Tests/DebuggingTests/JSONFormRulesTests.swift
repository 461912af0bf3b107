import Foundation
import Testing

@testable import Debugging

/// The quick check with the trace's value form (`JSONFormRules`, `validate`'s) and
/// `Value.isInForm` against `Value(json:)`, what `show` reads values with: every rule of the
/// form, accepted and refused the same way by the scan (also when asked to record element
/// ranges, where the reader's rules use shapes) and by the walk over a parsed value.
@Suite struct JSONFormRulesTests {
  /// Whether the quick check with forms accepts all of `text`, and `Value(json:)`'s error for it
  /// (`nil`: read).
  /// `templates`: the elements of a top-level array are checked by the shape of the one before
  /// (`JSONElementRanges`, as `show`'s lazy arrays are read).
  func check(_ text: String, templates: Bool = false) -> (quick: Bool, value: String?) {
    let bytes = Array(text.utf8)
    let quick = bytes.withUnsafeBufferPointer { buffer -> Bool in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      let keys = QuickKeys(checksForms: true)
      if templates {
        var ranges = JSONElementRanges(base: 0)
        return parser.quickCheckValue(recording: &ranges, reusing: keys) && parser.index == buffer.count
      }
      return parser.quickCheckValue(reusing: keys) && parser.index == buffer.count
    }
    let json = try! JSONReader.parse(bytes)
    do {
      _ = try Value(json: json)
      #expect(Value.isInForm(json), "\(text)")
      return (quick, nil)
    } catch {
      #expect(!Value.isInForm(json), "\(text)")
      return (quick, error.message)
    }
  }

  @Test func valuesInTheFormAreAccepted() {
    let valid = [
      #"{"$type":"T","a":1,"$__lazy_storage_$_b":2}"#,
      #"{"$enum":"E","c":{}}"#,
      #"{"$enum":"E","c":{"_0":{"$uuid":"00000000-0000-0000-0000-0000000000aB"}}}"#,
      #"{"$tuple":{"_0":1,"$uuid":"zz"}}"#,
      #"{"$set":[1,{"$double":"nan"},{"$double":"-inf"}]}"#,
      #"{"$dict":[[1,2],["a",{"$url":"https://example.com/a?b=c"}]]}"#,
      #"{"$dict":[]}"#,
      #"{"$date":"2001-01-01T00:00:00Z","$t":0.5}"#,
      #"{"$date":"x","$t":-3}"#,
      #"{"$date":"x","$t":{"$double":"inf"}}"#,
      #"{"$data":"aGVsbG8="}"#,
      #"{"$redacted":"String"}"#,
      #"{"$ref":"Model"}"#,
      #"{"a":[{"b":{}}],"c":null,"d":[[],{}]}"#,
      #"[{"$type":"T"},[{"$enum":"E","a":{}}]]"#,
      "[]", "{}", #""s""#, "1", "true",
    ]
    for text in valid {
      let result = check(text)
      #expect(result.value == nil, "\(text)")
      #expect(result.quick, "\(text)")
      #expect(check(text, templates: true).quick, "\(text)")
    }
  }

  @Test func valuesNotInTheFormAreRefusedAsValueJSONRefusesThem() {
    let invalid: [(String, String)] = [
      (#"{"$uuid":5}"#, #"at /: "$uuid" must be a string"#),
      (#"{"$uuid":"nope"}"#, #"at /: invalid UUID "nope""#),
      (
        #"{"$uuid":"00000000-0000-0000-0000-00000000000g"}"#,
        #"at /: invalid UUID "00000000-0000-0000-0000-00000000000g""#
      ),
      (
        #"{"$uuid":"00000000-0000-0000-0000-0000000000000"}"#,
        #"at /: invalid UUID "00000000-0000-0000-0000-0000000000000""#
      ),
      (#"{"$uuid":"00000000-0000-0000-0000-000000000000","y":1}"#, #"at /: unexpected key "y" in a "$uuid" object"#),
      (#"{"a":1,"$type":"T"}"#, #"at /: a "$" key must come first, found "$type""#),
      (#"{"$enum":"E"}"#, #"at /: "$enum" needs exactly one case key"#),
      (#"{"$enum":"E","c":{},"d":{}}"#, #"at /: "$enum" needs exactly one case key"#),
      (#"{"$enum":"E","$c":{}}"#, #"at /: unexpected key "$c" in a "$enum" object"#),
      (#"{"$enum":"E","c":1}"#, #"at /: associated values of case "c" must be an object"#),
      (#"{"$enum":3,"c":{}}"#, #"at /: "$enum" must be a string"#),
      (#"{"$type":null}"#, #"at /: "$type" must be a string"#),
      (#"{"$date":"x"}"#, #"at /: "$date" needs "$t" (seconds since 2001) after it"#),
      (#"{"$date":"x","t":1}"#, #"at /: "$date" needs "$t" (seconds since 2001) after it"#),
      (#"{"$date":"x","$t":1,"z":2}"#, #"at /: "$date" needs "$t" (seconds since 2001) after it"#),
      (#"{"$date":"x","$t":"1"}"#, #"at /: "$t" of "x" must be a number"#),
      (#"{"$date":"x","$t":{"$type":"T"}}"#, #"at /: "$t" of "x" must be a number"#),
      (#"{"$date":"x","$t":{}}"#, #"at /: "$t" of "x" must be a number"#),
      (#"{"$tuple":[1]}"#, #"at /: "$tuple" must be an object"#),
      (#"{"$set":{}}"#, #"at /: "$set" must be an array"#),
      (#"{"$dict":[[1]]}"#, #"at /: "$dict" entries must be [key, value] pairs"#),
      (#"{"$dict":[[1,2,3]]}"#, #"at /: "$dict" entries must be [key, value] pairs"#),
      (#"{"$dict":[[]]}"#, #"at /: "$dict" entries must be [key, value] pairs"#),
      (#"{"$dict":[1]}"#, #"at /: "$dict" entries must be [key, value] pairs"#),
      (#"{"$dict":[[{"$uuid":"x"},1]]}"#, #"at /0/0: invalid UUID "x""#),
      (#"{"$double":"NaN"}"#, #"at /: invalid "$double" "NaN", expected "nan", "inf" or "-inf""#),
      (#"{"$data":"!!"}"#, #"at /: invalid base64 in "$data""#),
      (#"{"$nope":1}"#, #"at /: unknown marker "$nope""#),
      (#"{"$x":0}"#, #"at /: unknown marker "$x""#),
      (#"{"$redactes":"T"}"#, #"at /: unknown marker "$redactes""#),
      (#"{"$type":"T","a":{"$uuid":"bad"}}"#, #"at /a: invalid UUID "bad""#),
      (#"[{"$set":1}]"#, #"at /0: "$set" must be an array"#),
      (#"{"$enum":"E","c":{"_0":{"$set":[{"a":1,"$b":2}]}}}"#, #"at /c/_0/0: a "$" key must come first, found "$b""#),
    ]
    for (text, message) in invalid {
      let result = check(text)
      #expect(result.value == message, "\(text)")
      #expect(!result.quick, "\(text)")
      #expect(!check(text, templates: true).quick, "\(text)")
    }
  }

  /// A marker's text with an escape is left to the reader (refused by the quick check), which
  /// reads the text it stands for.
  @Test func aMarkersTextWithAnEscapeIsLeftToTheReader() {
    let escaped = #"{"$uuid":"\u0030"#.appending(#"0000000-0000-0000-0000-000000000000"}"#)
    #expect(check(escaped) == (false, nil))
    #expect(check(#"{"$type":"\u0054"}"#) == (true, nil))
  }

  /// With the value form's rules, rows are not checked by the shape of the one before
  /// (`JSONElementTemplate` does not know which texts are markers'): a bad UUID or `$double` in a
  /// row of 40 of one shape is refused, a label named like a marker accepted. With the reader's
  /// rules (show's lazy arrays), the shapes are used and those texts are not checked.
  @Test func rowsOfOneShapeHaveTheirMarkersTextsChecked() {
    func rows(_ count: Int, _ row: (Int) -> String) -> String {
      "[" + (0..<count).map(row).joined(separator: ",") + "]"
    }
    func uuid(_ i: Int) -> String { String(format: "00000000-0000-0000-0000-%012X", i) }
    let good = rows(40) { #"{"$type":"Row","id":{"$uuid":""# + uuid($0) + #""},"at":{"$double":"nan"},"n":1}"# }
    #expect(check(good, templates: true) == (true, nil))
    let badUUID = rows(40) {
      #"{"$type":"Row","id":{"$uuid":""# + ($0 == 30 ? "zz" : uuid($0)) + #""},"at":{"$double":"nan"},"n":1}"#
    }
    #expect(check(badUUID, templates: true) == (false, #"at /30/id: invalid UUID "zz""#))
    let badDouble = rows(40) {
      #"{"$type":"Row","id":{"$uuid":""# + uuid($0) + #""},"at":{"$double":""# + ($0 == 39 ? "NaN" : "inf")
        + #""},"n":1}"#
    }
    #expect(
      check(badDouble, templates: true) == (
        false, #"at /39/at: invalid "$double" "NaN", expected "nan", "inf" or "-inf""#
      ))
    let labels = rows(40) { #"{"$tuple":{"$uuid":"label \#($0)","$double":"also a label"}}"# }
    #expect(check(labels, templates: true) == (true, nil))
    let bytes = Array(badUUID.utf8)
    let readerAccepts = bytes.withUnsafeBufferPointer { buffer -> Bool in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      return parser.quickCheckValue()
    }
    #expect(readerAccepts)
  }
}
