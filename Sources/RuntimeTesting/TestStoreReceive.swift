extension TestStore where Action: Equatable {
  /// Asserts that an effect sent `expectedAction` (the next one received, on an exhaustive
  /// store) and how it changed the state. Waits up to `timeout` (default ``TestStore/timeout``)
  /// for it to arrive.
  ///
  /// ```swift
  /// await store.receive(.numberFactResponse(.success("1 is a good number."))) {
  ///   $0.isNumberFactRequestInFlight = false
  ///   $0.numberFact = "1 is a good number."
  /// }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0 == expectedAction },
      mismatch: { TestStoreMessages.unexpectedAction(expected: expectedAction, received: $0) },
      timeout: timeout, updateStateToExpectedResult,
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore {
  /// Asserts that an effect sent an action for which `isMatching` is true, and how it changed the
  /// state: for actions that are not `Equatable`, or when the details do not matter.
  ///
  /// ```swift
  /// await store.receive({ if case .numberFactResponse(.failure) = $0 { true } else { false } }) {
  ///   $0.numberFact = "Could not load a number fact :("
  /// }
  /// ```
  public func receive(
    _ isMatching: @escaping (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      mismatch: { TestStoreMessages.unmatchedAction($0, matcher: "predicate") },
      timeout: timeout, updateStateToExpectedResult,
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of the case `actionCase` (whatever its associated
  /// value), and how it changed the state.
  ///
  /// ```swift
  /// await store.receive(AnyCasePath(EffectsBasics.Action.numberFactResponse)) {
  ///   $0.numberFact = "1 is a good number."
  /// }
  /// ```
  public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { actionCase.extract(from: $0) != nil },
      mismatch: { TestStoreMessages.unmatchedAction($0, matcher: "case path") },
      timeout: timeout, updateStateToExpectedResult,
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The shared body of every `receive`.
  private func receiveAction(
    matching matches: (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout: Duration?,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: TestSourceLocation
  ) async {
    let timeout = timeout ?? self.timeout
    let exhaustive = exhaustivity == .on
    func matchIndex() -> Int? {
      exhaustive ? (ledger.received.isEmpty ? nil : 0) : ledger.received.firstIndex { matches($0.action) }
    }
    _ = await ledger.waitUntil(timeout: timeout) { matchIndex() != nil || ledger.running.isEmpty }
    lastLocation = location
    guard let index = matchIndex() else {
      fail(
        TestStoreMessages.noActionReceived(
          after: timeout, exhaustive: exhaustive, runningEffects: ledger.running.count
        ),
        at: location
      )
      return
    }
    let taken = ledger.removeReceived(through: index)
    let skipped = taken.dropLast()
    if !skipped.isEmpty {
      note(TestStoreMessages.skippedActions(skipped.map { $0.action }), at: location)
      state = skipped[skipped.endIndex - 1].state
    }
    let received = taken[taken.endIndex - 1]
    if matches(received.action) {
      expect(from: state, to: received.state, updateStateToExpectedResult, at: location)
    } else {
      fail(mismatch(received.action), at: location)
    }
    state = received.state
    await settle()
  }
}
