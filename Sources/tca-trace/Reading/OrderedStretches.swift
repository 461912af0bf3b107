import Debugging
import Foundation

/// The threads of `ReportSegments` and `SummarySegments`: jobs `0..<jobs` (one per range of a
/// file), taken in order by `threads` threads at most `threads + 1` ahead of the job this thread
/// takes from. Each job hands its results over in batches (`hand`) — at most `queuedBatches`
/// wait per job — and notes what the taker needs beside them (`note`, `finish`); this thread takes
/// the batches in job order (`next`). `cancel()` stops the threads at their next batch.
///
/// ```swift
/// let stretches = OrderedStretches<[Int], Int>(jobs: 3, threads: 2, queuedBatches: 2)
/// stretches.start(read: { job, stretch in _ = stretches.hand([job], to: stretch) }, whenDone: {})
/// while let (batch, _, _) = stretches.next(endingStretch: { _ in }) { print(batch) }  // [0] [1] [2]
/// ```
final class OrderedStretches<Batch, Note>: @unchecked Sendable {
  /// One job's results as they come.
  final class Stretch: @unchecked Sendable {
    fileprivate var batches: [Batch] = []
    fileprivate var finished = false
    fileprivate var note: Note?
    fileprivate var others: [(tag: String, lines: Int)] = []
  }

  let threads: Int
  private let jobs: Int
  private let queuedBatches: Int

  // Shared between threads only under `condition`.
  private let condition = NSCondition()
  private var stretches: [Int: Stretch] = [:]
  private var nextJob = 0
  private var consumed = 0
  private var cancelled = false
  private var runningThreads = 0

  // The taking thread only.
  private var current: Stretch?
  private var currentIndex = -1
  private var hadBatch = false
  /// Other reducers' lines skipped in the jobs finished so far, by tag, in the order the tags
  /// appeared.
  private(set) var otherReducerLines: [(tag: String, lines: Int)] = []

  init(jobs: Int, threads: Int, queuedBatches: Int) {
    self.jobs = jobs
    self.threads = threads
    self.queuedBatches = queuedBatches
  }

  /// Starts the threads: `read(job, stretch)` for each job, in order; `whenDone` once the last
  /// thread ends.
  func start(read: @escaping @Sendable (Int, Stretch) -> Void, whenDone: @escaping @Sendable () -> Void) {
    runningThreads = threads
    for _ in 0..<threads {
      let thread = Thread { [self] in
        work(read)
        condition.lock()
        runningThreads -= 1
        let last = runningThreads == 0
        condition.unlock()
        if last { whenDone() }
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Stops the threads (each at its next batch).
  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  /// `body` under the lock the threads share (for state of the caller's own they share).
  func withLock<R>(_ body: () -> R) -> R {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// Hands `batch` over once fewer than `queuedBatches` of its job wait; `false` once cancelled.
  func hand(_ batch: Batch, to stretch: Stretch) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while stretch.batches.count >= queuedBatches && !cancelled { condition.wait() }
    guard !cancelled else { return false }
    stretch.batches.append(batch)
    condition.broadcast()
    return true
  }

  /// Changes what the job notes for the taker (seen with the job's next batch).
  func note(_ stretch: Stretch, _ change: (inout Note?) -> Void) {
    condition.lock()
    change(&stretch.note)
    condition.unlock()
  }

  /// The other reducers' lines the job skipped (added up when the job is done).
  func finish(_ stretch: Stretch, others: [(tag: String, lines: Int)]) {
    condition.lock()
    stretch.others = others
    condition.unlock()
  }

  /// The next batch in job order (waiting for it), whether it is its job's first, and the job's
  /// note; `endingStretch` gets a finished job's note before moving on; `nil` after the last.
  func next(endingStretch: (Note?) -> Void) -> (batch: Batch, first: Bool, note: Note?)? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let stretch = current {
        while stretch.batches.isEmpty && !stretch.finished { condition.wait() }
        if !stretch.batches.isEmpty {
          let batch = stretch.batches.removeFirst()
          condition.broadcast()
          let first = !hadBatch
          hadBatch = true
          return (batch, first, stretch.note)
        }
        endingStretch(stretch.note)
        for (tag, count) in stretch.others {
          if let k = otherReducerLines.firstIndex(where: { $0.tag == tag }) {
            otherReducerLines[k].lines += count
          } else {
            otherReducerLines.append((tag, count))
          }
        }
        stretches[currentIndex] = nil
        current = nil
      }
      currentIndex += 1
      guard currentIndex < jobs else { return nil }
      consumed = currentIndex
      condition.broadcast()
      while stretches[currentIndex] == nil { condition.wait() }
      current = stretches[currentIndex]!
      hadBatch = false
    }
  }

  /// Takes jobs in order, at most `threads + 1` ahead of the job being taken from.
  private func work(_ read: (Int, Stretch) -> Void) {
    while true {
      condition.lock()
      while !cancelled && nextJob < jobs && nextJob > consumed + threads { condition.wait() }
      guard !cancelled, nextJob < jobs else {
        condition.unlock()
        return
      }
      let job = nextJob
      nextJob += 1
      let stretch = Stretch()
      stretches[job] = stretch
      condition.unlock()
      read(job, stretch)
      condition.lock()
      stretch.finished = true
      condition.broadcast()
      condition.unlock()
    }
  }
}
