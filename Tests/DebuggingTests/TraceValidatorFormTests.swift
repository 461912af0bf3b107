import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `validate` refuses the values `show` would refuse (`Value(json:)`: the trace's value form), on
/// the line that holds them, with the JSON Pointer from the line's top; the line is still checked,
/// so nothing else is reported for it.
@Suite struct TraceValidatorFormTests {
  func validate(_ lines: [String]) throws -> String {
    let reader = try TraceReader(path: traceFile(lines.joined(separator: "\n") + "\n"))
    return TraceValidator.validate(reader).map { $0.description.replacingOccurrences(of: reader.file, with: "t.jsonl") }
      .joined(separator: "\n")
  }

  let header = String(sampleTrace.split(separator: "\n")[0])

  func action(_ seq: Int, _ value: String = "null", patch: String = "[]", keyframe: String? = nil) -> String {
    let state = keyframe.map { #","state":\#($0)"# } ?? ""
    return
      #"{"kind":"action","seq":\#(seq),"t":\#(seq),"duration":1,"label":"a","action":\#(value),"patch":\#(patch)\#(state)}"#
  }

  @Test func eachKindOfLineReportsItsValueNotInTheForm() throws {
    let state = #"{"$type":"S","id":{"$uuid":5},"n":0,"d":{}}"#
    let keyframe = #"{"$type":"S","id":{"$uuid":5},"n":{"$tuple":{"a":1},"b":2},"d":{"a":1,"$type":"X"}}"#
    let lines = [
      header,
      #"{"kind":"state","seq":0,"t":0,"state":\#(state)}"#,
      action(1, #"{"$enum":"A","x":{"_0":{"$double":"NaN"}}}"#),
      action(2, patch: #"[{"op":"replace","path":"/n","value":{"$tuple":{"a":1},"b":2}}]"#),
      action(
        3, patch: #"[{"op":"add","path":"/d/a","value":1},{"op":"add","path":"/d/$type","value":"X"}]"#,
        keyframe: keyframe),
      #"{"kind":"end","t":9,"actions":3}"#,
    ]
    #expect(
      try validate(lines) == """
        t.jsonl:2: error: not a value in the trace's value form: at /state/id: "$uuid" must be a string
        t.jsonl:3: error: not a value in the trace's value form: at /action/x/_0: invalid "$double" "NaN", expected "nan", "inf" or "-inf"
        t.jsonl:4: error: not a value in the trace's value form: at /patch/0/value: unexpected key "b" in a "$tuple" object
        t.jsonl:5: error: not a value in the trace's value form: at /state/id: "$uuid" must be a string
        """)
    // The same lines with values in the form: valid.
    let fixed = lines.map {
      $0.replacingOccurrences(of: #"{"$uuid":5}"#, with: #"{"$uuid":"00000000-0000-0000-0000-000000000005"}"#)
        .replacingOccurrences(of: #""NaN""#, with: #""nan""#)
        .replacingOccurrences(of: #"{"$tuple":{"a":1},"b":2}"#, with: #"{"$tuple":{"a":1,"b":2}}"#)
        .replacingOccurrences(of: #"{"a":1,"$type":"X"}"#, with: #"{"a":1,"b":"X"}"#)
        .replacingOccurrences(of: "/d/$type", with: "/d/b")
    }
    #expect(try validate(fixed) == "")
  }

  /// A large state line (kept as text) of 2,000 rows of one shape: a bad UUID in row 1,234 is
  /// found (`validate` scans every row byte by byte).
  @Test func aRowOfALargeStateIsCheckedForItsForm() throws {
    func row(_ i: Int, id: String? = nil) -> String {
      let uuid = id ?? String(format: "00000000-0000-0000-0000-%012X", i)
      return #"{"$type":"Todo","id":{"$uuid":"\#(uuid)"},"title":"Todo \#(i)","done":false}"#
    }
    func trace(badRow: Int?) -> [String] {
      let rows = (0..<2_000).map { $0 == badRow ? row($0, id: "not-a-uuid") : row($0) }
      let state = #"{"$type":"Todos","todos":["# + rows.joined(separator: ",") + "]}"
      return [
        header, #"{"kind":"state","seq":0,"t":0,"state":\#(state)}"#,
        action(1, patch: #"[{"op":"replace","path":"/todos/3/done","value":true}]"#),
        #"{"kind":"end","t":9,"actions":1}"#,
      ]
    }
    #expect(try validate(trace(badRow: nil)) == "")
    #expect(
      try validate(trace(badRow: 1_234)) == """
        t.jsonl:2: error: not a value in the trace's value form: at /state/todos/1234/id: invalid UUID "not-a-uuid"
        """)
  }

  /// A file two reducers wrote: each session's values are checked on their lines, the second
  /// session's too (its lines carry a `reducer` tag, so they go through the full decoders).
  @Test func everySessionsValuesAreChecked() throws {
    let first =
      #"{"kind":"session","format":2,"reducer":"a","name":"A","prefix":"a","start":"2026-11-21T19:59:54.500Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#
    let second = first.replacingOccurrences(of: #""a""#, with: #""b""#).replacingOccurrences(of: #""A""#, with: #""B""#)
    let lines = [
      first,
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","n":{"$double":"NaN"}}}"#,
      second,
      #"{"kind":"state","reducer":"b","seq":0,"t":0,"state":{"$type":"S","n":0}}"#,
      #"{"kind":"action","reducer":"b","seq":1,"t":1,"duration":1,"label":"a","action":{"$enum":"A","x":{"_0":{"$uuid":"q"}}},"patch":[]}"#,
      action(1),
      #"{"kind":"end","t":9,"actions":1}"#,
      #"{"kind":"end","reducer":"b","t":9,"actions":1}"#,
    ]
    let reader = try TraceReader(path: traceFile(lines.joined(separator: "\n") + "\n"))
    let findings = TraceValidator.validate(reader, everySession: true).map {
      $0.description.replacingOccurrences(of: reader.file, with: "t.jsonl")
    }
    #expect(
      findings == [
        #"t.jsonl:2: error: not a value in the trace's value form: at /state/n: invalid "$double" "NaN", expected "nan", "inf" or "-inf""#,
        #"t.jsonl:5: error: not a value in the trace's value form: at /action/x/_0: invalid UUID "q""#,
      ])
  }

  /// Reading the first session only, a bad value on the last line of another session (decoded,
  /// then skipped) is not reported: the reader's closing warning comes after it.
  @Test func anotherSessionsLastLineIsNotReportedWhenOnlyTheFirstIsRead() throws {
    let first =
      #"{"kind":"session","format":2,"reducer":"a","name":"A","prefix":"a","start":"2026-11-21T19:59:54.500Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#
    let second = first.replacingOccurrences(of: #""a""#, with: #""b""#).replacingOccurrences(of: #""A""#, with: #""B""#)
    let lines = [
      first, #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","n":0}}"#, action(1),
      #"{"kind":"end","t":9,"actions":1}"#, second,
      #"{"kind":"state","reducer":"b","seq":0,"t":0,"state":{"$type":"S","n":0}}"#,
      #"{"kind":"action","reducer":"b","seq":1,"t":1,"duration":1,"label":"a","action":{"$uuid":"bad2"},"patch":[]}"#,
    ]
    #expect(
      try validate(lines) == """
        t.jsonl: warning: this trace also holds reducer "b" (3 lines not read); select one with --prefix b
        """)
  }

  /// The member with the empty key (RFC 6901: `/`) is not the whole value (``).
  @Test func aPointerToTheEmptyKeyKeepsItsSlash() throws {
    let lines = [
      header, #"{"kind":"state","seq":0,"t":0,"state":{"":{"$uuid":"x"}}}"#,
      #"{"kind":"end","t":9,"actions":0}"#,
    ]
    #expect(
      try validate(lines) == """
        t.jsonl:2: error: not a value in the trace's value form: at /state/: invalid UUID "x"
        """)
  }
}
