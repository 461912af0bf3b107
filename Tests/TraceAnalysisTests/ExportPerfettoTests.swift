import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

/// `PerfettoExporter` (PerfettoExporter.swift), `ExportEventReader` and `TraceEventChecker`.
@Suite struct ExportPerfettoTests {
  static let trace = """
    {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}
    {"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[]}}
    {"kind":"action","seq":1,"t":18200000,"duration":5100,"label":"Todos.Action.toggle","action":{"$enum":"Todos.Action","toggle":{}},"patch":[]}
    {"kind":"effect","event":"started","effect":1,"t":18300000,"seq":1,"label":"Todos.Action.toggle","id":"sort"}
    {"kind":"effect","event":"started","effect":2,"t":18400000,"seq":1,"label":"Todos.Action.toggle"}
    {"kind":"effect","event":"output","effect":1,"t":1100000123,"seq":2,"label":"Todos.Action.sorted"}
    {"kind":"action","seq":2,"t":1100000123,"duration":2500,"label":"Todos.Action.sorted","action":{"$enum":"Todos.Action","sorted":{}},"effect":1,"patch":[]}
    {"kind":"effect","event":"finished","effect":1,"t":1100050000}
    {"kind":"note","t":1200000000,"note":"gap","message":"writer fell behind: 2 actions dropped","dropped":2}
    {"kind":"action","seq":5,"t":1300000000,"duration":1000,"label":"Todos.Action.clear","action":{"$enum":"Todos.Action","clear":{}},"patch":[]}
    {"kind":"effect","event":"started","effect":3,"t":1300002000,"seq":5,"label":"Todos.Action.clear"}
    {"kind":"effect","event":"cancelled","effect":3,"t":1400000000}
    {"kind":"end","t":1500000000,"actions":5}

    """

  static func export(_ text: String) throws -> String {
    var exporter = PerfettoExporter()
    var bytes: [UInt8] = []
    for item in try ExportEventReader(path: traceFile(text)) { exporter.add(try item.get(), into: &bytes) }
    exporter.finish(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func everyKindOfEvent() throws {
    #expect(
      try Self.export(Self.trace) == """
        {"traceEvents":[
        {"name":"process_name","ph":"M","pid":4242,"tid":1,"args":{"name":"Todos"}},
        {"name":"thread_name","ph":"M","pid":4242,"tid":1,"args":{"name":"reducer"}},
        {"name":"Todos.Action.toggle","cat":"action","ph":"X","ts":18200.0,"dur":5.1,"pid":4242,"tid":1,"args":{"seq":1}},
        {"name":"Todos.Action.toggle","cat":"effect","ph":"b","ts":18300.0,"id":"0x1","pid":4242,"tid":1,"args":{"effect":1,"seq":1,"id":"sort"}},
        {"name":"Todos.Action.toggle","cat":"effect","ph":"b","ts":18400.0,"id":"0x2","pid":4242,"tid":1,"args":{"effect":2,"seq":1}},
        {"name":"Todos.Action.sorted","cat":"effect","ph":"n","ts":1100000.123,"id":"0x1","bind_id":"0x2","flow_out":true,"pid":4242,"tid":1,"args":{"effect":1,"seq":2}},
        {"name":"Todos.Action.sorted","cat":"action","ph":"X","ts":1100000.123,"dur":2.5,"bind_id":"0x2","flow_in":true,"pid":4242,"tid":1,"args":{"seq":2,"effect":1}},
        {"name":"Todos.Action.toggle","cat":"effect","ph":"e","ts":1100050.0,"id":"0x1","pid":4242,"tid":1},
        {"name":"gap: writer fell behind: 2 actions dropped","cat":"note","ph":"i","ts":1200000.0,"s":"p","pid":4242,"tid":1,"args":{"note":"gap","message":"writer fell behind: 2 actions dropped","dropped":2}},
        {"name":"Todos.Action.clear","cat":"action","ph":"X","ts":1300000.0,"dur":1.0,"pid":4242,"tid":1,"args":{"seq":5}},
        {"name":"Todos.Action.clear","cat":"effect","ph":"b","ts":1300002.0,"id":"0x3","pid":4242,"tid":1,"args":{"effect":3,"seq":5}},
        {"name":"Todos.Action.clear","cat":"effect","ph":"e","ts":1400000.0,"id":"0x3","pid":4242,"tid":1,"args":{"cancelled":true}},
        {"name":"Todos.Action.toggle","cat":"effect","ph":"e","ts":1500000.0,"id":"0x2","pid":4242,"tid":1,"args":{"unfinished":true}}
        ],"displayTimeUnit":"ms","otherData":{"generator":"tca-trace","format":2,"name":"Todos"}}

        """)
  }

  /// A long synthetic session, checked the way a viewer reads it.
  @Test func syntheticTraceIsWellFormed() throws {
    let text = try Self.export(SyntheticTrace.text(actions: 3_000, stateSize: 20))
    let document = try JSONReader.parse(text)
    #expect(TraceEventChecker.problems(in: document) == [])
    guard case let .array(events)? = document["traceEvents"] else {
      Issue.record("no traceEvents")
      return
    }
    func count(_ phase: String) -> Int { events.filter { $0["ph"] == .string(phase) }.count }
    #expect(count("X") == 3_000)
    #expect(count("b") == 300)
    #expect(count("e") == 300)
    #expect(count("n") == 240)
    #expect(events.filter { $0["args"]?["cancelled"] == .bool(true) }.count == 60)
  }

  @Test func emptyTrace() throws {
    let header = Self.trace.split(separator: "\n")[0]
    #expect(
      try Self.export(header + "\n") == """
        {"traceEvents":[
        {"name":"process_name","ph":"M","pid":4242,"tid":1,"args":{"name":"Todos"}},
        {"name":"thread_name","ph":"M","pid":4242,"tid":1,"args":{"name":"reducer"}}
        ],"displayTimeUnit":"ms","otherData":{"generator":"tca-trace","format":2,"name":"Todos"}}

        """)
  }

  @Test func readerErrors() throws {
    let header = String(Self.trace.split(separator: "\n")[0])
    func errors(_ text: String) throws -> [String] {
      let reader = try ExportEventReader(path: traceFile(text))
      return reader.compactMap { item -> String? in
        guard case let .failure(error) = item else { return nil }
        return error.description.replacingOccurrences(of: reader.file, with: "t.jsonl")
      }
    }
    #expect(
      try errors(#"{"kind":"end","t":1,"actions":0}"# + "\n") == [
        #"t.jsonl:1: error: first line must be a session header, found "end""#
      ])
    #expect(
      try errors(header + "\n" + #"{"kind":"effect","event":"started","effect":1,"t":1}"# + "\n{\"kind\":\n") == [
        #"t.jsonl:2: error: effect: missing key "seq""#,
        "t.jsonl:3:9: error: unexpected end of input",
      ])
    #expect(
      try errors(header + "\n" + header + "\n{\"kind\":\"end\"") == [
        "t.jsonl:2: error: a session header is only allowed on the first line",
        "t.jsonl:3: warning: truncated last line (no newline at the end); ignored",
      ])
  }

  @Test func checkerFindsProblems() throws {
    let document = try JSONReader.parse(
      """
      {"traceEvents":[
      {"name":"a","ph":"X","ts":5,"dur":1,"pid":1,"tid":1},
      {"name":"b","ph":"X","ts":4,"dur":1,"pid":1,"tid":1},
      {"name":"c","ph":"X","ts":6,"pid":1,"tid":1},
      {"name":"s","cat":"effect","ph":"b","id":"0x1","ts":1,"pid":1,"tid":1},
      {"name":"t","cat":"effect","ph":"e","id":"0x1","ts":2,"pid":1,"tid":1},
      {"name":"u","cat":"effect","ph":"e","id":"0x2","ts":2,"pid":1,"tid":1},
      {"name":"v","cat":"effect","ph":"b","id":"0x3","ts":2,"pid":1,"tid":1},
      {"name":"w","cat":"effect","ph":"n","id":"0x3","ts":3,"pid":1,"tid":1,"bind_id":"0x9","flow_out":true},
      {"name":"x","ph":"i","ts":7,"pid":1},
      {"name":"y","ph":"Q","ts":7,"pid":1,"tid":1},
      {"ph":"X","ts":7,"dur":0,"pid":1,"tid":1}
      ]}
      """)
    #expect(
      TraceEventChecker.problems(in: document) == [
        "event 1: time goes backwards on track thread 1/1: 4.0 after 5.0",
        "event 2: complete event without a non-negative \"dur\"",
        "event 4: async end effect/0x1 \"t\" closes \"s\"",
        "event 5: async end effect/0x2 \"u\" without a begin",
        "event 8: missing \"pid\" or \"tid\"",
        "event 9: unexpected phase \"Q\"",
        "event 10: missing \"name\"",
        "async span effect/0x3 \"v\" begun at event 6 never ends",
        "flow 0x9 leaves but never arrives",
      ])
    #expect(
      TraceEventChecker.problems(in: .array([])) == [#"the document must be an object with a "traceEvents" array"#])
  }
}
