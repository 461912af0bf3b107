/// What a `TestStore`'s store has done that the test has not asserted yet: actions received from
/// effects (each with the state after it) and effects still running (each with the action that
/// started it). Filled in by ``TestReducer`` and read by the `TestStore`, both on the main actor
/// (the store reduces only there), which is why it is unchecked `Sendable`.
final class TestLedger<State, Action>: @unchecked Sendable {
  /// An action an effect sent, reduced but not yet asserted with `receive`.
  struct Received {
    var action: Action
    var state: State
  }

  /// An effect that has started and neither finished nor been cancelled.
  struct RunningEffect {
    var action: Action
    var location: TestSourceLocation
  }

  /// Tags the effects this ledger observes (see `EffectContext`).
  let namespace = EffectID.Namespace()
  private(set) var received: [Received] = []
  private(set) var running: [Int: RunningEffect] = [:]
  /// The state right after the last action the test sent (before the actions its synchronous
  /// effects sent).
  var sentState: State?
  /// Whether the effects reducers return run; `false` while a replay feeds effect-sent actions
  /// from a trace instead (see `TestStore.replay(trace:)`).
  var runsEffects = true
  /// The `send` call being made; effects started by sent actions are attributed to it.
  var sendLocation: TestSourceLocation
  /// Where each effect's `send` was made, so that effects started by received actions are
  /// attributed to the `send` they descend from.
  private var effectLocations: [Int: TestSourceLocation] = [:]
  private var nextEffect = 0
  private let waiters = ChangeWaiters()

  init(location: TestSourceLocation) {
    sendLocation = location
  }

  /// The effects still running, oldest first.
  var runningEffects: [RunningEffect] {
    running.keys.sorted().compactMap { running[$0] }
  }

  // MARK: - Recording (called by TestReducer)

  /// The location an action reduced now belongs to: its sender's `send`, or the current `send`.
  func location(sender: EffectID?) -> TestSourceLocation {
    sender.flatMap { effectLocations[$0.number] } ?? sendLocation
  }

  func recordReceived(_ action: Action, state: State) {
    received.append(Received(action: action, state: state))
    waiters.resumeAll()
  }

  /// A new effect id, registered as running for `action`.
  func startEffect(for action: Action, location: TestSourceLocation) -> EffectID {
    nextEffect += 1
    effectLocations[nextEffect] = location
    running[nextEffect] = RunningEffect(action: action, location: location)
    return EffectID(namespace: namespace, number: nextEffect)
  }

  func endEffect(_ id: EffectID) {
    guard running.removeValue(forKey: id.number) != nil else { return }
    waiters.resumeAll()
  }

  // MARK: - Asserting (called by TestStore)

  /// Removes and returns the received actions up to and including `index`.
  func removeReceived(through index: Int) -> [Received] {
    let removed = Array(received[...index])
    received.removeFirst(index + 1)
    return removed
  }

  /// Forgets every running effect (they are being cancelled).
  func forgetRunningEffects() -> [RunningEffect] {
    let effects = runningEffects
    running = [:]
    return effects
  }

  /// Wakes every `waitUntil` to re-check its condition.
  func notifyChange() { waiters.resumeAll() }

  /// Waits until `condition` holds (`true`), or `timeout` has passed (`false`). The condition is
  /// checked again after every received action and every effect that ends; the timeout is the
  /// only real time that passes, and only when the condition does not come true.
  @MainActor
  func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      guard clock.now < deadline else { return false }
      await waiters.next(until: deadline)
    }
    return true
  }
}

/// Tasks waiting for a ledger change, each woken by the next change or by its deadline.
private final class ChangeWaiters: @unchecked Sendable {
  private var continuations: [Int: (CheckedContinuation<Void, Never>, Task<Void, Never>)] = [:]
  private var nextToken = 0

  @MainActor
  func next(until deadline: ContinuousClock.Instant) async {
    nextToken += 1
    let token = nextToken
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let timer = Task { @MainActor [weak self] in
        try? await Task.sleep(until: deadline, clock: .continuous)
        self?.resume(token)
      }
      continuations[token] = (continuation, timer)
    }
  }

  func resumeAll() {
    for token in continuations.keys.sorted() { resume(token) }
  }

  private func resume(_ token: Int) {
    guard let (continuation, timer) = continuations.removeValue(forKey: token) else { return }
    timer.cancel()
    continuation.resume()
  }
}
