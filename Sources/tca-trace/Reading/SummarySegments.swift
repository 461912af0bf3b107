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
/// core, a `--prefix`, or an initial state line of more than `largestStateBytes`.
///
/// ```swift
/// let (segments, tested) = SummarySegments.start(file: path, context: context)
/// defer { segments?.cancel() }
/// if let segments { input.read(from: segments.next) }
/// ```
package final class SummarySegments: @unchecked Sendable {
  /// Files smaller than this are read on one thread.
  static let minimumFileBytes = 16 << 20
  /// The bytes of trace per range (each range is one job for a thread).
  static let rangeBytes = 4 << 20
  /// A trace whose initial state line is longer is read on one thread: most of its bytes are in
  /// a few long lines (the state, keyframes as large), which one thread reads whole anyway, and
  /// the ranges inside them would be searched for nothing (a 124 MB state: 75 ms on one thread,
  /// 85 on three).
  static let largestStateBytes = 16 << 20
  /// A batch is handed over at this many summaries (64 kB: below `malloc`'s threshold for
  /// mapping memory of its own, so a batch reuses freed memory instead of faulting in pages).
  static let batchLines = 1024
  /// Batches of one stretch that may wait before its thread stops: enough for a stretch of lines
  /// of a few hundred bytes to be read whole before this thread gets to it (about 4 MB of
  /// summaries at most per stretch).
  static let queuedBatches = 16

  /// One range's stretch as it is read.
  final class Stretch: @unchecked Sendable {
    /// Each batch last first (taken with `popLast()`), numbered from the stretch's first line.
    var batches: [[Result<TraceEventSummary, TraceError>]] = []
    var finished = false
    /// The lines the stretch holds (once finished).
    var lineCount = 0
    /// Other reducers' lines skipped, by tag, in the order the tags appeared (once finished).
    var others: [(tag: String, lines: Int)] = []
    /// The header (the first stretch, from its first batch on).
    var session: TraceSession?
  }

  private let path: String
  /// The file, open for the threads' `pread`s; closed when they are done.
  private let fd: Int32
  private let maximumLineLength: Int
  /// The start offset of each range; the first is 0.
  private let rangeStarts: [Int]
  let threads: Int
  /// The stretches taken so far that had lines (this thread only).
  private(set) var stretchesRead = 0

  // Shared between threads only under `condition`.
  private let condition = NSCondition()
  private var stretches: [Int: Stretch] = [:]
  private var nextJob = 0
  private var consumed = 0
  private var cancelled = false
  private var runningThreads = 0
  private var header: TraceSession?

  // This thread only.
  private var current: Stretch?
  private var batch: [Result<TraceEventSummary, TraceError>] = []
  private var currentIndex = -1
  /// Added to a line number of the current stretch to make it the file's.
  private var lineOffset = 0
  private var others: [(tag: String, lines: Int)] = []
  private var namedOthers = false
  private var hadLines = false

  private init(path: String, fd: Int32, size: Int, maximumLineLength: Int, threads: Int, rangeBytes: Int) {
    self.path = path
    self.fd = fd
    self.maximumLineLength = maximumLineLength
    self.threads = threads
    rangeStarts = stride(from: 0, to: size, by: rangeBytes).map { $0 }
  }

  /// Starts the threads on `file`, or `nil` when it is to be read on one thread (see above).
  /// `threads`: one per core and one more by default (at most 8): this thread does less than a
  /// reader, and on two cores three readers end sooner than two (145 ms against 160 on 94 MB).
  /// `minimumFileBytes` and `rangeBytes` are smaller in tests (`start(file:context:)`).
  package static func start(
    file: String, reducer: String?, maximumLineLength: Int, threads: Int? = nil,
    minimumFileBytes: Int = minimumFileBytes, rangeBytes: Int = rangeBytes
  ) -> SummarySegments? {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let threads = min(threads ?? (cores > 1 ? cores + 1 : 1), 8)
    // (A FIFO is not opened a second time: that would wait for a writer.)
    guard threads > 1, file != "-", reducer == nil, rangeBytes > 0, Platform.kind(ofPath: file) == .regular,
      case let .success(fd) = Platform.open(file, .read)
    else { return nil }
    guard Platform.kind(of: fd) == .regular, let size = Platform.identity(of: fd).map({ Int($0.size) }),
      size >= minimumFileBytes,
      let header = ReportSegments.lineEnd(fd, from: 0, limit: 1 << 20),
      let state = ReportSegments.lineEnd(fd, from: header, limit: largestStateBytes), state > header
    else {
      Platform.close(fd)
      return nil
    }
    let segments = SummarySegments(
      path: file, fd: fd, size: size, maximumLineLength: maximumLineLength, threads: threads, rangeBytes: rangeBytes)
    segments.startThreads()
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
      minimumFileBytes: range == nil ? minimumFileBytes : 0, rangeBytes: range ?? rangeBytes)
    return (segments, range != nil)
  }

  /// What tests read on stderr: `summaries: 17 stretches read on 3 threads`.
  package var testNote: String { "summaries: \(stretchesRead) stretches read on \(threads) threads" }

  /// The header, once the first line was taken.
  package var session: TraceSession? {
    condition.lock()
    defer { condition.unlock() }
    return header
  }

  /// Stops the threads (each at its next line or batch); the descriptor is closed when the last
  /// one is done.
  package func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

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
      guard let next = nextBatch() else {
        // The end: the warning one reader gives about other reducers' lines, counted over all.
        guard !namedOthers else { return nil }
        namedOthers = true
        return TraceStreamSelection.othersWarning(others, file: path).map { .failure($0) }
      }
      batch = next
    }
  }

  /// The next batch in order (waiting for it), moving on to the next stretch when one is done;
  /// `nil` after the last.
  private func nextBatch() -> [Result<TraceEventSummary, TraceError>]? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let stretch = current {
        while stretch.batches.isEmpty && !stretch.finished { condition.wait() }
        if !stretch.batches.isEmpty {
          let next = stretch.batches.removeFirst()
          if header == nil { header = stretch.session }
          condition.broadcast()
          if !hadLines {
            hadLines = true
            if !next.isEmpty { stretchesRead += 1 }
          }
          return next
        }
        // Finished: its lines and its tally of other reducers' lines, and on to the next stretch.
        lineOffset += stretch.lineCount
        for (tag, count) in stretch.others {
          if let k = others.firstIndex(where: { $0.tag == tag }) {
            others[k].lines += count
          } else {
            others.append((tag, count))
          }
        }
        stretches[currentIndex] = nil
        current = nil
      }
      currentIndex += 1
      guard currentIndex < rangeStarts.count else { return nil }
      consumed = currentIndex
      condition.broadcast()
      while stretches[currentIndex] == nil { condition.wait() }
      current = stretches[currentIndex]!
      hadLines = false
    }
  }

  private func startThreads() {
    runningThreads = threads
    for _ in 0..<threads {
      let thread = Thread { [self] in
        work()
        condition.lock()
        runningThreads -= 1
        let last = runningThreads == 0
        condition.unlock()
        if last { Platform.close(fd) }
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Takes jobs in order, at most `threads + 1` ahead of the stretch being taken.
  private func work() {
    while true {
      condition.lock()
      while !cancelled && nextJob < rangeStarts.count && nextJob > consumed + threads { condition.wait() }
      guard !cancelled, nextJob < rangeStarts.count else {
        condition.unlock()
        return
      }
      let job = nextJob
      nextJob += 1
      let stretch = Stretch()
      stretches[job] = stretch
      condition.unlock()
      read(job, into: stretch)
      condition.lock()
      stretch.finished = true
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Hands `batch` over (emptied) once there is room; `false` once the reading stopped.
  private func hand(_ batch: inout [Result<TraceEventSummary, TraceError>], to stretch: Stretch) -> Bool {
    batch.reverse()
    condition.lock()
    defer { condition.unlock() }
    while stretch.batches.count >= Self.queuedBatches && !cancelled { condition.wait() }
    guard !cancelled else { return false }
    stretch.batches.append(batch)
    batch = []
    condition.broadcast()
    return true
  }

  /// Reads the stretch of range `job` into `stretch`, batch by batch.
  private func read(_ job: Int, into stretch: Stretch) {
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
      reader = TraceSummaryReader(linesAfterHeader: lines)
      reader.readsAfterHeader()
    }
    reader.namesOtherReducers = false
    var batch: [Result<TraceEventSummary, TraceError>] = []
    batch.reserveCapacity(Self.batchLines)
    reading: while let item = reader.next() {
      batch.append(item)
      // `TraceInput` ends the command at an error: nothing after it is needed.
      if case let .failure(error) = item, error.severity == .error { break reading }
      if batch.count >= Self.batchLines {
        if job == 0, stretch.session == nil { setSession(reader.session, of: stretch) }
        guard hand(&batch, to: stretch) else { return }
        batch.reserveCapacity(Self.batchLines)
      }
    }
    if job == 0, stretch.session == nil { setSession(reader.session, of: stretch) }
    let others = reader.otherReducerLines
    condition.lock()
    stretch.others = others
    stretch.lineCount = lines.lineNumber
    condition.unlock()
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

  private func setSession(_ session: TraceSession?, of stretch: Stretch) {
    condition.lock()
    stretch.session = session
    condition.unlock()
  }
}
