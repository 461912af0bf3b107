import Foundation
import Testing

/// Output into a pipe whose reader goes away (`tca-trace show big.jsonl | head`): the tool
/// stops quietly with exit code 0 and nothing on standard error (TextOutput.swift, Platform.swift).
@Suite struct PipeTests {
  @Test(arguments: [["show"], ["show", "--labels-only"], ["cat", "--full"]])
  func readerGoesAway(arguments: [String]) throws {
    let directory = TemporaryDirectory()
    var trace = SampleTraces.header + "\n" + #"{"kind":"state","seq":0,"t":0,"state":{"n":0}}"# + "\n"
    for seq in 1...40_000 {
      trace +=
        #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":500,"label":"App.Action.tick","action":{"$enum":"App.Action","tick":{}},"patch":[{"op":"replace","path":"/n","value":\#(seq)}]}"#
        + "\n"
    }
    let file = directory.file("big.jsonl", contents: trace)
    let process = Process()
    process.executableURL = toolURL
    process.arguments = arguments + [file]
    process.environment = [:]
    let output = Pipe()
    let errors = directory.path("stderr")
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    let firstBytes = output.fileHandleForReading.readData(ofLength: 100)
    try output.fileHandleForReading.close()
    process.waitUntilExit()
    #expect(!firstBytes.isEmpty)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
  }
}
