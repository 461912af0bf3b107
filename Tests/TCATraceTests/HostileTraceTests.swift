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
