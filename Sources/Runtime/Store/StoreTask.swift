import Foundation

/// The effects started for one ``Store/send(_:)``: await them with ``finish()`` or cancel them
/// with ``cancel()``.
///
/// ```swift
/// let task = store.send(.numberFactButtonTapped)
/// await task.finish()        // the response has been reduced
/// ```
public struct StoreTask: Hashable, Sendable {
  let tracker: EffectTracker?

  init(tracker: EffectTracker?) {
    self.tracker = tracker
  }

  /// Cancels the effects (and any effect their actions start).
  public func cancel() { tracker?.cancelAll() }

  /// Waits until every effect has finished or been cancelled. Cancelling the waiting task
  /// cancels the effects.
  public func finish() async {
    guard let tracker else { return }
    await withTaskCancellationHandler {
      await tracker.waitAll()
    } onCancel: {
      tracker.cancelAll()
    }
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { tracker?.isCancelled ?? false }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.tracker === rhs.tracker }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(tracker.map(ObjectIdentifier.init))
  }
}

/// The tasks of the effects that descend from one user `send`. Thread-safe, so a task can be
/// cancelled from anywhere, synchronously.
final class EffectTracker: @unchecked Sendable {
  private let lock = NSLock()
  private var tasks: [EffectTask] = []
  private var cancelled = false

  func add(_ task: EffectTask) {
    let cancelNow = lock.withLock {
      tasks.append(task)
      return cancelled
    }
    if cancelNow { task.cancel() }
  }

  func cancelAll() {
    let tasks = lock.withLock {
      cancelled = true
      return self.tasks
    }
    for task in tasks { task.cancel() }
  }

  var isCancelled: Bool { lock.withLock { cancelled } }

  /// Waits for every task, including tasks added while waiting.
  func waitAll() async {
    var index = 0
    while let task = lock.withLock({ index < tasks.count ? tasks[index] : nil }) {
      _ = await task.value
      index += 1
    }
  }
}
