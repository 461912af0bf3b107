import Debugging
import Foundation
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A child process (`FixtureRecorder --scenario …`, Examples/FixtureRecorder/Main/ExitScenarios.swift)
/// records 1,000 actions from a child `.debug()` inside `body`, then ends in one of the ways apps
/// end. Every action and the `end` line must be on disk.
@Suite(.serialized) struct RecorderExitTests {
  private static func binary() throws -> String {
    let runnerDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let candidates = [
      runnerDirectory.appendingPathComponent("FixtureRecorder").path,
      packageRoot.appendingPathComponent(".build/debug/FixtureRecorder").path,
    ]
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "build FixtureRecorder first: swift build")
  }

  private static func path(_ name: String) -> String {
    (NSTemporaryDirectory() as NSString).appendingPathComponent("\(name)-\(UUID().uuidString).jsonl")
  }

  /// Starts the scenario; returns the process and a reader of its standard output.
  private static func start(
    _ scenario: String, count: Int = 1000, path: String, environment: [String: String] = [:]
  ) throws -> (Process, FileHandle) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try binary())
    process.arguments = ["--scenario", scenario, String(count), path]
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output.fileHandleForReading)
  }

  /// Waits for the line `text` on `output`.
  private static func wait(for text: String, on output: FileHandle) {
    var seen = ""
    while !seen.contains(text + "\n") {
      let data = output.availableData
      if data.isEmpty { return }
      seen += String(decoding: data, as: UTF8.self)
    }
  }

  /// `kind` of each line, and the `actions` of the `end` line.
  private static func summary(_ path: String) throws -> (actions: Int, end: Int64?, errors: [String]) {
    var actions = 0, end: Int64?, errors: [String] = []
    for item in try TraceReader(path: path) {
      switch item {
      case let .success(line):
        if case .action = line.record { actions += 1 }
        if case let .end(e) = line.record { end = e.actions }
      case let .failure(error): errors.append(error.description)
      }
    }
    return (actions, end, errors)
  }

  @Test(arguments: ["exit", "return"])
  func aNormalExitLeavesEveryActionAndTheEndLine(_ scenario: String) throws {
    let path = Self.path(scenario)
    defer { unlink(path) }
    let (process, _) = try Self.start(scenario, path: path)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let trace = try Self.summary(path)
    #expect(trace.actions == 1000)
    #expect(trace.end == 1000)
    #expect(trace.errors == [])
  }

  /// `exit(0)` right after cancelling an effect: the effect ends `cancelled` in the trace (it
  /// was left running: its task had not wound down when the process ended).
  @Test func anEffectCancelledRightBeforeExitEndsCancelled() throws {
    let path = Self.path("cancel-exit")
    defer { unlink(path) }
    let (process, _) = try Self.start("cancel-exit", count: 0, path: path)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    var events: [String] = []
    for item in try TraceReader(path: path) {
      guard case let .success(line) = item else {
        Issue.record("\(item)")
        continue
      }
      if case let .effect(effect) = line.record { events.append("\(effect.effect) \(effect.event)") }
    }
    #expect(events == ["1 started", "2 started", "2 finished", "1 cancelled"])
    #expect(try Self.summary(path).end == 2)
  }

  /// A child `.debug("counter")` with no sink, inside `body`: one file in `$TCA_TRACE_DIR`, one
  /// session, every action, announced once on standard error.
  @Test func aChildRecordingToItsDefaultFileKeepsOneSession() throws {
    let directory = Self.path("default-dir")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (process, _) = try Self.start("default-exit", count: 50, path: "", environment: ["TCA_TRACE_DIR": directory])
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.count == 1)
    #expect(files.first?.hasPrefix("Counter-counter-") == true, "\(files)")
    let path = (directory as NSString).appendingPathComponent(files.first ?? "")
    let trace = try Self.summary(path)
    #expect(trace.actions == 50)
    #expect(trace.end == 50)
    #expect(trace.errors == [])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  /// `exit(0)` right after a burst whose states were coalesced: every action, and the state after
  /// the last one (QA-16), are on disk.
  @Test func exitRightAfterACoalescedBurstKeepsTheFinalState() throws {
    let path = Self.path("burst-exit")
    defer { unlink(path) }
    let (process, _) = try Self.start("burst-exit", path: path)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let trace = try Self.summary(path)
    #expect(trace.actions == 1000)
    #expect(trace.end == 1000)
    #expect(trace.errors == [])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""coalesced":true"#), "the burst was not coalesced: the test proves nothing")
    // 667 increments and 333 decrements.
    let final = try StateReplayer.state(after: 1000, in: TraceReader(path: path)).get()
    #expect(JSONWriter.string(final) == #"{"$type":"Counter.State","count":334}"#)
  }

  /// A crash (`fatalError`) in the middle of a burst: what is on disk is whole lines that read
  /// and validate, each action once and in order.
  @Test func aCrashInABurstLeavesWholeLinesThatValidate() throws {
    let path = Self.path("burst-abort")
    defer { unlink(path) }
    let (process, _) = try Self.start("burst-abort", path: path)
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
    let trace = try Self.summary(path)
    #expect(trace.actions <= 1000)
    #expect(trace.end == nil)
    #expect(trace.errors.allSatisfy { $0.contains("truncated last line") }, "\(trace.errors)")
    let problems = TraceValidator.validate(try TraceReader(path: path)).filter { $0.severity == .error }
    #expect(problems.map(\.description) == [])
  }

  @Test func releasingTheStoreWritesTheEndBeforeItReturns() throws {
    let path = Self.path("release")
    defer { unlink(path) }
    let (process, output) = try Self.start("release", path: path)
    Self.wait(for: "released", on: output)
    let trace = try Self.summary(path)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(trace.actions == 1000)
    #expect(trace.end == 1000)
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aTerminationSignalFlushesThenEndsTheProcessAsBefore(_ signal: Int32) throws {
    let path = Self.path("signal")
    defer { unlink(path) }
    let (process, output) = try Self.start("wait", path: path)
    Self.wait(for: "sent", on: output)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
    let trace = try Self.summary(path)
    #expect(trace.actions == 1000)
    #expect(trace.end == 1000)
  }

  @Test func flushingOnSignalsCanBeTurnedOff() throws {
    let path = Self.path("no-flush")
    defer { unlink(path) }
    let (process, output) = try Self.start("wait-no-flush", path: path)
    Self.wait(for: "sent", on: output)
    Thread.sleep(forTimeInterval: 0.2)
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGTERM)
    // The worker had caught up (so the lines are there), but nobody closed the recorder.
    let trace = try Self.summary(path)
    #expect(trace.actions == 1000)
    #expect(trace.end == nil)
  }

  /// `kill -9`: what was sent more than the documented bound before the kill is on disk
  /// (docs/recording.md, "What a crash loses": the worker's backlog plus at most 50 ms / 64 KB of
  /// written lines). Here the worker has long caught up with 1,000 counter actions.
  @Test func kill9LosesNothingOlderThanTheBound() throws {
    let path = Self.path("kill")
    defer { unlink(path) }
    let (process, output) = try Self.start("wait", path: path)
    Self.wait(for: "sent", on: output)
    Thread.sleep(forTimeInterval: 0.25)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let trace = try Self.summary(path)
    #expect(trace.actions == 1000)
    #expect(trace.end == nil)
    #expect(trace.errors == [])
  }

  /// A second process recording to a file the first is writing gets a clear error, and the
  /// first one's trace stays whole.
  @Test func aSecondProcessGetsAnErrorInsteadOfInterleaving() throws {
    let path = Self.path("locked")
    defer { unlink(path) }
    let (process, output) = try Self.start("hold", count: 10, path: path)
    Self.wait(for: "recording", on: output)
    let recorder = TraceRecorder(name: "Intruder", to: .file(path))
    #expect(!recorder.record(action: 1, from: 0, to: 1))
    recorder.close()
    #expect(
      recorder.error == "cannot record to '\(path)': another process is writing it (it holds the file's advisory lock)")
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    let trace = try Self.summary(path)
    #expect(trace.actions == 10)
    #expect(trace.end == 10)
    #expect(trace.errors == [])
  }
}
