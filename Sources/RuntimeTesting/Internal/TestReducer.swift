/// The reducer a `TestStore` runs: the feature's reducer, with every action it reduces sorted
/// into "sent by the test" or "received from an effect" (by ``EffectContext``), and every effect
/// it returns observed, so the ledger knows which effects are still running and why.
struct TestReducer<Base: Reducer>: Reducer {
  typealias State = Base.State
  typealias Action = Base.Action
  typealias Body = Never

  let base: Base
  let ledger: TestLedger<State, Action>
  /// Called after every reduced action (for recording), on the main actor.
  let onReduce: ((ReducedAction<State, Action>) -> Void)?

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    do {
      let sender = EffectContext.senders.last { $0.namespace == ledger.namespace }
      let before = onReduce == nil ? nil : state
      let start = ContinuousClock.now
      let effect = base.reduce(into: &state, action: action)
      let duration = ContinuousClock.now - start
      if sender == nil {
        ledger.sentState = state
      } else {
        ledger.recordReceived(action, state: state)
      }
      let location = ledger.location(sender: sender)
      let observed = observe(effect, for: action, location: location)
      if let onReduce, let before {
        onReduce(
          ReducedAction(
            action: action, before: before, after: state, duration: duration,
            sender: sender?.number, effect: observed.id
          )
        )
      }
      return observed.effect
    }
  }

  /// `effect` reporting its end to the ledger; `.none` stays `.none` and gets no id.
  private func observe(
    _ effect: Effect<Action>, for action: Action, location: TestSourceLocation
  ) -> (effect: Effect<Action>, id: EffectID?) {
    if effect.description == Effect<Action>.none.description { return (effect, nil) }
    let id = ledger.startEffect(for: action, location: location)
    let observed = effect.observed(as: id) { [ledger] event in
      switch event {
      case .started, .output: break
      case .finished, .cancelled: ledger.endEffect(id)
      }
    }
    return (observed, id)
  }
}

/// One action as a `TestStore` reduced it, for golden traces.
struct ReducedAction<State, Action> {
  var action: Action
  var before: State
  var after: State
  var duration: Duration
  /// The number of the effect that sent the action; `nil` when the test sent it.
  var sender: Int?
  /// The number of the effect the reducer returned; `nil` for `.none`.
  var effect: EffectID?
}
