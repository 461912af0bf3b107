import Foundation
import Testing

/// Waits up to 10 s until the file at `path` contains `text`; whether it did.
func waitForFile(_ path: String, toContain text: String) -> Bool {
  let deadline = Date().addingTimeInterval(10)
  while Date() < deadline {
    if let contents = try? String(contentsOfFile: path, encoding: .utf8), contents.contains(text) { return true }
    Thread.sleep(forTimeInterval: 0.05)
  }
  return false
}

/// `show --follow`: lines appended while the tool runs are shown, past the trace's `end` line,
/// until the tool is interrupted (like `tail -F`).
@Suite struct FollowTests {
  @Test func showsAppendedLinesAndGoesOnPastTheEnd() throws {
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
    #expect(waitForFile(output, toContain: "clearCompletedButtonTapped"))
    Thread.sleep(forTimeInterval: 0.3)
    #expect(process.isRunning, "it stopped at the end line")
    kill(process.processIdentifier, SIGKILL)  // a test runner may block SIGTERM in its children
    process.waitUntilExit()
    #expect(
      try String(contentsOfFile: output, encoding: .utf8) == """
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
        #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
        #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
        #4      +2.100s  2.50µs  Todos.Action.sortCompletedTodos  (from effect 1)
        #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
        #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped

        """)
  }

  /// CLI-1: into a pipe (`tca-trace show --follow … | grep`), each action is written as soon as it
  /// is read, not when the 64 KiB buffer fills or the tool exits.
  @Test(arguments: [["--labels-only"], []])
  func flushesEachActionIntoAPipe(options: [String]) throws {
    let directory = TemporaryDirectory()
    let lines = SampleTraces.todos.split(separator: "\n").map { $0 + "\n" }
    let path = directory.file("grow.jsonl", contents: lines.prefix(3).joined())
    let process = Process()
    process.executableURL = toolURL
    process.arguments = ["show", "--follow"] + options + [path]
    process.environment = [:]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let received = PipeCollector(output.fileHandleForReading)
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    #expect(received.wait(untilContains: "addButtonTapped"))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    handle.write(Data(lines[3].utf8))
    try handle.close()
    #expect(received.wait(untilContains: "titleChanged"))
    #expect(process.isRunning)
    let expected =
      options.isEmpty
      ? """
      Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)

      #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
          Todos.Action.addButtonTapped
          Todos.State(
            … (1 unchanged),
            todos: [
        +     [0, id: 1]: Todo(
        +       id: 1,
        +       title: "",
        +       isComplete: false
        +     )
            ]
          )

      #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
          Todos.Action.todos(
            .element(
              id: 1,
              action: .titleChanged("Milk")
            )
          )
          Todos.State(
            … (1 unchanged),
            todos: [
              [0, id: 1]: Todo(
                … (1 unchanged),
        -       title: "",
        +       title: "Milk",
                … (1 unchanged)
              )
            ]
          )

      """
      : """
      #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
      #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))

      """
    #expect(received.text == expected)
  }
}

/// `show --follow` on a file the app has not created yet: it says it waits, then shows the trace.
@Suite struct FollowWaitTests {
  @Test func aFileNotThereYetIsWaitedFor() throws {
    let directory = TemporaryDirectory()
    let path = directory.path("later.jsonl")
    let process = Process()
    process.executableURL = toolURL
    process.arguments = ["show", "--follow", "--labels-only", path]
    process.environment = [:]
    let output = directory.path("stdout"), errors = directory.path("stderr")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    #expect(waitForFile(errors, toContain: "waiting"))
    #expect(process.isRunning)
    try SampleTraces.todos.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(waitForFile(output, toContain: "clearCompletedButtonTapped"))
    kill(process.processIdentifier, SIGKILL)  // a test runner may block SIGTERM in its children
    process.waitUntilExit()
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "tca-trace: waiting for '\(path)' to appear\n")
    #expect(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").count == 6)
  }
}

/// Reads what a child process writes into a pipe, without blocking: `poll` before each `read`.
final class PipeCollector {
  private let descriptor: Int32
  private var data: [UInt8] = []

  init(_ handle: FileHandle) {
    descriptor = handle.fileDescriptor
  }

  var text: String { String(decoding: data, as: UTF8.self) }

  /// Reads for up to 10 seconds until `needle` has arrived; whether it did.
  func wait(untilContains needle: String) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while !text.contains(needle) && Date() < deadline {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, 100) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { break }
      data += chunk.prefix(count)
    }
    return text.contains(needle)
  }
}

/// `show --follow` on a file truncated and rewritten (a new recording into the same path): it says
/// so on standard error and shows the new trace from its header.
@Suite struct FollowRestartTests {
  @Test func aTruncatedTraceIsFollowedFromItsNewStart() throws {
    let directory = TemporaryDirectory()
    let lines = SampleTraces.todos.split(separator: "\n").map { $0 + "\n" }
    let path = directory.file("live.jsonl", contents: lines.prefix(4).joined())
    let process = Process()
    process.executableURL = toolURL
    process.arguments = ["show", "--follow", "--labels-only", path]
    process.environment = [:]
    let output = directory.path("stdout")
    let errors = directory.path("stderr")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    Thread.sleep(forTimeInterval: 0.5)
    // A shorter trace written over it, then the rest of that trace appended.
    try lines.prefix(3).joined().write(toFile: path, atomically: false, encoding: .utf8)
    Thread.sleep(forTimeInterval: 0.5)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    handle.write(Data(lines.dropFirst(3).joined().utf8))
    try handle.close()
    #expect(waitForFile(output, toContain: "clearCompletedButtonTapped"))
    kill(process.processIdentifier, SIGKILL)  // a test runner may block SIGTERM in its children
    process.waitUntilExit()
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8)
        == "\(path): warning: file truncated; following it from its start\n")
    #expect(
      try String(contentsOfFile: output, encoding: .utf8) == """
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
        #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
        #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
        #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
        #4      +2.100s  2.50µs  Todos.Action.sortCompletedTodos  (from effect 1)
        #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
        #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped

        """)
  }

  /// The app run again into the same file: emptied in place and a longer run written in one go,
  /// before the follower's next poll. The new run is shown from its header, not read on from the
  /// old run's offset (which failed with a parse error in the middle of a line).
  @Test func aTraceRewrittenLongerIsFollowedFromItsNewStart() throws {
    let directory = TemporaryDirectory()
    let lines = SampleTraces.todos.split(separator: "\n").map { $0 + "\n" }
    let path = directory.file("live.jsonl", contents: lines.prefix(4).joined())
    let process = Process()
    process.executableURL = toolURL
    process.arguments = ["show", "--follow", "--labels-only", path]
    process.environment = [:]
    let output = directory.path("stdout")
    let errors = directory.path("stderr")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    #expect(waitForFile(output, toContain: "titleChanged"))
    // The whole trace, the first line's time changed (another run), written over the old one.
    let rerun = lines.joined().replacingOccurrences(of: "19:33:07.123Z", with: "19:40:00.000Z")
    try rerun.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(waitForFile(output, toContain: "clearCompletedButtonTapped"))
    kill(process.processIdentifier, SIGKILL)  // a test runner may block SIGTERM in its children
    process.waitUntilExit()
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8)
        == "\(path): warning: file truncated; following it from its start\n")
    #expect(
      try String(contentsOfFile: output, encoding: .utf8) == """
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
        #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped
        #2      +0.250s  12.3µs  Todos.Action.todos(.element(id:, action: .titleChanged))
        #3      +1.100s  4.20µs  Todos.Action.todos(.element(id:, action: .toggle))
        #4      +2.100s  2.50µs  Todos.Action.sortCompletedTodos  (from effect 1)
        #5      +3.000s  6.10µs  Todos.Action.addButtonTapped
        #6      +3.500s   250µs  Todos.Action.clearCompletedButtonTapped

        """)
  }
}
