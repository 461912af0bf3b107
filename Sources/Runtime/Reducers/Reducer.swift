/// A feature's logic: how an action changes the state, and which effects to run next.
///
/// Implement either ``reduce(into:action:)`` or ``body``, as in TCA 1.x:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable { case decrementButtonTapped, incrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .decrementButtonTapped: state.count -= 1
///       case .incrementButtonTapped: state.count += 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer works on.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The reducer's body; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Changes `state` for `action` and returns the effect to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer, composed from others.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' has no body; it implements 'reduce(into:action:)'.")
  }
}

extension Reducer where Body: Reducer<State, Action> {
  /// Runs ``body``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer of `R`'s state and action: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
