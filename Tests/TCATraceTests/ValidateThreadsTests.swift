import Foundation
import Testing
import TraceTestSupport

/// `validate` in stretches on several threads (ValidateSegments.swift): the findings, their order,
/// the last line and the exit code are the ones a read on one thread gives, whatever stretches the
/// file is cut into. `TCA_TRACE_VALIDATE_RANGE_BYTES` cuts these small traces into ranges of a
/// few kilobytes (read in stretches on two threads), and the tool then says on stderr how many
/// stretches it read; without it a file under 16 MB is read as before.
@Suite struct ValidateThreadsTests {
  let directory = TemporaryDirectory()
  /// 400 actions on 30 todos, a keyframe every 25 actions: 37 kB in 11 lines a range.
  let lines = SyntheticTrace.text(actions: 400, stateSize: 30, keyframeInterval: 25)
    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

  /// `validate` of `text` read as before, and in stretches cut at ranges of `range` bytes.
  func validations(_ text: String, range: Int = 3000, json: Bool = false) -> (one: ToolRun, stretches: ToolRun) {
    _ = directory.file("t.jsonl", contents: text)
    let arguments = ["validate"] + (json ? ["--format", "json"] : []) + ["t.jsonl"]
    return (
      tcaTrace(arguments, in: directory),
      tcaTrace(arguments, in: directory, environment: ["TCA_TRACE_VALIDATE_RANGE_BYTES": "\(range)"])
    )
  }

  /// The run in stretches: the same output and exit code, and `stderr` saying what was read.
  func expectSame(
    _ runs: (one: ToolRun, stretches: ToolRun), stderr: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(runs.stretches.stdout == runs.one.stdout, sourceLocation: sourceLocation)
    #expect(runs.stretches.code == runs.one.code, sourceLocation: sourceLocation)
    #expect(runs.stretches.stderr == runs.one.stderr + stderr, sourceLocation: sourceLocation)
  }

  @Test func aValidTraceIsValidInEveryStretch() {
    let runs = validations(lines.joined(separator: "\n"))
    #expect(runs.one == ToolRun(stdout: "t.jsonl: valid\n", code: 0))
    expectSame(runs, stderr: "validate: 17 stretches read on 2 threads\n")
  }

  @Test func problemsAcrossStretchesInTheOrderOfTheirLines() throws {
    var changed = lines
    // A keyframe that differs from its patch, a patch that does not apply, an unreadable line,
    // an action missing (a gap), and a cut-off last line, in different stretches.
    let keyframe = try #require(changed.indices.first { $0 > 300 && changed[$0].contains(#""state":{"#) })
    changed[keyframe] = changed[keyframe].replacingOccurrences(of: #""isComplete":false"#, with: #""isComplete":true"#)
    let patched = try #require(
      changed.indices.first { $0 > 100 && changed[$0].contains(#""op":"replace","path":"/todos/"#) })
    changed[patched] = changed[patched].replacingOccurrences(of: #""path":"/todos/"#, with: #""path":"/nothing/"#)
    changed[200] = #"{"kind":"action","seq":"#
    let gap = try #require(changed.indices.first { $0 > 240 && changed[$0].contains(#""kind":"action""#) })
    changed.remove(at: gap)
    var text = changed.joined(separator: "\n")
    text.removeLast(40)
    let runs = validations(text)
    // (The action removed was sent by an effect: its output is not followed by it.)
    #expect(
      runs.one.stdout == """
        t.jsonl:105: error: patch of action 80 does not apply: path /nothing/5/isComplete does not exist
        t.jsonl:201:24: error: unexpected end of input
        t.jsonl:242: error: effect 19: output for seq 188 is not followed by action 188
        t.jsonl:244: error: sequence gap: expected seq 188, found 189 with no gap note before it
        t.jsonl:321: error: keyframe state of action 250 differs from the state its patch gives
        t.jsonl:352: error: keyframe state of action 275 differs from the state its patch gives
        t.jsonl:514: warning: truncated last line (no newline at the end); ignored
        t.jsonl: 7 problems

        """)
    #expect(runs.one.code == 1)
    expectSame(runs, stderr: "validate: 17 stretches read on 2 threads\n")
  }

  @Test func theSameFindingsWhateverTheRanges() throws {
    var changed = lines
    for (k, line) in changed.enumerated() where k % 97 == 50 && line.contains(#""kind":"action""#) {
      changed[k] = line.replacingOccurrences(of: #""seq":"#, with: #""seq":"#.uppercased())
    }
    let keyframes = changed.indices.filter { changed[$0].contains(#""state":{"#) }
    changed[keyframes[5]] = String(changed[keyframes[5]].prefix(200))
    let text = changed.joined(separator: "\n")
    for (range, stretches) in [(700, 16), (40000, 6), (1_000_000, 1)] {
      let runs = validations(text, range: range)
      #expect(
        runs.one
          == ToolRun(
            stdout: """
              t.jsonl:50: error: effect 4: output for seq 38 is not followed by action 38
              t.jsonl:51: error: action: missing key "seq"
              t.jsonl:148: error: action: missing key "seq"
              t.jsonl:161:201: error: unexpected end of input
              t.jsonl:245: error: action: missing key "seq"
              t.jsonl:342: error: action: missing key "seq"
              t.jsonl:439: error: action: missing key "seq"
              t.jsonl: 7 problems

              """, code: 1))
      expectSame(runs, stderr: "validate: \(stretches) stretches read on 2 threads\n")
      expectSame(
        validations(text, range: range, json: true), stderr: "validate: \(stretches) stretches read on 2 threads\n")
    }
  }

  @Test func aSecondHeaderOfTheSessionIsTheErrorOneThreadFinds() {
    var changed = lines
    changed.insert(lines[0], at: 250)
    let runs = validations(changed.joined(separator: "\n"))
    #expect(
      runs.one
        == ToolRun(
          stdout: """
            t.jsonl:251: error: a session header is only allowed on the first line
            t.jsonl: 1 problem

            """, code: 1))
    expectSame(runs, stderr: "validate: 17 stretches read on 2 threads\n")
  }

  @Test func anotherReducersLineIsReadAgainOnOneThread() {
    let other = MultiReducerCommandTests.trace.split(separator: "\n").map(String.init)
    var mixed = lines
    mixed.insert(contentsOf: [other[2], other[3], other[5]], at: 300)
    let runs = validations(mixed.joined(separator: "\n"))
    #expect(runs.one == ToolRun(stdout: "t.jsonl (reducers \"Todos\", \"other\"): valid\n", code: 0))
    expectSame(runs, stderr: "validate: read again on one thread\n")
  }

  @Test func aTraceWithoutKeyframesIsOneStretch() {
    let text = SyntheticTrace.text(actions: 300, stateSize: 30, keyframeInterval: 0)
    let runs = validations(text)
    #expect(runs.one == ToolRun(stdout: "t.jsonl: valid\n", code: 0))
    expectSame(runs, stderr: "validate: 1 stretches read on 2 threads\n")
  }

}
