import Debugging
import Foundation
import Testing

/// `tca-trace report` (ReportCommand.swift) end to end. The page itself is checked in a real
/// browser by scripts/browser-check.sh; here: the file, its permissions, its data, its errors.
@Suite struct ReportCommandTests {
  let directory = TemporaryDirectory.withTodos()

  @Test func writesAnOwnerOnlyPage() throws {
    #expect(tcaTrace("report", "todos.jsonl", "-o", "report.html", in: directory) == ToolRun())
    let path = directory.path("report.html")
    let page = try String(contentsOfFile: path, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(
      page.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-"#))
    #expect(
      page.contains(
        #"<script type="application/json" id="chunk-0">[{"a":".addButtonTapped","d":{"s":"Todos.State(","e":")","c":[{"u":1},{"k":"todos","s":"[","e":"]","c":[{"k":"[0, id: 1]","a":"Todo(\n  id: 1,\n  title: \"\",\n  isComplete: false\n)"}]}]}},"#
      ))
    #expect(page.contains(#""actions":{"seq":[1,2,3,4,5,6],"#))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func standardOutputAndInput() throws {
    #expect(tcaTrace("report", "todos.jsonl", "-o", "report.html", in: directory).code == 0)
    let page = try String(contentsOfFile: directory.path("report.html"), encoding: .utf8)
    #expect(tcaTrace("report", "todos.jsonl", in: directory) == ToolRun(stdout: page))
    #expect(tcaTrace("report", "-", "-o", "-", stdin: SampleTraces.todos) == ToolRun(stdout: page))
  }

  @Test func badInputLeavesNoFile() {
    _ = directory.file(
      "bad.jsonl", contents: SampleTraces.header + "\n{\"kind\":\"state\",\"seq\":0,\"t\":0,\"state\":{]}\n")
    #expect(
      tcaTrace("report", "bad.jsonl", "-o", "report.html", in: directory)
        == ToolRun(
          stderr: "bad.jsonl:2:40: error: expected a string key, found \"]\"\n", code: 2))
    #expect(!FileManager.default.fileExists(atPath: directory.path("report.html")))
    #expect(
      tcaTrace("report", "todos.jsonl", "-o", "no/such/dir/report.html", in: directory)
        == ToolRun(
          stderr: "Error: cannot write 'no/such/dir/report.html': No such file or directory\n", code: 2))
  }
}
