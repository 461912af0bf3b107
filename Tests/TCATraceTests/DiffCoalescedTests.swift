import Foundation
import Testing

/// `diff` of runs whose states were coalesced (the recorder fell behind): a coalesced action's
/// state is unknown, so it is not compared; the state written whole after the last coalesced
/// action is the run's evidence and is compared, even when the patches were equal (both `[]`).
/// A real regression in a burst passed as "behave the same", and an exact run against a
/// coalesced one differed on states that were never captured.
@Suite struct DiffCoalescedTests {
  let directory = TemporaryDirectory()

  static let header =
    #"{"kind":"session","format":2,"reducer":"Counter","name":"Counter","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":0,"redacted":[]}"#
  static let initial = #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#
  static let end = #"{"kind":"end","t":50,"actions":4}"#

  static func increment(_ seq: Int, count: Int) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(seq * 10),"duration":1,"label":"Counter.Action.increment","action":{"$enum":"Counter.Action","increment":{}},"patch":[{"op":"replace","path":"/count","value":\#(count)}]}"#
  }

  static func coalesced(_ seq: Int) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(seq * 10),"duration":1,"label":"Counter.Action.increment","coalesced":true,"action":{"$enum":"Counter.Action","increment":{}},"patch":[]}"#
  }

  /// Every state captured.
  static let exact = [header, initial] + (1...4).map { increment($0, count: $0) } + [end]
  /// #2 and #3 coalesced; #4 carries their changes.
  static let coalescedMidRun = [
    header, initial, increment(1, count: 1), coalesced(2), coalesced(3),
    #"{"kind":"note","t":35,"note":"info","message":"writer busy: the states of 2 actions (#2–#3) were not captured; #4 carries their changes","coalesced":2}"#,
    increment(4, count: 4), end,
  ]

  /// #2 to #4 coalesced until the recorder closed: the state after #4 follows, whole.
  static func coalescedToTheEnd(finalCount: Int) -> [String] {
    [
      header, initial, increment(1, count: 1), coalesced(2), coalesced(3), coalesced(4),
      #"{"kind":"note","t":45,"note":"info","message":"writer busy: the states of 3 actions (#2–#4) were not captured; the state after #4 follows","coalesced":3}"#,
      #"{"kind":"state","seq":4,"t":46,"state":{"$type":"Counter.State","count":\#(finalCount)}}"#, end,
    ]
  }

  private func write(_ name: String, _ lines: [String]) {
    _ = directory.file(name, contents: lines.joined(separator: "\n") + "\n")
  }

  @Test func coalescedStatesAreNotCompared() {
    write("exact.jsonl", Self.exact)
    write("coalesced.jsonl", Self.coalescedMidRun)
    #expect(
      tcaTrace("diff", "exact.jsonl", "coalesced.jsonl", in: directory)
        == ToolRun(
          stdout: "No behavioural differences: exact.jsonl and coalesced.jsonl (4 actions each) behave the same.\n",
          stderr:
            "coalesced.jsonl: warning: the states of 2 actions were not captured (coalesced while the writer was busy): #2–#3; the next recorded state carries their changes\n"
        ))
  }

  @Test func theStateAfterTheLastCoalescedActionIsCompared() {
    write("good.jsonl", Self.coalescedToTheEnd(finalCount: 4))
    write("bug.jsonl", Self.coalescedToTheEnd(finalCount: 5))
    #expect(
      tcaTrace("diff", "good.jsonl", "bug.jsonl", in: directory)
        == ToolRun(
          stdout: """
            good.jsonl and bug.jsonl differ.

            First divergence: golden seq 4 (line 6), current seq 4 (line 6): Counter.Action.increment
              state after the action differs:
                  Counter.State(
                -   count: 4
                +   count: 5
                  )

            Summary: 4 actions in good.jsonl, 4 in bug.jsonl: 4 aligned, 1 state difference.

            """,
          stderr: """
            good.jsonl: warning: the states of 3 actions were not captured (coalesced while the writer was busy): #2–#4; the next recorded state carries their changes
            bug.jsonl: warning: the states of 3 actions were not captured (coalesced while the writer was busy): #2–#4; the next recorded state carries their changes

            """, code: 1))
  }

  @Test func anExactRunMatchesOneCoalescedToTheEnd() {
    write("exact.jsonl", Self.exact)
    write("coalesced.jsonl", Self.coalescedToTheEnd(finalCount: 4))
    #expect(
      tcaTrace("diff", "exact.jsonl", "coalesced.jsonl", in: directory)
        == ToolRun(
          stdout: "No behavioural differences: exact.jsonl and coalesced.jsonl (4 actions each) behave the same.\n",
          stderr:
            "coalesced.jsonl: warning: the states of 3 actions were not captured (coalesced while the writer was busy): #2–#4; the next recorded state carries their changes\n"
        ))
  }

  /// Members are compared by key whatever their order: a dictionary written in another order, or
  /// keys a patch added at the end, made `diff` say "initial state differs:" with nothing under it.
  @Test func membersInAnotherOrderAreTheSame() {
    func trace(_ state: String, patch: String) -> [String] {
      [
        Self.header, #"{"kind":"state","seq":0,"t":0,"state":\#(state)}"#,
        #"{"kind":"action","seq":1,"t":10,"duration":1,"label":"T.x","action":{"$enum":"T","x":{}},"patch":\#(patch)}"#,
      ]
    }
    write("a.jsonl", trace(#"{"$type":"S","d":{"a":1,"b":2}}"#, patch: "[]"))
    write("b.jsonl", trace(#"{"$type":"S","d":{"b":2,"a":1}}"#, patch: "[]"))
    #expect(
      tcaTrace("diff", "a.jsonl", "b.jsonl", in: directory)
        == ToolRun(stdout: "No behavioural differences: a.jsonl and b.jsonl (1 action each) behave the same.\n"))
    write("c.jsonl", trace(#"{"$type":"S","d":{"a":1,"c":3}}"#, patch: #"[{"op":"add","path":"/d/b","value":2}]"#))
    write("d.jsonl", trace(#"{"$type":"S","d":{"a":1,"b":2}}"#, patch: #"[{"op":"add","path":"/d/c","value":3}]"#))
    #expect(
      tcaTrace("diff", "c.jsonl", "d.jsonl", "--color", "never", in: directory)
        == ToolRun(
          stdout: """
            c.jsonl and d.jsonl differ.

            First divergence: the initial state
              initial state differs:
                  S(
                    d: [
                      … (1 unchanged),
                -     "c": 3,
                +     "b": 2
                    ]
                  )

            Summary: 1 action in c.jsonl, 1 in d.jsonl: 1 aligned, 1 state difference.

            """, code: 1))
  }
}
