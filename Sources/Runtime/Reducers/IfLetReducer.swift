extension Reducer {
  /// Runs `child` on optional child state when it is present, before this reducer. A child action
  /// that arrives while the state is `nil` is reported as a runtime warning and ignored. When the
  /// reducer `ifLet` is called on sets the child state to `nil`, the child's effects are cancelled.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: Action.alert) { Alert() }
  /// ```
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    IfLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      location: "\(fileID):\(line)"
    )
  }

  /// `ifLet` with the child action case built by `action`, such as `Action.child`.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action embed: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(toChildState, action: AnyCasePath(embed), then: child, fileID: fileID, line: line)
  }
}

/// The reducer `ifLet` returns.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: String

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffect = reduceChild(into: &state, action: action)
    let toChildState = self.toChildState
    return parent.reduceCancellingOnlyChild(
      into: &state, action: action, childEffect: childEffect, child: .keyPath(toChildState)
    ) { $0[keyPath: toChildState] != nil }
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      RuntimeWarning.report(
        """
        An "ifLet" at "\(location)" received a child action when child state was "nil":

          \(action)

        The action was ignored. Make sure the child state is present whenever a child action \
        can be sent.
        """
      )
      return .none
    }
    let toChildState = self.toChildState
    return ChildEffectContext.reducing(.keyPath(toChildState), child: OnlyChild()) {
      child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    }
    .mapAsChild(
      { ChildEffectID(in: ChildScope(reducer: .keyPath(toChildState)), child: OnlyChild()) }, toChildAction.embed)
  }
}
