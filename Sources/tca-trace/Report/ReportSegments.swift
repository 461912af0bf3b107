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
  /// The bytes of trace per range (each range is one job for a thread).
  static let rangeBytes = 4 << 20
  /// A batch is handed over at this many bytes of details (or `batchLines` lines).
  static let batchBytes = 1 << 20
  static let batchLines = 8192
  /// Batches of one stretch that may wait before its thread stops: a stretch of 4 MB between
  /// keyframes makes about three, so a thread ahead of the page finishes its stretch and starts
  /// the next instead of waiting (with two, the threads of the 94 MB trace waited 100-350 ms).
  static let queuedBatches = 4

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

  /// What a stretch notes for this thread, before any batch: the number (in the stretch's own
  /// count) of the whole-state line it started from; none for the first stretch (read from line 1).
  struct Note {
    var startLine: Int
  }
  private typealias Stretch = OrderedStretches<Batch, Note>.Stretch

  private let path: String
  /// The file, open for the threads' `pread`s; closed when they are done.
  private let fd: Int32
  private let maximumLineLength: Int
  /// The start offset of each range; the first is 0.
  private let rangeStarts: [Int]
  private let rangeBytes: Int
  private let stretches: OrderedStretches<Batch, Note>
  var threads: Int { stretches.threads }
  /// The stretches taken so far that had lines (this thread only).
  private(set) var stretchesRead = 0

  /// Details buffers given back, for the threads (under `stretches.withLock`).
  private var spareBuffers: [[UInt8]] = []

  // This thread only: the batch being taken and where in it.
  private var batch = Batch()
  private var actionIndex = -1
  /// Added to a line number of the current stretch to make it the file's.
  private var lineOffset = 0
  /// The file's number of the last line taken.
  private var lastLine = 0
  private var namedOthers = false

  private init(path: String, fd: Int32, size: Int, maximumLineLength: Int, threads: Int, rangeBytes: Int) {
    self.path = path
    self.fd = fd
    self.rangeBytes = rangeBytes
    self.maximumLineLength = maximumLineLength
    rangeStarts = stride(from: 0, to: size, by: rangeBytes).map { $0 }
    stretches = OrderedStretches(jobs: rangeStarts.count, threads: threads, queuedBatches: Self.queuedBatches)
  }

  /// Starts the threads on `file`, or `nil` when it is to be read on one thread (see above).
  /// `threads`: one per core by default (at most 8); `minimumFileBytes` and `rangeBytes` are
  /// smaller in tests, so that a small trace is cut into many stretches.
  package static func start(
    file: String, reducer: String?, maximumLineLength: Int, threads: Int? = nil,
    minimumFileBytes: Int = LargeTraceFile.minimumBytes, rangeBytes: Int = rangeBytes
  ) -> ReportSegments? {
    let threads = min(threads ?? Platform.coreCount, 8)
    guard threads > 1, reducer == nil, rangeBytes > 0,
      let (fd, size) = LargeTraceFile.open(file, minimumBytes: minimumFileBytes)
    else { return nil }
    let segments = ReportSegments(
      path: file, fd: fd, size: size, maximumLineLength: maximumLineLength, threads: threads, rangeBytes: rangeBytes)
    segments.stretches.start(read: { segments.read($0, into: $1) }, whenDone: { Platform.close(fd) })
    return segments
  }

  /// Stops the threads (each at its next line or batch); the descriptor is closed when the last
  /// one is done.
  func cancel() { stretches.cancel() }

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
        return TraceStreamSelection.othersWarning(stretches.otherReducerLines, file: path).map { .failure($0) }
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
    guard let (next, first, note) = stretches.next(endingStretch: { _ in }) else { return nil }
    if first {
      // Its first line follows the whole-state line the stretch before ended with (the thread
      // notes that line before it hands a batch over).
      lineOffset = note.map { lastLine - $0.startLine } ?? 0
      if !next.items.isEmpty { stretchesRead += 1 }
    }
    return next
  }

  /// Gives a taken batch's details buffer back to the threads: memory already in use, where a new
  /// buffer would be fresh pages.
  private func recycle(_ batch: inout Batch) {
    var details = batch.details
    batch = Batch()
    details.removeAll(keepingCapacity: true)
    guard details.capacity > 0 else { return }
    stretches.withLock {
      if spareBuffers.count < 2 * threads { spareBuffers.append(details) }
    }
  }

  /// A buffer for a batch's details: a recycled one, or a new one with room for a batch.
  private func detailsBuffer() -> [UInt8] {
    let spare = stretches.withLock { spareBuffers.popLast() }
    if let spare { return spare }
    var details: [UInt8] = []
    details.reserveCapacity(Self.batchBytes + Self.batchBytes / 4)
    return details
  }

  /// Hands `batch` over (emptied) once there is room; `false` once the report stopped.
  private func hand(_ batch: inout Batch, to stretch: Stretch) -> Bool {
    batch.items.reverse()
    defer { batch = Batch() }
    return stretches.hand(batch, to: stretch)
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
      guard let start = LargeTraceFile.lineStart(fd, atOrAfter: rangeStart) else { return failed() }
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
      stretches.note(stretch) { $0 = Note(startLine: first.line) }
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
    stretches.finish(stretch, others: reader.otherReducerLines)
    if !batch.items.isEmpty { _ = hand(&batch, to: stretch) }
  }

}
