import Foundation
import Testing

@testable import Debugging

/// A new empty directory standing for the temporary directory.
private func temporaryRoot(_ name: String) -> String {
  let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("default-dir-\(name)-\(getpid())")
  try? FileManager.default.removeItem(atPath: root)
  try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  return root
}

@Suite struct RecorderDefaultDirectoryTests {
  @Test func theEnvironmentVariableWinsAsGiven() {
    let root = temporaryRoot("env")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let chosen = DefaultTraceDirectory.choose(environment: ["TCA_TRACE_DIR": root + "/mine"], temporaryDirectory: root)
    #expect(chosen == .success(root + "/mine"))
    #expect(FileManager.default.fileExists(atPath: root + "/mine"))
  }

  @Test func aFreshTemporaryDirectoryGetsAPrivateTcaTraceFolder() throws {
    let root = temporaryRoot("fresh")
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(DefaultTraceDirectory.choose(environment: [:], temporaryDirectory: root) == .success(root + "/tca-trace"))
    let mode = try FileManager.default.attributesOfItem(atPath: root + "/tca-trace")[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }

  @Test func aFolderOthersCanWriteIsPassedOver() {
    let root = temporaryRoot("shared")
    defer { try? FileManager.default.removeItem(atPath: root) }
    mkdir(root + "/tca-trace", 0o700)
    chmod(root + "/tca-trace", 0o777)
    #expect(
      DefaultTraceDirectory.choose(environment: [:], temporaryDirectory: root)
        == .success(root + "/tca-trace-\(geteuid())"))
  }

  @Test func aSymbolicLinkIsPassedOver() {
    let root = temporaryRoot("link")
    defer { try? FileManager.default.removeItem(atPath: root) }
    mkdir(root + "/elsewhere", 0o700)
    symlink(root + "/elsewhere", root + "/tca-trace")
    #expect(
      DefaultTraceDirectory.choose(environment: [:], temporaryDirectory: root)
        == .success(root + "/tca-trace-\(geteuid())"))
  }

  @Test func noPrivateFolderMeansNoRecordingWithAClearError() {
    let root = temporaryRoot("none")
    defer { try? FileManager.default.removeItem(atPath: root) }
    symlink(root, root + "/tca-trace")
    _ = FileManager.default.createFile(atPath: root + "/tca-trace-\(geteuid())", contents: Data())
    #expect(
      DefaultTraceDirectory.choose(environment: [:], temporaryDirectory: root)
        == .failure(
          TraceWriterError(
            "not recording: \(root)/tca-trace and \(root)/tca-trace-\(geteuid()) are not private directories of this user; set TCA_TRACE_DIR"
          )))
  }

  /// `TMPDIR` naming a directory that is not there: said so (QA: the error said the two
  /// candidates "are not private directories of this user").
  @Test func aMissingTemporaryDirectoryIsNamed() {
    let parent = temporaryRoot("gone")
    defer { try? FileManager.default.removeItem(atPath: parent) }
    let root = parent + "/missing"
    #expect(
      DefaultTraceDirectory.choose(environment: [:], temporaryDirectory: root)
        == .failure(
          TraceWriterError(
            "not recording: the temporary directory \(root) does not exist; set TCA_TRACE_DIR or TMPDIR to a directory"
          )))
    #expect(!FileManager.default.fileExists(atPath: root))
  }

  @Test func aNewFileIsNeverOpenedThroughAPlantedLink() throws {
    let root = temporaryRoot("plant")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let victim = root + "/victim.txt"
    _ = FileManager.default.createFile(atPath: victim, contents: Data("keep me".utf8))
    chmod(victim, 0o644)
    symlink(victim, root + "/Todos.jsonl")
    let writer = TraceWriter.newFile(root + "/Todos.jsonl")
    #expect(writer.error == TraceWriterError("cannot create '\(root)/Todos.jsonl': File exists"))
    writer.close()
    // Neither truncated nor made owner-only, as `TraceWriter.file` would have done through the link.
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
    #expect(try FileManager.default.attributesOfItem(atPath: victim)[.posixPermissions] as? Int == 0o644)
  }
}
