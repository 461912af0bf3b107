import Foundation

/// Why a trace could not be written: `cannot create 'run.jsonl': Permission denied`.
public struct TraceWriterError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Appends trace records as whole lines to a file, standard output/error or memory.
///
/// Lines are buffered and written only whole, so a process killed at any moment leaves a file whose
/// every complete line is readable. Errors never throw into the app: the first one is kept in
/// `error`, the writer stops writing (no half line is ever followed by more lines) and counts what
/// it could not write in `droppedRecords`. Not thread-safe: use one writer from one queue.
///
/// ```swift
/// let writer = TraceWriter.memory()
/// writer.append(.end(TraceEnd(t: 900, actions: 2)))
/// writer.text  // "{\"kind\":\"end\",\"t\":900,\"actions\":2}\n"
/// ```
public final class TraceWriter {
  private enum Destination {
    case descriptor(Int32, closes: Bool)
    case memory
  }

  private var destination: Destination?
  private var pending: [UInt8] = []
  private let bufferSize: Int
  /// Everything written so far, for `memory()` writers.
  public private(set) var bytes: [UInt8] = []
  /// The first error, after which nothing more is written.
  public private(set) var error: TraceWriterError?
  /// Records not written because of `error` or after `close()`.
  public private(set) var droppedRecords = 0
  /// Bytes written to the descriptor so far, all of them whole lines.
  public private(set) var writtenBytes = 0
  /// Whether a failed write was cut back to the last whole line (files only).
  public private(set) var cutBackAfterError = false

  private init(_ destination: Destination?, bufferSize: Int, error: TraceWriterError? = nil) {
    self.destination = destination
    self.bufferSize = bufferSize
    self.error = error
  }

  deinit { close() }

  /// Creates (or empties) `path` with owner-only permissions (0600), safely
  /// (`TraceFileOpening`): never through a symbolic link or into anything but a regular file, and
  /// not while another process holds the file's advisory lock. On failure the writer exists, holds
  /// the error and drops what it is given.
  public static func file(_ path: String, bufferSize: Int = 1 << 16) -> TraceWriter {
    switch TraceFileOpening.open(path) {
    case let .success(fd): return TraceWriter(.descriptor(fd, closes: true), bufferSize: bufferSize)
    case let .failure(error): return TraceWriter(nil, bufferSize: bufferSize, error: error)
    }
  }

  /// Creates `path`, which must not exist yet (not even as a symbolic link), with owner-only
  /// permissions (0600): for files in shared directories, where an existing name may be a trap.
  public static func newFile(_ path: String, bufferSize: Int = 1 << 16) -> TraceWriter {
    opened(path, .createNew(permissions: 0o600), bufferSize: bufferSize)
  }

  private static func opened(_ path: String, _ mode: Platform.OpenMode, bufferSize: Int) -> TraceWriter {
    switch Platform.open(path, mode) {
    case let .success(fd): TraceWriter(.descriptor(fd, closes: true), bufferSize: bufferSize)
    case let .failure(error):
      TraceWriter(nil, bufferSize: bufferSize, error: TraceWriterError("cannot create '\(path)': \(error.message)"))
    }
  }

  /// A writer that writes nothing and reports `error`.
  static func failed(_ error: TraceWriterError) -> TraceWriter {
    TraceWriter(nil, bufferSize: 0, error: error)
  }

  public static func standardOutput(bufferSize: Int = 1 << 16) -> TraceWriter {
    TraceWriter(.descriptor(1, closes: false), bufferSize: bufferSize)
  }

  public static func standardError() -> TraceWriter {
    TraceWriter(.descriptor(2, closes: false), bufferSize: 0)
  }

  /// Keeps every line in `bytes` (and `text`), for tests.
  public static func memory() -> TraceWriter {
    TraceWriter(.memory, bufferSize: 0)
  }

  /// What a `memory()` writer holds, as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends one record as one line.
  public func append(_ record: TraceRecord) {
    guard destination != nil, error == nil else {
      droppedRecords += 1
      return
    }
    let mark = pending.count
    record.writeLine(into: &pending)
    if case .memory = destination {
      bytes.append(contentsOf: pending)
      pending.removeAll(keepingCapacity: true)
      return
    }
    if pending.count >= bufferSize {
      // Lines before this one go first, so a failure never leaves this one half-written before them.
      if mark > 0, pending.count - mark > bufferSize { writeOut(upTo: mark) }
      if error == nil { writeOut(upTo: pending.count) }
    }
  }

  /// Appends one line already encoded (with its `\n`).
  public func append(rawLine: [UInt8]) {
    guard destination != nil, error == nil else {
      droppedRecords += 1
      return
    }
    if case .memory = destination {
      bytes.append(contentsOf: rawLine)
      return
    }
    let mark = pending.count
    pending.append(contentsOf: rawLine)
    if pending.count >= bufferSize {
      if mark > 0, pending.count - mark > bufferSize { writeOut(upTo: mark) }
      if error == nil { writeOut(upTo: pending.count) }
    }
  }

  /// Writes buffered lines now; returns the writer's error, if any.
  @discardableResult
  public func flush() -> TraceWriterError? {
    if error == nil, !pending.isEmpty { writeOut(upTo: pending.count) }
    return error
  }

  /// Flushes and closes the file; later records are dropped. Returns the writer's error, if any.
  @discardableResult
  public func close() -> TraceWriterError? {
    flush()
    if case let .descriptor(fd, closes) = destination, closes {
      if let failure = Platform.close(fd), error == nil {
        error = TraceWriterError("cannot close trace: \(failure.message)")
      }
    }
    destination = nil
    return error
  }

  /// Writes one last record after an error (for the note that says what happened), when the file
  /// was cut back to a whole line; whether it got through. Nothing is written after it.
  @discardableResult
  public func appendAfterError(_ record: TraceRecord) -> Bool {
    guard error != nil, cutBackAfterError, case let .descriptor(fd, _)? = destination else { return false }
    var line: [UInt8] = []
    record.writeLine(into: &line)
    let ok = line.withUnsafeBytes { Platform.writeAll(fd, $0).error == nil }
    if !ok { Platform.truncate(fd, to: writtenBytes) }
    cutBackAfterError = false
    return ok
  }

  private func writeOut(upTo count: Int) {
    guard case let .descriptor(fd, closes) = destination else { return }
    let (written, failure) = pending.withUnsafeBytes {
      Platform.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<count]))
    }
    if let failure {
      error = TraceWriterError("cannot write trace: \(failure.message)")
      // Whole lines stay; a line cut by the failure is taken back out of the file.
      let whole = pending[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
      droppedRecords += pending[whole...].count { $0 == UInt8(ascii: "\n") }
      if closes, whole < written {
        cutBackAfterError = Platform.truncate(fd, to: writtenBytes + whole)
      } else {
        cutBackAfterError = closes
      }
      writtenBytes += whole
      pending.removeAll()
      return
    }
    writtenBytes += count
    pending.removeFirst(count)
  }
}
