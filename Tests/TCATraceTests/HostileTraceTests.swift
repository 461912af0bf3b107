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
      #"{"kind":"state","seq":0,"t":0,"state":{"a":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}}",
    ]
    var depth = 500
    for seq in 1...7 {
      let path = "/a" + String(repeating: "/0", count: depth)
      lines.append(#"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[{"op":"copy","from":"/a","path":"\#(path)"}]}"#)
      depth *= 2
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  static let depthError = "deep.jsonl:3: error: patch of action 1 does not apply: the value at /a/0/0/0/0/0/0/0/… (501 tokens) would nest the state deeper than 512 levels\n"

  @Test func depthThroughPatchesIsAnErrorNamingTheLine() {
    _ = directory.file("deep.jsonl", contents: Self.deepByCopy)
    #expect(tcaTrace(["validate", "deep.jsonl"], in: directory) == ToolRun(stdout: Self.depthError + "deep.jsonl: 1 problem\n", code: 1))
    #expect(tcaTrace(["state", "--at", "7", "deep.jsonl"], in: directory) == ToolRun(stderr: Self.depthError, code: 2))
    #expect(tcaTrace(["diff", "deep.jsonl", "deep.jsonl"], in: directory) == ToolRun(stderr: Self.depthError, code: 2))
    let show = tcaTrace(["show", "deep.jsonl"], in: directory)
    #expect(show.stderr == Self.depthError && show.code == 2)
  }
}

/// The line-length limit from the command line (`--max-line-length`, default 256M).
@Suite struct LineLengthLimitTests {
  let directory = TemporaryDirectory()

  @Test(arguments: ["show", "timings", "state", "validate", "cat", "export", "report"])
  func anOverLongLineIsAnErrorNamingItsLine(subcommand: String) {
    let trace = SampleTraces.header + "\n" + #"{"kind":"state","seq":0,"t":0,"state":{"n":""# + String(repeating: "x", count: 5000) + "\"}}\n"
    _ = directory.file("long.jsonl", contents: trace)
    let run = tcaTrace([subcommand, "--max-line-length", "4K", "long.jsonl"], in: directory)
    #expect((run.stdout + run.stderr).contains("long.jsonl:2: error: line longer than 4 KiB, the maximum line length (--max-line-length raises it)\n"), "\(run)")
    #expect(run.code == (subcommand == "validate" ? 1 : 2))
    // Raised, the same trace reads.
    let raised = tcaTrace([subcommand, "--max-line-length", "8K", "long.jsonl"], in: directory)
    #expect(raised.stderr == "" && raised.code == 0, "\(raised)")
  }

  @Test func devZeroEndsWithAnError() {
    #expect(
      tcaTrace(["validate", "--max-line-length", "1M", "/dev/zero"]) == ToolRun(
        stdout: "/dev/zero:1: error: line longer than 1 MiB, the maximum line length (--max-line-length raises it)\n/dev/zero: 1 problem\n",
        code: 1))
    #expect(
      tcaTrace(["show", "--max-line-length", "1M", "/dev/zero"])
        == ToolRun(stderr: "/dev/zero:1: error: line longer than 1 MiB, the maximum line length (--max-line-length raises it)\n", code: 2))
  }

  @Test func aBadSizeIsAUsageError() {
    #expect(
      tcaTrace(["show", "--max-line-length", "lots", "x.jsonl"]) == ToolRun(
        stderr: """
          Error: The value 'lots' is invalid for '--max-line-length <bytes>': expected a size such as 1048576, 512K, 256M or 1G
          Usage: tca-trace show [<options>] <file>
            See 'tca-trace show --help' for more information.

          """, code: 2))
  }
}
