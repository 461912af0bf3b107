extension Reducer {
  /// Runs `child` on the state of one case of an enum state while the state is that case, before
  /// this reducer. A child action that arrives while the state is another case is reported as a
  /// runtime warning and ignored. When the reducer `ifCaseLet` is called on moves the state to
  /// another case, the child's effects are cancelled.
  ///
  /// ```swift
  /// Reduce { state, action in … }   // may set `state = .loggedOut`
  ///   .ifCaseLet(AnyCasePath(State.loggedIn), action: Action.loggedIn) { LoggedIn() }
  /// ```
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfCaseLetReducer<Self, Case> where CaseState == Case.State, CaseAction == Case.Action {
    IfCaseLetReducer(
      parent: self, child: child(), toChildState: toCaseState, toChildAction: toCaseAction,
      location: "\(fileID):\(line)"
    )
  }

  /// `ifCaseLet` with the child action case built by `action`, such as `Action.loggedIn`.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action embed: @escaping @Sendable (CaseAction) -> Action,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfCaseLetReducer<Self, Case> where CaseState == Case.State, CaseAction == Case.Action {
    ifCaseLet(toCaseState, action: AnyCasePath(embed), then: child, fileID: fileID, line: line)
  }
}

/// The reducer `ifCaseLet` returns.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: String

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffect = reduceChild(into: &state, action: action)
    return parent.reduceCancellingOnlyChild(into: &state, action: action, childEffect: childEffect, child: identity) {
      toChildState.extract(from: $0) != nil
    }
  }

  /// A case path has no identity of its own: the reducer is known by its location and types.
  private var identity: ChildReducerIdentity {
    .caseReducer(
      location: location, root: ObjectIdentifier(Parent.State.self), value: ObjectIdentifier(Child.State.self)
    )
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      RuntimeWarning.report(
        """
        An "ifCaseLet" at "\(location)" received a child action when state was a different case \
        ("\(enumCaseName(of: state))"):

          \(action)

        The action was ignored. Make sure the state is in the child's case whenever a child action \
        can be sent.
        """
      )
      return .none
    }
    let identity = self.identity
    let effect = ChildEffectContext.reducing(identity, child: OnlyChild()) {
      child.reduce(into: &childState, action: childAction)
    }
    state = toChildState.embed(childState)
    return effect.mapAsChild(
      { ChildEffectID(in: ChildScope(reducer: identity), child: OnlyChild()) }, toChildAction.embed)
  }
}
