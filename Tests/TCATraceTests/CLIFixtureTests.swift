import Foundation
import Testing

/// `show`, `timings`, `state`, `cat`, `blame` and `validate` on the traces the runtime's `.debug()`
/// recorded into Fixtures/. Times change when the fixtures are re-recorded, so whole outputs are
/// compared with the time columns masked.
@Suite struct CLIFixtureTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")
  static let names = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
    .filter { $0.hasSuffix(".jsonl") }.sorted()

  /// `#2      +0.015s   4.9µs  label` → `#2 <t> <duration>  label`.
  func masked(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"(#\d+) +\+\d+\.\d{3}s +[0-9.]+(ns|µs|ms|s)"#, with: "$1 <t> <duration>", options: .regularExpression
    ).replacingOccurrences(of: #"end \+\d+\.\d{3}s"#, with: "end <t>", options: .regularExpression)
  }

  func path(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

  @Test func fixturesExist() {
    #expect(Self.names.contains("counter.jsonl") && Self.names.count >= 5)
  }

  @Test(arguments: names)
  func everyFixtureReadsCleanly(name: String) throws {
    #expect(tcaTrace("validate", path(name)) == ToolRun(stdout: "\(path(name)): valid\n"))
    for arguments in [
      ["show"], ["show", "--labels-only"], ["show", "--full-state"], ["timings"], ["state"], ["cat", "--full"],
    ] {
      let run = tcaTrace(arguments + [path(name)])
      #expect(run.code == 0 && run.stderr.isEmpty, "\(arguments) \(name): \(run)")
    }
    // The last state, rebuilt from patches, is the state `cat --full` writes on the last action line.
    let expanded = tcaTrace("cat", "--full", path(name)).stdout.split(separator: "\n")
    let last = try #require(expanded.last { $0.hasPrefix(#"{"kind":"action""#) })
    let state = String(last[last.range(of: #","state":"#)!.upperBound...].dropLast())
    #expect(tcaTrace("state", "--format", "json", path(name)).stdout == state + "\n")
  }

  @Test func showCounter() {
    let run = tcaTrace("show", path("counter.jsonl"))
    #expect(run.code == 0)
    #expect(
      masked(run.stdout).split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        == """

        #1 <t> <duration>  Counter.Action.incrementButtonTapped
            Counter.Action.incrementButtonTapped
            Counter.State(
          -   count: 0
          +   count: 1
            )

        #2 <t> <duration>  Counter.Action.incrementButtonTapped
            Counter.Action.incrementButtonTapped
            Counter.State(
          -   count: 1
          +   count: 2
            )

        #3 <t> <duration>  Counter.Action.decrementButtonTapped
            Counter.Action.decrementButtonTapped
            Counter.State(
          -   count: 2
          +   count: 1
            )
        end <t>: 3 actions

        """)
  }

  @Test func showEffectCancelledNamesTheCancellationID() {
    let run = tcaTrace("show", path("effect-cancelled.jsonl"))
    #expect(run.code == 0)
    let effectTimes = masked(run.stdout).replacingOccurrences(
      of: #"at \+\d+\.\d{3}s after [0-9.]+(ns|µs|ms|s)"#, with: "at <t> after <duration>", options: .regularExpression)
    #expect(
      effectTimes.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n") == """

        #1 <t> <duration>  EffectsBasics.Action.decrementButtonTapped
            EffectsBasics.Action.decrementButtonTapped
            EffectsBasics.State(
          -   count: 0,
          +   count: -1,
              … (2 unchanged)
            )
          effect 1 started (cancellable: EffectsBasics.CancelID.delay)

        #2 <t> <duration>  EffectsBasics.Action.incrementButtonTapped
            EffectsBasics.Action.incrementButtonTapped
            EffectsBasics.State(
          -   count: -1,
          +   count: 0,
              … (2 unchanged)
            )
          effect 2 started
        effect 2 finished at <t> after <duration> (started by #2 EffectsBasics.Action.incrementButtonTapped)
        effect 1 cancelled at <t> after <duration> (started by #1 EffectsBasics.Action.decrementButtonTapped)
        end <t>: 2 actions

        """)
  }

  @Test func stateAndBlameOnCounter() {
    #expect(
      tcaTrace("state", path("counter.jsonl"), "--at", "2")
        == ToolRun(
          stdout: """
            Counter.State(
              count: 2
            )

            """))
    let blame = tcaTrace("blame", path("counter.jsonl"), "count")
    #expect(
      masked(blame.stdout) == """
        #1 <t> <duration>  Counter.Action.incrementButtonTapped
          - 0
          + 1
        #2 <t> <duration>  Counter.Action.incrementButtonTapped
          - 1
          + 2
        #3 <t> <duration>  Counter.Action.decrementButtonTapped
          - 2
          + 1
        3 actions changed count.

        """)
  }
}
