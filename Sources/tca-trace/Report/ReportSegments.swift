import Debugging
import Foundation
import TraceAnalysis

/// `report` on a large file, on every core: the file is cut into stretches at keyframes, and each
/// stretch's action details (`ReportActionDetails`: the action's text and its diff, the bulk of the
/// work) are made on a thread of their own, starting from the keyframe before the stretch. This
/// thread takes the stretches' lines in order, as `TraceInput` would read them (same items, same
/// line numbers, the heavy members left out), each action with its detail, and builds the page.
///
/// The stretches: the file is divided into ranges of about `rangeBytes`; the stretch of range k
/// starts after the first line that starts in the range and holds a whole state (a `state` line
/// or a keyframe, `TraceReader.firstWholeState`) and ends with the first such line that starts at
/// or after the next range's start — so the stretch before ends where this one starts, and every
/// line is read by exactly one thread. A range without such a line has an empty stretch (the one
/// before goes on). The state after a keyframe is the keyframe's (`TraceStateTracker`), on one
/// thread as on several. In a file several reducers wrote, each thread skips the others' lines as
/// one reader would (`TraceStreamSelection`), and the warning that names them counts them over all
/// the stretches.
///
/// Memory stays bounded whatever the stretches' lengths: a thread hands its stretch over in
/// batches (`Batch`: about 1 MB of details), and stops while `queuedBatches` of a stretch wait.
/// The threads read the file through one descriptor (`pread`), opened once: a file renamed or
/// removed meanwhile is still the one read.
///
/// `nil` from `start` (read on one thread instead): standard input, a small file, one core, a
/// `--prefix`, or an initial state line too large to hold once per thread.
///
/// ```swift
/// if let segments = ReportSegments.start(file: path, reducer: nil, maximumLineLength: limit) {
///   input.read(from: { segments.next() })
///   // for each action the input gives: segments.withDetail { bytes, problem in … }
/// }
/// ```
package final class ReportSegments: @unchecked Sendable {
  /// Files smaller than this are read on one thread.
  static let minimumFileBytes = 16 << 20
  /// The bytes of trace per range (each range is one job for a thread).
  static let rangeBytes = 4 << 20
  /// The largest initial state line read in parallel (each thread holds a state).
  static let largestStateBytes = 16 << 20
  /// A batch is handed over at this many bytes of details (or `batchLines` lines).
  static let batchBytes = 1 << 20
  static let batchLines = 8192
  /// Batches of one stretch that may wait before its thread stops.
  static let queuedBatches = 2

  /// Part of a stretch's lines (numbered from the line its reading started at, their action
  /// values, patches and states left out), each action with its detail.
  struct Batch {
    /// Last first (taken with `popLast()`).
    var items: [Result<TraceLine, TraceError>] = []
    var details: [UInt8] = []
    /// The end of each action's detail in `details`.
    var detailEnds: [Int] = []
    var problems: [Int: TraceStateProblem] = [:]
  }

  /// One range's stretch as it is read: its batches so far, and whether there are more.
  final class Stretch: @unchecked Sendable {
    var batches: [Batch] = []
    var finished = false
    /// The number (in this stretch's count) of the whole-state line it started from; `nil` for
    /// the first stretch (read from line 1) and for an empty stretch. Set before any batch.
    var startLine: Int?
    /// Other reducers' lines skipped, by tag, in the order the tags appeared (once finished).
    var others: [(tag: String, lines: Int)] = []
  }

  private let path: String
  /// The file, open for the threads' `pread`s; closed when they are done.
  private let fd: Int32
  private let maximumLineLength: Int
  /// The start offset of each range; the first is 0.
  private let rangeStarts: [Int]
  private let rangeBytes: Int
  let threads: Int
  /// The stretches taken so far that had lines (this thread only).
  private(set) var stretchesRead = 0

  // Shared between threads only under `condition`.
  private let condition = NSCondition()
  private var stretches: [Int: Stretch] = [:]
  private var nextJob = 0
  private var consumed = 0
  private var cancelled = false
  private var spareBuffers: [[UInt8]] = []
  private var runningThreads = 0

  // This thread only: the stretch being taken and where in it.
  private var current: Stretch?
  private var batch = Batch()
  private var currentIndex = -1
  private var actionIndex = -1
  /// Added to a line number of the current stretch to make it the file's.
  private var lineOffset = 0
  /// The file's number of the last line taken.
  private var lastLine = 0
  /// Other reducers' lines skipped in the stretches taken so far.
  private var others: [(tag: String, lines: Int)] = []
  private var namedOthers = false
  /// Whether a batch of the current stretch was taken (its line offset is then known).
  private var hadLines = false

  private init(path: String, fd: Int32, size: Int, maximumLineLength: Int, threads: Int, rangeBytes: Int) {
    self.path = path
    self.fd = fd
    self.rangeBytes = rangeBytes
    self.maximumLineLength = maximumLineLength
    self.threads = threads
    rangeStarts = stride(from: 0, to: size, by: rangeBytes).map { $0 }
  }

  /// Starts the threads on `file`, or `nil` when it is to be read on one thread (see above).
  /// `threads`: one per core by default (at most 8); `minimumFileBytes` and `rangeBytes` are
  /// smaller in tests, so that a small trace is cut into many stretches.
  package static func start(
    file: String, reducer: String?, maximumLineLength: Int, threads: Int? = nil,
    minimumFileBytes: Int = minimumFileBytes, rangeBytes: Int = rangeBytes
  ) -> ReportSegments? {
    let threads = min(threads ?? ProcessInfo.processInfo.activeProcessorCount, 8)
    // (A FIFO is not opened a second time: that would wait for a writer.)
    guard threads > 1, file != "-", reducer == nil, rangeBytes > 0, Platform.kind(ofPath: file) == .regular,
      case let .success(fd) = Platform.open(file, .read)
    else { return nil }
    guard Platform.kind(of: fd) == .regular, let size = Platform.identity(of: fd).map({ Int($0.size) }),
      size >= minimumFileBytes,
      let header = lineEnd(fd, from: 0, limit: 1 << 20),
      let state = lineEnd(fd, from: header, limit: largestStateBytes), state > header
    else {
      Platform.close(fd)
      return nil
    }
    let segments = ReportSegments(
      path: file, fd: fd, size: size, maximumLineLength: maximumLineLength, threads: threads, rangeBytes: rangeBytes)
    segments.startThreads()
    return segments
  }

  /// Stops the threads (each at its next line or batch); the descriptor is closed when the last
  /// one is done.
  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next line, as `TraceInput` reads it (`TraceLineReader.next()`); `nil` at the end.
  func next() -> Result<TraceLine, TraceError>? {
    while true {
      if var item = batch.items.popLast() {
        switch item {
        case var .success(line):
          line.line += lineOffset
          lastLine = line.line
          if case .action = line.record { actionIndex += 1 }
          item = .success(line)
        case var .failure(error):
          if error.line > 0 { error.line += lineOffset }
          item = .failure(error)
        }
        return item
      }
      recycle(&batch)
      guard let next = nextBatch() else {
        // The end: the warning one reader gives about other reducers' lines, counted over all.
        guard !namedOthers else { return nil }
        namedOthers = true
        return TraceStreamSelection.othersWarning(others, file: path).map { .failure($0) }
      }
      batch = next
      actionIndex = -1
    }
  }

  /// Calls `body` with the detail of the action `next()` gave last and the problem its patch had
  /// (its line the file's). For each action `next()` gives, before the next call of `next()`.
  func withDetail<R>(_ body: (UnsafeRawBufferPointer, TraceStateProblem?) -> R) -> R {
    let start = actionIndex == 0 ? 0 : batch.detailEnds[actionIndex - 1]
    let end = batch.detailEnds[actionIndex]
    var problem = batch.problems[actionIndex]
    problem?.line += lineOffset
    return batch.details.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end]), problem) }
  }

  /// The next batch in order (waiting for it), moving on to the next stretch when one is done;
  /// `nil` after the last.
  private func nextBatch() -> Batch? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let stretch = current {
        while stretch.batches.isEmpty && !stretch.finished { condition.wait() }
        if !stretch.batches.isEmpty {
          let next = stretch.batches.removeFirst()
          condition.broadcast()
          if !hadLines {
            // Its first line follows the whole-state line the stretch before ended with (the
            // thread notes that line before it hands a batch over).
            hadLines = true
            lineOffset = stretch.startLine.map { lastLine - $0 } ?? 0
            if !next.items.isEmpty { stretchesRead += 1 }
          }
          return next
        }
        // Finished: its tally of other reducers' lines, and on to the next stretch.
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
      let stretch = stretches[currentIndex]!
      current = stretch
      hadLines = false
    }
  }

  /// Gives a taken batch's details buffer back to the threads: memory already in use, where a new
  /// buffer would be fresh pages.
  private func recycle(_ batch: inout Batch) {
    var details = batch.details
    batch = Batch()
    details.removeAll(keepingCapacity: true)
    guard details.capacity > 0 else { return }
    condition.lock()
    if spareBuffers.count < 2 * threads { spareBuffers.append(details) }
    condition.unlock()
  }

  /// A buffer for a batch's details: a recycled one, or a new one with room for a batch.
  private func detailsBuffer() -> [UInt8] {
    condition.lock()
    let spare = spareBuffers.popLast()
    condition.unlock()
    if let spare { return spare }
    var details: [UInt8] = []
    details.reserveCapacity(Self.batchBytes + Self.batchBytes / 4)
    return details
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

  /// Hands `batch` over (emptied) once there is room; `false` once the report stopped.
  private func hand(_ batch: inout Batch, to stretch: Stretch) -> Bool {
    batch.items.reverse()
    condition.lock()
    defer { condition.unlock() }
    while stretch.batches.count >= Self.queuedBatches && !cancelled { condition.wait() }
    guard !cancelled else { return false }
    stretch.batches.append(batch)
    batch = Batch()
    condition.broadcast()
    return true
  }

  /// Reads the stretch of range `job` (see the type's comment) into `stretch`, batch by batch.
  private func read(_ job: Int, into stretch: Stretch) {
    let rangeStart = rangeStarts[job]
    let nextRange = job + 1 < rangeStarts.count ? rangeStarts[job + 1] : Int.max
    var state = ReportActionDetails()
    let reader: TraceReader
    let lines: LineReader
    var readFrom = 0
    func failed() {
      // A read that failed here fails the report, as it would on one thread.
      var batch = Batch()
      batch.items = [
        .failure(TraceError(file: path, line: 0, message: "cannot read '\(path)': \(Platform.errorMessage(errno))"))
      ]
      _ = hand(&batch, to: stretch)
    }
    if job == 0 {
      lines = LineReader(
        sharedFileDescriptor: fd, name: path, readingAt: 0, chunkSize: 1 << 18, maximumLineLength: maximumLineLength)
      reader = TraceReader(lines: lines)
    } else {
      guard let start = Self.lineStart(fd, atOrAfter: rangeStart) else { return failed() }
      // A range that a line spans whole has an empty stretch.
      guard start < nextRange else { return }
      readFrom = start
      lines = LineReader(
        sharedFileDescriptor: fd, name: path, readingAt: start, chunkSize: 1 << 18,
        maximumLineLength: maximumLineLength)
      // Found before the next range starts, or this stretch is empty (the one before goes on to
      // the first such line after it).
      guard let (first, _) = TraceReader.firstWholeState(in: lines, before: nextRange - start) else { return }
      state.start(from: first)
      condition.lock()
      stretch.startLine = first.line
      condition.unlock()
      reader = TraceReader(linesAfterHeader: lines)
    }
    reader.keepsArraysAsText = true
    reader.namesOtherReducers = false
    var batch = Batch()
    batch.details = detailsBuffer()
    reading: while true {
      guard let item = reader.next() else { break }
      switch consume item {
      case var .success(line):
        // Where this line starts (lines of other reducers skipped before it are not counted).
        let lineStart = readFrom + Int(lines.lastLineStart)
        let endsStretch = lineStart >= nextRange && line.record.holdsWholeState
        switch line.record {
        case var .action(action):
          if let problem = state.add(line, into: &batch.details) { batch.problems[batch.detailEnds.count] = problem }
          batch.detailEnds.append(batch.details.count)
          // What the page's index and the reader's checks need; the rest is freed on this thread.
          action.action = .null
          action.patch = JSONPatch()
          if action.state != nil { action.state = .null }
          line.record = .action(action)
        case var .state(snapshot):
          state.add(line, into: &batch.details)
          snapshot.state = .null
          line.record = .state(snapshot)
        default:
          break
        }
        batch.items.append(.success(line))
        if endsStretch { break reading }
      case let .failure(error):
        batch.items.append(.failure(error))
        // `TraceInput` ends the command at an error: nothing after it is needed.
        if error.severity == .error { break reading }
      }
      if batch.details.count >= Self.batchBytes || batch.items.count >= Self.batchLines {
        guard hand(&batch, to: stretch) else { return }
        batch.details = detailsBuffer()
      }
    }
    let others = reader.otherReducerLines
    condition.lock()
    stretch.others = others
    condition.unlock()
    if !batch.items.isEmpty { _ = hand(&batch, to: stretch) }
  }

  /// The offset of the first line that starts at or after `offset`.
  private static func lineStart(_ fd: Int32, atOrAfter offset: Int) -> Int? {
    if offset == 0 { return 0 }
    return lineEnd(fd, from: offset - 1, limit: Int.max)
  }

  /// The offset just past the first `\n` at or after `from`, looking at most `limit` bytes; the
  /// file's size when there is none before its end (`nil` only when it cannot be read).
  static func lineEnd(_ fd: Int32, from: Int, limit: Int) -> Int? {
    let block = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
    defer { buffer.deallocate() }
    var position = from
    while position - from < limit {
      guard let got = Platform.read(fd, into: buffer, count: block, at: position) else { return nil }
      if got == 0 { return position }
      if let found = memchr(buffer, Int32(UInt8(ascii: "\n")), got) {
        return position + buffer.distance(to: found) + 1
      }
      position += got
    }
    return nil
  }
}
