import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

private struct Box: Equatable { var count = 0 }
private enum BoxAction: Equatable { case bump }

private func mode(_ path: String) -> mode_t {
  var info = stat()
  lstat(path, &info)
  return info.st_mode & 0o7777
}

/// `.file(path)` never follows a symbolic link, never writes through anything but a regular file
/// with one name, and never into a file another process is writing: it says why, records
/// nothing, and the app goes on.
@Suite struct RecorderSafePathTests {
  private func refused(_ path: String) -> (accepted: Bool, error: String?) {
    let recorder = TraceRecorder(name: "Box", to: .file(path))
    let accepted = recorder.record(action: BoxAction.bump, from: Box(), to: Box(count: 1))
    recorder.flush()
    recorder.close()
    return (accepted, recorder.error)
  }

  @Test func aSymbolicLinkIsRefusedAndItsTargetUntouched() throws {
    let directory = (traceTemporaryPath() as NSString).deletingLastPathComponent
    let victim = directory + "/victim.txt", link = directory + "/link.jsonl"
    try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    chmod(victim, 0o644)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
    let result = refused(link)
    #expect(result.accepted == false)
    #expect(
      result.error
        == "cannot record to '\(link)': it is a symbolic link, which tca-trace never follows; remove it or choose another path"
    )
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    #expect(mode(victim) == 0o644)
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let path = traceTemporaryPath("fifo.jsonl")
    #expect(mkfifo(path, 0o600) == 0)
    #expect(refused(path).error == "cannot record to '\(path)': it is not a regular file (a FIFO or socket)")
  }

  @Test func aDirectoryIsRefused() {
    let directory = (traceTemporaryPath() as NSString).deletingLastPathComponent
    #expect(refused(directory).error == "cannot record to '\(directory)': it is not a regular file (a directory)")
  }

  @Test func aFileWithAnotherHardLinkIsRefusedAndKept() throws {
    let directory = (traceTemporaryPath() as NSString).deletingLastPathComponent
    let original = directory + "/original.txt", path = directory + "/run.jsonl"
    try "keep me\n".write(toFile: original, atomically: false, encoding: .utf8)
    #expect(link(original, path) == 0)
    #expect(
      refused(path).error
        == "cannot record to '\(path)': it has 2 hard links; writing would change the other names' contents")
    #expect(try String(contentsOfFile: original, encoding: .utf8) == "keep me\n")
  }

  /// Another process holding the file's advisory lock (here: another open file description with
  /// `flock`, which is what a second process has) makes the recorder refuse, without emptying
  /// the file.
  @Test func aFileAnotherProcessIsWritingIsRefusedAndNotEmptied() throws {
    let path = traceTemporaryPath()
    try "{\"kind\":\"session\"}\n".write(toFile: path, atomically: false, encoding: .utf8)
    let fd = open(path, O_WRONLY)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    #expect(
      refused(path).error
        == "cannot record to '\(path)': another process is writing it (it holds the file's advisory lock)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"kind\":\"session\"}\n")
  }

  /// A process refused a file (its root `.debug()`) leaves it alone for good: its later recorders
  /// of that path (a child's `.debug("c1")` in `body`, made a moment later, once the other
  /// process released its lock) would otherwise empty the other process's whole trace.
  @Test func aFileRefusedOnceIsNotEmptiedByALaterRecorderOfThisProcess() throws {
    let path = traceTemporaryPath()
    let complete = "{\"kind\":\"session\"}\n{\"kind\":\"end\",\"t\":9,\"actions\":0}\n"
    try complete.write(toFile: path, atomically: false, encoding: .utf8)
    let fd = open(path, O_WRONLY)
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    let root = TraceRecorder(name: "Box", to: .file(path))
    #expect(!root.record(action: BoxAction.bump, from: Box(), to: Box(count: 1)))
    close(fd)  // the other process ends: its lock is released
    let child = TraceRecorder(name: "Box", prefix: "c1", to: .file(path))
    #expect(!child.record(action: BoxAction.bump, from: Box(), to: Box(count: 1)))
    child.close()
    root.close()
    #expect(
      root.error == "cannot record to '\(path)': another process is writing it (it holds the file's advisory lock)")
    #expect(
      child.error
        == "cannot record to '\(path)': another process is writing it (it holds the file's advisory lock); refused when this process first opened it, so it is left alone"
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == complete)
  }

  @Test func anExistingRegularFileIsReplacedAndMadeOwnerOnly() throws {
    let path = traceTemporaryPath()
    try "old contents that are longer than the new trace would be? no, but still replaced\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o644)
    let recorder = TraceRecorder(name: "Box", to: .file(path))
    #expect(recorder.record(action: BoxAction.bump, from: Box(), to: Box(count: 1)))
    recorder.close()
    #expect(recorder.error == nil)
    #expect(mode(path) == 0o600)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix(#"{"kind":"session","format":2,"reducer":"Box","name":"Box""#))
    #expect(!text.contains("old contents"))
  }
}
