import Foundation
import Testing

/// Traces made to hurt the readers, as a hostile user would make them: each ends with a located
/// error or a warning, never a crash, a hang or output out of proportion to the input.
@Suite struct HostileTraceTests {
  let directory = TemporaryDirectory()

  /// A 500-level state, then seven `copy` operations each doubling it (500 → 64,000 levels in 129 KB).
  static let deepByCopy: String = {
    var lines = [
      SampleTraces.header,
      #"{"kind":"state","seq":0,"t":0,"state":{"a":"# + String(repeating: "[", count: 500)
        + String(repeating: "]", count: 500) + "}}",
    ]
    var depth = 500
    for seq in 1...7 {
      let path = "/a" + String(repeating: "/0", count: depth)
      lines.append(
        #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[{"op":"copy","from":"/a","path":"\#(path)"}]}"#
      )
      depth *= 2
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  static let depthError =
    "deep.jsonl:3: error: patch of action 1 does not apply: the value at /a/0/0/0/0/0/0/0/… (501 tokens) would nest the state deeper than 512 levels\n"

  @Test func depthThroughPatchesIsAnErrorNamingTheLine() {
    _ = directory.file("deep.jsonl", contents: Self.deepByCopy)
    #expect(
      tcaTrace(["validate", "deep.jsonl"], in: directory)
        == ToolRun(stdout: Self.depthError + "deep.jsonl: 1 problem\n", code: 1))
    #expect(tcaTrace(["state", "--at", "7", "deep.jsonl"], in: directory) == ToolRun(stderr: Self.depthError, code: 2))
    #expect(tcaTrace(["diff", "deep.jsonl", "deep.jsonl"], in: directory) == ToolRun(stderr: Self.depthError, code: 2))
    let show = tcaTrace(["show", "deep.jsonl"], in: directory)
    #expect(show.stderr == Self.depthError && show.code == 2)
  }

  /// `copy /d → /d/-` on 69 lines (11 KB) doubled the state to 2^69 elements: `show` wrote 889 MB
  /// and crashed, `validate` and `state --at` ran on. A copy copies at most 1 MiB
  /// (`PatchEngine.largestCopy`): the 18th doubling is an error at its line.
  static let wideByCopy: String = {
    var lines = [SampleTraces.header, #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","d":[1]}}"#]
    for seq in 1...69 {
      lines.append(
        #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[{"op":"copy","from":"/d","path":"/d/-"}]}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  static let copyError =
    "wide.jsonl:20: error: patch of action 18 does not apply: cannot copy /d: its value is more than 1 MiB (a copy may copy at most 1 MiB)\n"

  @Test func aCopyThatDoublesTheStateStopsAtItsLine() {
    _ = directory.file("wide.jsonl", contents: Self.wideByCopy)
    #expect(
      tcaTrace(["validate", "wide.jsonl"], in: directory)
        == ToolRun(stdout: Self.copyError + "wide.jsonl: 1 problem\n", code: 1))
    #expect(tcaTrace(["state", "--at", "30", "wide.jsonl"], in: directory) == ToolRun(stderr: Self.copyError, code: 2))
    #expect(tcaTrace(["diff", "wide.jsonl", "wide.jsonl"], in: directory) == ToolRun(stderr: Self.copyError, code: 2))
    let show = tcaTrace(["show", "--labels-only", "--path", "/d/0", "wide.jsonl"], in: directory)
    #expect(show.stderr == Self.copyError && show.code == 2)
  }
}

/// The line-length limit from the command line (`--max-line-length`, default 256M).
@Suite struct LineLengthLimitTests {
  let directory = TemporaryDirectory()

  @Test(arguments: ["show", "timings", "state", "validate", "cat", "export", "report"])
  func anOverLongLineIsAnErrorNamingItsLine(subcommand: String) {
    let trace =
      SampleTraces.header + "\n" + #"{"kind":"state","seq":0,"t":0,"state":{"n":""#
      + String(repeating: "x", count: 5000) + "\"}}\n"
    _ = directory.file("long.jsonl", contents: trace)
    let run = tcaTrace([subcommand, "--max-line-length", "4K", "long.jsonl"], in: directory)
    #expect(
      (run.stdout + run.stderr).contains(
        "long.jsonl:2: error: line longer than 4 KiB, the maximum line length (--max-line-length raises it)\n"),
      "\(run)")
    #expect(run.code == (subcommand == "validate" ? 1 : 2))
    // Raised, the same trace reads.
    let raised = tcaTrace([subcommand, "--max-line-length", "8K", "long.jsonl"], in: directory)
    #expect(raised.stderr == "" && raised.code == 0, "\(raised)")
  }

  @Test func devZeroEndsWithAnError() {
    #expect(
      tcaTrace(["validate", "--max-line-length", "1M", "/dev/zero"])
        == ToolRun(
          stdout:
            "/dev/zero:1: error: line longer than 1 MiB, the maximum line length (--max-line-length raises it)\n/dev/zero: 1 problem\n",
          code: 1))
    #expect(
      tcaTrace(["show", "--max-line-length", "1M", "/dev/zero"])
        == ToolRun(
          stderr: "/dev/zero:1: error: line longer than 1 MiB, the maximum line length (--max-line-length raises it)\n",
          code: 2))
  }

  @Test func aBadSizeIsAUsageError() {
    #expect(
      tcaTrace(["show", "--max-line-length", "lots", "x.jsonl"])
        == ToolRun(
          stderr: """
            Error: The value 'lots' is invalid for '--max-line-length <bytes>': expected a size such as 1048576, 512K, 256M or 1G
            Usage: tca-trace show [<options>] <file>
              See 'tca-trace show --help' for more information.

            """, code: 2))
  }
}

/// Reordered lines: a duplicated action, a swapped pair and a jump. The readers warn on standard
/// error at each line and go on; `validate` reports them as problems (exit 1).
@Suite struct ReorderedLinesTests {
  let directory = TemporaryDirectory()

  static func action(_ seq: Int, count: Int) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":100,"label":"C.increment","action":{"$enum":"C","increment":{}},"patch":[{"op":"replace","path":"/count","value":\#(count)}]}"#
  }

  static let trace =
    [
      SampleTraces.header,
      #"{"kind":"state","seq":0,"t":0,"state":{"count":0}}"#,
      action(1, count: 1), action(1, count: 1), action(3, count: 3), action(2, count: 2), action(5, count: 5),
      #"{"kind":"note","t":6000,"note":"gap","dropped":1,"message":"1 action dropped"}"#,
      action(7, count: 7),
    ].joined(separator: "\n") + "\n"

  static let warnings = """
    r.jsonl:4: warning: duplicated sequence number 1 (also on line 3)
    r.jsonl:5: warning: sequence jumps from 1 to 3 with no gap note (1 action missing)
    r.jsonl:6: warning: sequence out of order: seq 2 after seq 3 (line 5)
    r.jsonl:7: warning: sequence jumps from 3 to 5 with no gap note (1 action missing)

    """

  @Test(arguments: [
    ["show"], ["show", "--labels-only"], ["timings"], ["state"], ["state", "--at", "5"], ["report", "-o", "r.html"],
    ["export", "-o", "e.json"],
  ])
  func readersWarnAndGoOn(arguments: [String]) {
    _ = directory.file("r.jsonl", contents: Self.trace)
    let run = tcaTrace(arguments + ["r.jsonl"], in: directory)
    // show, timings and report also say, at the end, what the trace did not record.
    let gaps =
      ["show", "timings", "report"].contains(arguments[0])
      ? "r.jsonl: warning: 1 action was not recorded (the writer fell behind): 1 before #7\n" : ""
    #expect(run.stderr == Self.warnings + gaps && run.code == 0, "\(run)")
  }

  @Test func showSaysSoBeforeTheRepeatedChange() {
    _ = directory.file("r.jsonl", contents: Self.trace)
    let run = tcaTrace(["show", "--labels-only", "r.jsonl"], in: directory)
    #expect(
      run.stdout == """
        #1      +0.000s   100ns  C.increment
        #1      +0.000s   100ns  C.increment
        #3      +0.000s   100ns  C.increment
        #2      +0.000s   100ns  C.increment
        #5      +0.000s   100ns  C.increment
        #7      +0.000s   100ns  C.increment

        """)
  }

  @Test func validateKeepsReportingThemAsProblems() {
    _ = directory.file("r.jsonl", contents: Self.trace)
    #expect(
      tcaTrace(["validate", "r.jsonl"], in: directory)
        == ToolRun(
          stdout: """
            r.jsonl:4: error: sequence out of order: expected seq 2, found 1
            r.jsonl:5: error: sequence gap: expected seq 2, found 3 with no gap note before it
            r.jsonl:6: error: sequence out of order: expected seq 4, found 2
            r.jsonl:7: error: sequence gap: expected seq 4, found 5 with no gap note before it
            r.jsonl: 4 problems

            """, code: 1))
  }
}

/// Output stays proportional to the input: past `ValueText.elisionDepth` (32) levels of
/// indentation, a value is shown as `[…]` and a change as `[… (changed deeper than 32 levels)]`.
/// (A 15 KB trace whose nesting grew made `show` write 264 MB.)
@Suite struct DeepOutputTests {
  let directory = TemporaryDirectory()

  /// A state of 400 nested arrays, and 9 actions each replacing the innermost number.
  static let trace: String = {
    let n = 400
    var lines = [
      SampleTraces.header,
      #"{"kind":"state","seq":0,"t":0,"state":{"a":"# + String(repeating: "[", count: n) + "0"
        + String(repeating: "]", count: n) + "}}",
    ]
    for seq in 1...9 {
      let path = "/a" + String(repeating: "/0", count: n)
      lines.append(
        #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[{"op":"replace","path":"\#(path)","value":\#(seq)}]}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  /// `open` at each level from `from` to 31, the elided line at 32, then the closing brackets.
  static func nested(from: Int, indent: (Int) -> String, open: String, elided: String) -> [String] {
    var lines: [String] = []
    for depth in from..<32 { lines.append(indent(depth) + open) }
    lines.append(indent(32) + elided)
    for depth in (from..<32).reversed() { lines.append(indent(depth) + "]") }
    return lines
  }

  @Test func stateElidesPastTheIndentationLimit() {
    _ = directory.file("deep.jsonl", contents: Self.trace)
    let indent = { (depth: Int) in String(repeating: "  ", count: depth) }
    let expected =
      ["[", #"  "a": ["#] + Self.nested(from: 2, indent: indent, open: "[0]: [", elided: "[0]: […]") + ["  ]", "]", ""]
    #expect(tcaTrace(["state", "deep.jsonl"], in: directory) == ToolRun(stdout: expected.joined(separator: "\n")))
  }

  @Test func showElidesPastTheIndentationLimit() {
    _ = directory.file("deep.jsonl", contents: Self.trace)
    let run = tcaTrace(["show", "--from", "9", "deep.jsonl"], in: directory)
    let indent = { (depth: Int) in "    " + String(repeating: "  ", count: depth) }
    let expected =
      ["#9      +0.000s     1ns  A.x", "    A.x", "    [", #"      "a": ["#]
      + Self.nested(from: 2, indent: indent, open: "[0]: [", elided: "[0]: [… (changed deeper than 32 levels)]") + [
        "      ]", "    ]", "",
      ]
    #expect(run.stdout.hasSuffix(expected.joined(separator: "\n")), "\(run)")
    // All nine actions: a few kilobytes, not megabytes.
    #expect(tcaTrace(["show", "deep.jsonl"], in: directory).stdout.utf8.count < 30_000)
  }
}
