import Foundation

/// Reads a trace on a thread of its own while the caller checks it: the reader decodes lines into
/// batches, the checker takes them in order. Decoding and checking cost about the same, so on two
/// cores `validate` takes about half the time; the lines, their order and every finding are the
/// same as when one thread does both.
///
/// Memory stays bounded: a batch is handed over at `batchLines` lines or `batchBytes` bytes of
/// state text, and at most `queuedBatches` wait, so a trace of any length holds a few batches (a
/// state larger than a batch is a batch of its own).
///
/// ```swift
/// let pipe = ValidationPipe(reader)
/// while let batch = pipe.next() { for entry in batch { check(entry.item, entry.stateText) } }
/// ```
final class ValidationPipe: @unchecked Sendable {
  /// One line as the reader gave it, with its state kept as text (`TraceReader.takeDeferredState`).
  struct Entry {
    var item: Result<TraceLine, TraceError>
    var stateText: TraceLineRules.DeferredState?
  }

  static let batchLines = 512
  static let batchBytes = 1 << 20
  static let queuedBatches = 2

  // Touched by the reading thread only until it is done, then by the caller: handed over through
  // `condition` (hence `@unchecked Sendable`).
  private let reader: TraceReader
  private let condition = NSCondition()
  private var queue: [[Entry]] = []
  private var readerDone = false

  init(_ reader: TraceReader) {
    self.reader = reader
    let thread = Thread { [self] in read() }
    thread.stackSize = 4 << 20
    thread.start()
  }

  /// The next batch in trace order; `nil` once every line was handed out.
  func next() -> [Entry]? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && !readerDone { condition.wait() }
    guard !queue.isEmpty else { return nil }
    let batch = queue.removeFirst()
    condition.broadcast()
    return batch
  }

  private func read() {
    var batch: [Entry] = []
    batch.reserveCapacity(Self.batchLines)
    var bytes = 0
    for item in reader {
      let stateText = reader.takeDeferredState()
      bytes += stateText?.text.count ?? 0
      batch.append(Entry(item: item, stateText: stateText))
      if batch.count >= Self.batchLines || bytes >= Self.batchBytes {
        hand(batch)
        batch = []
        batch.reserveCapacity(Self.batchLines)
        bytes = 0
      }
    }
    if !batch.isEmpty { hand(batch) }
    condition.lock()
    readerDone = true
    condition.broadcast()
    condition.unlock()
  }

  private func hand(_ batch: [Entry]) {
    condition.lock()
    while queue.count >= Self.queuedBatches { condition.wait() }
    queue.append(batch)
    condition.broadcast()
    condition.unlock()
  }
}
