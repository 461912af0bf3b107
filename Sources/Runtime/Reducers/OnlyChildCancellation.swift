extension Reducer {
  /// Runs this reducer (the parent of an `ifLet` or `ifCaseLet`) after `childEffect`, and cancels
  /// the only child's effects when the parent makes the child go away (`isPresent` true before,
  /// false after) while the child has effects in flight.
  ///
  /// ```swift
  /// parent.reduceCancellingOnlyChild(into: &state, action: action, childEffect: childEffect,
  ///                                  child: .keyPath(\.alert)) { $0.alert != nil }
  /// ```
  func reduceCancellingOnlyChild(
    into state: inout State,
    action: Action,
    childEffect: Effect<Action>,
    child identity: ChildReducerIdentity,
    isPresent: (State) -> Bool
  ) -> Effect<Action> {
    let registry = ChildEffectRegistry.shared
    guard !registry.isEmpty else {  // No child effect in flight anywhere: nothing to cancel.
      return .merge(childEffect, reduce(into: &state, action: action))
    }
    let scope = ChildScope(reducer: identity)
    let watched = registry.hasChildren(in: scope) && isPresent(state)
    let parentEffect = reduce(into: &state, action: action)
    guard watched, !isPresent(state) else { return .merge(childEffect, parentEffect) }
    return .merge(childEffect, parentEffect, .cancel(id: ChildEffectID(in: scope, child: OnlyChild())))
  }
}
