import Foundation

/// Why a file could not be opened or read: `cannot open 'run.jsonl': No such file or directory`,
/// or a line longer than the reader's `maximumLineLength` (then `line` is its number).
public struct LineReaderError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  /// The 1-based number of the line at fault; `nil` when the problem is the whole file.
  public var line: Int?
  public init(_ message: String, line: Int? = nil) {
    self.message = message
    self.line = line
  }
  public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// Reads a file, standard input (`-`) or a FIFO line by line with `read(2)`, in fixed-size chunks.
///
/// Memory is one buffer of `chunkSize` bytes, grown (doubling) only to hold the longest line, so a
/// 500 MB line is read in linear time and a 10 GB file of short lines in 64 KB. In a regular
/// file (on Linux, not followed), a line with no newline in its first `mappedLineMinimum` bytes
/// is not read on into the buffer: the reader maps the stretch of the file from its start
/// (`MappedFileRegion`) and hands the line out from there, then reads on after it. A file that
/// got shorter while a line of it was mapped is an error at the next line.
///
/// A line longer than `maximumLineLength` (default `defaultMaximumLineLength`, 256 MiB) is an
/// error naming its line, found after reading at most that many bytes of it: `/dev/zero` or a file
/// without a newline cannot grow the buffer past the limit.
///
/// ```swift
/// let reader = try LineReader(path: "run.jsonl")
/// while let line = try reader.nextLine() { print(line.number, line.bytes.count, line.isTruncated) }
/// ```
/// ```text
/// 1 112 false
/// 2 40 true
/// ```
public final class LineReader {
  /// `tail -F` behaviour: at the end of the file, wait `pollInterval` and read again, until
  /// `shouldStop` returns `true` (checked at each end of file). A regular file opened by path that
  /// is truncated (shorter than what was read, or no longer holding the bytes read: emptied and
  /// written again, however long, as a rerun of the app does; see `WatchedBytes`) is read again
  /// from its start; one replaced (the path now names another file, as after a rename or a
  /// re-recording) is opened again. Either way the line numbers start again at 1 and
  /// `takeRestart()` says what happened.
  public struct Follow: Sendable {
    public var pollInterval: Duration
    public var shouldStop: @Sendable () -> Bool
    public init(pollInterval: Duration = .milliseconds(200), shouldStop: @escaping @Sendable () -> Bool = { false }) {
      self.pollInterval = pollInterval
      self.shouldStop = shouldStop
    }
  }

  /// A line that stays valid only inside the closure given to `nextLine(_:)`.
  public struct View {
    /// 1-based.
    public let number: Int
    /// The bytes without the `\n`.
    public let bytes: UnsafeRawBufferPointer
    /// The last line of the input, which had no `\n`.
    public let isTruncated: Bool
    /// The reader whose buffer holds `bytes` (`detachLine(_:)`); not retained: a view lives
    /// inside the reader's `nextLine` call.
    unowned(unsafe) var source: LineReader? = nil
  }

  /// A copied line.
  public struct Line: Equatable, Sendable {
    public var number: Int
    public var bytes: [UInt8]
    public var isTruncated: Bool
    public var text: String { String(decoding: bytes, as: UTF8.self) }
  }

  /// The name used in messages: the path, or `<stdin>` for `-`.
  public let name: String
  /// The number of the line last returned. (One thread reads a `LineReader`: the readers ask
  /// this and `restarts` after every line, without a dynamic exclusivity check.)
  @exclusivity(unchecked) public private(set) var lineNumber = 0
  /// The longest line accepted, in bytes (without its `\n`).
  public let maximumLineLength: Int
  /// 256 MiB: far above the largest keyframe of a 100,000-element state, and a bound on the
  /// memory one line can take.
  public static let defaultMaximumLineLength = 256 << 20

  private var fd: Int32
  /// The path a following reader reopens when the file is replaced (`nil` for a descriptor).
  private var path: String?
  /// Bytes read from the file so far, to notice it got shorter.
  private var offset: Int64 = 0
  /// Bytes read from the file so far (past the lines handed out: what is buffered too).
  package var bytesRead: Int64 { offset }
  /// Bytes of the input taken by the lines handed out so far: where the next line starts,
  /// counted from where the reader started reading its descriptor.
  package var linesEnd: Int64 { offset - Int64(end - start) }
  /// Where the last line handed out starts, counted as `linesEnd` is.
  @exclusivity(unchecked) package private(set) var lastLineStart: Int64 = 0
  /// For a reader of a descriptor others read too: the file offset it reads at next (`pread`),
  /// leaving the descriptor's own position alone. `nil`: `read`.
  private var readPosition: Int64?
  /// For a stretch of a file: lines that start at or after this many bytes from where the reader
  /// started are not handed out (`nil`: every line).
  private var linesStartBefore: Int64?
  private var restart: Restart?
  private var closesDescriptor: Bool
  private let chunkSize: Int
  private let follow: Follow?
  private var buffer: UnsafeMutableRawPointer
  private var capacity: Int
  private var start = 0
  private var end = 0
  private var scanned = 0
  private var atEnd = false
  /// The over-long-line error, thrown again by every later call.
  private var failure: LineReaderError?
  /// Whether a line may be mapped: the descriptor is a regular file, and not followed.
  private var mapsLongLines = false
  /// Whether mapping the line being read was tried (once per line).
  private var triedMappingLine = false
  /// The length of the last line read from a mapping: where the next one's newline is looked
  /// for first (`TwoCoreSearch.firstNewline`).
  private var lastMappedLength: Int?
  /// The mapped line handed out last: unmapped at the next call unless detached.
  private var mappedLine: MappedFileRegion?
  /// The faults of the lines this reader mapped (`nil` until it maps one).
  private var mappedFaults: MappedFileFaults?
  /// For a followed regular file opened by path: bytes read, checked after each read and at each
  /// end of file to notice the file rewritten in place.
  private var watchedBytes: WatchedBytes?

  /// A line with no newline in this many bytes is mapped: below it, reading costs less than
  /// mapping and unmapping (a 120 KB keyframe line every few hundred lines made `validate` 5 %
  /// slower).
  package static let mappedLineMinimum = 256 << 10

  /// Opens `path` (`-` is standard input).
  public convenience init(
    path: String, chunkSize: Int = 1 << 16, maximumLineLength: Int = LineReader.defaultMaximumLineLength,
    follow: Follow? = nil
  ) throws(LineReaderError) {
    if path == "-" {
      self.init(
        fileDescriptor: 0, name: "<stdin>", closesDescriptor: false, chunkSize: chunkSize,
        maximumLineLength: maximumLineLength,
        follow: follow)
      return
    }
    let fd: Int32
    switch Platform.open(path, .read) {
    case let .success(descriptor): fd = descriptor
    case let .failure(error): throw LineReaderError("cannot open '\(path)': \(error.message)")
    }
    if Platform.kind(of: fd) == .directory {
      Platform.close(fd)
      throw LineReaderError("'\(path)' is a directory")
    }
    self.init(
      fileDescriptor: fd, name: path, closesDescriptor: true, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength,
      follow: follow)
    self.path = path
    if follow != nil, Platform.kind(of: fd) == .regular { watchedBytes = WatchedBytes() }
  }

  /// Why a following reader started again at line 1.
  public enum Restart: Equatable, Sendable {
    /// The file got shorter than what was read: read again from its start.
    case truncated
    /// The path names another file now: that one is read from its start.
    case replaced

    /// `file truncated; following it from its start`.
    public var message: String {
      switch self {
      case .truncated: return "file truncated; following it from its start"
      case .replaced: return "file replaced; following the new file from its start"
      }
    }
  }

  /// How many times a followed file was truncated or replaced (the reader started again).
  @exclusivity(unchecked) public private(set) var restarts = 0

  /// What made the reader start again since the last call, once.
  public func takeRestart() -> Restart? {
    defer { restart = nil }
    return restart
  }

  /// Reads an open descriptor; `closesDescriptor` closes it when the reader goes away.
  public init(
    fileDescriptor: Int32, name: String, closesDescriptor: Bool, chunkSize: Int = 1 << 16,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength, follow: Follow? = nil
  ) {
    self.fd = fileDescriptor
    self.maximumLineLength = max(maximumLineLength, 1)
    self.name = name
    self.closesDescriptor = closesDescriptor
    self.chunkSize = max(chunkSize, 16)
    self.follow = follow
    self.capacity = self.chunkSize
    let buffer = Platform.allocateLarge(self.chunkSize)
    self.buffer = buffer
    mapsLongLines = follow == nil && Platform.kind(of: fileDescriptor) == .regular
  }

  /// Reads the regular file open as `fileDescriptor` from byte `offset`, with `pread`: several
  /// readers (on several threads) may read one descriptor at once, each its own stretch, and a
  /// file renamed or removed meanwhile is still the one read. The descriptor stays open.
  /// `linesStartingBefore`: the reader hands out the lines that start before this offset (the
  /// last of them whole, wherever it ends), and ends there; `nil` for every line to the end.
  package convenience init(
    sharedFileDescriptor fileDescriptor: Int32, name: String, readingAt offset: Int,
    linesStartingBefore limit: Int? = nil, chunkSize: Int = 1 << 16,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) {
    self.init(
      fileDescriptor: fileDescriptor, name: name, closesDescriptor: false, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength)
    readPosition = Int64(offset)
    linesStartBefore = limit.map { Int64($0 - offset) }
  }

  deinit {
    Platform.freeLarge(buffer, count: capacity)
    if closesDescriptor { Platform.close(fd) }
  }

  /// Calls `body` with the next line, or returns `nil` at the end of the input.
  public func nextLine<R>(_ body: (View) -> R) throws(LineReaderError) -> R? {
    if let failure { throw failure }
    if let faults = mappedFaults {
      mappedLine = nil
      if faults.anyTruncated { throw truncatedWhileRead() }
    }
    if let limit = linesStartBefore, linesEnd >= limit { return nil }
    while true {
      if scanned < end, let found = memchr(buffer + scanned, Int32(UInt8(ascii: "\n")), end - scanned) {
        let newline = buffer.distance(to: found)
        if newline - start > maximumLineLength { throw tooLong() }
        lineNumber += 1
        lastLineStart = offset - Int64(end - start)
        let view = View(
          number: lineNumber, bytes: UnsafeRawBufferPointer(start: buffer + start, count: newline - start),
          isTruncated: false, source: self)
        start = newline + 1
        scanned = start
        triedMappingLine = false
        return body(view)
      }
      scanned = end
      if mapsLongLines, !triedMappingLine, !atEnd, end - start >= Self.mappedLineMinimum,
        let view = try mapPendingLine()
      {
        return body(view)
      }
      if atEnd {
        guard start < end else { return nil }
        if end - start > maximumLineLength { throw tooLong() }
        lineNumber += 1
        lastLineStart = offset - Int64(end - start)
        let view = View(
          number: lineNumber, bytes: UnsafeRawBufferPointer(start: buffer + start, count: end - start),
          isTruncated: true)
        start = end
        scanned = end
        triedMappingLine = false
        return body(view)
      }
      try fill()
    }
  }

  /// Hands the memory that holds `view`'s bytes to the caller, who keeps the line instead of
  /// copying it: the stretch of the file mapped for it, or the buffer for a line of
  /// `Platform.largeBufferSize` bytes or more at its start (a 12 MB state line, whose lazily read
  /// arrays keep its text). The reader goes on in a new buffer with the bytes read after the
  /// line. `nil` (nothing changed) for any other line.
  ///
  /// ```swift
  /// try reader.nextLine { view in
  ///   if let kept = reader.detachLine(view) { text = kept.bytes }
  /// }
  /// ```
  package func detachLine(_ view: View) -> LineMemory? {
    if let region = mappedLine, view.bytes.baseAddress == region.bytes.baseAddress {
      mappedLine = nil
      return LineMemory(mapped: region, count: view.bytes.count)
    }
    guard view.bytes.count >= Platform.largeBufferSize, view.bytes.baseAddress == UnsafeRawPointer(buffer),
      start >= view.bytes.count, start <= end
    else { return nil }
    let rest = end - start
    let newCapacity = max(chunkSize, rest + chunkSize)
    let fresh = Platform.allocateLarge(newCapacity)
    fresh.copyMemory(from: buffer + start, byteCount: rest)
    let detached = LineMemory(allocated: buffer, capacity: capacity, count: view.bytes.count)
    buffer = fresh
    capacity = newCapacity
    scanned -= start
    start = 0
    end = rest
    return detached
  }

  /// The line being read (`end - start` bytes of it in the buffer, no newline among them) from a
  /// mapping of the file, and the reader moved past it; `nil` (nothing changed) when the line is
  /// not mapped: the line is the last and has no newline, or the mapping failed.
  private func mapPendingLine() throws(LineReaderError) -> View? {
    triedMappingLine = true
    let pending = end - start
    guard let bufferEnd = readPosition.map(Int.init) ?? Platform.position(of: fd),
      let size = Platform.identity(of: fd)?.size
    else { return nil }
    let lineStart = bufferEnd - pending
    let available = Int(size) - lineStart
    guard available > pending else { return nil }
    let faults = mappedFaults ?? MappedFileFaults()
    mappedFaults = faults
    let searched = min(available, maximumLineLength + 1)
    guard let region = MappedFileRegion(descriptor: fd, offset: lineStart, count: searched, faults: faults) else {
      return nil
    }
    let base = region.bytes.baseAddress!
    // The bytes read into the buffer are the same: the newline is after them.
    let found = TwoCoreSearch.firstNewline(
      base + pending, count: searched - pending, expected: lastMappedLength.map { $0 - pending })
    if region.wasTruncated { throw truncatedWhileRead() }
    guard let found else {
      if available > maximumLineLength { throw tooLong() }
      return nil
    }
    let count = base.distance(to: found)
    lastMappedLength = count
    let next = lineStart + count + 1
    if readPosition != nil {
      readPosition = Int64(next)
    } else {
      guard Platform.seek(fd, to: next) else { return nil }
    }
    region.keepFirst(count)
    lastLineStart = offset - Int64(pending)
    offset += Int64(next - bufferEnd)
    start = 0
    end = 0
    scanned = 0
    lineNumber += 1
    triedMappingLine = false
    mappedLine = region
    return View(
      number: lineNumber, bytes: UnsafeRawBufferPointer(start: base, count: count), isTruncated: false, source: self)
  }

  /// The error once a mapped line was read after its file got shorter; reading stops there.
  private func truncatedWhileRead() -> LineReaderError {
    let error = LineReaderError("'\(name)' got shorter while it was read (another program truncated it); read it again")
    failure = error
    mappedLine = nil
    return error
  }

  /// The next line, copied; `nil` at the end of the input.
  public func nextLine() throws(LineReaderError) -> Line? {
    try nextLine { Line(number: $0.number, bytes: Array($0.bytes), isTruncated: $0.isTruncated) }
  }

  /// Makes room and reads one chunk (or notes the end of the input).
  private func fill() throws(LineReaderError) {
    if start > 0 {
      let pending = end - start
      if pending > 0 { memmove(buffer, buffer + start, pending) }
      end = pending
      scanned -= start
      start = 0
    }
    // No newline in the `end` bytes pending: past the limit, the line is too long whatever follows.
    if end > maximumLineLength { throw tooLong() }
    if capacity - end < chunkSize {
      // Never more than the longest line, its newline and one chunk. A large buffer is a mapping
      // in huge pages, moved as it grows (`Platform.reallocateLarge`): a 12 MB line costs a few
      // faults and no copy.
      let grownCapacity = min(capacity * 2, maximumLineLength + 1 + chunkSize)
      buffer = Platform.reallocateLarge(buffer, from: capacity, to: grownCapacity, keeping: end)
      capacity = grownCapacity
    }
    while true {
      let result: Result<Int, Platform.SystemError>
      if let position = readPosition {
        let got = Platform.read(fd, into: buffer + end, count: capacity - end, at: Int(position))
        result = got.map { .success($0) } ?? .failure(Platform.SystemError(code: errno))
        if let got { readPosition = position + Int64(got) }
      } else {
        result = Platform.read(fd, into: buffer + end, count: capacity - end)
      }
      switch result {
      case let .success(count) where count > 0:
        if var watched = watchedBytes {
          // Bytes read from a rewritten file at the old offset are another run's: start again.
          if !watched.isUnchanged(in: fd, readUpTo: offset) {
            Platform.rewind(fd)
            startAgain(.truncated)
            continue
          }
          watched.add(UnsafeRawBufferPointer(start: buffer + end, count: count))
          watchedBytes = watched
        }
        end += count
        offset += Int64(count)
        return
      case .success:
        guard let follow, !follow.shouldStop() else {
          atEnd = true
          return
        }
        if followedFileRestarted() { continue }
        Platform.sleep(follow.pollInterval)
      case let .failure(error) where error.code == EAGAIN:
        Platform.sleep(.milliseconds(1))
      case let .failure(error):
        throw LineReaderError("cannot read '\(name)': \(error.message)")
      }
    }
  }

  /// At the end of a followed file: whether it was replaced or truncated, and if so, the reader
  /// starts again (a partial last line is dropped, as `tail -F` does).
  private func followedFileRestarted() -> Bool {
    guard let path, let current = Platform.identity(of: fd) else { return false }
    if let named = Platform.identity(ofPath: path), !named.isSameFile(as: current),
      case let .success(descriptor) = Platform.open(path, .read)
    {
      if closesDescriptor { Platform.close(fd) }
      fd = descriptor
      closesDescriptor = true
      startAgain(.replaced)
      watchedBytes = Platform.kind(of: fd) == .regular ? WatchedBytes() : nil
      return true
    }
    if current.size < offset || watchedBytes.map({ !$0.isUnchanged(in: fd, readUpTo: offset) }) == true {
      Platform.rewind(fd)
      startAgain(.truncated)
      return true
    }
    return false
  }

  private func startAgain(_ reason: Restart) {
    restart = reason
    restarts += 1
    if watchedBytes != nil { watchedBytes = WatchedBytes() }
    offset = 0
    start = 0
    end = 0
    scanned = 0
    lineNumber = 0
  }

  /// The error for the line being read (the one after `lineNumber`); reading stops there.
  private func tooLong() -> LineReaderError {
    let error = LineReaderError(
      "line longer than \(LineReader.byteCount(maximumLineLength)), the maximum line length (--max-line-length raises it)",
      line: lineNumber + 1)
    failure = error
    start = end
    scanned = end
    return error
  }

  /// `256 MiB`, `64 KiB`, `100 bytes`.
  static func byteCount(_ count: Int) -> String {
    for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where count >= 1 << shift && count % (1 << shift) == 0
    {
      return "\(count >> shift) \(unit)"
    }
    return count == 1 ? "1 byte" : "\(count) bytes"
  }
}
