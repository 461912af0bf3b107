import Foundation

/// A store for tests: every action you send and every action an effect sends back must be
/// asserted, with the state it produces, step by step.
///
/// ```swift
/// @MainActor @Test func numberFact() async {
///   let store = TestStore(initialState: EffectsBasics.State()) {
///     EffectsBasics(factClient: NumberFactClient { "\($0) is a good number." })
///   }
///   await store.send(.incrementButtonTapped) { $0.count = 1 }
///   await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
///   await store.receive(.numberFactResponse(.success("1 is a good number."))) {
///     $0.isNumberFactRequestInFlight = false
///     $0.numberFact = "1 is a good number."
///   }
/// }
/// ```
///
/// By default a test store is exhaustive (``exhaustivity`` `.on`): a state change the closure
/// does not describe, an action received but not asserted, or an effect still running when the
/// store goes away fails the test, at the `send`/`receive` the failure is about.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as the test has asserted it so far (the store may have moved on: received
  /// actions not yet asserted are not applied here).
  public internal(set) var state: State
  /// How much the store insists on (see ``Exhaustivity``).
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait by default (real time, spent only while waiting for
  /// something that has not happened yet).
  public var timeout: Duration = .seconds(1)
  /// Where failures go; ``TestFailureReporter/automatic`` by default.
  public var failureReporter: TestFailureReporter
  /// The test clocks the feature's effects sleep on: the `clock:` given, and every `TestClock`
  /// stored in the reducer. After each step, effects run until each has ended or sleeps on one
  /// of them (see `settle()`).
  public let clocks: [TestClock]
  /// How long a step waits for a running effect that does not sleep on ``clocks`` before it
  /// leaves it running (every action or effect end restarts the wait).
  public var settlingGrace: Duration = .milliseconds(100)

  let store: Store<State, Action>
  let ledger: TestLedger<State, Action>
  /// The tasks of every `send`, to cancel what is left when the store goes away.
  var tasks: [StoreTask] = []
  /// The last `send`/`receive` call, where end-of-test failures about received actions go.
  var lastLocation: TestSourceLocation
  /// The trace being recorded, if one was asked for.
  let recording: TestStoreRecording?

  /// A test store running `reducer`, starting from `initialState`.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State(), reducer: Counter())
  /// ```
  ///
  /// Every step lets effects run until each has ended or sleeps on a test clock: `clock`, or one
  /// stored in the reducer (found by reflection). With `trace`, the run is recorded as `.debug()`
  /// records it (`docs/log-format.md`) with `traceOptions`; with `timestamps: .deterministic`
  /// the trace is the same bytes on every run:
  ///
  /// ```swift
  /// TestStore(initialState: Todos.State(), reducer: Todos(clock: clock, uuid: .incrementing()),
  ///           clock: clock, trace: .file("todos.jsonl"), timestamps: .deterministic)
  /// ```
  public init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    clock: TestClock? = nil,
    trace: TestStoreTrace? = nil,
    timestamps: TraceTimestamps = .real,
    traceOptions: TraceRecorderOptions = .init(),
    failureReporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let ledger = TestLedger<State, Action>(location: location)
    self.state = initialState
    self.failureReporter = failureReporter
    self.clocks = testClocks(in: [clock as Any, reducer])
    self.ledger = ledger
    self.lastLocation = location
    var recording: TestStoreRecording?
    if let trace {
      do {
        let sink = try TestStoreRecording.sink(for: trace)
        let debug = reducer.debug(to: sink, options: TestStoreRecording.options(traceOptions, timestamps: timestamps))
        recording = TestStoreRecording(recorder: debug.recorder)
        self.store = Store(initialState: initialState) { TestReducer(base: debug, ledger: ledger) }
      } catch {
        failureReporter(TestFailure(message: "Cannot record the trace: \(error)", location: location))
        self.store = Store(initialState: initialState) { TestReducer(base: reducer, ledger: ledger) }
      }
    } else {
      self.store = Store(initialState: initialState) { TestReducer(base: reducer, ledger: ledger) }
    }
    self.recording = recording
  }

  /// A test store running the reducer `reducer` builds, starting from `initialState`.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: Todos.State()) {
  ///   Todos(clock: clock, uuid: .incrementing())
  /// }
  /// ```
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    clock: TestClock? = nil,
    trace: TestStoreTrace? = nil,
    timestamps: TraceTimestamps = .real,
    traceOptions: TraceRecorderOptions = .init(),
    failureReporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) {
    self.init(
      initialState: initialState, reducer: reducer(), clock: clock, trace: trace, timestamps: timestamps,
      traceOptions: traceOptions, failureReporter: failureReporter,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  // Not an `isolated deinit`: that runs without task-local values, and Swift Testing finds the
  // running test (`Test.current`) through one. A test store is released on the main actor (the
  // main queue), at the end of its main-actor test; anywhere else the checks are skipped.
  deinit {
    guard DispatchQueue.getSpecific(key: mainQueueKey) == true else { return }
    MainActor.assumeIsolated {
      completed()
      for task in tasks { task.cancel() }
      recording?.close()
    }
  }

  // MARK: - Sending

  /// Sends `action` to the store and asserts how it changes the state: `updateStateToExpectedResult`
  /// receives the state before the action and must turn it into the state after it. Omit the
  /// closure when the state must not change.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) { $0.count = 1 }
  /// ```
  ///
  /// Actions effects sent earlier must have been received first. The returned task covers the
  /// effects this action started (`await task.cancel()` for an effect tied to a view's lifetime).
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    if !ledger.received.isEmpty {
      let pending = ledger.removeReceived(through: ledger.received.count - 1)
      let actions = pending.map { $0.action as Any }
      switch exhaustivity {
      case .on: fail(TestStoreMessages.mustHandle(actions), at: location)
      case .off: note(TestStoreMessages.skippedActions(actions), at: location)
      }
      if let last = pending.last { state = last.state }
    }
    ledger.sendLocation = location
    ledger.sentState = nil
    let task = store.send(action)
    tasks.append(task)
    let actual = ledger.sentState ?? store.state
    expect(from: state, to: actual, updateStateToExpectedResult, at: location)
    state = actual
    lastLocation = location
    await settle()
    return TestStoreTask(rawValue: task, ledger: ledger, timeout: timeout, failureReporter: failureReporter)
  }

  // MARK: - Asserting state

  /// Checks the state after an action against `known` changed by `modify`, exhaustively or not.
  func expect(
    from known: State, to actual: State, _ modify: ((inout State) throws -> Void)?,
    at location: TestSourceLocation
  ) {
    var expected = exhaustivity == .on ? known : actual
    do {
      try modify?(&expected)
    } catch {
      fail(TestStoreMessages.threw(error), at: location)
      return
    }
    if expected != actual {
      fail(
        TestStoreMessages.stateMismatch(expected: expected, actual: actual, hadClosure: modify != nil),
        at: location
      )
      return
    }
    switch exhaustivity {
    case .on:
      if modify != nil, expected == known {
        fail(TestStoreMessages.unnecessaryClosure, at: location)
      }
    case .off(showSkippedAssertions: true):
      var fromKnown = known
      try? modify?(&fromKnown)
      if fromKnown != actual {
        note(
          TestStoreMessages.stateMismatch(expected: fromKnown, actual: actual, hadClosure: modify != nil),
          at: location
        )
      }
    case .off(showSkippedAssertions: false):
      break
    }
  }

  // MARK: - Reporting

  func fail(_ message: String, at location: TestSourceLocation) {
    failureReporter(TestFailure(message: message, location: location))
  }

  /// Reports what a non-exhaustive store skipped, if it shows skipped assertions.
  func note(_ message: String, at location: TestSourceLocation) {
    guard exhaustivity.showsSkippedAssertions else { return }
    failureReporter(TestFailure(message: TestStoreMessages.skipped(message), location: location, isFailure: false))
  }
}

/// Marks the main queue, where the main actor runs (on Linux not always on the main thread).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

extension Task where Success == Never, Failure == Never {
  /// Lets effects run up to their next suspension (for example, a sleep on a test clock) before
  /// the test goes on: each turn goes through the global executor, where the nonisolated parts
  /// of effects run, and back.
  static func megaYield(count: Int = 20) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }.value
    }
  }
}

/// A test store of `R`'s state and action: `TestStoreOf<Todos>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
