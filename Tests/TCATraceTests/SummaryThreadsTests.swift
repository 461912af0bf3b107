import Foundation
import Testing
import TraceTestSupport

/// `timings` and `show --labels-only` on several threads (SummarySegments.swift): the output, the
/// warnings, the errors and the exit code are the ones a read on one thread gives, whatever
/// stretches the file is cut into. `TCA_TRACE_SUMMARY_RANGE_BYTES` cuts these small traces into
/// ranges of a few kilobytes, `TCA_TRACE_SUMMARY_THREADS` sets the threads, and the tool then
/// says on stderr how many stretches it read on how many threads.
@Suite struct SummaryThreadsTests {
  let directory = TemporaryDirectory()
  /// 400 actions on 30 todos, a keyframe every 25 actions: 196 kB.
  let lines = SyntheticTrace.text(actions: 400, stateSize: 30, keyframeInterval: 25)
    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  static let environment = ["TCA_TRACE_SUMMARY_RANGE_BYTES": "3000", "TCA_TRACE_SUMMARY_THREADS": "3"]
  static let commands = [
    ["timings"], ["timings", "--format", "json"], ["show", "--labels-only"],
    ["show", "--labels-only", "--format", "json"],
  ]

  /// `arguments` on `text` on one thread and on three.
  func runs(_ arguments: [String], _ text: String, environment: [String: String] = environment) -> (
    one: ToolRun, three: ToolRun
  ) {
    _ = directory.file("t.jsonl", contents: text)
    return (
      tcaTrace(arguments + ["t.jsonl"], in: directory),
      tcaTrace(arguments + ["t.jsonl"], in: directory, environment: environment)
    )
  }

  @Test(arguments: commands) func theSameOutputAsOneThread(arguments: [String]) {
    let (one, three) = runs(arguments, lines.joined(separator: "\n"))
    #expect(one.code == 0 && one.stderr.isEmpty)
    #expect(one.stdout.contains("Todos.Action"))
    #expect(three.stdout == one.stdout)
    #expect(three.stderr == "summaries: 66 stretches read on 3 threads\n")
    #expect(three.code == 0)
  }

  @Test(arguments: commands) func aBadLineEndsTheCommandWhereOneThreadEndsIt(arguments: [String]) {
    var bad = lines
    bad[200] = #"{"kind":"action","seq":"#
    let (one, three) = runs(arguments, bad.joined(separator: "\n"))
    #expect(one.stderr.hasSuffix("t.jsonl:201:24: error: unexpected end of input\n"))
    #expect(one.code == 2)
    #expect(three == one)
  }

  @Test(arguments: commands) func aSecondHeaderIsAnErrorWhereverItIs(arguments: [String]) {
    // A thread that starts after the header takes a `session` line for a second header, as one
    // reader does after line 1 (not for the header it has not seen).
    var changed = lines
    changed.insert(#"{"kind":"session","format":2}"#, at: 300)
    let (one, three) = runs(arguments, changed.joined(separator: "\n"))
    #expect(one.stderr.hasSuffix("t.jsonl:301: error: a session header is only allowed on the first line\n"))
    #expect(one.code == 2)
    #expect(three == one)
  }

  @Test(arguments: commands) func warningsAsOneThreadSeesThem(arguments: [String]) {
    // A repeated action (a warning where it is read), a blank line (an error), a gap note and a
    // cut-off last line.
    var changed = lines
    changed.insert(changed[250], at: 250)
    changed.insert(#"{"kind":"note","t":1,"note":"gap","dropped":3}"#, at: 120)
    var text = changed.joined(separator: "\n")
    text.removeLast(40)
    let (one, three) = runs(arguments, text)
    #expect(
      one.stderr == """
        t.jsonl:253: warning: duplicated sequence number 195 (also on line 252)
        t.jsonl:517: warning: truncated last line (no newline at the end); ignored
        t.jsonl: warning: 3 actions were not recorded (the writer fell behind): 3 before #93

        """)
    #expect(three.stdout == one.stdout)
    #expect(three.stderr == one.stderr + "summaries: 66 stretches read on 3 threads\n")
    #expect(three.code == one.code)
  }

  @Test(arguments: commands) func anotherReducersLinesAreCountedOverEveryStretch(arguments: [String]) {
    // Lines of a second reducer (format 2) in two stretches far apart: skipped by each thread,
    // named once at the end with their total.
    let other = MultiReducerCommandTests.trace.split(separator: "\n").map(String.init)
    var mixed = lines
    mixed.insert(other[6], at: 300)
    mixed.insert(contentsOf: [other[2], other[3], other[5]], at: 100)
    let (one, three) = runs(arguments, mixed.joined(separator: "\n"))
    #expect(
      one.stderr
        == "t.jsonl: warning: this trace also holds reducer \"other\" (4 lines not read); select one with --prefix other\n"
    )
    #expect(three.stdout == one.stdout)
    #expect(three.stderr == one.stderr + "summaries: 66 stretches read on 3 threads\n")
  }

  @Test(arguments: [64, 500, 1000]) func aRangeThatStartsWithAnotherReducersLine(range: Int) {
    // Found in review: a range's first line was taken for the file's header, so another
    // reducer's line there was read as the first's, or failed as a second header.
    let environment = ["TCA_TRACE_SUMMARY_RANGE_BYTES": "\(range)", "TCA_TRACE_SUMMARY_THREADS": "3"]
    let warning =
      "t.jsonl: warning: this trace also holds reducer \"other\" (5 lines not read); select one with --prefix other\n"
    for arguments in Self.commands {
      let (one, three) = runs(arguments, MultiReducerCommandTests.trace, environment: environment)
      #expect(one.stderr == warning)
      #expect(three.stdout == one.stdout, "\(arguments)")
      #expect(three.stderr.hasPrefix(warning + "summaries: "), "\(arguments)")
      #expect(three.code == 0)
    }
  }

  @Test func rangesInsideALongLineHaveNoStretch() {
    // A state of 1,000 todos (about 100 kB on one line) spans many ranges of 3,000 bytes: they
    // read nothing, and the stretch the line starts in reads it whole.
    let text = SyntheticTrace.text(actions: 60, stateSize: 1_000, keyframeInterval: 20)
    for arguments in Self.commands {
      let (one, three) = runs(arguments, text)
      #expect(one.code == 0 && one.stderr.isEmpty)
      #expect(three.stdout == one.stdout, "\(arguments)")
      #expect(three.stderr == "summaries: 13 stretches read on 3 threads\n", "\(arguments)")
    }
  }

  @Test func anEarlyEndStopsTheThreads() {
    let (one, three) = runs(["show", "--labels-only", "--to", "50"], lines.joined(separator: "\n"))
    #expect(one.stdout.split(separator: "\n").count == 50)
    #expect(three.stdout == one.stdout)
    // (Threads read a few stretches ahead of the one taken.)
    #expect(three.stderr == "summaries: 10 stretches read on 3 threads\n")
  }

  @Test func aPrefixOrStandardInputIsReadOnOneThread() {
    let text = lines.joined(separator: "\n")
    _ = directory.file("t.jsonl", contents: text)
    let prefixed = tcaTrace(["timings", "--prefix", "Todos", "t.jsonl"], in: directory, environment: Self.environment)
    #expect(prefixed.code == 0 && prefixed.stderr.isEmpty)
    let piped = tcaTrace(["timings", "-"], in: directory, stdin: Data(text.utf8), environment: Self.environment)
    #expect(piped.code == 0 && piped.stderr.isEmpty)
    #expect(piped.stdout == prefixed.stdout)
  }
}
