import Foundation
import Testing

@testable import Debugging

/// A tmpfs of `size` bytes mounted on a new directory for the duration of `body` (root only).
func withSmallDisk(size: Int, _ body: (String) throws -> Void) throws {
  let directory = NSTemporaryDirectory() + "small-disk-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/mount")
    if arguments.first == "umount" { process.executableURL = URL(fileURLWithPath: "/bin/umount") }
    process.arguments = Array(arguments.dropFirst())
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
  try #require(try run(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", directory]) == 0, "mount a tmpfs")
  defer { _ = try? run(["umount", directory]) }
  try body(directory)
}

private struct Page: Equatable {
  var count = 0
  var text = String(repeating: "x", count: 300)
}

private enum PageAction: Equatable { case next(Int) }

/// A full disk: the file is cut back to its last whole line, a note says what happened, the
/// recorder stops working, and the app never sees an error.
@Suite(.enabled(if: geteuid() == 0, "mounting a small tmpfs needs root; run the tests as root to check a full disk"))
struct RecorderFullDiskTests {
  @Test func aFullDiskLeavesWholeLinesANoteAndARecorderThatStopsWorking() throws {
    try withSmallDisk(size: 64 * 1024) { directory in
      let path = directory + "/run.jsonl"
      var options = TraceRecorderOptions()
      options.keyframeInterval = 1
      let recorder = TraceRecorder(name: "Pages", to: .file(path), options: options)
      var accepted = 0
      for n in 1...400 {
        if recorder.record(action: PageAction.next(n), from: Page(count: n - 1), to: Page(count: n)) { accepted += 1 }
        if n % 50 == 0 { recorder.flush() }
      }
      recorder.flush()
      #expect(recorder.error == "cannot write trace: No space left on device")
      #expect(accepted < 400, "recording stops once the disk is full")
      #expect(!recorder.record(action: PageAction.next(0), from: Page(), to: Page()))
      recorder.close()

      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(bytes.last == UInt8(ascii: "\n"), "the file ends with a whole line")
      var kinds: [String] = []
      var errors: [String] = []
      for item in try TraceReader(path: path) {
        switch item {
        case let .success(line): kinds.append(line.record.kind.rawValue)
        case let .failure(error): errors.append(error.description)
        }
      }
      #expect(errors == [])
      #expect(kinds.first == "session")
      // The note is written when the cut-back line left room for it; else standard error has it.
      let last = String(decoding: bytes.dropLast().split(separator: UInt8(ascii: "\n")).last ?? [], as: UTF8.self)
      #expect(
        kinds.last == "action"
          || last.contains(
            #""note":"error","message":"cannot write trace: No space left on device; recording stopped here""#)
      )
      #expect(
        TraceValidator.validate(try TraceReader(path: path)).filter { $0.severity == .error }.map(\.description) == [])
    }
  }

  @Test func aWriterCutsAFailedLineBackOut() throws {
    try withSmallDisk(size: 16 * 1024) { directory in
      let path = directory + "/w.jsonl"
      let writer = TraceWriter.file(path, bufferSize: 0)
      var n: Int64 = 0
      while writer.error == nil, n < 10_000 {
        n += 1
        writer.append(.note(TraceNote(t: n, note: .info, message: String(repeating: "y", count: 200))))
      }
      #expect(writer.error == TraceWriterError("cannot write trace: No space left on device"))
      #expect(writer.cutBackAfterError)
      writer.close()
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(bytes.count == writer.writtenBytes)
      #expect(bytes.last == UInt8(ascii: "\n"))
    }
  }
}
