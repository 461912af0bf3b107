import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `validate` checks an action's value by the shape of the last value with its label
/// (`JSONValueTemplates`, `JSONElementTemplate` made `withForms`): a value of that shape is one
/// the scan with the value form's rules accepts, and anything else is checked byte by byte — so
/// the findings are the scan's, whatever the values before.
@Suite struct ActionValueShapeTests {
  static let first =
    #"{"$enum":"A","todo":{"_0":{"id":{"$uuid":"00000000-0000-0000-0000-000000000001"},"x":1.5,"b":true,"t":"Edited"}}}"#

  /// `first` with `part` replaced by `replacement`.
  static func value(_ part: String, _ replacement: String) -> String {
    first.replacingOccurrences(of: part, with: replacement)
  }

  /// Where the scan with the value form's rules ends `text`, or `nil` when it refuses it.
  static func scan(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      return parser.quickCheckValue(reusing: QuickKeys(checksForms: true)) ? parser.index : nil
    }
  }

  /// Where the template of `template` (made with forms) ends `text`, or `nil`.
  static func match(_ text: String, template: String) -> Int? {
    let made = Array(template.utf8)
    let bytes = Array(text.utf8)
    return made.withUnsafeBufferPointer { made in
      bytes.withUnsafeBufferPointer { buffer -> Int? in
        guard let shape = JSONElementTemplate(element: made.baseAddress!, count: made.count, withForms: true) else {
          return nil
        }
        let start = buffer.baseAddress!
        let parser = JSONParser(start, count: buffer.count)
        return shape.match(JSONFormRules.self, at: start, end: start + buffer.count, parser: parser).map {
          start.distance(to: $0)
        }
      }
    }
  }

  @Test func aValueOfTheShapeIsWhatTheScanAccepts() {
    let accepted = [
      Self.value("…001", "…001"),
      Self.value("000000000001", "00000000ABCD"),
      Self.value("000000000001", "00000000abcd"),
      Self.value("1.5", "-2e3"),
      Self.value("true", "false"),
      Self.value(#""Edited""#, #""Edited 1154, with \"quotes\" and é""#),
    ]
    for text in accepted {
      #expect(Self.scan(text) == text.utf8.count, "\(text)")
      #expect(Self.match(text, template: Self.first) == text.utf8.count, "\(text)")
    }
  }

  @Test func aValueTheFormRefusesIsNotOfTheShape() {
    // Each of these has the template's bytes between its values; the scan refuses it for a
    // value's text, and so does the shape (the reader then reads it for the exact error).
    let refused = [
      Self.value("000000000001", "00000000000G"),
      Self.value("00000000-0000", "000000000-000"),
      Self.value("0000-000000000001", "0000-00000000001"),
      Self.value(#""Edited""#, "\"Edit\u{01}ed\""),
      Self.value(#""Edited""#, #""Edit\qed""#),
      Self.value("1.5", "01.5"),
    ]
    for text in refused {
      #expect(Self.scan(text) == nil, "\(text)")
      #expect(Self.match(text, template: Self.first) == nil, "\(text)")
    }
  }

  @Test func aUUIDWithAnEscapeIsLeftToTheReader() {
    // The reader reads `\u0030` as `0`: a UUID, but not one the quick scan vouches for.
    let text = Self.value("000000000001", #"\u0030000000000001"#)
    #expect(Self.scan(text) == nil)
    #expect(Self.match(text, template: Self.first) == nil)
  }

  @Test func otherMarkersTextsMustBeTheTemplatesBytes() {
    let template = #"{"$enum":"A","x":{"_0":{"$double":"nan"},"_1":{"$url":"https://a.b"},"_2":{"$data":"aGk="}}}"#
    #expect(Self.scan(template) == template.utf8.count)
    #expect(Self.match(template, template: template) == template.utf8.count)
    for (part, replacement) in [(#""nan""#, #""inf""#), ("https://a.b", "https://c.d"), ("aGk=", "aGo=")] {
      // Fine for the scan, and still not vouched for by the shape: read byte by byte.
      let text = template.replacingOccurrences(of: part, with: replacement)
      #expect(Self.scan(text) == text.utf8.count)
      #expect(Self.match(text, template: template) == nil, "\(text)")
    }
    let wrong = template.replacingOccurrences(of: #""nan""#, with: #""NaN""#)
    #expect(Self.scan(wrong) == nil)
    #expect(Self.match(wrong, template: template) == nil)
  }

  @Test func aUUIDKeyThatIsAFieldTakesAUUIDOnly() {
    // Inside a structure (`$type` first), `$uuid` is a field's label and any string is fine: the
    // shape still asks for a UUID, so other strings are read byte by byte (and accepted there).
    let template = #"{"$type":"T","$uuid":"00000000-0000-0000-0000-000000000001","n":1}"#
    let other = #"{"$type":"T","$uuid":"0000000000000000000000000000000000x1","n":1}"#
    #expect(Self.scan(template) == template.utf8.count)
    #expect(Self.scan(other) == other.utf8.count)
    #expect(Self.match(other, template: template) == nil)
    let spaced = #"{"$type":"T", "$uuid" : "00000000-0000-0000-0000-00000000000G","n":1}"#
    #expect(Self.match(spaced, template: spaced.replacingOccurrences(of: "0G", with: "01")) == nil)
  }

  func validate(_ lines: [String]) throws -> String {
    let reader = try TraceReader(path: traceFile(lines.joined(separator: "\n") + "\n"))
    return TraceValidator.validate(reader).map { $0.description.replacingOccurrences(of: reader.file, with: "t.jsonl") }
      .joined(separator: "\n")
  }

  @Test func validateFindsEachBadValueAfterGoodOnesOfItsLabel() throws {
    let header = String(sampleTrace.split(separator: "\n")[0])
    func action(_ seq: Int, _ value: String) -> String {
      #"{"kind":"action","seq":\#(seq),"t":\#(seq),"duration":1,"label":"Todos.Action.toggle","action":\#(value),"patch":[]}"#
    }
    let values = [
      Self.first,
      Self.value("000000000001", "0000000000FF"),
      Self.value("000000000001", "0000000000FG"),
      Self.value("1.5", "2"),
      Self.value(#""t":"Edited""#, #""t":"Edited","t":"Again""#),
      Self.value("000000000001", "000000000003"),
      Self.value(#""Edited""#, "\"Edit\u{01}ed\""),
    ]
    let lines =
      [header, #"{"kind":"state","seq":0,"t":0,"state":{}}"#]
      + values.enumerated().map { action($0.offset + 1, $0.element) } + [#"{"kind":"end","t":9,"actions":7}"#]
    #expect(
      try validate(lines) == """
        t.jsonl:5: error: not a value in the trace's value form: at /action/todo/_0/id: invalid UUID "00000000-0000-0000-0000-0000000000FG"
        t.jsonl:7:195: error: duplicate key "t"
        t.jsonl:9:191: error: control character U+0001 in string
        t.jsonl:10: error: end says 7 actions, but the last action is 6
        """)
  }
}
