import Foundation

/// A `TestStore`'s trace while it is being written: the `.debug()` recorder, and for
/// deterministic timestamps the file it writes rewritten lines to.
final class TestStoreRecording: @unchecked Sendable {
  let recorder: TraceRecorder
  private let file: FileHandle?

  /// The sink to give `.debug()` for `trace`, and the file to close after the recorder.
  static func sink(
    for trace: TestStoreTrace, timestamps: TraceTimestamps
  ) throws(TraceWriterError) -> (sink: TraceSink, file: FileHandle?) {
    switch (trace.destination, timestamps) {
    case let (.file(path), .real):
      return (.file(path), nil)
    case let (.lines(write), .real):
      return (.custom(write), nil)
    case let (.lines(write), .deterministic):
      let rewriter = DeterministicTimestamps()
      return (.custom { write(rewriter.rewrite($0)) }, nil)
    case let (.file(path), .deterministic):
      guard
        FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
        let handle = FileHandle(forWritingAtPath: path)
      else { throw TraceWriterError("cannot create the trace file \(path)") }
      let rewriter = DeterministicTimestamps()
      let file = UncheckedFile(handle)
      return (.custom { try? file.handle.write(contentsOf: Data(rewriter.rewrite($0).utf8)) }, handle)
    }
  }

  init(recorder: TraceRecorder, file: FileHandle?) {
    self.recorder = recorder
    self.file = file
  }

  /// Writes the `end` line and closes the trace; waits until everything is written.
  func close() {
    recorder.close()
    try? file?.close()
  }
}

/// A file handle written only by the recorder's worker thread.
private struct UncheckedFile: @unchecked Sendable {
  let handle: FileHandle
  init(_ handle: FileHandle) { self.handle = handle }
}
