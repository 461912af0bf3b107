import Foundation

/// The recorders of this process: reused by `.debug()` placed inside a reducer's `body` (which is
/// built again for every action), and flushed when the process ends.
///
/// ```swift
/// // in `body`, evaluated for every action of store 3:
/// TraceRecorder.shared(name: "Counter", prefix: "counter", to: .file(p), options: o, owner: 3)
/// // the same recorder every time: one session, one file
/// TraceRecorder.closeRecorders(of: 3)   // when store 3 goes away: `end` lines written
/// ```
enum RecorderRegistry {
  /// Guards `shared`; held while a shared recorder is made (so one key makes one recorder).
  private static let lock = NSLock()
  /// Guards `live` and `exitHookInstalled`.
  private static let liveLock = NSLock()
  nonisolated(unsafe) private static var shared: [String: TraceRecorder] = [:]
  nonisolated(unsafe) private static var live: [ObjectIdentifier: WeakRecorder] = [:]
  nonisolated(unsafe) private static var exitHookInstalled = false

  private struct WeakRecorder {
    weak var recorder: TraceRecorder?
  }

  static func shared(key: String, make: () -> TraceRecorder) -> TraceRecorder {
    lock.lock()
    defer { lock.unlock() }
    if let recorder = shared[key], !recorder.isClosedForRecording { return recorder }
    let recorder = make()
    shared[key] = recorder
    return recorder
  }

  /// Closes and forgets the shared recorders of `owner`.
  static func close(owner: UInt64) {
    let suffix = "|\(owner)"
    let closing: [TraceRecorder] = lock.withLock {
      let keys = shared.keys.filter { $0.hasSuffix(suffix) }
      return keys.compactMap { shared.removeValue(forKey: $0) }
    }
    for recorder in closing { recorder.close() }
  }

  /// Every recorder made is closed at exit (`atexit`), so `exit(0)` or returning from `main` leaves
  /// every action and the `end` line on disk.
  static func register(_ recorder: TraceRecorder) {
    liveLock.lock()
    live[ObjectIdentifier(recorder)] = WeakRecorder(recorder: recorder)
    let install = !exitHookInstalled
    exitHookInstalled = true
    liveLock.unlock()
    if install { atexit { RecorderRegistry.closeAll() } }
  }

  static func unregister(_ recorder: TraceRecorder) {
    liveLock.withLock { live[ObjectIdentifier(recorder)] = nil }
  }

  /// Closes every live recorder (each writes what is queued and its `end` line), then waits up to
  /// `timeout` for recorders already released to finish theirs.
  ///
  /// Never silent: when some are still writing after `timeout` (a backlog of large states at
  /// exit), standard error says that their traces end early (`unfinishedMessage`).
  static func closeAll(timeout: TimeInterval = 5) {
    lock.withLock { shared = [:] }
    let recorders: [TraceRecorder] = liveLock.withLock { live.values.compactMap(\.recorder) }
    if RecorderWorkers.isWorkerThread { return }
    for recorder in recorders { recorder.close() }
    let unfinished = RecorderWorkers.waitUntilAllFinished(timeout: timeout)
    if unfinished > 0 {
      FileHandle.standardError.write(Data((unfinishedMessage(unfinished, timeout: timeout) + "\n").utf8))
    }
  }

  /// What standard error says at exit when `count` recorders are still writing after `timeout`:
  ///
  /// ```text
  /// tca-trace: 1 recorder was still writing its backlog 5 s after exit began: its trace ends early (no `end` line; `validate` and `show` read what was written)
  /// ```
  static func unfinishedMessage(_ count: Int, timeout: TimeInterval) -> String {
    let recorders = count == 1 ? "1 recorder was" : "\(count) recorders were"
    let its = count == 1 ? "its" : "their"
    let traces = count == 1 ? "its trace ends" : "their traces end"
    return
      "tca-trace: \(recorders) still writing \(its) backlog \(Int(timeout)) s after exit began: \(traces) early (no `end` line; `validate` and `show` read what was written)"
  }
}

/// Counts the recorders' worker threads still running, so that the process can wait at exit for
/// those finishing a released recorder's trace.
enum RecorderWorkers {
  private static let condition = NSCondition()
  nonisolated(unsafe) private static var running = 0
  private static let threadKey = "tca-trace.recorder-worker"

  /// Called before the worker thread starts, so that an exit right after counts it.
  static func started() {
    condition.withLock { running += 1 }
  }

  static func markCurrentThread() {
    Thread.current.threadDictionary[threadKey] = true
  }

  static func finished() {
    condition.withLock {
      running -= 1
      condition.broadcast()
    }
  }

  static var isWorkerThread: Bool { Thread.current.threadDictionary[threadKey] != nil }

  /// Waits until every worker finished or `timeout` passed; the workers still running.
  @discardableResult
  static func waitUntilAllFinished(timeout: TimeInterval) -> Int {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while running > 0, condition.wait(until: deadline) {}
    return running
  }
}
