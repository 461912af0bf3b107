// Scripted sessions of the example features.
//
//   swift run Examples                 # all of them
//   swift run Examples todos           # one: counter | twocounters | todos | numberfact
import ExampleFeatures
import Foundation
import Runtime

let sessions: [(name: String, run: @MainActor () async -> Void)] = [
  ("counter", runCounterSession),
  ("twocounters", runTwoCountersSession),
  ("todos", runTodosSession),
  ("numberfact", runNumberFactSession),
]

let requested = CommandLine.arguments.dropFirst().first?.lowercased()
let selected = sessions.filter { requested == nil || $0.name == requested }
if selected.isEmpty {
  FileHandle.standardError.write(
    Data("Error: unknown example '\(requested ?? "")'\nUsage: Examples [counter|twocounters|todos|numberfact]\n".utf8)
  )
  exit(2)
}
for session in selected {
  print("== \(session.name)")
  await session.run()
}
