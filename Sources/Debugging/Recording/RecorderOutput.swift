import Foundation

/// One recorder's stream of a `TraceDestination`. The first recorder of a destination owns it:
/// its header is written at once and its lines carry no tag. A later one (another reducer
/// recording to the same file) writes its header only before its first other line — a child in
/// `body` that never gets an action adds nothing — and tags its lines with its `reducer` key.
final class RecorderOutput: @unchecked Sendable {
  private let destination: TraceDestination
  /// The tag proposed for this stream: its prefix, else its name.
  private let proposedTag: String
  /// This stream's `reducer` key on its lines, once it wrote; `nil` for the first stream.
  private(set) var tag: String?
  /// Flush after every line (`TraceRecorderOptions.writeThrough`).
  private let writeThrough: Bool
  private var pendingSession: TraceSession?
  private var started = false
  private var isClosed = false

  private init(_ destination: TraceDestination, proposedTag: String, writeThrough: Bool) {
    self.destination = destination
    self.proposedTag = proposedTag
    self.writeThrough = writeThrough
  }

  /// The file written, for file sinks.
  var path: String? { destination.path }

  /// Opens `sink`, or joins the destination another recorder of this process writes to. A
  /// default-location file is announced once on standard error.
  static func make(_ sink: TraceSink, name: String, prefix: String, writeThrough: Bool = false) -> RecorderOutput {
    let destination: (TraceDestination, isFirst: Bool)
    switch sink.kind {
    case let .file(path):
      destination = TraceDestination.join(key: TraceDestination.fileKey(path)) { .file(path, writer: .file(path)) }
    case .defaultFile:
      destination = TraceDestination.join(key: nil) {
        switch DefaultTraceDirectory.choose() {
        case let .success(directory):
          let path = TraceSink.defaultPath(name: name, prefix: prefix, directory: directory)
          Self.standardError("tca-trace: recording \(name)\(prefix.isEmpty ? "" : " (\(prefix))") to \(path)\n")
          return .file(path, writer: .newFile(path))
        case let .failure(error):
          return .writer(.failed(error), key: nil)
        }
      }
    case .standardOutput:
      destination = TraceDestination.join(key: "stdout") { .writer(.standardOutput(), key: "stdout") }
    case .standardError:
      destination = TraceDestination.join(key: "stderr") { .writer(.standardError(), key: "stderr") }
    case let .memory(buffer):
      let key = "memory:\(UInt(bitPattern: ObjectIdentifier(buffer)))"
      destination = TraceDestination.join(key: key) { .lines(key: key) { buffer.append($0) } }
    case let .lines(write):
      destination = TraceDestination.join(key: nil) { .lines(key: nil, write) }
    }
    let output = RecorderOutput(destination.0, proposedTag: prefix.isEmpty ? name : prefix, writeThrough: writeThrough)
    if destination.isFirst { output.claimFirst() }
    return output
  }

  /// The first recorder of a destination claims it at once (its header goes first).
  private var claimedEarly = false
  private func claimFirst() {
    claimedEarly = true
    let claimed = destination.claimTag(proposedTag)
    tag = claimed.isFirst ? nil : claimed.tag
  }

  /// The first error, e.g. `cannot write trace: No space left on device`.
  var errorMessage: String? { destination.errorMessage }

  /// Whether the destination failed: nothing more will be written.
  var hasFailed: Bool { destination.hasFailed }

  func append(_ record: TraceRecord) {
    guard !isClosed else { return }
    if case let .session(session) = record, !started {
      pendingSession = session
      if claimedEarly { start() }
      return
    }
    start()
    destination.append(record, tag: tag, writeThrough: writeThrough)
  }

  /// Claims the stream's tag and writes its session header, before its first other line.
  private func start() {
    guard !started else { return }
    started = true
    let reducer: String
    if claimedEarly {
      reducer = tag ?? proposedTag
    } else {
      let claimed = destination.claimTag(proposedTag)
      tag = claimed.isFirst ? nil : claimed.tag
      reducer = claimed.tag
    }
    guard var session = pendingSession else { return }
    pendingSession = nil
    session.reducer = reducer
    destination.append(.session(session), tag: tag, writeThrough: writeThrough)
  }

  /// Hands buffered lines to the system. With `startingStream` (an explicit `flush()`), a stream
  /// that has not written yet writes its header now unless another reducer writes there.
  func flush(startingStream: Bool = false) {
    if startingStream, !started, !destination.hasWriters { start() }
    destination.flush()
  }

  /// Flushes when the oldest buffered line is older than `age` nanoseconds.
  func flush(olderThan age: UInt64) {
    destination.flush(olderThan: age)
  }

  /// Whether the stream wrote anything, or will have to at its end: a stream that recorded
  /// nothing into a destination others write leaves no line (not even `end`).
  var isSilent: Bool { !started && !claimedEarly && destination.hasWriters }

  /// Ends this stream; the destination closes with its last stream.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    destination.flush()
    destination.leave()
  }

  static func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
