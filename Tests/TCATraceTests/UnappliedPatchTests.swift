import Foundation
import Testing

/// A trace whose state cannot be followed (a patch that does not apply, an action with no state
/// before it): `report` and `testgen` end with the error `show` gives, at its line, exit 2, and
/// write no page or test (they wrote one and exited 0: testgen's asserted
/// `{ _ in // the trace's patch does not apply here }`).
@Suite struct UnappliedPatchTests {
  static let header =
    #"{"kind":"session","format":2,"reducer":"Screen","name":"Screen","prefix":"","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"Linux x86_64","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#
  static let state = #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Screen.State","count":0,"x":[1]}}"#
  static let first =
    #"{"kind":"action","seq":1,"t":1000,"duration":10,"label":"Screen.Action.tap","action":{"$enum":"Screen.Action","tap":{}},"patch":[{"op":"replace","path":"/count","value":1}]}"#

  /// The trace's second action, with `patch`.
  static func trace(patch: String) -> String {
    [
      header, state, first,
      #"{"kind":"action","seq":2,"t":2000,"duration":10,"label":"Screen.Action.go","action":{"$enum":"Screen.Action","go":{}},"patch":"#
        + patch + "}",
    ].joined(separator: "\n") + "\n"
  }

  @Test(arguments: [
    (#"[{"op":"replace","path":"/nope/deep","value":1}]"#, "path /nope/deep does not exist"),
    (#"[{"op":"remove","path":""}]"#, "cannot remove the whole document"),
    (#"[{"op":"test","path":"/count","value":5}]"#, "test failed: the value at /count differs"),
    (#"[{"op":"move","from":"/x/5","path":"/x/0"}]"#, "path /x/5 does not exist"),
    (#"[{"op":"add","path":"/count","value":2},{"op":"add","path":"/y/0","value":1}]"#, "path /y/0 does not exist"),
  ])
  func aPatchThatDoesNotApplyIsAnErrorAtItsLine(patch: String, reason: String) {
    let directory = TemporaryDirectory()
    _ = directory.file("bad.jsonl", contents: Self.trace(patch: patch))
    let error = ToolRun(stderr: "bad.jsonl:4: error: patch of action 2 does not apply: \(reason)\n", code: 2)
    #expect(tcaTrace("show", "bad.jsonl", in: directory).stderr == error.stderr)
    #expect(tcaTrace("report", "bad.jsonl", "-o", "bad.html", in: directory) == error)
    #expect(tcaTrace("testgen", "bad.jsonl", "-o", "bad.swift", in: directory) == error)
    #expect(!FileManager.default.fileExists(atPath: directory.path("bad.html")))
    #expect(!FileManager.default.fileExists(atPath: directory.path("bad.swift")))
  }

  /// Before `--from`, testgen follows the patches without writing them: one that does not apply
  /// there is the same error (the test would start from a state the trace does not hold).
  @Test func testgenFromAfterAPatchThatDoesNotApply() {
    let directory = TemporaryDirectory()
    _ = directory.file("bad.jsonl", contents: Self.trace(patch: #"[{"op":"remove","path":"/nope"}]"#))
    #expect(
      tcaTrace("testgen", "--from", "3", "bad.jsonl", in: directory)
        == ToolRun(stderr: "bad.jsonl:4: error: patch of action 2 does not apply: path /nope does not exist\n", code: 2)
    )
  }

  @Test func anActionBeforeAnyState() {
    let directory = TemporaryDirectory()
    _ = directory.file("nostate.jsonl", contents: [Self.header, Self.first].joined(separator: "\n") + "\n")
    let error = ToolRun(stderr: "nostate.jsonl:2: error: action 1 has a patch but no state before it\n", code: 2)
    #expect(tcaTrace("show", "nostate.jsonl", in: directory).stderr == error.stderr)
    #expect(tcaTrace("report", "nostate.jsonl", in: directory) == error)
    #expect(tcaTrace("testgen", "nostate.jsonl", in: directory) == error)
  }

  /// Named as the command line names the file, as `show` names it.
  @Test func theErrorNamesTheFileAsGiven() {
    let directory = TemporaryDirectory()
    try? FileManager.default.createDirectory(atPath: directory.path("in"), withIntermediateDirectories: true)
    _ = directory.file("in/bad.jsonl", contents: Self.trace(patch: #"[{"op":"remove","path":""}]"#))
    let error = ToolRun(
      stderr: "in/bad.jsonl:4: error: patch of action 2 does not apply: cannot remove the whole document\n", code: 2)
    #expect(tcaTrace("report", "in/bad.jsonl", in: directory) == error)
    #expect(tcaTrace("testgen", "in/bad.jsonl", in: directory) == error)
  }
}
