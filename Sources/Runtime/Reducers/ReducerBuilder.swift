/// Builds a reducer from the reducers listed in a ``Reducer/body``: they run in order, and their
/// effects are merged.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter1, action: Action.counter1) { Counter() }
///   Scope(state: \.counter2, action: Action.counter2) { Counter() }
///   if isLogging { Reduce { _, action in print(action); return .none } }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R { first }

  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> Pair<R0, R1> {
    Pair(first: accumulated, second: next)
  }

  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> OptionalPart<R> {
    OptionalPart(wrapped: reducer)
  }

  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first: R0
  ) -> Conditional<R0, R1> {
    .first(first)
  }

  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second: R1
  ) -> Conditional<R0, R1> {
    .second(second)
  }

  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> Many<R> {
    Many(reducers: reducers)
  }

  /// Two reducers run in order, effects merged.
  public struct Pair<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    let first: R0
    let second: R1

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let effect = first.reduce(into: &state, action: action)
      let next = second.reduce(into: &state, action: action)
      if effect.start == nil { return next }
      if next.start == nil { return effect }
      return .merge(effect, next)
    }
  }

  /// A reducer from an `if` without `else`.
  public struct OptionalPart<Wrapped: Reducer<State, Action>>: Reducer {
    let wrapped: Wrapped?

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      wrapped?.reduce(into: &state, action: action) ?? .none
    }
  }

  /// A reducer from an `if`/`else` or a `switch`.
  public enum Conditional<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    case first(R0)
    case second(R1)

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case let .first(reducer): reducer.reduce(into: &state, action: action)
      case let .second(reducer): reducer.reduce(into: &state, action: action)
      }
    }
  }

  /// The reducers from a `for` loop, run in order.
  public struct Many<Element: Reducer<State, Action>>: Reducer {
    let reducers: [Element]

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
  }
}
