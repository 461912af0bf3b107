import Foundation
import Testing

/// `tca-trace diff` end to end (DiffCommand.swift over Sources/TraceAnalysis/Compare): what differs
/// between a golden run and the current one, and the exit code.
@Suite struct DiffCommandTests {
  let directory = DiffTraces.directory()

  @Test func identicalRuns() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stdout: """
            No behavioural differences: golden.jsonl and golden.jsonl (4 actions each) behave the same.

            """))
  }

  @Test func oneChangedStateField() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "changed.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and changed.jsonl differ.

            First divergence: golden seq 2 (line 4), current seq 2 (line 4): Counter.Action.increment
              state after the action differs:
                  Counter.State(
                -   count: 2,
                +   count: 3,
                    … (1 unchanged)
                  )

            Summary: 4 actions in golden.jsonl, 4 in changed.jsonl: 4 aligned, 1 state difference (persisting unchanged after 2 more actions).

            """, code: 1))
  }

  @Test func insertedAction() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "inserted.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and inserted.jsonl differ.

            First divergence: golden –, current seq 3 (line 5): Counter.Action.increment
              extra action in the current run

            Summary: 4 actions in golden.jsonl, 5 in inserted.jsonl: 4 aligned, 1 extra, 1 state difference (persisting unchanged after 1 more action).

            Other differences:

            golden seq 3 (line 5), current seq 4 (line 6): Counter.Action.factButtonTapped
              state after the action differs:
                  Counter.State(
                -   count: 2,
                +   count: 3,
                    … (1 unchanged)
                  )

            """, code: 1))
  }

  @Test func removedAction() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "removed.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and removed.jsonl differ.

            First divergence: golden seq 2 (line 4), current –: Counter.Action.increment
              action missing from the current run

            Summary: 4 actions in golden.jsonl, 3 in removed.jsonl: 3 aligned, 1 missing, 1 state difference (persisting unchanged after 1 more action).

            Other differences:

            golden seq 3 (line 5), current seq 2 (line 4): Counter.Action.factButtonTapped
              state after the action differs:
                  Counter.State(
                -   count: 2,
                +   count: 1,
                    … (1 unchanged)
                  )

            """, code: 1))
  }

  @Test func differentPayload() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "payload.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and payload.jsonl differ.

            First divergence: golden seq 4 (line 8), current seq 4 (line 8): Counter.Action.factResponse(_:)
              action value differs:
                  .factResponse(
                -   "2 is prime"
                +   "2 is even"
                  )

            Summary: 4 actions in golden.jsonl, 4 in payload.jsonl: 4 aligned, 1 different action value, 1 state difference.

            Other differences:

            golden seq 4 (line 8), current seq 4 (line 8): Counter.Action.factResponse(_:)
              state after the action differs:
                  Counter.State(
                    … (1 unchanged),
                -   fact: "2 is prime"
                +   fact: "2 is even"
                  )

            """, code: 1))
  }

  @Test func reorderedEffectOutputs() {
    #expect(
      tcaTrace("diff", "two.jsonl", "swapped.jsonl", in: directory)
        == ToolRun(
          stdout: """
            two.jsonl and swapped.jsonl differ.

            First divergence: golden seq 3 (line 5), current seq 3 (line 5): Counter.Action.factButtonTapped
              effects differ:
                effect 1 in golden:  id "fact", sent Counter.Action.timerTicked, Counter.Action.factResponse(_:), finished
                effect 1 in current: id "fact", sent Counter.Action.factResponse(_:), Counter.Action.timerTicked, finished
                  differs in: the order of the actions it sent

            Summary: 5 actions in two.jsonl, 5 in swapped.jsonl: 4 aligned, 1 missing, 1 extra, 1 effect difference.

            Other differences:

            golden seq 4 (line 8), current –: Counter.Action.timerTicked
              action missing from the current run

            golden –, current seq 5 (line 10): Counter.Action.timerTicked
              extra action in the current run

            """, code: 1))
  }

  @Test func cancelledInsteadOfFinished() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "cancelled.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and cancelled.jsonl differ.

            First divergence: golden seq 3 (line 5), current seq 3 (line 5): Counter.Action.factButtonTapped
              effects differ:
                effect 1 in golden:  id "fact", sent Counter.Action.factResponse(_:), finished
                effect 1 in current: id "fact", sent nothing, cancelled
                  differs in: sent: Counter.Action.factResponse(_:) → nothing; end: finished → cancelled

            Summary: 4 actions in golden.jsonl, 3 in cancelled.jsonl: 3 aligned, 1 missing, 1 state difference, 1 effect difference.

            Other differences:

            golden seq 4 (line 8), current –: Counter.Action.factResponse(_:)
              action missing from the current run

            the end, after golden seq 4 (line 8), current seq 3 (line 5)
              final state differs:
                  Counter.State(
                    … (1 unchanged),
                -   fact: "2 is prime"
                +   fact: nil
                  )

            """, code: 1))
  }

  @Test func effectsOfAMissingAction() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "nofact.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and nofact.jsonl differ.

            First divergence: golden seq 3 (line 5), current –: Counter.Action.factButtonTapped
              action missing from the current run

            Summary: 4 actions in golden.jsonl, 2 in nofact.jsonl: 2 aligned, 2 missing, 1 state difference, effects of 1 missing action.

            Other differences:

            golden seq 3 (line 5), current –: Counter.Action.factButtonTapped
              effects missing from the current run:
                effect 1: id "fact", sent Counter.Action.factResponse(_:), finished

            golden seq 4 (line 8), current –: Counter.Action.factResponse(_:)
              action missing from the current run

            the end, after golden seq 4 (line 8), current seq 2 (line 4)
              final state differs:
                  Counter.State(
                    … (1 unchanged),
                -   fact: "2 is prime"
                +   fact: nil
                  )

            """, code: 1))
  }

  @Test func effectsOfAMissingActionThatEndAfterLaterActions() {
    // The tap is missing, the response it sent is not: the tap's effect, which ended after the
    // response, is reported with the tap.
    #expect(
      tcaTrace("diff", "golden.jsonl", "untapped.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and untapped.jsonl differ.

            First divergence: golden seq 3 (line 5), current –: Counter.Action.factButtonTapped
              action missing from the current run

            Summary: 4 actions in golden.jsonl, 3 in untapped.jsonl: 3 aligned, 1 missing, effects of 1 missing action.

            Other differences:

            golden seq 3 (line 5), current –: Counter.Action.factButtonTapped
              effects missing from the current run:
                effect 1: id "fact", sent Counter.Action.factResponse(_:), finished

            """, code: 1))
  }

  @Test func effectsOfAnExtraAction() {
    #expect(
      tcaTrace("diff", "nofact.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stdout: """
            nofact.jsonl and golden.jsonl differ.

            First divergence: golden –, current seq 3 (line 5): Counter.Action.factButtonTapped
              extra action in the current run

            Summary: 2 actions in nofact.jsonl, 4 in golden.jsonl: 2 aligned, 2 extra, 1 state difference, effects of 1 extra action.

            Other differences:

            golden –, current seq 3 (line 5): Counter.Action.factButtonTapped
              extra effects in the current run:
                effect 1: id "fact", sent Counter.Action.factResponse(_:), finished

            golden –, current seq 4 (line 8): Counter.Action.factResponse(_:)
              extra action in the current run

            the end, after golden seq 2 (line 4), current seq 4 (line 8)
              final state differs:
                  Counter.State(
                    … (1 unchanged),
                -   fact: nil
                +   fact: "2 is prime"
                  )

            """, code: 1))
  }

  @Test func ignoredPaths() {
    // The payload and the state field it sets may differ; the Swift-like and the JSON Pointer
    // spelling both work.
    #expect(
      tcaTrace(
        "diff", "--ignore", "fact", "--ignore", "/**/factResponse/_0", "golden.jsonl", "payload.jsonl", in: directory)
        == ToolRun(
          stdout: """
            No behavioural differences: golden.jsonl and payload.jsonl (4 actions each) behave the same.

            """))
    // Ignoring only the state leaves the action's difference.
    #expect(
      tcaTrace("diff", "--ignore", "**.fact", "golden.jsonl", "payload.jsonl", in: directory)
        == ToolRun(
          stdout: """
            golden.jsonl and payload.jsonl differ.

            First divergence: golden seq 4 (line 8), current seq 4 (line 8): Counter.Action.factResponse(_:)
              action value differs:
                  .factResponse(
                -   "2 is prime"
                +   "2 is even"
                  )

            Summary: 4 actions in golden.jsonl, 4 in payload.jsonl: 4 aligned, 1 different action value.

            """, code: 1))
  }

  @Test func timingsAreIgnoredUnlessAsked() {
    #expect(tcaTrace("diff", "golden.jsonl", "slow.jsonl", in: directory).code == 0)
  }

  @Test func timingRegressionOverThreshold() {
    #expect(
      tcaTrace("diff", "--timings", "golden.jsonl", "slow.jsonl", in: directory)
        == ToolRun(
          stdout: """
            No behavioural differences: golden.jsonl and slow.jsonl (4 actions each) behave the same, but their timings regressed (below).

            Timing regressions (over +25% and at least 1.00ms):
              reducer Counter.Action.increment p95: 2.00µs → 5.00ms (+249900%, +5.00ms)

            Timing gate failed: 1 figure regressed.

            """, code: 1))
  }

  @Test func timingChangeUnderThreshold() {
    // +898µs is under the default minimum difference of 1ms …
    #expect(
      tcaTrace("diff", "--timings", "golden.jsonl", "slower.jsonl", in: directory)
        == ToolRun(
          stdout: """
            No behavioural differences: golden.jsonl and slower.jsonl (4 actions each) behave the same.

            Timings: no regressions over +25% and at least 1.00ms (8 figures compared).

            """))
    // … but not under 100µs; and a threshold above the increase lets it pass.
    #expect(
      tcaTrace("diff", "--timings", "--min-difference", "100us", "golden.jsonl", "slower.jsonl", in: directory)
        == ToolRun(
          stdout: """
            No behavioural differences: golden.jsonl and slower.jsonl (4 actions each) behave the same, but their timings regressed (below).

            Timing regressions (over +25% and at least 100µs):
              reducer Counter.Action.increment p95: 2.00µs → 900µs (+44900%, +898µs)

            Timing gate failed: 1 figure regressed.

            """, code: 1))
    #expect(
      tcaTrace(
        "diff", "--timings", "--min-difference", "100us", "--threshold", "50000%", "golden.jsonl", "slower.jsonl",
        in: directory
      ).code == 0)
  }

  @Test func colourOnRequest() {
    let run = tcaTrace("diff", "--color", "always", "golden.jsonl", "removed.jsonl", in: directory)
    #expect(run.stdout.hasPrefix("\u{1B}[1mgolden.jsonl and removed.jsonl differ.\u{1B}[0m\n"))
    #expect(run.stdout.contains("\u{1B}[31maction missing from the current run\u{1B}[0m"))
  }

  @Test func currentFromStandardInput() {
    #expect(
      tcaTrace("diff", "golden.jsonl", "-", in: directory, stdin: DiffTraces.golden).stdout == """
        No behavioural differences: golden.jsonl and <stdin> (4 actions each) behave the same.

        """)
  }
}

/// Small counter traces written by hand after docs/log-format.md: a golden run (increment,
/// increment, a fact request whose effect sends the response) and variations of it.
enum DiffTraces {
  static let header =
    #"{"kind":"session","format":1,"name":"Counter","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":100,"redacted":[]}"#
  static let initial = #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0,"fact":null}}"#
  static let response = "Counter.Action.factResponse(_:)"
  static let tick = "Counter.Action.timerTicked"

  static func increment(_ seq: Int, t: Int, count: Int, duration: Int = 2_000) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(t),"duration":\#(duration),"label":"Counter.Action.increment","action":{"$enum":"Counter.Action","increment":{}},"patch":[{"op":"replace","path":"/count","value":\#(count)}]}"#
  }

  static func factTapped(_ seq: Int, t: Int) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(t),"duration":3000,"label":"Counter.Action.factButtonTapped","action":{"$enum":"Counter.Action","factButtonTapped":{}},"patch":[]}"#
  }

  static func started(_ seq: Int, t: Int) -> String {
    #"{"kind":"effect","event":"started","effect":1,"t":\#(t),"seq":\#(seq),"label":"Counter.Action.factButtonTapped","id":"fact"}"#
  }

  static func output(_ seq: Int, t: Int, _ label: String) -> String {
    #"{"kind":"effect","event":"output","effect":1,"t":\#(t),"seq":\#(seq),"label":"\#(label)"}"#
  }

  static func factResponse(_ seq: Int, t: Int, _ text: String) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(t),"duration":1000,"label":"Counter.Action.factResponse(_:)","action":{"$enum":"Counter.Action","factResponse":{"_0":"\#(text)"}},"effect":1,"patch":[{"op":"replace","path":"/fact","value":"\#(text)"}]}"#
  }

  static func timerTicked(_ seq: Int, t: Int) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(t),"duration":1000,"label":"Counter.Action.timerTicked","action":{"$enum":"Counter.Action","timerTicked":{}},"effect":1,"patch":[]}"#
  }

  static func ended(_ event: String, t: Int) -> String {
    #"{"kind":"effect","event":"\#(event)","effect":1,"t":\#(t)}"#
  }

  static func end(_ actions: Int) -> String {
    #"{"kind":"end","t":20000,"actions":\#(actions)}"#
  }

  static func trace(_ lines: [String]) -> String {
    lines.joined(separator: "\n") + "\n"
  }

  static let goldenLines = [
    header, initial, increment(1, t: 1000, count: 1), increment(2, t: 3000, count: 2), factTapped(3, t: 5000),
    started(3, t: 8000), output(4, t: 9000, response), factResponse(4, t: 9000, "2 is prime"),
    ended("finished", t: 9500), end(4),
  ]
  static let golden = trace(goldenLines)

  /// Every variation, by file name.
  static let files: [String: String] = [
    "golden.jsonl": golden,
    "changed.jsonl": golden.replacingOccurrences(
      of: #""path":"/count","value":2"#, with: #""path":"/count","value":3"#),
    "inserted.jsonl": trace([
      header, initial, increment(1, t: 1000, count: 1), increment(2, t: 3000, count: 2),
      increment(3, t: 4000, count: 3),
      factTapped(4, t: 5000), started(4, t: 8000), output(5, t: 9000, response), factResponse(5, t: 9000, "2 is prime"),
      ended("finished", t: 9500), end(5),
    ]),
    "removed.jsonl": trace([
      header, initial, increment(1, t: 1000, count: 1), factTapped(2, t: 5000), started(2, t: 8000),
      output(3, t: 9000, response), factResponse(3, t: 9000, "2 is prime"), ended("finished", t: 9500), end(3),
    ]),
    "payload.jsonl": golden.replacingOccurrences(of: "2 is prime", with: "2 is even"),
    "cancelled.jsonl": trace(Array(goldenLines[0...5]) + [ended("cancelled", t: 9500), end(3)]),
    "two.jsonl": trace(
      Array(goldenLines[0...5]) + [
        output(4, t: 9000, tick), timerTicked(4, t: 9000), output(5, t: 9200, response),
        factResponse(5, t: 9200, "2 is prime"),
        ended("finished", t: 9500), end(5),
      ]),
    "swapped.jsonl": trace(
      Array(goldenLines[0...5]) + [
        output(4, t: 9000, response), factResponse(4, t: 9000, "2 is prime"), output(5, t: 9200, tick),
        timerTicked(5, t: 9200),
        ended("finished", t: 9500), end(5),
      ]),
    "nofact.jsonl": trace(Array(goldenLines[0...3]) + [end(2)]),
    "untapped.jsonl": trace(
      Array(goldenLines[0...3]) + [
        factResponse(3, t: 9000, "2 is prime").replacingOccurrences(of: #""effect":1,"#, with: ""), end(3),
      ]),
    "slow.jsonl": golden.replacingOccurrences(of: #""t":1000,"duration":2000"#, with: #""t":1000,"duration":5000000"#),
    "slower.jsonl": golden.replacingOccurrences(of: #""t":1000,"duration":2000"#, with: #""t":1000,"duration":900000"#),
    "format2.jsonl": golden.replacingOccurrences(of: #""format":1"#, with: #""format":3"#),
    "empty.jsonl": "",
    "truncated.jsonl": trace(Array(goldenLines[0...4])) + goldenLines[5].prefix(40),
    "badline.jsonl": trace(Array(goldenLines[0...2]) + [#"{"kind":"action","seq":2,"t":"#] + Array(goldenLines[3...])),
  ]

  /// A directory holding every file of `files`.
  static func directory() -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    for (name, contents) in files { _ = directory.file(name, contents: contents) }
    return directory
  }
}
