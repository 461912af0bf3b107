extension TestStore {
  /// Lets effects run until nothing more happens without the test, after every step (and before
  /// every `send`):
  ///
  /// - an effect asleep on one of ``clocks`` waits for the test to advance that clock: settled;
  /// - any other running effect is waited for until it ends, as long as something keeps
  ///   happening (an action arrives, an effect ends) at least every ``settlingGrace``; an effect
  ///   quiet for longer (a long-living stream, a real clock) is left running.
  ///
  /// This is what makes an effect that has sent its last action count as ended at the next step
  /// (its end travels through the global executor), and what makes the order of a recorded
  /// trace depend only on the test's steps.
  func settle() async {
    await Task.megaYield()
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while case let running = ledger.running.count, running > sleepingEffects {
      let remaining = min(settlingGrace, deadline - ContinuousClock.now)
      guard remaining > .zero else { return }
      if clocks.count == 1, let clock = clocks.first {
        Task { @MainActor [ledger] in
          await clock.waitForSleepers(running)
          ledger.notifyChange()
        }
      }
      let sleeping = sleepingEffects
      let changed = await ledger.waitUntil(timeout: remaining) {
        ledger.running.count != running || sleepingEffects != sleeping
      }
      guard changed else { return }
      await Task.megaYield()
    }
  }

  /// How many tasks sleep on the store's test clocks.
  private var sleepingEffects: Int {
    clocks.reduce(0) { $0 + $1.sleeperCount }
  }
}

/// The `TestClock`s stored in a reducer (and the reducers it is made of): what its effects sleep
/// on. Stored properties only, at most `depth` levels down; clocks captured by closures are not
/// found (pass them as `clock:`).
///
/// ```swift
/// testClocks(in: Todos(clock: clock, uuid: .incrementing()))   // [clock]
/// ```
func testClocks(in reducer: Any, depth: Int = 8) -> [TestClock] {
  var clocks: [TestClock] = []
  var seen: Set<ObjectIdentifier> = []
  var level: [Any] = [reducer]
  for _ in 0..<depth where !level.isEmpty {
    var next: [Any] = []
    for value in level {
      if let clock = value as? TestClock {
        if seen.insert(ObjectIdentifier(clock)).inserted { clocks.append(clock) }
        continue
      }
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class {
        guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { continue }
      }
      next.append(contentsOf: mirror.children.prefix(64).map(\.value))
    }
    level = next
  }
  return clocks
}
