extension TestStore {
  /// Waits until every effect has ended; fails if some are still running after `timeout`.
  ///
  /// ```swift
  /// await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
  /// await store.finish()
  /// ```
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    await settle()
    if await !ledger.waitUntil(timeout: timeout, { ledger.running.isEmpty }) {
      fail(
        TestStoreMessages.effectsStillRunning(after: timeout),
        at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    }
  }

  /// Drops the actions effects sent that the test has not received, moving the asserted state
  /// past them. Reported as a note (skipped assertions) unless exhaustivity is `.off`; with
  /// `strict`, fails when there is nothing to skip.
  ///
  /// ```swift
  /// await store.skipReceivedActions()
  /// ```
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !ledger.received.isEmpty else {
      if strict { fail(TestStoreMessages.noActionsToSkip, at: location) }
      return
    }
    let skipped = ledger.removeReceived(through: ledger.received.count - 1)
    note(TestStoreMessages.skippedActions(skipped.map { $0.action }), at: location)
    if let last = skipped.last { state = last.state }
  }

  /// Cancels every effect still running. Reported as a note (skipped assertions) unless
  /// exhaustivity is `.off`; with `strict`, fails when there is nothing to cancel.
  ///
  /// ```swift
  /// await store.skipInFlightEffects()
  /// ```
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !ledger.running.isEmpty else {
      if strict { fail(TestStoreMessages.noEffectsToSkip, at: location) }
      return
    }
    let effects = ledger.forgetRunningEffects()
    note(TestStoreMessages.cancelledEffects(effects.map { $0.action }), at: location)
    for task in tasks { task.cancel() }
    tasks = []
    await settle()
  }

  /// The end-of-test checks: actions received but not asserted, and effects still running.
  func completed() {
    if !ledger.received.isEmpty {
      let actions = ledger.received.map { $0.action as Any }
      switch exhaustivity {
      case .on: fail(TestStoreMessages.unhandledAtEnd(actions), at: lastLocation)
      case .off: note(TestStoreMessages.skippedActions(actions), at: lastLocation)
      }
    }
    let effects = ledger.runningEffects
    switch exhaustivity {
    case .on:
      for effect in effects {
        fail(TestStoreMessages.effectStillRunning(effect.action), at: effect.location)
      }
    case .off:
      if !effects.isEmpty {
        note(TestStoreMessages.cancelledEffects(effects.map { $0.action }), at: lastLocation)
      }
    }
  }
}
