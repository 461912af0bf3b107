/// Groups reducers so an operator such as `.ifLet` or `.debug()` applies to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter1, action: Action.counter1) { Counter() }
///   Scope(state: \.counter2, action: Action.counter2) { Counter() }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  let reducers: Reducers

  /// Runs the reducers built by `build` in order, merging their effects.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
