/// Runs a child reducer on part of the parent's state, for the parent actions that carry a child
/// action; child effects are mapped back to parent actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter1, action: Action.counter1) { Counter() }
///   Scope(state: \.counter2, action: Action.counter2) { Counter() }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  public typealias State = ParentState
  public typealias Action = ParentAction

  let toChildState: WritableKeyPath<ParentState, Child.State>
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  let child: Child

  /// Scopes `child` to `state` and the `action` case path.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Scopes `child` to `state` and the action case built by `action`, such as `Action.counter1`.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action embed: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(embed), child: child)
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    return child.reduce(into: &state[keyPath: toChildState], action: childAction)
      .map(toChildAction.embed)
  }
}
