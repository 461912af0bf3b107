import Testing
import TraceTestSupport

@testable import Debugging

@Suite struct TraceValidatorTests {
  func validate(_ text: String) throws -> String {
    let reader = try TraceReader(path: traceFile(text))
    return TraceValidator.validate(reader).map { $0.description.replacingOccurrences(of: reader.file, with: "t.jsonl") }
      .joined(separator: "\n")
  }

  @Test func aValidTraceHasNoFindings() throws {
    #expect(try validate(sampleTrace) == "")
  }

  /// A recorder closed before any action wrote no initial state: its `end` follows the header.
  @Test func aSessionThatRecordedNothingIsValid() throws {
    let header = sampleTrace.split(separator: "\n")[0]
    #expect(try validate("\(header)\n" + #"{"kind":"end","t":5,"actions":0}"# + "\n") == "")
    #expect(
      try validate("\(header)\n" + #"{"kind":"note","t":5,"note":"info","message":"x"}"# + "\n") == """
        t.jsonl:2: error: expected the initial state after the header, found "note"
        """)
  }

  @Test func reportsEveryProblemWithItsLine() throws {
    let header = sampleTrace.split(separator: "\n")[0]
    func action(_ seq: Int, effect: Int? = nil, patch: String = "[]") -> String {
      let sender = effect.map { #","effect":\#($0)"# } ?? ""
      return
        #"{"kind":"action","seq":\#(seq),"t":1,"duration":1,"label":"a"\#(sender),"action":null,"patch":\#(patch)}"#
    }
    let text = """
      \(header)
      \(action(1))
      {"kind":"state","seq":0,"t":0,"state":{"todos":[]}}
      \(action(3))
      {"kind":"note","t":1,"note":"gap","message":"2 dropped","dropped":2}
      \(action(6))
      \(action(5))
      {"kind":"mystery","t":1}
      \(action(7, patch: #"[{"op":"remove","path":"/todos/7"}]"#))
      {"kind":"effect","event":"finished","effect":4,"t":1}
      {"kind":"effect","event":"started","effect":1,"seq":7,"t":1,"label":"a"}
      {"kind":"effect","event":"started","effect":1,"seq":7,"t":1,"label":"a"}
      {"kind":"effect","event":"output","effect":1,"seq":8,"t":1,"label":"b"}
      \(action(8, effect: 2))
      {"kind":"effect","event":"output","effect":1,"seq":9,"t":1,"label":"b"}
      \(action(10, effect: 1))
      {"kind":"effect","event":"cancelled","effect":1,"t":1}
      {"kind":"effect","event":"output","effect":1,"seq":11,"t":1,"label":"b"}
      {"kind":"end","t":9,"actions":12}
      {"kind":"note","t":1,"note":"info","message":"late"}
      {"kind":"effect","event":"output","effect":3,"seq":1
      """
    #expect(
      try validate(text) == """
        t.jsonl:2: error: expected the initial state after the header, found "action"
        t.jsonl:2: error: action 1 has a patch but no state before it
        t.jsonl:4: error: sequence gap: expected seq 2, found 3 with no gap note before it
        t.jsonl:7: error: sequence out of order: expected seq 7, found 5
        t.jsonl:8: error: unknown kind "mystery"
        t.jsonl:9: error: patch of action 7 does not apply: path /todos/7 does not exist
        t.jsonl:10: error: effect 4: finished, but it was never started
        t.jsonl:12: error: effect 1: started twice
        t.jsonl:14: error: action 8: sent by effect 1 (line 13), but it names effect 2
        t.jsonl:15: error: effect 1: output for seq 9 is not followed by action 9
        t.jsonl:16: error: sequence gap: expected seq 9, found 10 with no gap note before it
        t.jsonl:18: error: effect 1: output, but it had already ended
        t.jsonl:19: error: end says 12 actions, but the last action is 10
        t.jsonl:20: error: a line after the end line (line 19)
        t.jsonl:21: warning: truncated last line (no newline at the end); ignored
        """)
  }

  /// Lines are read on a second thread in batches (`ReadAhead`: 512 lines, or 1 MB read):
  /// problems at a batch's edge (line 513 follows the failed patch at 512, so the state is
  /// unknown until the keyframe at 700), after a batch of one large keyframe and in the last, short
  /// batch keep their lines and their order.
  @Test func problemsAcrossBatchesKeepTheirLinesAndOrder() throws {
    let header = sampleTrace.split(separator: "\n")[0]
    let big = String(repeating: "x", count: 1_100_000)
    var lines = [String(header), #"{"kind":"state","seq":0,"t":0,"state":{"n":0,"big":""}}"#]
    var seq = 0
    func action(_ patch: String, state: String? = nil) {
      seq += 1
      let keyframe = state.map { #","state":\#($0)"# } ?? ""
      lines.append(
        #"{"kind":"action","seq":\#(seq),"t":1,"duration":1,"label":"a","action":null,"patch":\#(patch)\#(keyframe)}"#)
    }
    while lines.count < 1_500 {
      switch lines.count + 1 {
      case 512, 513, 1_024: action(#"[{"op":"remove","path":"/gone"}]"#)
      case 700:
        action(#"[{"op":"replace","path":"/big","value":"\#(big)"}]"#, state: #"{"n":\#(seq),"big":"\#(big)"}"#)
      case 701:
        // A keyframe that disagrees with its patch, right after a batch of 1 MB.
        action(#"[{"op":"replace","path":"/n","value":\#(seq + 1)}]"#, state: #"{"n":0,"big":"\#(big)"}"#)
      default: action(#"[{"op":"replace","path":"/n","value":\#(seq + 1)}]"#)
      }
    }
    lines.append("{\"kind\":\"mystery\"}")
    #expect(
      try validate(lines.joined(separator: "\n") + "\n") == """
        t.jsonl:512: error: patch of action 510 does not apply: path /gone does not exist
        t.jsonl:701: error: keyframe state of action 699 differs from the state its patch gives
        t.jsonl:1024: error: patch of action 1022 does not apply: path /gone does not exist
        t.jsonl:1501: error: unknown kind "mystery"
        """)
  }

  @Test func anUnreadableActionIsReportedOnceNotAgainAsAGapAndAFailingPatch() throws {
    let lines = sampleTrace.split(separator: "\n").map(String.init)
    // Line 3 is action 1, which adds the todo that action 2 (line 6) changes; cut it in two ways.
    var syntax = lines
    syntax[2] = syntax[2].replacingOccurrences(of: #""duration""#, with: #""durat"ion""#)
    #expect(
      try validate(syntax.joined(separator: "\n") + "\n") == """
        t.jsonl:3:42: error: expected ":", found "i"
        """)
    var record = lines
    record[2] = #"{"kind":"action","seq":1}"#
    #expect(
      try validate(record.joined(separator: "\n") + "\n") == """
        t.jsonl:3: error: action: missing key "t"
        """)
    // Without an initial state line either: only the unreadable line is reported.
    var state = lines
    state[1] = #"{"kind":"state","seq":0,"t":0,"state":{"todos":[}}"#
    #expect(
      try validate(state.joined(separator: "\n") + "\n") == """
        t.jsonl:2:49: error: expected a value, found "}"
        """)
  }

  @Test func aFullStateAfterAnUnreadableLineIsCheckedAgain() throws {
    var lines = sampleTrace.split(separator: "\n").map(String.init)
    lines[2] = #"{"kind":"action","seq":1}"#
    lines.insert(
      #"{"kind":"action","seq":3,"t":6500,"duration":1,"label":"x","action":null,"patch":[],"state":{"todos":[]}}"#,
      at: 7)
    lines.insert(
      #"{"kind":"action","seq":4,"t":6600,"duration":1,"label":"x","action":null,"patch":[{"op":"remove","path":"/todos/0"}]}"#,
      at: 8)
    lines[lines.count - 1] = #"{"kind":"end","t":7000,"actions":4}"#
    #expect(
      try validate(lines.joined(separator: "\n") + "\n") == """
        t.jsonl:3: error: action: missing key "t"
        t.jsonl:9: error: patch of action 4 does not apply: path /todos/0 does not exist
        """)
  }

  /// A keyframe's state is read as text and compared with the state its patch gives: the same
  /// findings as with the keyframe built.
  @Test func keyframesAreCheckedAgainstTheirPatch() throws {
    let header = sampleTrace.split(separator: "\n")[0]
    let todos = (0..<200).map { #"{"id":\#($0),"title":"Todo \#($0)","done":false}"# }
    func state(_ todos: [String]) -> String { #"{"filter":"all","todos":["# + todos.joined(separator: ",") + "]}" }
    func action(_ seq: Int, _ patch: String, keyframe: String? = nil) -> String {
      let state = keyframe.map { #","state":\#($0)"# } ?? ""
      return #"{"kind":"action","seq":\#(seq),"t":1,"duration":1,"label":"a","action":null,"patch":\#(patch)\#(state)}"#
    }
    var done = todos
    done[3] = #"{"id":3,"title":"Todo 3","done":true}"#
    let replace = #"[{"op":"replace","path":"/todos/3/done","value":true}]"#
    func trace(_ keyframe: String, then next: String = "[]") -> String {
      [
        String(header), #"{"kind":"state","seq":0,"t":0,"state":"# + state(todos) + "}",
        action(1, replace, keyframe: keyframe),
        action(2, next), #"{"kind":"end","t":9,"actions":2}"#, "",
      ].joined(separator: "\n")
    }
    #expect(try validate(trace(state(done))) == "")
    #expect(try validate(trace(state(done).replacingOccurrences(of: #""done":true"#, with: #""done": true"#))) == "")
    #expect(
      try validate(trace(state(todos))) == """
        t.jsonl:3: error: keyframe state of action 1 differs from the state its patch gives
        """)
    // After a keyframe, patches apply to its state.
    #expect(
      try validate(trace(state(Array(done.prefix(3))), then: #"[{"op":"remove","path":"/todos/3"}]"#)) == """
        t.jsonl:3: error: keyframe state of action 1 differs from the state its patch gives
        t.jsonl:4: error: patch of action 2 does not apply: path /todos/3 does not exist
        """)
    #expect(
      try validate(trace(state(done).replacingOccurrences(of: #""done":true"#, with: #""done":true,"done":true"#)))
        == """
        t.jsonl:3:321: error: duplicate key "done"
        """)
  }

  /// Effects are followed by id, whatever its size.
  @Test func effectsWithLargeIds() throws {
    let lines = sampleTrace.split(separator: "\n").map(String.init)
    let big = 1 << 40
    let events = [
      #"{"kind":"effect","event":"started","effect":\#(big),"seq":1,"t":1,"label":"a"}"#,
      #"{"kind":"effect","event":"finished","effect":\#(big),"t":2}"#,
      #"{"kind":"effect","event":"cancelled","effect":\#(big),"t":3}"#,
      #"{"kind":"effect","event":"finished","effect":\#(big + 1),"t":4}"#,
      #"{"kind":"effect","event":"started","effect":1048576,"seq":1,"t":5,"label":"a"}"#,
      #"{"kind":"effect","event":"started","effect":1048576,"seq":1,"t":6,"label":"a"}"#,
    ]
    let text = (lines.prefix(lines.count - 1) + events + [lines[lines.count - 1]]).joined(separator: "\n") + "\n"
    // The first event is on the line of the end line (moved after them).
    let first = lines.count
    #expect(
      try validate(text) == """
        t.jsonl:\(first + 2): error: effect \(big): cancelled, but it had already ended
        t.jsonl:\(first + 3): error: effect \(big + 1): finished, but it was never started
        t.jsonl:\(first + 5): error: effect 1048576: started twice
        """)
  }

  @Test func unsupportedFormatIsTheOnlyFinding() throws {
    #expect(
      try validate(#"{"kind":"session","format":3,"name":"x"}"# + "\n" + #"{"kind":"wat"}"# + "\n")
        == "t.jsonl:1: error: unsupported trace format 3; this tca-trace reads formats 1, 2")
  }
}
