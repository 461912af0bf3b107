import Foundation
import Testing
import TraceTestSupport

/// `show` (the full text) reads a long trace's lines on a second thread once it has read
/// `ShowRunner.readAheadAfterLines` of them: the output, the warnings, the errors and the exit code
/// are the ones a read on one thread gives. `TCA_TRACE_READ_AHEAD_AFTER` moves the switch into
/// these small traces (0: never).
@Suite struct ShowReadAheadTests {
  let directory = TemporaryDirectory()
  /// 400 actions on 30 todos, a keyframe every 25 actions.
  let lines = SyntheticTrace.text(actions: 400, stateSize: 30, keyframeInterval: 25)
    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  static let commands = [
    ["show", "--color", "never"], ["show", "--color", "never", "--to", "120"],
    ["show", "--color", "never", "--full-state", "--from", "390"], ["show", "--color", "never", "--from", "200"],
  ]

  /// `arguments` on `text` read on one thread, and ahead after 50 lines.
  func runs(_ arguments: [String], _ text: String) -> (one: ToolRun, ahead: ToolRun) {
    _ = directory.file("t.jsonl", contents: text)
    return (
      tcaTrace(arguments + ["t.jsonl"], in: directory, environment: ["TCA_TRACE_READ_AHEAD_AFTER": "0"]),
      tcaTrace(arguments + ["t.jsonl"], in: directory, environment: ["TCA_TRACE_READ_AHEAD_AFTER": "50"])
    )
  }

  @Test(arguments: commands) func theSameOutputAsOneThread(arguments: [String]) {
    let (one, ahead) = runs(arguments, lines.joined(separator: "\n"))
    #expect(one.code == 0 && one.stderr.isEmpty)
    #expect(one.stdout.contains("Todos.Action"))
    #expect(ahead == one)
  }

  @Test(arguments: commands) func aBadLineEndsTheCommandWhereOneThreadEndsIt(arguments: [String]) {
    var bad = lines
    bad[200] = #"{"kind":"action","seq":"#
    let (one, ahead) = runs(arguments, bad.joined(separator: "\n"))
    if arguments.contains("--to") {
      #expect(one.code == 0)
    } else {
      #expect(one.stderr.hasSuffix("t.jsonl:201:24: error: unexpected end of input\n"))
      #expect(one.code == 2)
    }
    #expect(ahead == one)
  }

  @Test(arguments: commands) func warningsAsOneThreadSeesThem(arguments: [String]) {
    // A repeated action, a gap note and a cut-off last line, all after the switch.
    var changed = lines
    changed.insert(changed[250], at: 250)
    changed.insert(#"{"kind":"note","t":1,"note":"gap","dropped":3,"message":"3 actions dropped"}"#, at: 120)
    var text = changed.joined(separator: "\n")
    text.removeLast(40)
    let (one, ahead) = runs(arguments, text)
    if !arguments.contains("--to") {
      #expect(one.stderr.contains("t.jsonl:253: warning: duplicated sequence number 195 (also on line 252)\n"))
      #expect(one.stderr.contains("t.jsonl:517: warning: truncated last line (no newline at the end); ignored\n"))
    }
    #expect(ahead == one)
  }

  /// Read from a pipe: the same.
  @Test func standardInput() {
    let text = Data(lines.joined(separator: "\n").utf8)
    let one = tcaTrace(
      ["show", "--color", "never", "-"], in: directory, stdin: text, environment: ["TCA_TRACE_READ_AHEAD_AFTER": "0"])
    let ahead = tcaTrace(
      ["show", "--color", "never", "-"], in: directory, stdin: text, environment: ["TCA_TRACE_READ_AHEAD_AFTER": "50"])
    #expect(one.code == 0 && one.stdout.contains("Todos.Action"))
    #expect(ahead == one)
  }
}
