import Foundation
import Testing

/// `show` and `report` on actions whose state the recorder coalesced (`"coalesced":true`,
/// `"patch":[]`): they say the state was not captured, never "(No state changes)"; the next
/// recorded action carries their change.
@Suite struct ShowCoalescedTests {
  static func action(_ seq: Int, _ name: String, coalesced: Bool, patch: String) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(seq)000000,"duration":1000,"label":"Counter.Action.\#(name)","#
      + (coalesced ? #""coalesced":true,"# : "")
      + #""action":{"$enum":"Counter.Action","\#(name)":{}},"patch":\#(patch)}"#
  }

  static let trace =
    [
      SampleTraces.header,
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#,
      action(1, "increment", coalesced: true, patch: "[]"),
      action(2, "increment", coalesced: false, patch: #"[{"op":"replace","path":"/count","value":2}]"#),
      action(3, "noop", coalesced: false, patch: "[]"),
    ].joined(separator: "\n") + "\n"

  @Test func aCoalescedActionSaysItsStateWasNotCaptured() {
    let directory = TemporaryDirectory()
    _ = directory.file("burst.jsonl", contents: Self.trace)
    let run = tcaTrace("show", "burst.jsonl", in: directory)
    #expect(run.code == 0)
    #expect(
      run.stdoutAfterHeader == """
        #1      +0.001s  1.00µs  Counter.Action.increment
            Counter.Action.increment
          (State not captured: coalesced while the writer was busy; the next recorded change includes this one)

        #2      +0.002s  1.00µs  Counter.Action.increment
            Counter.Action.increment
            Counter.State(
          -   count: 0
          +   count: 2
            )

        #3      +0.003s  1.00µs  Counter.Action.noop
            Counter.Action.noop
          (No state changes)

        """)
  }

  @Test func theReportSaysSoToo() throws {
    let directory = TemporaryDirectory()
    _ = directory.file("burst.jsonl", contents: Self.trace)
    let run = tcaTrace("report", "burst.jsonl", "-o", "burst.html", in: directory)
    #expect(run.code == 0)
    let page = try String(contentsOfFile: directory.path("burst.html"), encoding: .utf8)
    #expect(
      page.contains(
        #"{"a":".increment","x":"the state after this action was not captured (coalesced while the writer was busy); the next recorded change includes this one"}"#
      ))
    #expect(page.contains(#"{"a":".noop","d":{"u":1}}"#))
  }

  /// When the recorder closes after coalesced actions, the state after the last one is written
  /// whole: `show` prints what it changed under that action (it was never shown).
  @Test func theStateWrittenAfterTheLastCoalescedActionIsShown() {
    let directory = TemporaryDirectory()
    let trace =
      [
        SampleTraces.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#,
        Self.action(1, "increment", coalesced: false, patch: #"[{"op":"replace","path":"/count","value":1}]"#),
        Self.action(2, "increment", coalesced: true, patch: "[]"),
        Self.action(3, "increment", coalesced: true, patch: "[]"),
        #"{"kind":"note","t":3500000,"note":"info","message":"writer busy: the states of 2 actions (#2–#3) were not captured; the state after #3 follows","coalesced":2}"#,
        #"{"kind":"state","seq":3,"t":3600000,"state":{"$type":"Counter.State","count":3}}"#,
        #"{"kind":"end","t":4000000,"actions":3}"#,
      ].joined(separator: "\n") + "\n"
    _ = directory.file("closed.jsonl", contents: trace)
    let run = tcaTrace("show", "closed.jsonl", in: directory)
    #expect(run.code == 0)
    #expect(
      run.stdoutAfterHeader == """
        #1      +0.001s  1.00µs  Counter.Action.increment
            Counter.Action.increment
            Counter.State(
          -   count: 0
          +   count: 1
            )

        #2      +0.002s  1.00µs  Counter.Action.increment
            Counter.Action.increment
          (State not captured: coalesced while the writer was busy; the next recorded change includes this one)

        #3      +0.003s  1.00µs  Counter.Action.increment
            Counter.Action.increment
          (State not captured: coalesced while the writer was busy; the next recorded change includes this one)
        note +0.003s info: writer busy: the states of 2 actions (#2–#3) were not captured; the state after #3 follows
          (State after #3, recorded whole: it includes the changes of the coalesced actions)
            Counter.State(
          -   count: 1
          +   count: 3
            )
        end +0.004s: 3 actions

        """)
  }
}
