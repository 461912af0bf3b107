import Foundation

/// The recorder's end of a `TraceSink`: a `TraceWriter` (files, standard output/error) or a
/// closure taking whole lines. Reports the first write error once on standard error.
final class RecorderOutput: @unchecked Sendable {
  private enum Target {
    case writer(TraceWriter)
    case lines(@Sendable (String) -> Void)
  }

  private let target: Target
  /// The file written, for file sinks.
  let path: String?
  private let lock = NSLock()
  private var reportedError: String?
  private var buffer: [UInt8] = []

  private init(_ target: Target, path: String?) {
    self.target = target
    self.path = path
  }

  /// Opens `sink`. A default-location file is announced once on standard error.
  static func make(_ sink: TraceSink, name: String, prefix: String) -> RecorderOutput {
    switch sink.kind {
    case let .file(path):
      return RecorderOutput(.writer(.file(path)), path: path)
    case .defaultFile:
      switch DefaultTraceDirectory.choose() {
      case let .success(directory):
        let path = TraceSink.defaultPath(name: name, prefix: prefix, directory: directory)
        Self.standardError("tca-trace: recording \(name)\(prefix.isEmpty ? "" : " (\(prefix))") to \(path)\n")
        return RecorderOutput(.writer(.newFile(path)), path: path)
      case let .failure(error):
        return RecorderOutput(.writer(.failed(error)), path: nil)
      }
    case .standardOutput:
      return RecorderOutput(.writer(.standardOutput()), path: nil)
    case .standardError:
      return RecorderOutput(.writer(.standardError()), path: nil)
    case let .lines(write):
      return RecorderOutput(.lines(write), path: nil)
    }
  }

  /// The first error, e.g. `cannot write trace: No space left on device`.
  var errorMessage: String? { lock.withLock { reportedError } }

  func append(_ record: TraceRecord) {
    switch target {
    case let .writer(writer):
      writer.append(record)
      check(writer)
    case let .lines(write):
      buffer.removeAll(keepingCapacity: true)
      record.writeLine(into: &buffer)
      write(String(decoding: buffer, as: UTF8.self))
    }
  }

  func flush() {
    guard case let .writer(writer) = target else { return }
    writer.flush()
    check(writer)
  }

  func close() {
    guard case let .writer(writer) = target else { return }
    writer.close()
    check(writer)
  }

  private func check(_ writer: TraceWriter) {
    guard let error = writer.error, errorMessage == nil else { return }
    lock.withLock { reportedError = error.message }
    Self.standardError("tca-trace: \(error.message); the trace\(path.map { " '\($0)'" } ?? "") stops here, the app goes on\n")
  }

  static func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
