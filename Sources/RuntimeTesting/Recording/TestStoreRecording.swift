import Debugging
import Foundation

/// A `TestStore`'s trace while it is being written: the `.debug()` recorder.
final class TestStoreRecording: @unchecked Sendable {
  let recorder: TraceRecorder

  /// The sink to give `.debug()` for `trace`. A file that cannot be created is an error here,
  /// so that the test fails instead of recording nothing.
  static func sink(for trace: TestStoreTrace) throws(TraceWriterError) -> TraceSink {
    switch trace.destination {
    case let .file(path):
      guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
        throw TraceWriterError("cannot create the trace file \(path)")
      }
      return .file(path)
    case let .lines(write):
      return .custom(write)
    }
  }

  /// `options` with `timestamps` (a store's `.deterministic` wins over the options' `.real`).
  static func options(_ options: TraceRecorderOptions, timestamps: TraceTimestamps) -> TraceRecorderOptions {
    var options = options
    if timestamps == .deterministic { options.timestamps = .deterministic }
    // A test's trace keeps every state (the test waits for the recorder instead).
    options.stateCapture = .exact
    return options
  }

  init(recorder: TraceRecorder) {
    self.recorder = recorder
  }

  /// Writes the `end` line and closes the trace; waits until everything is written.
  func close() {
    recorder.close()
  }
}
