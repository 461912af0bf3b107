extension TestStore {
  /// Lets effects run until nothing more can happen without the test: with a ``clock``, until
  /// every running effect has ended or sleeps on it (at most ``timeout``); without one, for a
  /// few turns of the main actor.
  ///
  /// With a clock, the order of everything a test store records (actions, effect starts and
  /// ends) depends only on the test's steps, which is what makes deterministic traces
  /// byte-identical from run to run.
  func settle() async {
    await Task.megaYield()
    guard let clock else { return }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while case let running = ledger.running.count, running > clock.sleeperCount {
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { return }
      Task { @MainActor [ledger] in
        await clock.waitForSleepers(running)
        ledger.notifyChange()
      }
      _ = await ledger.waitUntil(timeout: remaining) {
        ledger.running.count != running || clock.sleeperCount >= running
      }
      await Task.megaYield()
    }
  }
}
