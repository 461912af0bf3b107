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
/// starts after the first line at or after the range's start that holds a whole state (a `state`
/// line or a keyframe) and ends with the first such line at or after the next range's start — so
/// the stretch before ends where this one starts, and every line is read by exactly one thread.
/// The state after a keyframe is the keyframe's (`TraceStateTracker`), on one thread as on several.
///
/// In a file several reducers wrote, each thread skips the others' lines as one reader would
/// (`TraceStreamSelection`), and the warning that names them counts them over all the stretches.
///
/// `nil` from `start` (read on one thread instead): standard input, a small file, one core, a
/// `--prefix`, or an initial state line too large to hold once per thread.
///
/// ```swift
/// if let segments = ReportSegments.start(file: path, maximumLineLength: limit) {
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
  private let rangeBytes: Int

  /// What one stretch gave: its lines (numbered from the line its reading started at, their
  /// action values, patches and states left out), and each action's detail.
  final class Stretch: @unchecked Sendable {
    /// Last first (taken with `popLast()`).
    var items: [Result<TraceLine, TraceError>] = []
    var details: [UInt8] = []
    /// The end of each action's detail in `details`.
    var detailEnds: [Int] = []
    var problems: [Int: TraceStateProblem] = [:]
    /// The number (in this stretch's count) of the whole-state line it started from; `nil` for
    /// the first stretch (read from line 1) and for an empty stretch.
    var startLine: Int?
    /// Other reducers' lines skipped, by tag, in the order the tags appeared.
    var others: [(tag: String, lines: Int)] = []
  }

  private let path: String
  private let maximumLineLength: Int
  /// The start offset of each range; the first is 0.
  private let rangeStarts: [Int]
  let threads: Int
  /// The stretches taken so far that had lines (this thread only).
  private(set) var stretchesRead = 0

  // Shared between threads only under `condition`.
  private let condition = NSCondition()
  private var done: [Int: Stretch] = [:]
  private var nextJob = 0
  private var consumed = 0
  private var cancelled = false
  private var spareBuffers: [[UInt8]] = []

  // This thread only: the stretch being taken and where in it.
  private var current: Stretch?
  private var currentIndex = 0
  private var actionIndex = -1
  /// Added to a line number of the current stretch to make it the file's.
  private var lineOffset = 0
  /// The file's number of the last line taken.
  private var lastLine = 0
  /// Other reducers' lines skipped in the stretches taken so far.
  private var others: [(tag: String, lines: Int)] = []
  private var namedOthers = false

  private init(path: String, size: Int, maximumLineLength: Int, threads: Int, rangeBytes: Int) {
    self.path = path
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
    guard threads > 1, file != "-", reducer == nil,
      case let .success(fd) = Platform.open(file, .read)
    else { return nil }
    defer { Platform.close(fd) }
    guard Platform.kind(of: fd) == .regular, let size = Platform.identity(of: fd).map({ Int($0.size) }),
      size >= minimumFileBytes, rangeBytes > 0,
      let header = lineEnd(fd, from: 0, limit: 1 << 20),
      let state = lineEnd(fd, from: header, limit: largestStateBytes), state > header
    else { return nil }
    let segments = ReportSegments(
      path: file, size: size, maximumLineLength: maximumLineLength, threads: threads, rangeBytes: rangeBytes)
    segments.startThreads()
    return segments
  }

  /// Stops the threads (after the stretch each is reading).
  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  deinit { cancel() }

  /// The next line, as `TraceInput` reads it (`TraceLineReader.next()`); `nil` at the end.
  func next() -> Result<TraceLine, TraceError>? {
    while true {
      if let stretch = current, var item = stretch.items.popLast() {
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
      if let spent = current {
        current = nil
        currentIndex += 1
        recycle(spent)
      }
      guard currentIndex < rangeStarts.count else {
        // The end: the warning one reader gives about other reducers' lines, counted over all.
        guard !namedOthers else { return nil }
        namedOthers = true
        return TraceStreamSelection.othersWarning(others, file: path).map { .failure($0) }
      }
      let stretch = take(currentIndex)
      for (tag, count) in stretch.others {
        if let k = others.firstIndex(where: { $0.tag == tag }) {
          others[k].lines += count
        } else {
          others.append((tag, count))
        }
      }
      current = stretch
      if !stretch.items.isEmpty { stretchesRead += 1 }
      actionIndex = -1
      // Its first line follows the whole-state line the stretch before ended with.
      lineOffset = stretch.startLine.map { lastLine - $0 } ?? 0
    }
  }

  /// Calls `body` with the detail of the action `next()` gave last and the problem its patch had
  /// (its line the file's).
  func withDetail<R>(_ body: (UnsafeRawBufferPointer, TraceStateProblem?) -> R) -> R {
    let stretch = current!
    let start = actionIndex == 0 ? 0 : stretch.detailEnds[actionIndex - 1]
    let end = stretch.detailEnds[actionIndex]
    var problem = stretch.problems[actionIndex]
    problem?.line += lineOffset
    return stretch.details.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end]), problem) }
  }

  /// Gives the buffer of a stretch taken to the threads, for a later stretch's details: memory
  /// already in use, where a new buffer would be fresh pages.
  private func recycle(_ stretch: Stretch) {
    var details = stretch.details
    stretch.details = []
    details.removeAll(keepingCapacity: true)
    condition.lock()
    if spareBuffers.count < threads { spareBuffers.append(details) }
    condition.unlock()
  }

  /// A buffer for a stretch's details: a recycled one, or a new one with room for a range's worth.
  private func detailsBuffer() -> [UInt8] {
    condition.lock()
    let spare = spareBuffers.popLast()
    condition.unlock()
    if let spare { return spare }
    var details: [UInt8] = []
    return details
  }

  /// Waits for stretch `index`, and lets a thread start the next one.
  private func take(_ index: Int) -> Stretch {
    condition.lock()
    defer { condition.unlock() }
    consumed = index
    condition.broadcast()
    while done[index] == nil { condition.wait() }
    return done.removeValue(forKey: index)!
  }

  private func startThreads() {
    for _ in 0..<threads {
      let thread = Thread { [self] in work() }
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
      condition.unlock()
      let stretch = read(job)
      condition.lock()
      done[job] = stretch
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Reads the stretch of range `job` (see the type's comment).
  private func read(_ job: Int) -> Stretch {
    let stretch = Stretch()
    let rangeStart = rangeStarts[job]
    let nextRange = job + 1 < rangeStarts.count ? rangeStarts[job + 1] : Int.max
    guard case let .success(fd) = Platform.open(path, .read) else { return stretch }
    var state = ReportActionDetails()
    let reader: TraceReader
    let lines: LineReader
    var readFrom = 0
    if job == 0 {
      lines = LineReader(
        fileDescriptor: fd, name: path, closesDescriptor: true, chunkSize: 1 << 18, maximumLineLength: maximumLineLength
      )
      reader = TraceReader(lines: lines)
    } else {
      guard let start = Self.lineStart(fd, atOrAfter: rangeStart), Platform.seek(fd, to: start) else {
        Platform.close(fd)
        return stretch
      }
      readFrom = start
      lines = LineReader(
        fileDescriptor: fd, name: path, closesDescriptor: true, chunkSize: 1 << 18, maximumLineLength: maximumLineLength
      )
      // Found before the next range starts, or this stretch is empty (the one before goes on to
      // the first such line after it): a trace without keyframes is not read once per range.
      guard let (first, _) = TraceReader.firstWholeState(in: lines, before: nextRange - start) else {
        return stretch
      }
      state.start(from: first)
      stretch.startLine = first.line
      reader = TraceReader(linesAfterHeader: lines)
    }
    reader.keepsArraysAsText = true
    reader.namesOtherReducers = false
    // Built in locals (a class's members are checked for exclusive access at every use), with
    // room for a range's worth up front.
    var items: [Result<TraceLine, TraceError>] = []
    var details = detailsBuffer()
    var detailEnds: [Int] = []
    var problems: [Int: TraceStateProblem] = [:]
    items.reserveCapacity(rangeBytes / 256)
    detailEnds.reserveCapacity(rangeBytes / 256)
    reading: while true {
      let lineStart = readFrom + Int(lines.linesEnd)
      guard let item = reader.next() else { break }
      switch consume item {
      case var .success(line):
        let endsStretch = lineStart >= nextRange && line.record.holdsWholeState
        switch line.record {
        case var .action(action):
          if let problem = state.add(line, into: &details) { problems[detailEnds.count] = problem }
          detailEnds.append(details.count)
          // What the page's index and the reader's checks need; the rest is freed on this thread.
          action.action = .null
          action.patch = JSONPatch()
          if action.state != nil { action.state = .null }
          line.record = .action(action)
        case var .state(snapshot):
          state.add(line, into: &details)
          snapshot.state = .null
          line.record = .state(snapshot)
        default:
          break
        }
        items.append(.success(line))
        if endsStretch { break reading }
      case let .failure(error):
        items.append(.failure(error))
        // `TraceInput` ends the command at an error: nothing after it is needed.
        if error.severity == .error { break reading }
      }
    }
    stretch.others = reader.otherReducerLines
    // Last first: the reading thread takes them with `popLast()`, each moved out.
    items.reverse()
    stretch.items = items
    stretch.details = details
    stretch.detailEnds = detailEnds
    stretch.problems = problems
    return stretch
  }

  /// The offset of the first line that starts at or after `offset`.
  private static func lineStart(_ fd: Int32, atOrAfter offset: Int) -> Int? {
    if offset == 0 { return 0 }
    return lineEnd(fd, from: offset - 1, limit: Int.max)
  }

  /// The offset just past the first `\n` at or after `from`, looking at most `limit` bytes.
  private static func lineEnd(_ fd: Int32, from: Int, limit: Int) -> Int? {
    let block = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
    defer { buffer.deallocate() }
    var position = from
    while position - from < limit {
      guard let got = Platform.read(fd, into: buffer, count: block, at: position), got > 0 else { return nil }
      if let found = memchr(buffer, Int32(UInt8(ascii: "\n")), got) {
        return position + buffer.distance(to: found) + 1
      }
      position += got
    }
    return nil
  }

}
