import Debugging
import Foundation
import Testing
import TraceTestSupport

/// `tca-trace export` (ExportCommand.swift) end to end: the built binary on `SampleTraces.todos`.
@Suite struct ExportCommandTests {
  let directory = TemporaryDirectory.withTodos()

  @Test func writesAFileAViewerCanRead() throws {
    #expect(tcaTrace("export", "--format", "perfetto", "todos.jsonl", "-o", "trace.json", in: directory) == ToolRun())
    let text = try String(contentsOfFile: directory.path("trace.json"), encoding: .utf8)
    let document = try JSONReader.parse(text)
    #expect(TraceEventChecker.problems(in: document) == [])
    let lines = text.split(separator: "\n")
    #expect(lines.count == 16)
    #expect(lines[1] == #"{"name":"process_name","ph":"M","pid":4242,"tid":1,"args":{"name":"Todos"}},"#)
    #expect(
      lines[8]
        == #"{"name":"Todos.Action.sortCompletedTodos","cat":"action","ph":"X","ts":2100000.0,"dur":2.5,"bind_id":"0x4","flow_in":true,"pid":4242,"tid":1,"args":{"seq":4,"effect":1}},"#
    )
    #expect(
      lines[14]
        == #"{"name":"Todos.Action.addButtonTapped","cat":"effect","ph":"e","ts":3500300.0,"id":"0x2","pid":4242,"tid":1,"args":{"cancelled":true}}"#
    )
    // Labels come from the app's actions: owner-only, like the trace and the report.
    let mode = try FileManager.default.attributesOfItem(atPath: directory.path("trace.json"))[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func standardOutputAndInput() throws {
    let toFile = tcaTrace("export", "todos.jsonl", "-o", "trace.json", in: directory)
    let expected = try String(contentsOfFile: directory.path("trace.json"), encoding: .utf8)
    #expect(toFile.code == 0)
    #expect(tcaTrace("export", "todos.jsonl", "-o", "-", in: directory) == ToolRun(stdout: expected))
    #expect(tcaTrace("export", "-", stdin: SampleTraces.todos) == ToolRun(stdout: expected))
  }

  /// `-o /dev/null` run as root once renamed the finished file over the device, leaving a regular
  /// 0600 file at /dev/null. A device or a pipe is written into as it is; a FIFO stands in for it.
  @Test(arguments: ["export", "report"]) func writesIntoAPipeWithoutReplacingIt(command: String) throws {
    let fifo = directory.path("\(command).fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let expected = tcaTrace(command, "todos.jsonl", "-o", "-", in: directory)
    #expect(expected.code == 0)
    #expect(tcaTrace(command, "todos.jsonl", "-o", "\(command).fifo", in: directory) == ToolRun())
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = read(reader, &buffer, buffer.count), count > 0 { received += buffer.prefix(count) }
    #expect(String(decoding: received, as: UTF8.self) == expected.stdout)
  }

  @Test func badInputLeavesNoFile() {
    let trace = SampleTraces.header + "\n{\"kind\":\"action\",\"seq\":1}\n"
    _ = directory.file("bad.jsonl", contents: trace)
    #expect(
      tcaTrace("export", "bad.jsonl", "-o", "trace.json", in: directory)
        == ToolRun(
          stderr: "bad.jsonl:2: error: action: missing key \"t\"\n", code: 2))
    #expect(!FileManager.default.fileExists(atPath: directory.path("trace.json")))
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()) == [
        "bad.jsonl", "todos.jsonl",
      ])
  }

  @Test func usageErrors() {
    #expect(
      tcaTrace("export", "--format", "chrome", "todos.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value 'chrome' is invalid for '--format <format>': expected perfetto
            Usage: tca-trace export [<options>] <file>
              See 'tca-trace export --help' for more information.

            """, code: 2))
    #expect(
      tcaTrace("export", "todos.jsonl", "-o", ".", in: directory)
        == ToolRun(
          stderr: "Error: cannot write '.': Is a directory\n", code: 2))
    #expect(
      tcaTrace("export", "missing.jsonl", in: directory)
        == ToolRun(
          stderr: "Error: cannot open 'missing.jsonl': No such file or directory\n", code: 2))
  }

  /// The trace itself as the output (by its name, or a link to it) would be replaced by what is
  /// made from it: an error before anything is read or written (QA: `report run.jsonl -o
  /// run.jsonl` exited 0 with the trace gone).
  @Test(arguments: ["export", "report", "testgen"])
  func theTraceIsNeverItsOwnOutput(command: String) throws {
    let trace = try String(contentsOfFile: directory.path("todos.jsonl"), encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link-\(command).jsonl"), withDestinationPath: directory.path("todos.jsonl"))
    for output in ["todos.jsonl", "link-\(command).jsonl"] {
      #expect(
        tcaTrace(command, "todos.jsonl", "-o", output, in: directory)
          == ToolRun(stderr: "Error: cannot write '\(output)': it is the trace being read\n", code: 2))
    }
    #expect(try String(contentsOfFile: directory.path("todos.jsonl"), encoding: .utf8) == trace)
  }
}
