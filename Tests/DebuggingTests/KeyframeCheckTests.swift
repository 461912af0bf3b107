import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `validate`'s reading thread leaves a keyframe's state unchecked (`TraceReader.defersChecks`)
/// and the checking thread checks it (`KeyframeCheck`): the findings are those of the check made
/// with the line, whatever is wrong with the state, and a line whose check could change how the
/// reader goes on (a `"reducer":` in it) is checked by the reader as before.
@Suite struct KeyframeCheckTests {
  static let header =
    #"{"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":42,"keyframeInterval":100,"redacted":[]}"#
  static let uuid = #"{"$uuid":"00000000-0000-0000-0000-000000000001"}"#

  /// An action that sets `/n` to `n`, with `state` as its keyframe.
  static func keyframe(_ seq: Int, _ n: Int, _ state: String) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(seq),"duration":1,"label":"Todos.Action.bump","action":{"$enum":"Todos.Action","bump":{}},"patch":[{"op":"replace","path":"/n","value":\#(n)}],"state":\#(state)}"#
  }

  func validate(_ lines: [String], everySession: Bool = false) throws -> String {
    let reader = try TraceReader(path: traceFile(lines.joined(separator: "\n") + "\n"))
    return TraceValidator.validate(reader, everySession: everySession).map {
      $0.description.replacingOccurrences(of: reader.file, with: "t.jsonl")
    }
    .joined(separator: "\n")
  }

  @Test func everyKeyframeProblemIsFoundAsWhenTheReaderChecksIt() throws {
    let id = Self.uuid
    let lines = [
      Self.header,
      #"{"kind":"state","seq":0,"t":0,"state":{"n":0,"id":\#(id)}}"#,
      Self.keyframe(1, 1, #"{"n":1,"id":\#(id)}"#),
      // Cut short: the JSON error, at its column.
      Self.keyframe(2, 2, #"{"n":2,"id":\#(id)"#),
      // Another member after the state: read member by member (and accepted).
      Self.keyframe(3, 3, #"{"n":3,"id":\#(id)},"x":1"#),
      // Not in the value form.
      Self.keyframe(4, 4, #"{"n":4,"id":{"$uuid":"zz"}}"#),
      // Written with spaces: read member by member.
      Self.keyframe(5, 5, #"{ "n" : 5, "id":\#(id) }"#),
      Self.keyframe(6, 6, #"{"n":7,"id":\#(id)}"#),
      Self.keyframe(7, 7, #"{"n":7,"n":7,"id":\#(id)}"#),
      // Another reducer's line (format 2): its session is decided by the reader, so it checks it.
      Self.keyframe(8, 8, #"{"n":8,"id":\#(id)},"reducer":"other""#),
      #"{"kind":"end","t":10,"actions":8}"#,
    ]
    #expect(
      try validate(lines) == """
        t.jsonl: warning: this trace also holds reducer "other" (1 line not read); select one with --prefix other
        t.jsonl:4:235: error: unexpected end of input
        t.jsonl:6: error: not a value in the trace's value form: at /state/id: invalid UUID "zz"
        t.jsonl:6: error: keyframe state of action 4 differs from the state its patch gives
        t.jsonl:7: error: keyframe state of action 5 differs from the state its patch gives
        t.jsonl:8: error: keyframe state of action 6 differs from the state its patch gives
        t.jsonl:9:181: error: duplicate key "n"
        t.jsonl:11: error: end says 8 actions, but the last action is 6
        """)
    #expect(
      try validate(lines, everySession: true) == """
        t.jsonl:4:235: error: unexpected end of input
        t.jsonl:6: error: not a value in the trace's value form: at /state/id: invalid UUID "zz"
        t.jsonl:6: error: keyframe state of action 4 differs from the state its patch gives
        t.jsonl:7: error: keyframe state of action 5 differs from the state its patch gives
        t.jsonl:8: error: keyframe state of action 6 differs from the state its patch gives
        t.jsonl:9:181: error: duplicate key "n"
        t.jsonl:10: error: first line must be a session header, found "action"
        t.jsonl:11: error: end says 8 actions, but the last action is 6
        """)
  }

  /// The action line (line 3) a keyframe is checked with.
  static let lineThree = Result<TraceLine, TraceError>.success(
    TraceLine(
      line: 3, record: .action(TraceAction(seq: 1, t: 1, duration: 1, label: "", action: .null, patch: JSONPatch()))))

  /// What the reader makes of `line` (after a header and a state), and the unchecked keyframe's start.
  func read(_ line: String, defers: Bool) throws -> (TraceLineRules.DeferredState?, uncheckedKeyframe: Int) {
    let reader = try TraceReader(
      path: traceFile(
        [Self.header, #"{"kind":"state","seq":0,"t":0,"state":{"n":0}}"#, line].joined(separator: "\n") + "\n"))
    reader.readsForChecking = true
    reader.defersChecks = defers
    _ = reader.next()
    _ = reader.next()
    _ = try #require(reader.next())
    return (reader.takeDeferredState(), reader.takeUncheckedKeyframe())
  }

  @Test func theCheckOnTheOtherThreadGivesTheReadersStateAndIndex() throws {
    let rows = (1...300).map { #"{"id":\#($0),"title":"Row \#($0)"}"# }.joined(separator: ",")
    let line = Self.keyframe(1, 1, #"{"n":1,"rows":[\#(rows)]}"#)
    let (checked, none) = try read(line, defers: false)
    #expect(none == 0)
    let (whole, start) = try read(line, defers: true)
    let stateStart = line.utf8.count - #"{"n":1,"rows":[]}}"#.utf8.count - rows.utf8.count
    #expect(start == stateStart)
    let wholeState = try #require(whole)
    #expect(wholeState.text.count == line.utf8.count)
    let item = Self.lineThree
    let result = KeyframeCheck(file: "t.jsonl").check(item, wholeLine: wholeState, stateStart: start, nil)
    let state = try #require(result.state)
    let expected = try #require(checked)
    #expect(state.text.withUnsafeBytes { Array($0) } == expected.text.withUnsafeBytes { Array($0) })
    let containers: [Int: [Range<Int>]] = state.children.containers.mapValues { $0.map(\.value) }
    let expectedContainers: [Int: [Range<Int>]] = expected.children.containers.mapValues { $0.map(\.value) }
    #expect(containers == expectedContainers)
    #expect(containers[#"{"n":1,"rows":"#.utf8.count]?.count == 300)
    #expect(result.formProblem == nil)
  }

  @Test func aLineWithAReducerTagIsCheckedByTheReader() throws {
    let (state, start) = try read(Self.keyframe(1, 1, #"{"n":1,"reducer":"x"}"#), defers: true)
    #expect(start == 0)
    #expect(
      state.map { String(decoding: $0.text.withUnsafeBytes { Array($0) }, as: UTF8.self) } == #"{"n":1,"reducer":"x"}"#)
  }

  @Test func aStateTheCheckRefusesIsTheReadersError() throws {
    let line = Self.keyframe(1, 1, #"{"n":1,"id":{"$uuid":"zz"}}"#)
    let (whole, start) = try read(line, defers: true)
    #expect(start > 0)
    let item = Self.lineThree
    let result = KeyframeCheck(file: "t.jsonl").check(item, wholeLine: try #require(whole), stateStart: start, nil)
    #expect(
      result.formProblem?.description
        == #"t.jsonl:3: error: not a value in the trace's value form: at /state/id: invalid UUID "zz""#)
    guard case let .success(decoded) = result.item, case let .action(action) = decoded.record else {
      Issue.record("not an action: \(result.item)")
      return
    }
    #expect(action.seq == 1)
    #expect(action.patch.operations.count == 1)
  }
}
