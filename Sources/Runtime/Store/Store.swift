/// Runs a feature: holds its state, sends actions through its reducer, runs the effects the
/// reducer returns and feeds the actions they send back in, in order, on the main actor.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.incrementButtonTapped)
/// print(store.state.count)
/// ```
/// ```text
/// 1
/// ```
@MainActor
public final class Store<State, Action> {
  private let readState: @MainActor () -> State
  private let sendAction: @MainActor (Action) -> StoreTask
  private let addObserver: @MainActor (@escaping @MainActor (State) -> Void) -> StoreObservation

  /// A store that runs `reducer`, starting from `initialState`.
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) {
    let core = StoreCore(initialState: initialState, reducer: reducer())
    self.init(
      readState: { core.state },
      sendAction: { core.send($0, senders: [], tracker: nil) },
      addObserver: { core.addObserver($0) }
    )
  }

  init(
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> StoreTask,
    addObserver: @escaping @MainActor (@escaping @MainActor (State) -> Void) -> StoreObservation
  ) {
    self.readState = readState
    self.sendAction = sendAction
    self.addObserver = addObserver
  }

  /// The current state.
  public var state: State { readState() }

  /// Reads a value from the current state: `store.withState(\.count)`.
  public func withState<Value>(_ read: (State) -> Value) -> Value { read(readState()) }

  /// Sends `action` through the reducer now, then starts the effect it returns. Actions that
  /// effects send synchronously (`.send`) are reduced before this returns.
  ///
  /// The returned task covers the effects started for this action and, transitively, for the
  /// actions they send: `await store.send(.refresh).finish()` waits for all of them, and
  /// `cancel()` cancels them.
  @discardableResult
  public func send(_ action: Action) -> StoreTask { sendAction(action) }

  /// Calls `onChange` with the new state after every action the store reduces, until the returned
  /// observation is cancelled.
  ///
  /// ```swift
  /// let observation = store.observe { state in print(state.count) }
  /// store.send(.incrementButtonTapped)   // prints 1
  /// observation.cancel()
  /// ```
  public func observe(_ onChange: @escaping @MainActor (State) -> Void) -> StoreObservation {
    addObserver(onChange)
  }

  /// The current state, then the new state after every action the store reduces.
  ///
  /// ```swift
  /// for await state in store.states { print(state.count) }
  /// ```
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .unbounded)
    continuation.yield(UncheckedSendable(state).value)
    let observation = observe { state in continuation.yield(UncheckedSendable(state).value) }
    continuation.onTermination = { _ in
      Task { @MainActor in observation.cancel() }
    }
    return stream
  }

  // MARK: - Scoping

  /// A store for a part of this store's domain: its state is read through `state`, its actions
  /// are sent to this store wrapped by `action`.
  ///
  /// ```swift
  /// let counter1 = store.scope(state: \.counter1, action: TwoCounters.Action.counter1)
  /// counter1.send(.incrementButtonTapped)   // sends .counter1(.incrementButtonTapped)
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      readState: { [readState] in readState()[keyPath: toChildState] },
      sendAction: { [sendAction] in sendAction(embed($0)) },
      addObserver: { [addObserver] onChange in
        addObserver { state in onChange(state[keyPath: toChildState]) }
      }
    )
  }

  /// ``scope(state:action:)`` with a case path.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction.embed)
  }
}

/// A store of `R`'s state and action: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
