import Foundation
import Testing

/// Input that cannot be read: every subcommand ends with a located message and exit code 2,
/// never a crash or a hang (TraceInput.swift, TraceTool.swift).
@Suite struct BadInputTests {
  let directory = TemporaryDirectory()

  @Test(arguments: ["show", "timings", "state", "cat", "validate"])
  func missingFile(subcommand: String) {
    #expect(
      tcaTrace(subcommand, "missing.jsonl", in: directory)
        == ToolRun(stderr: "Error: cannot open 'missing.jsonl': No such file or directory\n", code: 2))
  }

  @Test(arguments: ["show", "timings", "blame"])
  func directoryInsteadOfAFile(subcommand: String) {
    var arguments = [subcommand, "."]
    if subcommand == "blame" { arguments.append("/todos") }
    #expect(tcaTrace(arguments, in: directory) == ToolRun(stderr: "Error: '.' is a directory\n", code: 2))
  }

  @Test(arguments: [["show"], ["show", "--labels-only"], ["timings"], ["state"], ["cat"]])
  func emptyFile(arguments: [String]) {
    #expect(
      tcaTrace(arguments + ["-"], stdin: Data())
        == ToolRun(stderr: "<stdin>:1: error: empty trace: expected a session header\n", code: 2))
  }

  @Test func binaryGarbage() {
    var bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x01, 0x7B, 0x80]
    for index in 0..<4000 { bytes.append(UInt8(truncatingIfNeeded: index &* 7919 &+ 13)) }
    let run = tcaTrace(["show", "-"], stdin: Data(bytes))
    #expect(run == ToolRun(stderr: "<stdin>:1:1: error: invalid UTF-8\n", code: 2))
  }

  @Test func badLineAfterGoodOnes() {
    let trace = """
      \(SampleTraces.header)
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":1000000,"duration":100,"label":"A.one","action":{"$enum":"A","one":{}},"patch":[]}
      {"kind":"action","seq":2,"t":2000000,"duration":100,"label":"A.two","action":{"$enum":"A","two":{}},"patch":[}

      """
    #expect(
      tcaTrace("show", "--labels-only", "-", stdin: trace)
        == ToolRun(
          stdout: "#1      +0.001s   100ns  A.one\n",
          stderr: "<stdin>:4:110: error: expected a value, found \"}\"\n", code: 2))
  }

  @Test func truncatedLastLineIsAWarningAfterEverythingElse() {
    let trace = """
      \(SampleTraces.header)
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":1000000,"duration":100,"label":"A.one","action":{"$enum":"A","one":{}},"patch":[]}
      {"kind":"action","seq":2,"t":2000000,"duration":100,"lab
      """
    let expected = ToolRun(
      stdout: "#1      +0.001s   100ns  A.one\n",
      stderr: "<stdin>:4: warning: truncated last line (no newline at the end); ignored\n")
    #expect(tcaTrace("show", "--labels-only", "-", stdin: trace) == expected)
    let full = tcaTrace("show", "-", stdin: trace)
    #expect(full.code == 0 && full.stderr == expected.stderr && full.stdout.contains("#1 "))
  }

  /// QA: a file whose only line is cut off mid-line (the header, written halfway) gave an error
  /// in show and a warning with an empty export in export. The rule everywhere (TraceLineRules):
  /// the cut-off line is a warning, and what comes before it (nothing) is an empty trace.
  @Test(arguments: [
    ["show"], ["show", "--labels-only"], ["show", "--format", "json"], ["timings"], ["state"], ["cat"],
    ["blame", "cut.jsonl", "/todos"], ["export"], ["export", "-o", "out.json"], ["report"],
    ["report", "-o", "out.html"],
  ])
  func onlyLineCutOff(arguments: [String]) {
    let directory = TemporaryDirectory()
    _ = directory.file("cut.jsonl", contents: String(SampleTraces.header.prefix(60)))
    let command = arguments[0] == "blame" ? arguments : arguments + ["cut.jsonl"]
    #expect(
      tcaTrace(command, in: directory)
        == ToolRun(
          stderr: """
            cut.jsonl:1: warning: truncated last line (no newline at the end); ignored
            cut.jsonl:1: error: empty trace: expected a session header

            """, code: 2))
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.json")))
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.html")))
  }

  /// `validate` lists both, as problems: exit 1.
  @Test func onlyLineCutOffValidates() {
    let directory = TemporaryDirectory()
    _ = directory.file("cut.jsonl", contents: String(SampleTraces.header.prefix(60)))
    #expect(
      tcaTrace("validate", "cut.jsonl", in: directory)
        == ToolRun(
          stdout: """
            cut.jsonl:1: warning: truncated last line (no newline at the end); ignored
            cut.jsonl:1: error: empty trace: expected a session header
            cut.jsonl: 2 problems

            """, code: 1))
    #expect(
      tcaTrace("validate", "--format", "json", "cut.jsonl", in: directory)
        == ToolRun(
          stdout: """
            {"file":"cut.jsonl","valid":false,"problems":[{"line":1,"severity":"warning","message":"truncated last line (no newline at the end); ignored"},{"line":1,"severity":"error","message":"empty trace: expected a session header"}]}

            """, code: 1))
  }

  @Test func futureFormatIsRefused() {
    #expect(
      tcaTrace("show", "-", stdin: #"{"kind":"session","format":3,"name":"Todos","somethingNew":true}"# + "\n")
        == ToolRun(stderr: "<stdin>:1: error: unsupported trace format 3; this tca-trace reads formats 1, 2\n", code: 2)
    )
  }

  @Test func notATraceHeader() {
    #expect(
      tcaTrace("timings", "-", stdin: #"{"kind":"state","seq":0,"t":0,"state":{}}"# + "\n")
        == ToolRun(stderr: "<stdin>:1: error: first line must be a session header, found \"state\"\n", code: 2))
  }

  @Test func nestingOneHundredThousandDeep() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let trace = "\(SampleTraces.header)\n{\"kind\":\"state\",\"seq\":0,\"t\":0,\"state\":\(deep)}\n"
    #expect(
      tcaTrace("show", "-", stdin: trace)
        == ToolRun(
          stdout: "Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)\n",
          stderr: "<stdin>:2:550: error: nesting deeper than 512 levels\n", code: 2))
    #expect(
      tcaTrace("timings", "-", stdin: trace)
        == ToolRun(stderr: "<stdin>:2:550: error: nesting deeper than 512 levels\n", code: 2))
  }

  @Test func longSingleLine() {
    // 20 MB on one line (the 500 MB case is a manual check; see the benchmark notes).
    let long = String(repeating: "x", count: 20_000_000)
    let trace =
      "\(SampleTraces.header)\n{\"kind\":\"state\",\"seq\":0,\"t\":0,\"state\":{\"text\":\"\(long)\"}}\n"
      + #"{"kind":"action","seq":1,"t":5,"duration":1,"label":"A.one","action":{"$enum":"A","one":{}},"patch":[]}"#
      + "\n"
    #expect(tcaTrace("show", "--labels-only", "-", stdin: trace) == ToolRun(stdout: "#1      +0.000s     1ns  A.one\n"))
  }

  /// `trace.fifo`, a FIFO a thread writes the Todos trace into once a reader opens it.
  private func todosFIFO() {
    let path = directory.path("trace.fifo")
    #expect(mkfifo(path, 0o600) == 0)
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: path) {
        handle.write(Data(SampleTraces.todos.utf8))
        try? handle.close()
      }
    }
    writer.start()
  }

  @Test func fifo() throws {
    todosFIFO()
    #expect(
      tcaTrace("show", "--labels-only", "--to", "1", "trace.fifo", in: directory)
        == ToolRun(stdout: "#1      +0.018s  5.10µs  Todos.Action.addButtonTapped\n"))
  }

  /// `state --at` seeks only in a regular file: it opened a FIFO a second time (after reading its
  /// header) and waited for a writer that was gone.
  @Test(.timeLimit(.minutes(1))) func stateAtReadsAFIFOOnce() throws {
    let expected = tcaTrace("state", "--at", "2", "-", stdin: SampleTraces.todos)
    #expect(expected.code == 0 && expected.stdout.hasPrefix("Todos.State("))
    todosFIFO()
    #expect(tcaTrace("state", "--at", "2", "trace.fifo", in: directory) == expected)
  }

  /// `diff` says what a trace did not record by reading it again: only a regular file is (a FIFO
  /// was opened again, and the command waited for a writer that was gone).
  @Test(.timeLimit(.minutes(1))) func diffReadsAFIFOOnce() throws {
    try SampleTraces.todos.write(toFile: directory.path("todos.jsonl"), atomically: true, encoding: .utf8)
    todosFIFO()
    #expect(
      tcaTrace("diff", "trace.fifo", "todos.jsonl", in: directory)
        == ToolRun(stdout: "No behavioural differences: trace.fifo and todos.jsonl (6 actions each) behave the same.\n")
    )
  }

  /// The commands that read a large file on several threads read a FIFO on one, without opening
  /// it a second time (which would wait for a writer that is gone: they hung).
  @Test(arguments: [["timings", "--format", "json"], ["report"]]) func fifoOnOneThread(arguments: [String]) throws {
    todosFIFO()
    let run = tcaTrace(arguments + ["trace.fifo"], in: directory, environment: ["TCA_TRACE_SUMMARY_RANGE_BYTES": "500"])
    #expect(run.code == 0 && run.stderr.isEmpty)
    #expect(run.stdout.contains("Todos.Action.addButtonTapped"))
  }
}
