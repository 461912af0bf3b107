import Foundation
import Testing

/// Never silent (issue 12): every reader says when a trace has gaps or coalesced states, where and
/// how many — after its output, on standard error. And `--prefix` reads one reducer of a file
/// several wrote.
@Suite struct NeverSilentTests {
  static let header =
    #"{"kind":"session","format":2,"reducer":"Counter","name":"Counter","prefix":"","start":"2026-11-24T09:00:00.000Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#

  static func action(_ seq: Int, _ count: Int?, reducer: String? = nil) -> String {
    let tag = reducer.map { #""reducer":"\#($0)","# } ?? ""
    let flag = count == nil ? #""coalesced":true,"# : ""
    let patch = count.map { #"[{"op":"replace","path":"/count","value":\#($0)}]"# } ?? "[]"
    return
      #"{"kind":"action",\#(tag)"seq":\#(seq),"t":\#(seq * 1000),"duration":100,"label":"Counter.Action.increment",\#(flag)"action":{"$enum":"Counter.Action","increment":{}},"patch":\#(patch)}"#
  }

  /// Actions 1–2 recorded, 3–4 coalesced, 8 dropped before 13, then 13 with a full state.
  static let trace =
    [
      header,
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#,
      action(1, 1), action(2, 2), action(3, nil), action(4, nil),
      #"{"kind":"note","t":4500,"note":"info","message":"writer busy: the states of 2 actions (#3–#4) were not captured; #5 carries their changes","coalesced":2}"#,
      action(5, 5),
      #"{"kind":"note","t":5500,"note":"gap","message":"writer fell behind: 7 actions dropped","dropped":7}"#,
      #"{"kind":"action","seq":13,"t":13000,"duration":100,"label":"Counter.Action.increment","action":{"$enum":"Counter.Action","increment":{}},"patch":[{"op":"replace","path":"/count","value":13}],"state":{"$type":"Counter.State","count":13}}"#,
      #"{"kind":"end","t":14000,"actions":13}"#,
    ].joined(separator: "\n") + "\n"

  static let warnings = """
    t.jsonl: warning: 7 actions were not recorded (the writer fell behind): 7 before #13
    t.jsonl: warning: the states of 2 actions were not captured (coalesced while the writer was busy): #3–#4; the next recorded state carries their changes

    """

  @Test(arguments: [
    ["show", "t.jsonl"], ["show", "--labels-only", "t.jsonl"], ["timings", "t.jsonl"],
    ["report", "-o", "r.html", "t.jsonl"], ["diff", "t.jsonl", "t.jsonl"],
  ])
  func everyReaderSaysWhatTheTraceDidNotRecord(_ arguments: [String]) {
    let directory = TemporaryDirectory()
    _ = directory.file("t.jsonl", contents: Self.trace)
    let run = tcaTrace(arguments, in: directory)
    #expect(run.code == 0)
    let expected = arguments.first == "diff" ? Self.warnings + Self.warnings : Self.warnings
    #expect(run.stderr == expected)
  }

  /// A burst, then the app ended before a later state was captured: `state --at 4` printed the
  /// state after #2 with exit 0 and no word (QA finding). It says whose state it prints.
  @Test func stateAtACoalescedActionSaysItsStateWasNotCaptured() {
    let directory = TemporaryDirectory()
    _ = directory.file("t.jsonl", contents: Self.trace)
    #expect(
      tcaTrace("state", "--at", "4", "--format", "json", "t.jsonl", in: directory)
        == ToolRun(
          stdout: #"{"$type":"Counter.State","count":2}"# + "\n",
          stderr: """
            t.jsonl:6: warning: the state after action 4 was not captured (the recorder coalesced it under load); \
            this is the state after action 2, the last one captured before it

            """))
    #expect(
      tcaTrace("state", "--at", "5", "--format", "json", "t.jsonl", in: directory)
        == ToolRun(stdout: #"{"$type":"Counter.State","count":5}"# + "\n"))
  }

  @Test func aCleanTraceGetsNoWarning() {
    let directory = TemporaryDirectory()
    _ = directory.file(
      "t.jsonl",
      contents: [
        Self.header, #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#, Self.action(1, 1),
      ].joined(separator: "\n") + "\n")
    #expect(tcaTrace("show", "--labels-only", "t.jsonl", in: directory).stderr == "")
  }

  /// Two reducers in one file: the first is read by default (with a warning naming the other),
  /// `--prefix` reads the other one.
  @Test func prefixSelectsOneReducerOfAFileSeveralWrote() {
    let other =
      #"{"kind":"session","format":2,"reducer":"counter2","name":"Counter","prefix":"counter2","start":"2026-11-24T09:00:00.000Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#
    let text =
      [
        Self.header,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#,
        other,
        #"{"kind":"state","reducer":"counter2","seq":0,"t":0,"state":{"$type":"Counter.State","count":10}}"#,
        Self.action(1, 1),
        Self.action(1, 11, reducer: "counter2"),
        Self.action(2, 12, reducer: "counter2"),
      ].joined(separator: "\n") + "\n"
    let directory = TemporaryDirectory()
    _ = directory.file("t.jsonl", contents: text)
    let first = tcaTrace("show", "--labels-only", "t.jsonl", in: directory)
    #expect(first.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.count == 1)
    #expect(
      first.stderr
        == "t.jsonl: warning: this trace also holds reducer \"counter2\" (4 lines not read); select one with --prefix counter2\n"
    )
    let second = tcaTrace("show", "--labels-only", "--prefix", "counter2", "t.jsonl", in: directory)
    #expect(second.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.count == 2)
    #expect(second.stderr == "")
    #expect(
      tcaTrace("timings", "--prefix", "counter2", "t.jsonl", in: directory).stdout.contains("Counter.Action.increment"))
    #expect(tcaTrace("validate", "--prefix", "counter2", "t.jsonl", in: directory).code == 0)
    let missing = tcaTrace("show", "--prefix", "nope", "t.jsonl", in: directory)
    #expect(missing.code == 2)
    #expect(
      missing.stderr.contains(#"t.jsonl:1: error: no reducer "nope" in this trace; it holds "Counter", "counter2""#))
  }
}
