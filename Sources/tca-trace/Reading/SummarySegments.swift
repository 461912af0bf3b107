import Debugging
import Foundation

/// `timings` and `show --labels-only` on a large file, on every core: the file is cut into ranges
/// of about `rangeBytes`; the lines that start in a range (its stretch) are summarized
/// (`TraceSummaryDecoder`) on a thread of their own, and this thread takes them in order, as
/// `TraceInput` would read them: the same items, numbered the same. A summary needs no state, so
/// a stretch holds the lines that start in its range (`LineReader`'s `linesStartingBefore:`, the
/// last one read whole wherever it ends), and every line is read by exactly one thread. A range
/// inside one long line has an empty stretch, found by searching that range only.
///
/// The stretch of the first range is read with the header's rules; the others as lines after the
/// header (`TraceLineRules.afterHeader()`). In a file several reducers wrote, each thread skips
/// the others' lines as one reader would, and the warning that names them counts them over all
/// the stretches. A thread stops at an error (`TraceInput` ends the command there).
///
/// Memory stays bounded whatever the stretches' lengths: a thread hands its stretch over in
/// batches of `batchLines` summaries, and stops while `queuedBatches` of a stretch wait.
///
/// `nil` from `start` (read on one thread instead): standard input, a FIFO, a small file, one
/// core, a `--prefix`, or an initial state line of more than 16 MB (`LargeTraceFile`).
///
/// ```swift
/// let (segments, tested) = SummarySegments.start(file: path, context: context)
/// defer { segments?.cancel() }
/// if let segments { input.read(from: segments.next) }
/// ```
package final class SummarySegments: @unchecked Sendable {
  /// The bytes of trace per range (each range is one job for a thread).
  static let rangeBytes = 4 << 20
  /// A batch is handed over at this many summaries (64 kB: below `malloc`'s threshold for
  /// mapping memory of its own, so a batch reuses freed memory instead of faulting in pages).
  static let batchLines = 1024
  /// Batches of one stretch that may wait before its thread stops: enough for a stretch of lines
  /// of a few hundred bytes to be read whole before this thread gets to it (about 4 MB of
  /// summaries at most per stretch).
  static let queuedBatches = 16

  /// What a stretch notes for this thread: the header (the first stretch, from its first batch
  /// on) and, once finished, how many lines it held.
  struct Note {
    var session: TraceSession?
    var lineCount = 0
  }

  private let path: String
  /// The file, open for the threads' `pread`s; closed when they are done.
  private let fd: Int32
  private let maximumLineLength: Int
  /// The start offset of each range; the first is 0.
  private let rangeStarts: [Int]
  /// Each batch last first (taken with `popLast()`), numbered from its stretch's first line.
  private let stretches: OrderedStretches<[Result<TraceEventSummary, TraceError>], Note>
  var threads: Int { stretches.threads }
  /// The stretches taken so far that had lines (this thread only).
  private(set) var stretchesRead = 0

  // This thread only.
  private var batch: [Result<TraceEventSummary, TraceError>] = []
  /// Added to a line number of the current stretch to make it the file's.
  private var lineOffset = 0
  private var namedOthers = false
  /// The header, once the first line was taken.
  package private(set) var session: TraceSession?
  /// The file's line 1, read before the threads start (`header(_:)`).
  private var header: [UInt8] = []

  private init(path: String, fd: Int32, size: Int, maximumLineLength: Int, threads: Int, rangeBytes: Int) {
    self.path = path
    self.fd = fd
    self.maximumLineLength = maximumLineLength
    rangeStarts = stride(from: 0, to: size, by: rangeBytes).map { $0 }
    stretches = OrderedStretches(jobs: rangeStarts.count, threads: threads, queuedBatches: Self.queuedBatches)
  }

  /// Starts the threads on `file`, or `nil` when it is to be read on one thread (see above).
  /// `threads`: one per core and one more by default (at most 8): this thread does less than a
  /// reader, and on two cores three readers end sooner than two (145 ms against 160 on 94 MB).
  /// `minimumFileBytes` and `rangeBytes` are smaller in tests (`start(file:context:)`).
  package static func start(
    file: String, reducer: String?, maximumLineLength: Int, threads: Int? = nil,
    minimumFileBytes: Int = LargeTraceFile.minimumBytes, rangeBytes: Int = rangeBytes
  ) -> SummarySegments? {
    let cores = Platform.coreCount
    let threads = min(threads ?? (cores > 1 ? cores + 1 : 1), 8)
    guard threads > 1, reducer == nil, rangeBytes > 0,
      let (fd, size) = LargeTraceFile.open(file, minimumBytes: minimumFileBytes)
    else { return nil }
    let segments = SummarySegments(
      path: file, fd: fd, size: size, maximumLineLength: maximumLineLength, threads: threads, rangeBytes: rangeBytes)
    segments.header = Self.header(fd)
    segments.stretches.start(read: { segments.read($0, into: $1) }, whenDone: { Platform.close(fd) })
    return segments
  }

  /// `start` for a command: in tests, `TCA_TRACE_SUMMARY_RANGE_BYTES=2000` cuts any file into
  /// ranges of 2,000 bytes and `TCA_TRACE_SUMMARY_THREADS=3` reads them on three threads;
  /// `tested` then says so (for the command to tell on stderr).
  package static func start(file: String, context: CommandContext) -> (segments: SummarySegments?, tested: Bool) {
    let range = Platform.environment("TCA_TRACE_SUMMARY_RANGE_BYTES").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    let threads = Platform.environment("TCA_TRACE_SUMMARY_THREADS").flatMap { Int($0) }
    let segments = start(
      file: file, reducer: context.reducer, maximumLineLength: context.maximumLineLength, threads: threads,
      minimumFileBytes: range == nil ? LargeTraceFile.minimumBytes : 0, rangeBytes: range ?? rangeBytes)
    return (segments, range != nil)
  }

  /// What tests read on stderr: `summaries: 17 stretches read on 3 threads`.
  package var testNote: String { "summaries: \(stretchesRead) stretches read on \(threads) threads" }

  /// Stops the threads (each at its next line or batch); the descriptor is closed when the last
  /// one is done.
  package func cancel() { stretches.cancel() }

  /// The next line, as `TraceInput` reads it (`TraceLineReader.next()`); `nil` at the end.
  package func next() -> Result<TraceEventSummary, TraceError>? {
    while true {
      if var item = batch.popLast() {
        switch item {
        case var .success(summary):
          summary.line += lineOffset
          item = .success(summary)
        case var .failure(error):
          if error.line > 0 { error.line += lineOffset }
          item = .failure(error)
        }
        return item
      }
      // A finished stretch's lines come before the next one's.
      guard let (next, first, note) = stretches.next(endingStretch: { lineOffset += $0?.lineCount ?? 0 }) else {
        // The end: the warning one reader gives about other reducers' lines, counted over all.
        guard !namedOthers else { return nil }
        namedOthers = true
        return TraceStreamSelection.othersWarning(stretches.otherReducerLines, file: path).map { .failure($0) }
      }
      if session == nil { session = note?.session }
      if first, !next.isEmpty { stretchesRead += 1 }
      batch = next
    }
  }

  /// Hands `batch` over (emptied, reversed for `popLast()`) once there is room; `false` once the
  /// reading stopped.
  private func hand(
    _ batch: inout [Result<TraceEventSummary, TraceError>],
    to stretch: OrderedStretches<[Result<TraceEventSummary, TraceError>], Note>.Stretch
  ) -> Bool {
    batch.reverse()
    defer { batch = [] }
    return stretches.hand(batch, to: stretch)
  }

  /// The file's line 1 when it ends within its first 64 kB (a header is a few hundred bytes), for
  /// the threads of the later stretches to know its tag (a second `session` line with it is an
  /// error, as on one thread); empty otherwise.
  private static func header(_ fd: Int32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 1 << 16)
    let count = bytes.withUnsafeMutableBytes { Platform.read(fd, into: $0.baseAddress, count: $0.count, at: 0) } ?? 0
    guard let end = bytes.prefix(count).firstIndex(of: 0x0A) else { return [] }
    return Array(bytes[..<end])
  }

  /// Reads the stretch of range `job` into `stretch`, batch by batch.
  private func read(_ job: Int, into stretch: OrderedStretches<[Result<TraceEventSummary, TraceError>], Note>.Stretch) {
    func failed(_ error: Platform.SystemError) {
      // A read that failed here fails the command, as it would on one thread.
      var batch: [Result<TraceEventSummary, TraceError>] = [
        .failure(TraceError(file: path, line: 0, message: "cannot read '\(path)': \(error.message)"))
      ]
      _ = hand(&batch, to: stretch)
    }
    let rangeStart = rangeStarts[job]
    let nextRange = job + 1 < rangeStarts.count ? rangeStarts[job + 1] : nil
    // The first line that starts in the range, looked for in the range only: a range inside a
    // long line has an empty stretch, found without reading to the line's end (a 100 MB state
    // spans 25 ranges).
    var start = 0
    if rangeStart > 0 {
      switch Self.firstLineStart(fd, in: rangeStart..<(nextRange ?? Int.max)) {
      case let .failure(error): return failed(error)
      case .success(nil): return
      case let .success(found?): start = found
      }
    }
    // Each thread names the file with a string of its own: every line's summary and error hold
    // the name, and two threads counting references on one string slow each other down.
    let name = String(decoding: Array(path.utf8), as: UTF8.self)
    let lines = LineReader(
      sharedFileDescriptor: fd, name: name, readingAt: start, linesStartingBefore: nextRange, chunkSize: 1 << 18,
      maximumLineLength: maximumLineLength)
    let reader: TraceSummaryReader
    if job == 0 {
      reader = TraceSummaryReader(lines: lines)
    } else {
      reader = TraceSummaryReader(linesAfterHeader: lines, header: header)
      reader.readsAfterHeader()
    }
    reader.namesOtherReducers = false
    var noted = false
    /// The first stretch's header, noted with its first batch.
    func noteSession() {
      guard job == 0, !noted else { return }
      noted = true
      stretches.note(stretch) { $0 = Note(session: reader.session) }
    }
    var batch: [Result<TraceEventSummary, TraceError>] = []
    batch.reserveCapacity(Self.batchLines)
    reading: while let item = reader.next() {
      batch.append(item)
      // `TraceInput` ends the command at an error: nothing after it is needed.
      if case let .failure(error) = item, error.severity == .error { break reading }
      if batch.count >= Self.batchLines {
        noteSession()
        guard hand(&batch, to: stretch) else { return }
        batch.reserveCapacity(Self.batchLines)
      }
    }
    noteSession()
    let lineCount = lines.lineNumber
    stretches.note(stretch) { note in note = Note(session: note?.session, lineCount: lineCount) }
    stretches.finish(stretch, others: reader.otherReducerLines)
    if !batch.isEmpty { _ = hand(&batch, to: stretch) }
  }

  /// The offset of the first line that starts in `range` (just after a `\n` at `range.lowerBound
  /// - 1` or later), `nil` when none does; a failure when the file cannot be read.
  private static func firstLineStart(_ fd: Int32, in range: Range<Int>) -> Result<Int?, Platform.SystemError> {
    let block = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
    defer { buffer.deallocate() }
    var position = range.lowerBound - 1
    while position < range.upperBound - 1 {
      let count = min(block, range.upperBound - 1 - position)
      guard let got = Platform.read(fd, into: buffer, count: count, at: position) else {
        return .failure(Platform.SystemError(code: errno))
      }
      if got == 0 { return .success(nil) }
      if let found = memchr(buffer, Int32(UInt8(ascii: "\n")), got) {
        return .success(position + buffer.distance(to: found) + 1)
      }
      position += got
    }
    return .success(nil)
  }

}
