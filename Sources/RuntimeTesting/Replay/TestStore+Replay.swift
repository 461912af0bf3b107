import Debugging
import Foundation

extension TestStore where Action: Decodable {
  /// Replays a recorded session: sends the trace's actions to this store, in order, and checks the
  /// state after each against the recorded one.
  ///
  /// ```swift
  /// @MainActor @Test func reproduceTheBug() async {
  ///   let store = TestStore(initialState: Todos.State()) {
  ///     Todos(clock: TestClock(), uuid: .incrementing())
  ///   }
  ///   await store.replay(trace: "Fixtures/todos.jsonl")
  /// }
  /// ```
  ///
  /// The actions the user sent are sent. The actions effects sent are, by default
  /// (``TraceReplayEffects/fromTrace``), sent from the trace in their recorded order while effects
  /// do not run; with ``TraceReplayEffects/run`` effects run with the test's dependencies and
  /// every action they send is checked against the trace.
  ///
  /// In a file several reducers recorded (format 2), `reducer` selects one by its tag, prefix or
  /// name; the first by default.
  ///
  /// The initial state is checked first; after every action the state is compared with the
  /// recorded one (redacted fields match anything; timings are not compared). The first
  /// difference fails the test here, with the action's seq, its label, the structural diff and
  /// how many actions matched before it, and ends the replay:
  ///
  /// ```text
  /// Replay of todos-buggy.jsonl: the state after #9 Todos.Action.sortCompletedTodos (line 15, from effect 2) differs from the trace; 8 actions matched before it: …
  ///
  ///     Todos.State(
  ///       … (1 unchanged),
  ///       todos: [
  ///   -     [0, id: UUID(00000000-0000-0000-0000-000000000001)]: Todo.State(…),
  ///   …
  ///
  /// (Recorded: -, Actual: +)
  /// ```
  ///
  /// Where the trace cannot be followed — a gap the recorder announced, a cut-off last line —
  /// the replay goes as far as it can and says where it stopped (a note, not a failure). Actions
  /// come back from the trace through `Decodable` (``TraceValueDecoder``); one that does not decode
  /// is a failure naming the path inside it. Afterwards ``state`` is the replayed state, so the
  /// test can go on with `send` and `receive`.
  @discardableResult
  public func replay(
    trace path: String,
    reducer: String? = nil,
    effects: TraceReplayEffects = .fromTrace,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TraceReplayReport {
    let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    var run = TraceReplayRun(file: URL(fileURLWithPath: path).lastPathComponent, location: location)
    lastLocation = location
    let reader: TraceReader
    do {
      reader = try TraceReader(path: path, reducer: reducer)
    } catch {
      return finish(&run, failure: TraceReplayMessages.unreadable(run.file, error))
    }
    await settle()
    ledger.runsEffects = effects == .run
    defer { ledger.runsEffects = true }
    for item in reader {
      switch item {
      case let .failure(error):
        if error.severity == .warning {
          let cutOff = error.message.hasPrefix("truncated last line")
          note(
            &run,
            cutOff
              ? TraceReplayMessages.cutOff(run.file, line: error.line, lastSeq: run.lastSeq)
              : TraceReplayMessages.readerWarning(run.file, error))
          continue
        }
        return finish(&run, failure: TraceReplayMessages.badLine(run.file, error, matched: run.matched))
      case let .success(traceLine):
        switch traceLine.record {
        case let .state(recorded) where run.checker == nil:
          if let failure = start(&run, recorded: recorded.state, line: traceLine.line) {
            return finish(&run, failure: failure)
          }
        case let .state(final) where !final.changedOutside && run.coalescedFrom != nil && run.checker != nil:
          // The state after the last, coalesced actions, written when the recorder closed.
          if let failure = checkFinal(final, line: traceLine.line, &run) { return finish(&run, failure: failure) }
        case let .state(changed) where changed.changedOutside:
          // A `state` line after an action: the state changed outside the recorded reducer.
          note(
            &run,
            TraceReplayMessages.changedOutside(
              run.file, line: traceLine.line, before: changed.seq + 1, lastSeq: run.lastSeq, matched: run.matched))
          return finish(&run, failure: nil)
        case let .note(gap) where gap.note == .gap:
          note(
            &run,
            TraceReplayMessages.gap(
              run.file, line: traceLine.line, dropped: gap.dropped, lastSeq: run.lastSeq, matched: run.matched))
          return finish(&run, failure: nil)
        case let .action(action):
          run.actions += 1
          let failure =
            effects == .run && action.effect != nil
            ? await receive(action, line: traceLine.line, &run)
            : await send(action, line: traceLine.line, effects: effects, &run)
          if let failure { return finish(&run, failure: failure) }
          run.lastSeq = action.seq
        case let .note(writerNote) where writerNote.note == .error:
          note(&run, TraceReplayMessages.writerError(run.file, line: traceLine.line, message: writerNote.message))
        case .session, .state, .effect, .note, .end:
          continue
        }
      }
    }
    if run.checker == nil {
      return finish(&run, failure: TraceReplayMessages.noInitialState(run.file))
    }
    if let first = run.coalescedFrom {
      note(&run, TraceReplayMessages.neverCaptured(run.file, from: first, to: run.lastSeq))
    }
    return finish(&run, failure: nil)
  }

  // MARK: - Steps

  /// Checks the initial state (and that the trace is of this feature).
  private func start(_ run: inout TraceReplayRun, recorded: JSON, line: Int) -> String? {
    let checker = ReplayStateChecker(recorded: recorded, actual: store.state)
    let names = checker.typeNames
    if let recordedName = names.recorded, recordedName != names.actual {
      return TraceReplayMessages.anotherFeature(run.file, recorded: recordedName, actual: names.actual)
    }
    if case let .mismatch(recordedValue, actualValue)? = checker.wholeMismatch() {
      return TraceReplayMessages.initialState(run.file, line: line, diff: Self.diff(recordedValue, actualValue))
    }
    run.checker = checker
    return nil
  }

  /// The trace's action as an `Action`, or the failure that says why it is not one.
  private func decode(_ action: TraceAction, line: Int, _ run: TraceReplayRun) -> Result<Action, TraceReplayFailure> {
    let expectedType = TypeName.of(type: Action.self)
    if case let .object(members) = action.action, let first = members.first, first.key == "$enum",
      case let .string(recordedType) = first.value, recordedType != expectedType
    {
      return .failure(
        .init(
          TraceReplayMessages.anotherAction(run.file, action, line: line, recorded: recordedType, actual: expectedType))
      )
    }
    do {
      return .success(try TraceValueDecoder().decode(Action.self, fromJSON: action.action))
    } catch {
      return .failure(
        .init(
          TraceReplayMessages.undecodable(
            run.file, action, line: line, type: expectedType, error: error, matched: run.matched)))
    }
  }

  /// Sends a user's action (or, effects not running, an effect's) and checks the state after it.
  private func send(_ action: TraceAction, line: Int, effects: TraceReplayEffects, _ run: inout TraceReplayRun) async
    -> String?
  {
    guard run.checker != nil else { return TraceReplayMessages.noInitialState(run.file) }
    let decoded: Action
    switch decode(action, line: line, run) {
    case let .success(value): decoded = value
    case let .failure(failure): return failure.message
    }
    if effects == .run {
      await settle()
      if !ledger.received.isEmpty {
        let unexpected = ledger.removeReceived(through: ledger.received.count - 1)
        return TraceReplayMessages.unexpectedReceived(
          run.file, unexpected.map(\.action), before: action, line: line, matched: run.matched)
      }
    }
    ledger.sendLocation = run.location
    ledger.sentState = nil
    let task = store.send(decoded)
    if effects == .run { tasks.append(task) }
    let actual = ledger.sentState ?? store.state
    if let failure = check(actual, after: action, line: line, &run) { return failure }
    if effects == .run { await settle() }
    return nil
  }

  /// Waits for the action an effect sent (advancing the test clocks when needed), checks it is
  /// the trace's, and checks the state after it.
  private func receive(_ action: TraceAction, line: Int, _ run: inout TraceReplayRun) async -> String? {
    guard run.checker != nil else { return TraceReplayMessages.noInitialState(run.file) }
    guard let received = await nextReceived() else {
      return TraceReplayMessages.notReceived(
        run.file, action, line: line, running: ledger.running.count, matched: run.matched)
    }
    if !ReplayStateChecker.matches(received.action, recorded: action.action) {
      let recordedValue = (try? Value(json: action.action)) ?? .null
      let diff = Self.diff(recordedValue, Value(reflecting: received.action))
      return TraceReplayMessages.differentReceived(run.file, action, line: line, matched: run.matched, diff: diff)
    }
    return check(received.state, after: action, line: line, &run)
  }

  /// The next action an effect sent: lets effects run, advancing the test clocks while nothing
  /// else can arrive, and waits for effects that do not sleep on them.
  private func nextReceived() async -> TestLedger<State, Action>.Received? {
    await advanceClocksUntilReceived()
    if ledger.received.isEmpty, !ledger.running.isEmpty {
      _ = await ledger.waitUntil(timeout: timeout) { !ledger.received.isEmpty || ledger.running.isEmpty }
    }
    return ledger.received.isEmpty ? nil : ledger.removeReceived(through: 0).first
  }

  /// Compares the state after `action` with the trace's; the failure message when they differ.
  private func check(_ actual: State, after action: TraceAction, line: Int, _ run: inout TraceReplayRun) -> String? {
    state = actual
    if action.coalesced {
      // Not matched yet: its state is checked with the next one captured.
      run.checker!.advanceCoalesced(to: actual)
      if run.coalescedFrom == nil { run.coalescedFrom = action.seq }
      run.pendingCoalesced += 1
      return nil
    }
    if let first = run.coalescedFrom {
      run.coalescedFrom = nil
      note(
        &run, TraceReplayMessages.coalesced(run.file, from: first, to: action.seq - 1, checkedAt: action, line: line))
    }
    switch run.checker!.advance(patch: action.patch, keyframe: action.state, to: actual) {
    case .matched:
      run.matched += 1 + run.pendingCoalesced
      run.pendingCoalesced = 0
      return nil
    case let .unchecked(reason):
      run.pendingCoalesced = 0
      note(&run, TraceReplayMessages.unchecked(run.file, action, line: line, reason: reason))
      return nil
    case let .mismatch(recorded, actualValue):
      return TraceReplayMessages.state(
        run.file, action, line: line, matched: run.matched, diff: Self.diff(recorded, actualValue))
    }
  }

  // MARK: - Reporting

  /// The structural diff of two value trees, indented as `TestStore` failures show it.
  /// Checks the store's state against the state a recorder wrote at its close after coalesced
  /// actions; the failure message when they differ.
  private func checkFinal(_ final: TraceState, line: Int, _ run: inout TraceReplayRun) -> String? {
    guard let first = run.coalescedFrom else { return nil }
    run.coalescedFrom = nil
    note(&run, TraceReplayMessages.coalescedAtClose(run.file, from: first, to: final.seq, line: line))
    let whole = JSONPatch([.replace(path: JSONPointer(tokens: []), value: final.state)])
    switch run.checker!.advance(patch: whole, keyframe: final.state, to: store.state) {
    case .matched:
      run.matched += run.pendingCoalesced
      run.pendingCoalesced = 0
      return nil
    case .unchecked:
      run.pendingCoalesced = 0
      return nil
    case let .mismatch(recorded, actualValue):
      return TraceReplayMessages.finalState(
        run.file, seq: final.seq, line: line, matched: run.matched, diff: Self.diff(recorded, actualValue))
    }
  }

  private static func diff(_ recorded: Value, _ actual: Value) -> String {
    ValueDump.diff(recorded, actual) ?? "  (no structural difference)"
  }

  private func note(_ run: inout TraceReplayRun, _ message: String) {
    run.unchecked.append(message)
    failureReporter(TestFailure(message: message, location: run.location, isFailure: false))
  }

  private func finish(_ run: inout TraceReplayRun, failure: String?) -> TraceReplayReport {
    if let failure { fail(failure, at: run.location) }
    return TraceReplayReport(
      file: run.file, actions: run.actions, matched: run.matched, unchecked: run.unchecked, failure: failure)
  }
}

/// The progress of one replay.
struct TraceReplayRun {
  let file: String
  let location: TestSourceLocation
  var checker: ReplayStateChecker?
  var actions = 0
  var matched = 0
  var lastSeq: Int64 = 0
  var unchecked: [String] = []
  /// The first of the actions whose recorded states were coalesced, since the last checked one.
  var coalescedFrom: Int64?
  /// How many actions since then: counted as matched once the state that carries theirs is.
  var pendingCoalesced = 0

  init(file: String, location: TestSourceLocation) {
    self.file = file
    self.location = location
  }
}

/// A replay failure's message, as an `Error` for `Result`.
struct TraceReplayFailure: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
