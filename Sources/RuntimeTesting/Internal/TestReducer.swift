/// The reducer a `TestStore` runs: the feature's reducer, with every action it reduces sorted
/// into "sent by the test" or "received from an effect" (by ``EffectContext``), and every effect
/// it returns observed, so the ledger knows which effects are still running and why.
struct TestReducer<Base: Reducer>: Reducer {
  typealias State = Base.State
  typealias Action = Base.Action
  typealias Body = Never

  let base: Base
  let ledger: TestLedger<State, Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let sender = EffectContext.senders.last { $0.namespace == ledger.namespace }
    let effect = base.reduce(into: &state, action: action)
    if sender == nil {
      ledger.sentState = state
    } else {
      ledger.recordReceived(action, state: state)
    }
    guard ledger.runsEffects else { return .none }
    return observe(effect, for: action, location: ledger.location(sender: sender))
  }

  /// `effect` reporting its end to the ledger; `.none` stays `.none`.
  private func observe(
    _ effect: Effect<Action>, for action: Action, location: TestSourceLocation
  ) -> Effect<Action> {
    if effect.description == Effect<Action>.none.description { return effect }
    let id = ledger.startEffect(for: action, location: location)
    let observed = effect.observed(as: id) { [ledger] event in
      switch event {
      case .started, .output: break
      case .finished, .cancelled: ledger.endEffect(id)
      }
    }
    return observed
  }
}
