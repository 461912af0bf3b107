extension TestStore {
  /// Lets effects run until one sends an action: when none has arrived, advances the test clock
  /// whose earliest sleeper is due first to that sleeper's deadline, and again, until an action
  /// arrives or nothing sleeps any more. Then `receive` takes it.
  ///
  /// ```swift
  /// await store.send(.todos(.element(id: id, action: .checkBoxToggled))) { … }
  /// await store.advanceClocksUntilReceived()   // the one-second sort delay passes
  /// await store.receive(.sortCompletedTodos) { … }
  /// ```
  ///
  /// For a test that does not know (or care) how long its effects sleep — the tests
  /// `tca-trace testgen` writes from a trace, where only the order of actions is known. When an
  /// action has already arrived, it does nothing.
  public func advanceClocksUntilReceived() async {
    for _ in 0..<1_000 {
      if !ledger.received.isEmpty { return }
      await settle()
      if !ledger.received.isEmpty { return }
      let sleeping = clocks.compactMap { clock in clock.nextDeadline.map { (clock, clock.now.duration(to: $0)) } }
      guard let (clock, duration) = sleeping.min(by: { $0.1 < $1.1 }) else { return }
      await clock.advance(by: duration)
    }
  }
}
