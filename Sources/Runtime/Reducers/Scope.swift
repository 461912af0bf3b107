/// Runs a child reducer on part of the parent's state, for the parent actions that carry a child
/// action; child effects are mapped back to parent actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter1, action: Action.counter1) { Counter() }
///   Scope(state: \.counter2, action: Action.counter2) { Counter() }
/// }
/// ```
///
/// The part may also be one case of an enum state:
///
/// ```swift
/// Scope(state: AnyCasePath(State.loggedIn), action: Action.loggedIn) { LoggedIn() }
/// ```
///
/// A child action that arrives while the state is another case is reported as a runtime warning
/// and ignored. `Scope` does not see the reducer that changes the case, so it cannot cancel the
/// child's effects when the case is left: use `ifCaseLet` for that.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  public typealias State = ParentState
  public typealias Action = ParentAction

  /// Where the child state is: a stored part, or one case of an enum.
  enum ChildStatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>, location: String)
  }

  let toChildState: ChildStatePath
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  let child: Child

  /// Scopes `child` to `state` and the `action` case path.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
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

  /// Scopes `child` to the enum case of the state at `state` and the `action` case path.
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(toChildState, location: "\(fileID):\(line)")
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Scopes `child` to the enum case of the state at `state` and the action case built by
  /// `action`, such as `Action.loggedIn`.
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action embed: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(embed), child: child, fileID: fileID, line: line)
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    switch toChildState {
    case let .keyPath(toChildState):
      return child.reduce(into: &state[keyPath: toChildState], action: childAction)
        .map(toChildAction.embed)
    case let .casePath(toChildState, location):
      guard var childState = toChildState.extract(from: state) else {
        RuntimeWarning.report(
          """
          A "Scope" at "\(location)" received a child action when state was a different case \
          ("\(enumCaseName(of: state))"):

            \(action)

          The action was ignored. Make sure the state is in the child's case whenever a child \
          action can be sent.
          """
        )
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = toChildState.embed(childState)
      return effect.map(toChildAction.embed)
    }
  }
}
