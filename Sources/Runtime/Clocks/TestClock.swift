import Foundation

/// A clock whose time moves only when a test advances it, so delayed effects run instantly and
/// deterministically. Inject it where a feature takes `any Clock<Duration>`.
///
/// ```swift
/// let clock = TestClock()
/// let store = Store(initialState: Todos.State()) { Todos(clock: clock) }
/// let task = store.send(.todos(.element(id: id, action: .checkBoxToggled)))
/// await clock.waitForSleepers()          // the effect is sleeping
/// await clock.advance(by: .seconds(1))   // it wakes up and sends .sortCompletedTodos
/// await task.finish()
/// ```
public final class TestClock: Clock, @unchecked Sendable {
  public struct Instant: InstantProtocol {
    /// Time since the clock was created.
    public let offset: Duration

    public init(offset: Duration = .zero) { self.offset = offset }
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private enum SleepDecision { case wait, resume, cancel }

  private let lock = NSLock()
  private var current = Instant()
  private var sleepers: [Int: Sleeper] = [:]
  private var nextSleeper = 0
  private var sleepWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  public init() {}

  public var now: Instant { lock.withLock { current } }
  public var minimumResolution: Duration { .zero }

  /// Suspends until the clock has been advanced to `deadline`; throws `CancellationError` if the
  /// task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let token = lock.withLock {
      nextSleeper += 1
      return nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let decision: SleepDecision = lock.withLock {
          if Task.isCancelled { return .cancel }
          if deadline <= current { return .resume }
          sleepers[token] = Sleeper(deadline: deadline, continuation: continuation)
          return .wait
        }
        switch decision {
        case .cancel: continuation.resume(throwing: CancellationError())
        case .resume: continuation.resume()
        case .wait: wakeSleepWaiters()
        }
      }
    } onCancel: {
      let sleeper = lock.withLock { sleepers.removeValue(forKey: token) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// The earliest deadline a task sleeps until, `nil` when none sleeps.
  public var nextDeadline: Instant? { lock.withLock { sleepers.values.map(\.deadline).min() } }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  /// Waits until at least `count` tasks are sleeping on this clock.
  public func waitForSleepers(_ count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = lock.withLock {
        if sleepers.count >= count { return true }
        sleepWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Moves time forward by `duration`, waking (in deadline order) every sleeper that is due.
  public func advance(by duration: Duration) async {
    let due: [Sleeper] = lock.withLock {
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.value.deadline <= current }
        .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
      for (key, _) in due { sleepers[key] = nil }
      return due.map(\.value)
    }
    for sleeper in due { sleeper.continuation.resume() }
    for _ in 0..<10 { await Task.yield() }
  }

  private func wakeSleepWaiters() {
    let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
      let count = sleepers.count
      let ready = sleepWaiters.filter { $0.count <= count }.map(\.continuation)
      sleepWaiters.removeAll { $0.count <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }
}
