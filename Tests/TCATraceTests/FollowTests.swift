import Foundation
import Testing

/// `show --follow`: lines appended while the tool runs are shown; the trace's `end` line stops it.
@Suite struct FollowTests {
  @Test func showsAppendedLinesAndStopsAtTheEnd() throws {
    let directory = TemporaryDirectory()
    let lines = SampleTraces.todos.split(separator: "\n").map { $0 + "\n" }
    let path = directory.file("live.jsonl", contents: lines.prefix(3).joined())
    let process = Process()
    process.executableURL = toolURL
    process.arguments = ["show", "--follow", "--labels-only", path]
    process.environment = [:]
    let output = directory.path("stdout")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    try process.run()
    Thread.sleep(forTimeInterval: 0.5)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    handle.write(Data(lines.dropFirst(3).joined().utf8))
    try handle.close()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { process.terminate() }
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == """
      #1      +0.018s   5.1µs  Todos.Action.addButtonTapped
      #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
      #3      +1.100s   4.2µs  Todos.Action.todos(.element(id:, action: .toggle))
      #4      +2.100s   2.5µs  Todos.Action.sortCompletedTodos  (from effect 1)
      #5      +3.000s   6.1µs  Todos.Action.addButtonTapped
      #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped

      """)
  }
}
