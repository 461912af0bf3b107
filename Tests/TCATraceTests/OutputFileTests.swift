import Foundation
import Testing

/// `-o FILE` of `export`, `report` and `testgen` (OutputFile.swift): every way writing the file
/// fails is one error that names the file, whether opening it failed or writing into it; standard
/// output fails as it does for every subcommand. `/dev/full` stands in for a full disk.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
struct OutputFileTests {
  let directory = TemporaryDirectory.withTodos()

  /// Writing failed with `Error: cannot write the output: …` while opening failed with
  /// `Error: cannot write 'FILE': …`.
  @Test(arguments: ["export", "report", "testgen"]) func aFullDiskNamesTheFile(command: String) {
    #expect(
      tcaTrace(command, "todos.jsonl", "-o", "/dev/full", in: directory)
        == ToolRun(stderr: "Error: cannot write '/dev/full': No space left on device\n", code: 2))
  }

  /// More than the 64 KiB written at once: the write that fails is one in the middle of the trace.
  @Test func aFullDiskHalfWayNamesTheFile() {
    var trace = SampleTraces.header + "\n" + #"{"kind":"state","seq":0,"t":0,"state":{"n":0}}"# + "\n"
    for seq in 1...2_000 {
      trace +=
        #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":500,"label":"App.Action.tick","action":{"$enum":"App.Action","tick":{}},"patch":[{"op":"replace","path":"/n","value":\#(seq)}]}"#
        + "\n"
    }
    _ = directory.file("big.jsonl", contents: trace)
    #expect(tcaTrace("export", "big.jsonl", "-o", "-", in: directory).stdout.utf8.count > 1 << 17)
    #expect(
      tcaTrace("export", "big.jsonl", "-o", "/dev/full", in: directory)
        == ToolRun(stderr: "Error: cannot write '/dev/full': No space left on device\n", code: 2))
  }

  /// Standard output on a full disk is not a file of the command's: the message every subcommand gives.
  @Test(arguments: ["export", "report", "testgen"]) func aFullStandardOutputIsTheOutput(command: String) throws {
    let errors = directory.path("\(command).stderr")
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    let process = Process()
    process.executableURL = toolURL
    process.arguments = [command, "todos.jsonl"]
    process.environment = [:]
    process.currentDirectoryURL = directory.url
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8) == "Error: cannot write the output: No space left on device\n"
    )
  }
}
