/// The effects started by one ``TestStore/send(_:assert:fileID:filePath:line:column:)``: cancel
/// them (an effect tied to a view's lifetime, such as a `.task`), or wait for them.
///
/// ```swift
/// let task = await store.send(.onAppear)
/// // … assertions …
/// await task.cancel()    // the view went away
/// ```
@MainActor
public struct TestStoreTask {
  /// The store's own task for the `send`.
  public let rawValue: StoreTask
  let notifyChange: @MainActor () -> Void
  let waitUntil: @MainActor (Duration, () -> Bool) async -> Bool
  let timeout: Duration
  let failureReporter: TestFailureReporter

  init<State, Action>(
    rawValue: StoreTask, ledger: TestLedger<State, Action>, timeout: Duration,
    failureReporter: TestFailureReporter
  ) {
    self.rawValue = rawValue
    self.notifyChange = { ledger.notifyChange() }
    self.waitUntil = { await ledger.waitUntil(timeout: $0, $1) }
    self.timeout = timeout
    self.failureReporter = failureReporter
  }

  /// Cancels the effects, and lets them wind down.
  public func cancel() async {
    rawValue.cancel()
    await Task.megaYield()
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { rawValue.isCancelled }

  /// Waits until the effects have ended; fails if they are still running after `timeout`
  /// (default: the store's timeout when the action was sent).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let done = FinishFlag()
    let notifyChange = self.notifyChange
    // Not cancelled when the timeout passes: cancelling the wait would cancel the effects.
    Task { [rawValue] in
      await rawValue.finish()
      done.isSet = true
      notifyChange()
    }
    if await !waitUntil(timeout, { done.isSet }) {
      failureReporter(
        TestFailure(
          message: TestStoreMessages.taskStillRunning(after: timeout),
          location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
      )
    }
  }
}

@MainActor
private final class FinishFlag {
  var isSet = false
}
