import Testing
import TraceTestSupport

@testable import Debugging

@Suite struct TraceStateTrackerTests {
  let header =
    #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":2,"redacted":[]}"#

  func action(_ seq: Int, _ patch: String, state: String? = nil) -> String {
    let keyframe = state.map { #","state":\#($0)"# } ?? ""
    return
      #"{"kind":"action","seq":\#(seq),"t":\#(seq * 10),"duration":1,"label":"a","action":null,"patch":\#(patch)\#(keyframe)}"#
  }

  var trace: String {
    """
    \(header)
    {"kind":"state","seq":0,"t":0,"state":{"n":0,"todos":[]}}
    \(action(1, #"[{"op":"replace","path":"/n","value":1}]"#))
    \(action(2, #"[{"op":"add","path":"/todos/-","value":"Milk"}]"#, state: #"{"n":1,"todos":["Milk"]}"#))
    \(action(3, #"[]"#))
    \(action(4, #"[{"op":"remove","path":"/todos/7"}]"#))
    \(action(5, #"[{"op":"replace","path":"/n","value":5}]"#))
    \(action(6, #"[{"op":"replace","path":"/n","value":6}]"#, state: #"{"n":6,"todos":[]}"#))
    \(action(7, #"[{"op":"replace","path":"/n","value":7}]"#))

    """
  }

  func replay(_ seq: Int64) throws -> String {
    switch StateReplayer.state(after: seq, in: try TraceReader(path: traceFile(trace))) {
    case let .success(json): return JSONWriter.string(json)
    case let .failure(error): return error.description.replacing(#/^.*trace\.jsonl/#, with: "t.jsonl")
    }
  }

  @Test func replaysStatesAfterEachSeq() throws {
    #expect(try replay(0) == #"{"n":0,"todos":[]}"#)
    #expect(try replay(1) == #"{"n":1,"todos":[]}"#)
    #expect(try replay(2) == #"{"n":1,"todos":["Milk"]}"#)
    #expect(try replay(3) == #"{"n":1,"todos":["Milk"]}"#)
    #expect(try replay(4) == "t.jsonl:6: error: patch of action 4 does not apply: path /todos/7 does not exist")
    #expect(try replay(5) == "t.jsonl:6: error: patch of action 4 does not apply: path /todos/7 does not exist")
    #expect(try replay(6) == #"{"n":6,"todos":[]}"#)
    #expect(try replay(99) == "t.jsonl: error: no action with seq 99 in the trace (last seq is 7)")
  }

  @Test func trackerRecoversAtTheNextKeyframe() throws {
    var tracker = TraceStateTracker()
    var problems: [String] = []
    for case let .success(line) in try TraceReader(path: traceFile(trace)) {
      if let problem = tracker.consume(line.record, line: line.line) { problems.append(problem.description) }
      if line.line == 7 { #expect(tracker.state == nil) }
    }
    #expect(problems == ["line 6: patch of action 4 does not apply: path /todos/7 does not exist"])
    #expect(tracker.seq == 7)
    #expect(tracker.state.map(JSONWriter.string) == #"{"n":7,"todos":[]}"#)
  }

  @Test func verifiesKeyframes() throws {
    var tracker = TraceStateTracker(verifiesKeyframes: true)
    _ = tracker.consume(.state(TraceState(seq: 0, t: 0, state: .object([.init("n", .int(0))]))), line: 2)
    let wrong = TraceAction(seq: 1, t: 1, duration: 1, label: "a", action: .null, state: .object([.init("n", .int(1))]))
    #expect(
      tracker.consume(.action(wrong), line: 3)?.description
        == "line 3: keyframe state of action 1 differs from the state its patch gives")
    #expect(tracker.state == .object([.init("n", .int(1))]))
  }
}
