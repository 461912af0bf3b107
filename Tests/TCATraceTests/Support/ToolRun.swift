import Foundation
import Testing

/// What one run of the built `tca-trace` binary printed and how it exited.
struct ToolRun: Equatable, CustomStringConvertible {
  var stdout: String
  var stderr: String
  var code: Int32

  init(stdout: String = "", stderr: String = "", code: Int32 = 0) {
    self.stdout = stdout
    self.stderr = stderr
    self.code = code
  }

  var description: String {
    "exit code \(code)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
  }
}

/// Runs the built `tca-trace` (or another `executable`) with `arguments`, `stdin` and extra environment variables (the
/// environment is otherwise cleared, so `NO_COLOR` and `COLUMNS` of the developer's shell do not
/// leak in). Relative paths are resolved in `workingDirectory`, so messages read `log.jsonl:3:…`. Output goes to temporary files, so a large output cannot deadlock the test.
///
/// ```swift
/// #expect(tcaTrace("--version") == ToolRun(stdout: "tca-trace 0.1.0 (trace format 1)\n"))
/// ```
func tcaTrace(
  _ arguments: String..., in workingDirectory: TemporaryDirectory? = nil, stdin: String? = nil,
  environment: [String: String] = [:]
) -> ToolRun {
  tcaTrace(arguments, in: workingDirectory, stdin: stdin.map { Data($0.utf8) }, environment: environment)
}

func tcaTrace(
  _ arguments: [String], in workingDirectory: TemporaryDirectory? = nil, stdin: Data? = nil,
  environment: [String: String] = [:], executable: String? = nil
) -> ToolRun {
  let directory = TemporaryDirectory()
  let outURL = directory.url.appendingPathComponent("stdout")
  let errURL = directory.url.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = executable.map(URL.init(fileURLWithPath:)) ?? toolURL
  process.arguments = arguments
  process.environment = environment
  process.currentDirectoryURL = (workingDirectory ?? directory).url
  do {
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    if let stdin {
      let inURL = directory.url.appendingPathComponent("stdin")
      try stdin.write(to: inURL)
      process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
  } catch {
    Issue.record("could not run \(toolURL.path): \(error)")
    return ToolRun(code: -1)
  }
  process.waitUntilExit()
  let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? "<not UTF-8>"
  let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? "<not UTF-8>"
  return ToolRun(stdout: out, stderr: err, code: process.terminationStatus)
}

/// The built `tca-trace` next to the test bundle (`.build/<triple>/debug/tca-trace`).
let toolURL: URL = {
  let candidates = [
    Bundle.main.bundleURL.appendingPathComponent("tca-trace"),
    Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("tca-trace"),
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/tca-trace"),
  ]
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}()

extension ToolRun {
  /// `show`'s output without its header line and the blank line after it.
  var stdoutAfterHeader: String {
    stdout.components(separatedBy: "\n").dropFirst(2).joined(separator: "\n")
  }
}
