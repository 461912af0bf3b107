/// Sends actions from inside ``Effect/run(priority:operation:catch:fileID:line:)`` back into the
/// store, on the main actor.
///
/// ```swift
/// return .run { send in
///   await send(.tick)
/// }
/// ```
///
/// Once the effect is cancelled, further actions are dropped.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// A `Send` that calls `send` for every action.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action`, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
