import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

@Suite struct TraceSummaryReaderTests {
  let header =
    #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":1,"redacted":[]}"#

  func summaries(_ text: String) throws -> String {
    let reader = try TraceSummaryReader(path: traceFile(text))
    return reader.map { item in
      switch item {
      case let .success(s):
        var parts = ["\(s.line) \(s.kind.rawValue)"]
        if let v = s.event { parts.append("event=\(v.rawValue)") }
        if let v = s.seq { parts.append("seq=\(v)") }
        if let v = s.t { parts.append("t=\(v)") }
        if let v = s.duration { parts.append("duration=\(v)") }
        if let v = s.label { parts.append("label=\(v)") }
        if let v = s.effect { parts.append("effect=\(v)") }
        if let v = s.note { parts.append("note=\(v.rawValue)") }
        if let v = s.dropped { parts.append("dropped=\(v)") }
        if let v = s.actions { parts.append("actions=\(v)") }
        if s.hasState { parts.append("state") }
        return parts.joined(separator: " ")
      case let .failure(e): return e.description.replacingOccurrences(of: reader.file, with: "t.jsonl")
      }
    }.joined(separator: "\n")
  }

  @Test func matchesTheFullReader() throws {
    let fast = Array(try TraceSummaryReader(path: traceFile(sampleTrace))).map { try! $0.get() }
    let full = Array(try TraceReader(path: traceFile(sampleTrace))).map { item in
      let line = try! item.get()
      return TraceEventSummary(line: line.line, record: line.record)
    }
    #expect(fast == full)
    #expect(fast.count == 8)
  }

  @Test func readsSmallMembersOnly() throws {
    let text = """
      \(header)
      {"state":{"a":"}{][\\"","b":[[[[]]]]},"t":0,"seq":0,"kind":"state"}
      {"kind":"action","seq":1,"t":5,"duration":2,"label":"A.b(\\"x\\" \\u00e9 \\ud83d\\ude00)","action":[1,{"x":"]"}],"patch":[],"effect":3,"state":null}
      {"kind":"note","t":9,"note":"gap","message":"dropped","dropped":4}
      {"kind":"end","t":10,"actions":1}

      """
    #expect(
      try summaries(text) == """
        1 session
        2 state seq=0 t=0 state
        3 action seq=1 t=5 duration=2 label=A.b("x" é 😀) effect=3 state
        4 note t=9 note=gap dropped=4
        5 end t=10 actions=1
        """)
  }

  @Test func readsKindsEventsAndNotesWrittenAnyWay() throws {
    // The recorder's names are matched on their bytes; escaped or unknown ones are read as text,
    // and of a repeated member the first counts.
    let text = """
      \(header)
      {"kind":"\\u0061ction","seq":1,"t":5,"duration":2,"label":"A"}
      {"kind":"effect","event":"cancelled","effect":1,"t":6}
      {"kind":"note","t":7,"note":"error","message":"m"}
      {"kind":"note","t":8,"note":"info","note":"gap","message":"m"}
      {"kind":"end","kind":"note","t":9,"actions":1}
      {"kind":"actions","seq":1}
      {"kind":"effect","event":"starte","effect":1,"t":6}
      {"kind":"note","t":7,"note":"warning","message":"m"}

      """
    #expect(
      try summaries(text) == """
        1 session
        2 action seq=1 t=5 duration=2 label=A
        3 effect event=cancelled t=6 effect=1
        4 note t=7 note=error
        5 note t=8 note=info
        6 end t=9 actions=1
        t.jsonl:7: error: unknown kind "actions"
        t.jsonl:8: error: effect: unknown event "starte"
        t.jsonl:9: error: note: unknown note "warning"
        """)
  }

  @Test func reportsBadLines() throws {
    let text = """
      \(header)
      {"kind":"action","seq":"1"}
      {"kind":"action","seq":1,"t":5,"duration":2}
      {"kind":"effect","event":"gone","effect":1,"t":1}
      {"kind":"action","seq":1.5,"t":5}
      {"kind":"state","seq":0,"t":0,"state":{"a":[}
      {"kind":"end","t":1,"actions":0} x
      [1]
      {"kind":"end","t":1,"actions":0}
      {"kind":"end","t":1,"actions":
      """
    #expect(
      try summaries(text)
        == traceItems(try TraceReader(path: traceFile(text))).replacingOccurrences(
          of: "9 end", with: "9 end t=1 actions=0"))
    #expect(
      try summaries(text)
        == traceItems(try TraceReader(path: traceFile(text))).replacingOccurrences(
          of: "9 end", with: "9 end t=1 actions=0"))
    #expect(
      try summaries(text) == """
        1 session
        t.jsonl:2: error: action: "seq" must be an integer, found string
        t.jsonl:3: error: action: missing key "label"
        t.jsonl:4: error: effect: unknown event "gone"
        t.jsonl:5: error: action: "seq" must be an integer, found number
        t.jsonl:6:45: error: expected a value, found "}"
        t.jsonl:7:34: error: unexpected "x" after the JSON value
        t.jsonl:8: error: a trace line must be a JSON object, found array
        9 end t=1 actions=0
        t.jsonl:10: warning: truncated last line (no newline at the end); ignored
        """)
  }

  @Test func headerRules() throws {
    #expect(try summaries("") == "t.jsonl:1: error: empty trace: expected a session header")
    #expect(
      try summaries(#"{"kind":"session","format":3}"# + "\n")
        == "t.jsonl:1: error: unsupported trace format 3; this tca-trace reads formats 1, 2")
    #expect(
      try summaries(#"{"kind":"end","t":1,"actions":0}"# + "\n")
        == #"t.jsonl:1: error: first line must be a session header, found "end""#)
    #expect(
      try summaries("xxx") == """
        t.jsonl:1: warning: truncated last line (no newline at the end); ignored
        t.jsonl:1: error: empty trace: expected a session header
        """)
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(
      try summaries("\(header)\n{\"kind\":\"state\",\"seq\":0,\"t\":0,\"state\":\(deep)}\n")
        == "1 session\nt.jsonl:2:550: error: nesting deeper than 512 levels")
  }
}

/// A summary keeps its members in a shared box: copies are still values.
@Suite struct TraceEventSummaryValueTests {
  @Test func aCopyWrittenToLeavesTheOriginal() {
    var original = TraceEventSummary(line: 3, kind: .action)
    original.label = "add"
    original.seq = 1
    var copy = original
    #expect(copy == original)
    #expect(copy.hashValue == original.hashValue)
    copy.label = "delete"
    copy.seq = nil
    copy.hasState = true
    #expect(original.label == "add")
    #expect(original.seq == 1)
    #expect(original.hasState == false)
    #expect(copy.label == "delete")
    #expect(copy.seq == nil)
    #expect(copy != original)
    copy.label = "add"
    copy.seq = 1
    copy.hasState = false
    #expect(copy == original)
    #expect(Set([copy, original]).count == 1)
  }

  /// The labels a reader reads again (`JSONStringTable`) are the same text as the first time.
  @Test func repeatedLabelsReadTheSame() throws {
    let header =
      #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":1,"redacted":[]}"#
    var lines = [header]
    let labels = ["A.add", "A.add", #"A.b(\"x\")"#, #"A.b(\"x\")"#, "A.add", "Todos.Action.move(_:, _:)", "A.é", "A.é"]
    for (i, label) in labels.enumerated() {
      lines.append(
        #"{"kind":"action","seq":\#(i + 1),"t":\#(i),"duration":1,"label":"\#(label)","action":{},"patch":[]}"#)
    }
    let read = Array(try TraceSummaryReader(path: traceFile(lines.joined(separator: "\n") + "\n")))
      .compactMap { try? $0.get().label }
    #expect(read == ["A.add", "A.add", #"A.b("x")"#, #"A.b("x")"#, "A.add", "Todos.Action.move(_:, _:)", "A.é", "A.é"])
  }
}
