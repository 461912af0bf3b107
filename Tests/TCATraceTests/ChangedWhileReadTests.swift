import Foundation
import Testing

/// A trace changed by another program while the tool still reads a state line it mapped
/// (`MappedFileRegion`): the tool ends with exit code 2 and says so last, whatever it printed
/// before. (A `SIGBUS` sent with `kill` goes to the previous action: checked by hand, as the
/// debug build's Swift backtracer takes it over in a test run.)
@Suite(.serialized) struct ChangedWhileReadTests {
  /// A trace whose state line (300,000 bytes and more: mapped) has 4,000 rows, and 2,000 actions
  /// that toggle rows: `show` prints about 600 KB, more than a pipe holds, so it waits on its
  /// output while the test changes the file.
  static func largeTrace() -> String {
    let header = SampleTraces.todos.split(separator: "\n")[0]
    let rows = (0..<4_000).map {
      #"{"$type":"Row","id":\#($0),"title":"Row number \#($0) of the large state","done":false}"#
    }
    var lines = [
      String(header),
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","rows":["# + rows.joined(separator: ",") + "]}}",
    ]
    for seq in 1...2_000 {
      lines.append(
        #"{"kind":"action","seq":\#(seq),"t":\#(seq),"duration":1,"label":"A.toggle","action":{"$enum":"A","toggle":{}},"patch":[{"op":"replace","path":"/rows/\#(seq * 2 - 1)/done","value":true}]}"#
      )
    }
    lines.append(#"{"kind":"end","t":3000,"actions":2000}"#)
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs `show` on `path` into a pipe, calls `change` once it printed action 1 (it has mapped the
  /// state line by then), then reads the rest.
  func showWhileChanging(_ path: String, change: () throws -> Void) throws -> (stderr: String, code: Int32) {
    let process = Process()
    process.executableURL = toolURL
    process.arguments = ["show", "--color", "never", path]
    process.environment = [:]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("#1 ") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += chunk
    }
    try change()
    _ = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (stderr, process.terminationStatus)
  }

  static let changedMessage =
    "tca-trace: error: a trace file changed while it was read (another program cut it short or rewrote it); what was shown may be wrong: run the command again\n"

  @Test func aTraceCutShortWhileShownEndsWithExitCode2AndSaysSo() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("run.jsonl", contents: Self.largeTrace())
    let result = try showWhileChanging(path) {
      // Cut inside the state line: its later rows read as zeros.
      #expect(truncate(path, 200_000) == 0)
    }
    #expect(result.code == 2)
    #expect(result.stderr.hasSuffix(Self.changedMessage), "\(result.stderr)")
  }

  @Test func aTraceRecordedAgainWhileShownEndsWithExitCode2AndSaysSo() throws {
    let directory = TemporaryDirectory()
    let text = Self.largeTrace()
    let path = directory.file("run.jsonl", contents: text)
    let result = try showWhileChanging(path) {
      // A new recording into the same file, the same size: another header (its start time).
      let again = text.replacingOccurrences(of: "2026-", with: "2027-")
      #expect(again != text)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.write(contentsOf: Data(again.utf8))
      try handle.close()
    }
    #expect(result.code == 2)
    #expect(result.stderr.hasSuffix(Self.changedMessage), "\(result.stderr)")
  }

  @Test func aTraceThatOnlyGrowsWhileShownIsFine() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("run.jsonl", contents: Self.largeTrace())
    let result = try showWhileChanging(path) {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("\n".utf8))
      try handle.close()
    }
    // The line added is read (an empty line: an error of its own), and the file is not "changed".
    #expect(result.stderr == "\(path):2004: error: empty line\n")
    #expect(result.code == 2)
  }
}
