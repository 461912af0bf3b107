import Foundation

/// One place trace lines go — a file, standard output or error, a memory buffer, a closure — shared
/// by every recorder of the process that writes there: one writer per file, whole lines, one
/// lock.
///
/// Each recorder is a *stream* of the destination. The first stream's lines are written as they
/// are; a later stream (another reducer recording to the same file) gets a tag, unique in the
/// file (its prefix, else its name; `#2`, `#3` … when taken), written as the `reducer` key of each
/// of its lines, right after `kind` (format 2, `docs/log-format.md`):
///
/// ```text
/// {"kind":"session","format":2,"reducer":"counter1","name":"Counter","prefix":"counter1",…}
/// {"kind":"state","seq":0,"t":0,"state":{…}}
/// {"kind":"session","format":2,"reducer":"counter2","name":"Counter","prefix":"counter2",…}
/// {"kind":"state","reducer":"counter2","seq":0,"t":0,"state":{…}}
/// ```
///
/// Destinations are kept by key (`file:/abs/path`, `stdout`, `stderr`, `memory:<buffer>`) while a
/// stream uses them; a closure sink is never shared.
final class TraceDestination: @unchecked Sendable {
  enum Target {
    case writer(TraceWriter)
    case lines(@Sendable (String) -> Void)
  }

  /// The file written, for file sinks.
  let path: String?
  private let key: String?
  private let target: Target
  // Unchecked Sendable: everything below is guarded by `lock`.
  private let lock = NSLock()
  private var tags: Set<String> = []
  private var streams = 0
  private var reportedError: String?
  /// Nanoseconds (monotonic) when the oldest line not yet handed to the system was buffered.
  private var oldestBuffered: UInt64?
  private var line: [UInt8] = []
  /// The first stream's origin: the `t` of a note about a write error.
  private var origin: UInt64 = 0

  private init(key: String?, path: String?, target: Target) {
    self.key = key
    self.path = path
    self.target = target
  }

  // MARK: - Sharing

  private static let registryLock = NSLock()
  nonisolated(unsafe) private static var registry: [String: TraceDestination] = [:]
  /// Files this process was refused (`file:` keys → why): locked by another process, a link, not
  /// a regular file, not creatable. Its later streams of such a file are refused too, for the
  /// process's life:
  /// once another process's lock is released, opening the file again would empty that process's
  /// trace (a child's `.debug()` in `body` joins the file a moment after its root was refused).
  nonisolated(unsafe) private static var refusedFiles: [String: TraceWriterError] = [:]

  /// The destination for `key`, opened with `open` when no stream uses it yet, joined by one more
  /// stream (which claims its tag when it first writes).
  static func join(key: String?, open: () -> TraceDestination) -> (TraceDestination, isFirst: Bool) {
    registryLock.lock()
    defer { registryLock.unlock() }
    let destination: TraceDestination
    if let key, let existing = registry[key] {
      destination = existing
    } else if let key, let refusal = refusedFiles[key] {
      let message = refusal.message + "; refused when this process first opened it, so it is left alone"
      destination = .writer(.failed(TraceWriterError(message)), key: nil)
      destination.reportOpeningError()
    } else {
      destination = open()
      destination.reportOpeningError()
      if let key, !destination.hasFailed { registry[key] = destination }
      if let key, key.hasPrefix("file:"), case let .writer(writer) = destination.target, let error = writer.error {
        refusedFiles[key] = error
      }
    }
    let isFirst = destination.lock.withLock {
      destination.streams += 1
      return destination.tags.isEmpty && destination.streams == 1
    }
    return (destination, isFirst)
  }

  /// A tag for a stream about to write its first line, unique in this destination (`proposed`,
  /// else `proposed#2`, …), and whether the stream is the first to write here (its lines are
  /// then not tagged).
  func claimTag(_ proposed: String) -> (tag: String, isFirst: Bool) {
    lock.withLock {
      var tag = proposed
      var number = 1
      while tags.contains(tag) {
        number += 1
        tag = "\(proposed)#\(number)"
      }
      if tags.isEmpty { origin = TraceRecorder.now() }
      tags.insert(tag)
      return (tag, tags.count == 1)
    }
  }

  /// A file that could not be opened (a link, a device, locked by another process) is reported
  /// at once on standard error.
  private func reportOpeningError() {
    guard case let .writer(writer) = target else { return }
    lock.withLock { check(writer, opening: true) }
  }

  /// Whether a stream has written here.
  var hasWriters: Bool { lock.withLock { !tags.isEmpty } }

  /// A stream is done: the last one closes the destination.
  func leave() {
    Self.registryLock.lock()
    let last: Bool = lock.withLock {
      streams -= 1
      return streams == 0
    }
    if last, let key, Self.registry[key] === self { Self.registry[key] = nil }
    Self.registryLock.unlock()
    if last { close() }
  }

  static func file(_ path: String, writer: TraceWriter) -> TraceDestination {
    TraceDestination(key: nil, path: path, target: .writer(writer))
  }

  static func writer(_ writer: TraceWriter, key: String?) -> TraceDestination {
    TraceDestination(key: key, path: nil, target: .writer(writer))
  }

  static func lines(key: String?, _ write: @escaping @Sendable (String) -> Void) -> TraceDestination {
    TraceDestination(key: key, path: nil, target: .lines(write))
  }

  /// `file:/abs/path` for a file: relative paths are made absolute, so `run.jsonl` and
  /// `./run.jsonl` are one file.
  static func fileKey(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return "file:" + (absolute as NSString).standardizingPath
  }

  // MARK: - Writing

  /// The first error, e.g. `cannot write trace: No space left on device`.
  var errorMessage: String? { lock.withLock { reportedError } }

  /// Whether nothing more can be written (after an error): recorders stop working.
  var hasFailed: Bool { errorMessage != nil }

  /// Appends `record` as one line, with `tag` as its `reducer` key.
  ///
  /// The first stream's header must be the file's first line (readers take line 1's session as
  /// the untagged one). Its worker may be slower to write than a later stream's, so a later
  /// stream's lines wait here until that header is written (at most `maximumHeldLines`).
  func append(_ record: TraceRecord, tag: String?, writeThrough: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if tag == nil, record.kind == .session {
      firstHeaderWritten = true
      write(record, tag: nil, writeThrough: writeThrough)
      releaseHeldLines()
      return
    }
    if tag != nil, !firstHeaderWritten, held.count < Self.maximumHeldLines {
      held.append((record, tag, writeThrough))
      return
    }
    releaseHeldLines()
    write(record, tag: tag, writeThrough: writeThrough)
  }

  /// Later streams' lines waiting for the first stream's header.
  private var held: [(record: TraceRecord, tag: String?, writeThrough: Bool)] = []
  private var firstHeaderWritten = false
  private static let maximumHeldLines = 4096

  /// Writes the lines held for the first stream's header (called with `lock` held).
  private func releaseHeldLines() {
    guard !held.isEmpty else { return }
    let lines = held
    held.removeAll()
    for line in lines { write(line.record, tag: line.tag, writeThrough: line.writeThrough) }
  }

  /// Writes one line (called with `lock` held).
  private func write(_ record: TraceRecord, tag: String?, writeThrough: Bool) {
    switch target {
    case let .writer(writer):
      if let tag, record.kind != .session {
        line.removeAll(keepingCapacity: true)
        record.writeLine(into: &line)
        Self.insertTag(tag, into: &line)
        writer.append(rawLine: line)
      } else {
        writer.append(record)
      }
      if writeThrough {
        writer.flush()
      } else if oldestBuffered == nil {
        oldestBuffered = TraceRecorder.now()
      }
      check(writer)
    case let .lines(write):
      line.removeAll(keepingCapacity: true)
      record.writeLine(into: &line)
      if let tag, record.kind != .session { Self.insertTag(tag, into: &line) }
      write(String(decoding: line, as: UTF8.self))
    }
  }

  /// Hands buffered lines to the system when the oldest is older than `age` nanoseconds (0: now).
  func flush(olderThan age: UInt64 = 0) {
    lock.lock()
    defer { lock.unlock() }
    guard case let .writer(writer) = target else { return }
    if age > 0 {
      guard let oldest = oldestBuffered, TraceRecorder.now() &- oldest >= age else { return }
    }
    writer.flush()
    oldestBuffered = nil
    check(writer)
  }

  private func close() {
    lock.lock()
    defer { lock.unlock() }
    releaseHeldLines()
    guard case let .writer(writer) = target else { return }
    writer.close()
    check(writer)
  }

  /// `,"reducer":"tag"` after the line's first member (`"kind":"…"`).
  private static func insertTag(_ tag: String, into line: inout [UInt8]) {
    guard let comma = line.firstIndex(of: UInt8(ascii: ",")) else { return }
    var member: [UInt8] = Array("\"reducer\":".utf8)
    JSONWriter.write(.string(tag), into: &member)
    member.append(UInt8(ascii: ","))
    line.insert(contentsOf: member, at: comma + 1)
  }

  /// Reports the writer's first error once, cuts the file back to its last whole line and notes
  /// what happened there when it can.
  private func check(_ writer: TraceWriter, opening: Bool = false) {
    guard let error = writer.error, reportedError == nil else { return }
    reportedError = error.message
    if opening {
      RecorderOutput.standardError("tca-trace: \(error.message); not recording, the app goes on\n")
      return
    }
    if writer.cutBackAfterError {
      writer.appendAfterError(
        .note(
          TraceNote(
            t: Int64(clamping: TraceRecorder.now() &- origin), note: .error,
            message: "\(error.message); recording stopped here")))
    }
    RecorderOutput.standardError(
      "tca-trace: \(error.message); the trace\(path.map { " '\($0)'" } ?? "") stops here, the app goes on\n")
  }
}
