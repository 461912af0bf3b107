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
  private var queue: [Batch] = []
  private var readerDone = false
  private var cancelled = false
  // The caller's thread only.
  private var current: Batch?

  package init(bytesRead: @escaping () -> Int64, read: @escaping () -> Item?) {
    let work = UncheckedWork(bytesRead: bytesRead, read: read)
    // On the other core from the start (`Platform.startThreadOnAnotherCore`): the reading
    // thread runs as long as the caller's.
    Platform.startThreadOnAnotherCore(stackSize: 4 << 20) { [self] in produce(work) }
  }

  /// The next item in order; `nil` once every item was handed out.
  package func next() -> Item? {
    if let item = current?.take() { return item }
    current = nextBatch()
    return current?.take()
  }

  /// The next batch (`take()` gives its items in order, each moved out, not copied); `nil` once
  /// every item was handed out. For a caller that takes many items per line of work
  /// (`validate`): one call per batch instead of one per item. Not mixed with `next()`.
  package func nextBatch() -> Batch? {
    condition.lock()
    while queue.isEmpty && !readerDone { condition.wait() }
    let batch = queue.isEmpty ? nil : queue.removeFirst()
    condition.broadcast()
    condition.unlock()
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
    var batch = Batch()
    var start = work.bytesRead()
    while let item = work.read() {
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

  /// Queues `batch` (replaced by a new one) when there is room; `false` once the caller stopped.
  private func hand(_ batch: inout Batch) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= Self.queuedBatches && !cancelled { condition.wait() }
    if cancelled {
      readerDone = true
      return false
    }
    if batch.count > 0 { queue.append(batch) }
    batch = Batch()
    condition.broadcast()
    return true
  }

  /// Items read, in order, in storage of their own: the reading thread appends them, the
  /// caller's takes them out from the first, each moved (an `Array` would be reversed to move them
  /// out with `popLast()`: a copy of every item, large ones for trace lines). Handed from one
  /// thread to the other under the lock.
  package final class Batch: @unchecked Sendable {
    // One thread at a time uses a batch, a call at a time: no dynamic exclusivity check on every
    // item appended and taken.
    @exclusivity(unchecked) private var items: UnsafeMutablePointer<Item>
    @exclusivity(unchecked) private var capacity: Int
    /// How many were appended.
    @exclusivity(unchecked) package private(set) var count = 0
    /// How many were taken out.
    @exclusivity(unchecked) private var taken = 0

    /// Room for a whole batch at once (`batchItems`, or `capacity`).
    package init(capacity: Int = ReadAhead.batchItems) {
      self.capacity = max(capacity, 1)
      items = .allocate(capacity: capacity)
    }

    deinit {
      (items + taken).deinitialize(count: count - taken)
      items.deallocate()
    }

    package func append(_ item: consuming Item) {
      if count == capacity {
        // (Not reached when a batch is handed once full.) Twice the room, the items moved.
        let larger = UnsafeMutablePointer<Item>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: items, count: count)
        items.deallocate()
        items = larger
        capacity *= 2
      }
      (items + count).initialize(to: consume item)
      count += 1
    }

    /// The first item not taken yet, moved out; `nil` when all were.
    package func take() -> Item? {
      guard taken < count else { return nil }
      defer { taken += 1 }
      return (items + taken).move()
    }
  }

  /// The reading closures, handed to the reading thread (used there only).
  private struct UncheckedWork: @unchecked Sendable {
    let bytesRead: () -> Int64
    let read: () -> Item?
  }
}
