import Debugging
import Foundation

/// `validate` on a large file, on every core: the file is cut into stretches at whole states, as
/// `report` cuts it (`ReportSegments`), and each stretch is read, decoded and its state followed
/// (`StateFollowing`: patches applied, keyframes compared) on a thread of its own, starting from
/// the whole state the stretch before ended with. This thread takes the stretches' lines in
/// order, each with what its patch did wrong, and makes the checks that follow the whole file
/// (sequence numbers, effects, outputs, the end line: `TraceValidator.FollowedLines`). The
/// findings are `TraceValidator.validate`'s, in the same order.
///
/// The stretch of range k starts at the first line that starts in the range and holds a whole
/// state (`TraceReader.firstWholeState`), read again as `validate` reads it, and ends with the
/// first line after the next range's start that holds one (read, decoded and followed, and
/// handed over). The thread of the stretch after notes where it started; where the two disagree
/// (a line the two readings take differently), or when a line names another reducer or a second
/// session begins (each session is checked on its own, in one pass), `validate()` answers `nil`
/// and the file is read again on one thread. Memory stays bounded: a thread hands its lines over
/// in batches of `batchLines`, at most `queuedBatches` waiting per stretch, their action values,
/// patches, states and labels freed on the thread that made them.
///
/// `nil` from `start` (read on one thread instead): standard input, a small file, one core, a
/// `--prefix`, or an initial state line too large to hold once per thread.
///
/// ```swift
/// if let segments = ValidateSegments.start(file: path, maximumLineLength: limit), let found = segments.validate() {
///   findings = found
/// }
/// ```
package final class ValidateSegments: @unchecked Sendable {
  /// The bytes of trace per range (each range is one job for a thread).
  static let rangeBytes = 4 << 20
  static let batchLines = 4096
  /// Batches of one stretch that may wait before its thread stops.
  static let queuedBatches = 2

  /// One line of a stretch, numbered from the whole-state line the stretch started at (line 1);
  /// `line`: that number (0 for an error); what its patch did wrong; a value of it not in the
  /// value form.
  typealias Item = (
    item: Result<TraceLine, TraceError>, line: Int, problem: TraceStateProblem?, notes: LineNotes?
  )
  /// Lines in order, each moved out as it is taken.
  typealias Batch = ReadAhead<Item>.Batch

  /// What a stretch tells beside its lines: where it started (the offset of its whole-state line;
  /// `nil` for the first) and ended (the offset of the whole-state line it ended with; `nil` at
  /// the end of the file), and whether it met what one thread must read.
  struct Note {
    var start: Int?
    var end: Int?
    var needsOneThread = false
  }
  private typealias Stretch = OrderedStretches<Batch, Note>.Stretch

  private let path: String
  /// The file, open for the threads' `pread`s; closed when they are done.
  private let fd: Int32
  private let maximumLineLength: Int
  /// The start offset of each range; the first is 0.
  private let rangeStarts: [Int]
  private let stretches: OrderedStretches<Batch, Note>
  var threads: Int { stretches.threads }
  /// The stretches taken that had lines (known after `validate()`).
  private(set) var stretchesRead = 0

  private init(path: String, fd: Int32, size: Int, maximumLineLength: Int, threads: Int, rangeBytes: Int) {
    self.path = path
    self.fd = fd
    self.maximumLineLength = maximumLineLength
    rangeStarts = stride(from: 0, to: size, by: rangeBytes).map { $0 }
    stretches = OrderedStretches(jobs: rangeStarts.count, threads: threads, queuedBatches: Self.queuedBatches)
  }

  /// Starts the threads on `file`, or `nil` when it is to be read on one thread (see above).
  /// `threads`: one per core by default (at most 8); `minimumFileBytes` and `rangeBytes` are
  /// smaller in tests, so that a small trace is cut into many stretches.
  package static func start(
    file: String, maximumLineLength: Int, threads: Int? = nil, minimumFileBytes: Int = LargeTraceFile.minimumBytes,
    rangeBytes: Int = rangeBytes
  ) -> ValidateSegments? {
    let threads = min(threads ?? Platform.coreCount, 8)
    guard threads > 1, rangeBytes > 0, let (fd, size) = LargeTraceFile.open(file, minimumBytes: minimumFileBytes)
    else { return nil }
    let segments = ValidateSegments(
      path: file, fd: fd, size: size, maximumLineLength: maximumLineLength, threads: threads, rangeBytes: rangeBytes)
    segments.stretches.start(read: { segments.read($0, into: $1) }, whenDone: { Platform.close(fd) })
    return segments
  }

  /// The findings of `TraceValidator.validate(_:everySession: true)` for the file, or `nil` when
  /// it is to be read on one thread after all (see above). Stops the threads.
  func validate() -> [TraceError]? {
    defer { stretches.cancel() }
    var checks = TraceValidator.FollowedLines(file: path)
    // The file's number of the last line taken, and what to add to a stretch's line numbers.
    var lastLine = 0
    var lineOffset = 0
    // Where the stretch taken last ended (`nil`: at the end of the file), once one was taken.
    var lastEnd: Int??
    var consistent = true
    while consistent,
      let (batch, first, _) = stretches.next(endingStretch: { note in
        guard let note else { return }
        if note.needsOneThread || (note.start != nil && lastEnd.map({ $0 != note.start }) ?? true) {
          consistent = false
        }
        lastEnd = .some(note.end)
      })
    {
      if first {
        if lastEnd != nil { lineOffset = lastLine - 1 }
        stretchesRead += 1
      }
      while let (item, line, problem, notes) = batch.take() {
        if line > 0 { lastLine = line + lineOffset }
        var problem = problem
        problem?.line += lineOffset
        var formProblem = notes?.formProblem
        formProblem?.line += lineOffset
        checks.take(item, lineOffset: lineOffset, followed: problem, formProblem: formProblem)
      }
    }
    return consistent ? checks.finish() : nil
  }

  /// Reads, decodes and follows the stretch of range `job` (see the type's comment) into
  /// `stretch`, batch by batch.
  private func read(_ job: Int, into stretch: Stretch) {
    let rangeStart = rangeStarts[job]
    let nextRange = job + 1 < rangeStarts.count ? rangeStarts[job + 1] : Int.max
    var following = StateFollowing()
    let lines: LineReader
    let reader: TraceReader
    var readFrom = 0
    if job == 0 {
      lines = LineReader(
        sharedFileDescriptor: fd, name: path, readingAt: 0, chunkSize: 1 << 18, maximumLineLength: maximumLineLength)
      reader = TraceReader(lines: lines)
    } else {
      guard let start = LargeTraceFile.lineStart(fd, atOrAfter: rangeStart) else { return failed(stretch) }
      // A range that a line spans whole has an empty stretch.
      guard start < nextRange else { return }
      let search = LineReader(
        sharedFileDescriptor: fd, name: path, readingAt: start, chunkSize: 1 << 18,
        maximumLineLength: maximumLineLength)
      // Found before the next range starts, or this stretch is empty (the one before goes on to
      // the first such line after it).
      guard let (_, offset) = TraceReader.firstWholeState(in: search, before: nextRange - start) else { return }
      readFrom = start + offset
      stretches.note(stretch) { $0 = Note(start: readFrom) }
      lines = LineReader(
        sharedFileDescriptor: fd, name: path, readingAt: readFrom, chunkSize: 1 << 18,
        maximumLineLength: maximumLineLength)
      reader = TraceReader(linesAfterHeader: lines)
    }
    reader.readsForChecking = true
    // A line of another reducer is seen (and sends the file back to one thread).
    reader.readsAllSessions = true
    var batch = Batch(capacity: Self.batchLines)
    var needsOneThread = false
    var end: Int?
    if job > 0 {
      // The whole state the stretch starts from, read as the lines after it are (the stretch
      // before checked it).
      guard let item = reader.next() else { return }
      let stateText = reader.takeDeferredState()
      guard case let .success(line) = consume item, reader.lastLineTag == nil,
        line.record.holdsWholeState || stateText != nil
      else {
        stretches.note(stretch) { $0?.needsOneThread = true }
        return
      }
      following.start(from: line.record, line: line.line, stateText: stateText)
    }
    reading: while let item = reader.next() {
      let stateText = reader.takeDeferredState()
      let formProblem = reader.takeFormProblem()
      guard reader.lastLineTag == nil else {
        needsOneThread = true
        break
      }
      switch consume item {
      case let .success(line):
        let number = line.line
        var wholeState = false
        var problem: TraceStateProblem?
        let record: TraceRecord
        switch (consume line).record {
        case var .state(snapshot):
          following.follow(snapshot, line: number, stateText: stateText)
          wholeState = true
          snapshot.state = .null
          record = .state(snapshot)
        case var .action(action):
          problem = following.follow(action, line: number, stateText: stateText, formProblem: formProblem)
          wholeState = stateText != nil || action.state != nil
          // What the checks here read (seq, effect, whether it held a whole state); the rest is
          // freed on this thread.
          action.action = .null
          action.patch = JSONPatch()
          action.label = ""
          if wholeState { action.state = .null }
          record = .action(action)
        case var .effect(event):
          event.label = nil
          event.id = nil
          record = .effect(event)
        case let .session(header):
          // A second session: its lines are checked on their own, on one thread.
          guard job == 0, number == 1 else {
            needsOneThread = true
            break reading
          }
          record = .session(header)
        case let other:
          record = other
        }
        batch.append(
          (.success(TraceLine(line: number, record: record)), number, problem, formProblem.map { LineNotes($0) }))
        if wholeState, readFrom + Int(lines.lastLineStart) >= nextRange {
          end = readFrom + Int(lines.lastLineStart)
          break reading
        }
      case let .failure(error):
        batch.append((.failure(error), 0, nil, formProblem.map { LineNotes($0) }))
      }
      if batch.count >= Self.batchLines {
        guard stretches.hand(batch, to: stretch) else { return }
        batch = Batch(capacity: Self.batchLines)
      }
    }
    stretches.note(stretch) { note in
      if note == nil { note = Note() }
      note!.end = end
      note!.needsOneThread = needsOneThread
    }
    stretches.finish(stretch, others: [])
    if batch.count > 0 { _ = stretches.hand(batch, to: stretch) }
  }

  /// A read that failed: the error the reader would give, as the stretch's only line.
  private func failed(_ stretch: Stretch) {
    let error = TraceError(file: path, line: 0, message: "cannot read '\(path)': \(Platform.errorMessage(errno))")
    stretches.note(stretch) { $0 = Note() }
    let batch = Batch(capacity: 1)
    batch.append((.failure(error), 0, nil, nil))
    _ = stretches.hand(batch, to: stretch)
  }

}
