import Foundation

/// Reads items (trace lines, decoded) on a thread of its own while the caller uses the ones read
/// before: on two cores a reader whose decoding costs about as much as what is done with each
/// line (`validate`, `blame`) takes the time of the slower half instead of both.
/// Items come out in the order `read` made them; memory stays bounded: a batch is handed over at
/// `batchItems` items or `batchBytes` bytes read (`bytesRead`, a running count), and at most
/// `queuedBatches` wait, so a state larger than a batch is a batch of its own.
///
/// `read` and `bytesRead` run on the reading thread only, until `read` returns `nil` or the
/// caller stops it (`cancel()`; the thread holds the `ReadAhead` until then, so a caller that
/// stops early must say so): the reader they use must not be touched by the caller before
/// `next()` returned `nil`.
///
/// ```swift
/// let ahead = ReadAhead(bytesRead: { lines.bytesRead }) { reader.next() }
/// while let item = ahead.next() { show(item) }
/// ```
package final class ReadAhead<Item>: @unchecked Sendable {
  package static var batchItems: Int { 512 }
  package static var batchBytes: Int { 1 << 20 }
  package static var queuedBatches: Int { 2 }

  // Shared between the threads only under `condition` (hence `@unchecked Sendable`).
  private let condition = NSCondition()
  private var queue: [[Item]] = []
  private var readerDone = false
  private var cancelled = false
  // The caller's thread only.
  private var current: [Item] = []

  package init(bytesRead: @escaping () -> Int64, read: @escaping () -> Item?) {
    let work = UncheckedWork(bytesRead: bytesRead, read: read)
    let thread = Thread { [self] in produce(work) }
    thread.stackSize = 4 << 20
    thread.start()
  }

  /// The next item in order; `nil` once every item was handed out.
  package func next() -> Item? {
    if let item = current.popLast() { return item }
    current = nextBatch() ?? []
    return current.popLast()
  }

  /// The next batch, last item first (`popLast()` takes them in order, each moved out, not
  /// copied); `nil` once every item was handed out. For a caller that takes many items per line
  /// of work (`validate`): one call per batch instead of one per item. Not mixed with `next()`.
  package func nextBatch() -> [Item]? {
    condition.lock()
    while queue.isEmpty && !readerDone { condition.wait() }
    var batch = queue.isEmpty ? nil : queue.removeFirst()
    condition.broadcast()
    condition.unlock()
    // Reversed here, not by the reading thread: reading is usually the slower half.
    batch?.reverse()
    return batch
  }

  /// Stops the reading thread (it ends after the item it is reading); `next()` then gives what
  /// was read.
  package func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  private func produce(_ work: UncheckedWork) {
    var batch: [Item] = []
    var start = work.bytesRead()
    while let item = work.read() {
      // (Room for a whole batch at once: growing an array of large items moves them each time.)
      if batch.isEmpty { batch.reserveCapacity(Self.batchItems) }
      batch.append(consume item)
      let read = work.bytesRead()
      if batch.count >= Self.batchItems || read - start >= Self.batchBytes {
        guard hand(&batch) else { return }
        start = read
      }
    }
    _ = hand(&batch)
    condition.lock()
    readerDone = true
    condition.broadcast()
    condition.unlock()
  }

  /// Queues `batch` (emptied) when there is room; `false` once the caller stopped.
  private func hand(_ batch: inout [Item]) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= Self.queuedBatches && !cancelled { condition.wait() }
    if cancelled {
      readerDone = true
      return false
    }
    if !batch.isEmpty { queue.append(batch) }
    batch = []
    condition.broadcast()
    return true
  }

  /// The reading closures, handed to the reading thread (used there only).
  private struct UncheckedWork: @unchecked Sendable {
    let bytesRead: () -> Int64
    let read: () -> Item?
  }
}
