// Records the scripted seed sessions into a directory: `swift run FixtureRecorder Fixtures`.
//
// `FixtureRecorder --record-forever PATH` (for the crash-safety test) records counter actions
// into PATH until it is killed. `FixtureRecorder --scenario NAME COUNT PATH`: how a process
// ends while it records (ExitScenarios.swift).
import ExampleFeatures
import FixtureSessions
import Foundation
import Runtime

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--record-forever", arguments.count == 2 {
  await recordForever(to: arguments[1])
} else if arguments.first == "--scenario", arguments.count == 4, let count = Int(arguments[2]) {
  runScenario(arguments[1], count: count, path: arguments[3])
} else if arguments.count == 1, !arguments[0].hasPrefix("-") {
  let directory = arguments[0]
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  for session in FixtureSession.allCases {
    let path = (directory as NSString).appendingPathComponent(session.fileName)
    await session.record(to: .file(path))
    print("recorded \(path)")
  }
} else {
  FileHandle.standardError.write(Data("Error: expected a directory\nUsage: FixtureRecorder <directory>\n".utf8))
  exit(2)
}

@MainActor
func recordForever(to path: String) async {
  let reducer = Counter().debug(to: .file(path))
  let store = Store(initialState: Counter.State()) { reducer }
  FileHandle.standardOutput.write(Data("recording\n".utf8))
  var n = 0
  while true {
    await store.send(n % 3 == 2 ? .decrementButtonTapped : .incrementButtonTapped).finish()
    n += 1
    if n % 64 == 0 {
      reducer.recorder.flush()
      await Task.yield()
    }
  }
}
