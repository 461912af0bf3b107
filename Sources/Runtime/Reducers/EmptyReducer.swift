/// A reducer that changes nothing and returns no effect.
///
/// ```swift
/// var body: some ReducerOf<Self> { EmptyReducer() }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
