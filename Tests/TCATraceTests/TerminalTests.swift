import Foundation
import Testing

/// Behaviour on a real terminal (a pseudo-terminal from util-linux `script`): `--color auto`
/// colours unless `NO_COLOR` is set, and the timeline takes the terminal's width from
/// TIOCGWINSZ (TextStyle.swift, Platform.swift, TraceTool.swift).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct TerminalTests {
  let directory = TemporaryDirectory.withTodos()

  /// Runs `command` (a shell command line) in a pseudo-terminal; its output with `\r\n` as `\n`.
  func onTerminal(_ command: String, environment: [String: String] = [:]) -> String {
    let shell = "stty cols 80 rows 40; '\(toolURL.path)' \(command)"
    let run = tcaTrace(
      ["-q", "-e", "-c", shell, "/dev/null"], in: directory, environment: environment, executable: "/usr/bin/script")
    return run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
  }

  @Test func autoColorOnATerminal() {
    #expect(
      onTerminal("show --labels-only --to 1 todos.jsonl") == """
        \u{1B}[33m#1\u{1B}[0m      +0.018s  5.10µs  \u{1B}[1;36mTodos.Action.addButtonTapped\u{1B}[0m

        """)
  }

  @Test func noColorOnATerminal() {
    #expect(
      onTerminal("show --labels-only --to 1 todos.jsonl", environment: ["NO_COLOR": "1"]) == """
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped

        """)
  }

  @Test func neverOnATerminal() {
    #expect(
      onTerminal("--color never show --labels-only --to 1 todos.jsonl") == """
        #1      +0.018s  5.10µs  Todos.Action.addButtonTapped

        """)
  }

  @Test func timelineTakesTheTerminalWidth() {
    let output = onTerminal("timings --top 0 todos.jsonl", environment: ["COLUMNS": "200"])
    let timeline = output.split(separator: "\n").filter { $0.hasSuffix("|") }
    #expect(timeline.count == 3)
    #expect(timeline.allSatisfy { $0.count == 80 })
  }
}
