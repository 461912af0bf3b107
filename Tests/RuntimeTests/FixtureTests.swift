import Debugging
import FixtureSessions
import Foundation
import Runtime
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The committed fixtures are what the scripted sessions record today (`swift run FixtureRecorder
/// Fixtures` rewrites them), apart from timings.
@MainActor
@Suite(.serialized) struct FixtureTests {
  @Test(arguments: FixtureSession.allCases)
  func committedFixtureMatchesARecordingMadeNow(_ session: FixtureSession) async throws {
    let buffer = TraceBuffer()
    await session.record(to: .memory(buffer))
    let path = packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(session.fileName).path
    let committed = try String(contentsOfFile: path, encoding: .utf8)
    let now = try normalizedTrace(buffer.text), then = try normalizedTrace(committed)
    #expect(!buffer.text.contains("rebuilt state"), "the recorder's rebuilt state differs from reflection")
    #expect(now == then, "Fixtures/\(session.fileName) is out of date: run `swift run FixtureRecorder Fixtures`")
  }

  @Test(arguments: FixtureSession.allCases)
  func committedFixtureValidates(_ session: FixtureSession) throws {
    let path = packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(session.fileName).path
    let findings = TraceValidator.validate(try TraceReader(path: path))
    #expect(findings.map(\.description) == [])
  }

  @Test func largeFixtureStaysSmall() throws {
    let path = packageRoot.appendingPathComponent("Fixtures/large-todos.jsonl").path
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    #expect(size > 100_000)
    #expect(size < 2_000_000)
  }

  /// Every session recorded with a keyframe on every action: each keyframe must equal what the
  /// patches give, which checks every patch the recorder wrote.
  @Test func everyPatchAgreesWithAFullState() async throws {
    for session in FixtureSession.allCases {
      let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
        "keyframes-\(session.rawValue)-\(UUID().uuidString).jsonl")
      defer { unlink(path) }
      await session.record(to: .file(path), keyframeInterval: 1)
      let findings = TraceValidator.validate(try TraceReader(path: path))
      #expect(findings.map(\.description) == [], "\(session.rawValue)")
    }
  }

  /// `kill -9` of a process that is recording: every complete line is readable and the reader
  /// yields them all; at most the last line is cut.
  @Test func aKilledRecorderLeavesAReadableTrace() async throws {
    // Next to the test runner (any configuration), else the debug build.
    let runnerDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let candidates = [
      runnerDirectory.appendingPathComponent("FixtureRecorder").path,
      packageRoot.appendingPathComponent(".build/debug/FixtureRecorder").path,
    ]
    let binary = try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "build FixtureRecorder first: swift build")
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("killed-\(UUID().uuidString).jsonl")
    defer { unlink(path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--record-forever", path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Wait until the trace has grown past a few flushes, then kill without warning.
    var size = 0
    for _ in 0..<500 where size < 20_000 {
      try await Task.sleep(for: .milliseconds(10))
      size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(size >= 20_000)

    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let completeLines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().count
    var records = 0, errors: [String] = []
    for item in try TraceReader(path: path) {
      switch item {
      case .success: records += 1
      case let .failure(error) where error.severity == .warning: _ = error
      case let .failure(error): errors.append(error.description)
      }
    }
    #expect(errors == [])
    #expect(records == completeLines)
    #expect(records > 100)
  }
}
