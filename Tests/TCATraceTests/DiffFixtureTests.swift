import Foundation
import Testing

/// `tca-trace diff` on the traces the runtime's `.debug()` recorded into Fixtures/.
@Suite struct DiffFixtureTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  static let names = [
    "counter", "twocounters", "todos", "numberfact-success", "numberfact-failure", "effect-cancelled", "large-todos",
    "starred-repos",
  ]

  /// A directory with copies of the fixtures, so that messages show short names.
  let directory: TemporaryDirectory = {
    let directory = TemporaryDirectory()
    for name in DiffFixtureTests.names {
      let data = (try? Data(contentsOf: fixtures.appendingPathComponent(name + ".jsonl"))) ?? Data()
      _ = directory.file(name + ".jsonl", data: data)
    }
    return directory
  }()

  @Test(arguments: names) func everyFixtureEqualsItself(name: String) {
    #expect(tcaTrace("diff", "--timings", "\(name).jsonl", "\(name).jsonl", in: directory).code == 0)
  }

  /// QA-14: a trace recorded before the recorder wrote computed ids (`$id`) behaves the same as
  /// one recorded after.
  @Test func aTraceWithoutComputedIDsEqualsOneWithThem() throws {
    let text = try String(contentsOfFile: directory.path("starred-repos.jsonl"), encoding: .utf8)
    let old = text.replacingOccurrences(of: #""\$id":[0-9]+,"#, with: "", options: .regularExpression)
    #expect(old != text)
    _ = directory.file("before-id.jsonl", contents: old)
    #expect(
      tcaTrace("diff", "before-id.jsonl", "starred-repos.jsonl", in: directory)
        == ToolRun(
          stdout:
            "No behavioural differences: before-id.jsonl and starred-repos.jsonl (5 actions each) behave the same.\n"))
  }

  @Test func successAgainstFailure() {
    #expect(
      tcaTrace("diff", "numberfact-success.jsonl", "numberfact-failure.jsonl", in: directory)
        == ToolRun(
          stdout: """
            numberfact-success.jsonl and numberfact-failure.jsonl differ.

            First divergence: golden seq 2 (line 6), current seq 2 (line 6): EffectsBasics.Action.numberFactButtonTapped
              effects differ:
                effect 2 in golden:  sent EffectsBasics.Action.numberFactResponse(.success), finished
                effect 2 in current: sent EffectsBasics.Action.numberFactResponse(.failure), finished
                  differs in: sent: EffectsBasics.Action.numberFactResponse(.success) → EffectsBasics.Action.numberFactResponse(.failure)

            Summary: 3 actions in numberfact-success.jsonl, 3 in numberfact-failure.jsonl: 2 aligned, 1 missing, 1 extra, 1 state difference, 1 effect difference.

            Other differences:

            golden seq 3 (line 9), current –: EffectsBasics.Action.numberFactResponse(.success)
              action missing from the current run

            golden –, current seq 3 (line 9): EffectsBasics.Action.numberFactResponse(.failure)
              extra action in the current run

            the end, after golden seq 3 (line 9), current seq 3 (line 9)
              final state differs:
                  EffectsBasics.State(
                    … (2 unchanged),
                -   numberFact: "1 is a good number."
                +   numberFact: "Could not load a number fact :("
                  )

            """, code: 1))
  }
}
