import Foundation

// MARK: - Observing Effects (the instrumentation extension point)

/// One step in the life of an observed effect, as ``Effect/observed(as:_:)`` reports it.
public enum EffectEvent<Action> {
  /// The store started the effect (right after the reducer that returned it).
  case started
  /// The effect sent `action` (reported just before the store reduces it).
  case output(Action)
  /// The effect ran to completion.
  case finished
  /// The effect was cancelled: by `cancelInFlight`, ``Effect/cancel(id:)`` or ``StoreTask/cancel()``.
  case cancelled
}

extension EffectEvent: Equatable where Action: Equatable {}
extension EffectEvent: Sendable where Action: Sendable {}

/// Identifies one observed effect: which observer (`namespace`) and which of its effects (`number`).
///
/// ```swift
/// let namespace = EffectID.Namespace()        // one per recorder
/// let id = EffectID(namespace: namespace, number: 1)
/// print(id)
/// ```
/// ```text
/// effect#1
/// ```
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
  /// A process-unique tag that keeps the effect ids of different observers apart.
  public struct Namespace: Hashable, Sendable {
    let rawValue: UInt64
    private static let counter = NamespaceCounter()
    /// A new namespace, different from every other one in this process.
    public init() { rawValue = Self.counter.next() }
    /// The namespace of a trace recorder's effects (`TraceRecorder.number`): the same for every
    /// reducer that records into it, apart from every `init()` one (those count up from 1).
    init(recorder number: UInt64) { rawValue = 1 << 63 | number }
  }

  public let namespace: Namespace
  public let number: Int

  public init(namespace: Namespace, number: Int) {
    self.namespace = namespace
    self.number = number
  }

  public var description: String { "effect#\(number)" }
}

private final class NamespaceCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value: UInt64 = 0
  func next() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

extension Effect {
  /// This effect, reporting its lifecycle to `observer` and marking every action it sends as sent
  /// by `id` (see ``EffectContext``). All parts of the effect (a merge, a concatenation, the actions
  /// of a `.run`) count as one effect. `.none` stays `.none` and reports nothing.
  ///
  /// This is how instrumentation such as `.debug()` sees effects. A wrapper reducer observes the
  /// effect its base returns and asks ``EffectContext/sender(in:)`` which of its effects sent the
  /// action it is reducing:
  ///
  /// ```swift
  /// struct Logging<Base: Reducer>: Reducer {
  ///   let base: Base
  ///   let namespace = EffectID.Namespace()
  ///   let counter = Counter()                      // a Sendable, lock-protected Int
  ///
  ///   func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
  ///     let sender = EffectContext.sender(in: namespace)   // nil: sent from outside any effect
  ///     let before = state                                 // an O(1) copy
  ///     let start = ContinuousClock.now
  ///     let effect = base.reduce(into: &state, action: action)
  ///     let duration = ContinuousClock.now - start
  ///     record(action, sender, before, state, duration)    // `state` is the state after
  ///     let id = EffectID(namespace: namespace, number: counter.next())
  ///     return effect.observed(as: id) { event in print(id, event) }
  ///   }
  /// }
  /// ```
  /// ```text
  /// toggle from user
  /// effect#1 started
  /// effect#1 output(sortCompletedTodos)
  /// sortCompletedTodos from effect#1
  /// effect#1 finished
  /// ```
  ///
  /// Effects of several observers nest (a child's `.debug()` inside its parent's): each
  /// observer finds its own effect with ``EffectContext/sender(in:)``. Effects started while an
  /// action from an effect is being reduced do not inherit that effect's context.
  ///
  /// Events arrive on the main actor, in order: `started`, any number of `output`, then exactly one
  /// of `finished` or `cancelled`. An effect is `cancelled` if any part of it was cancelled.
  public func observed(
    as id: EffectID,
    _ observer: @escaping @Sendable (EffectEvent<Action>) -> Void
  ) -> Self {
    observed(as: id, cancelling: nil, observer)
  }

  /// `observed(as:_:)`, and `cancelling` is called when a part of the effect is cancelled by its
  /// id (`.cancel(id:)`, `cancelInFlight`, a `forEach` row removed), at once: the `cancelled`
  /// event comes only when the effect's task has wound down, and an app that exits first never
  /// sees it.
  func observed(
    as id: EffectID,
    cancelling: (@Sendable () -> Void)?,
    _ observer: @escaping @Sendable (EffectEvent<Action>) -> Void
  ) -> Self {
    guard let start else { return .none }
    return Self(cancellationIDs: cancellationIDs, onlyCancelsChildEffects: onlyCancelsChildEffects) {
      runtime, sink in
      observer(.started)
      let send: EffectSink<Action> = { action in
        observer(.output(action))
        EffectContext.$senders.withValue(EffectContext.senders + [id]) { sink(action) }
      }
      // The parts made cancellable while this starts keep `cancelling` with their task.
      let task =
        if let cancelling {
          EffectContext.$cancellationListeners.withValue(EffectContext.cancellationListeners + [cancelling]) {
            start(runtime, send)
          }
        } else {
          start(runtime, send)
        }
      guard let task else {
        observer(.finished)
        return nil
      }
      return Task { @MainActor in
        let outcome = await task.cancellingValue
        observer(outcome == .cancelled ? .cancelled : .finished)
        return outcome
      }
    }
  }
}

/// Which observed effects sent the action being reduced right now.
///
/// The store reduces an action an effect sent inside the context that effect's
/// ``Effect/observed(as:_:)`` set up, so code in `reduce(into:action:)` can ask:
///
/// ```swift
/// EffectContext.sender(in: namespace)   // EffectID(number: 3): effect#3 sent this action
/// ```
public enum EffectContext {
  /// The ids of the observed effects that sent the current action, innermost (closest to the
  /// effect's origin) first. Empty when the action came from outside any observed effect.
  @TaskLocal public static var senders: [EffectID] = []

  /// The observers (`observed(as:cancelling:_:)`) of the effects starting right now, told when
  /// a part made cancellable while they start is cancelled by its id.
  @TaskLocal static var cancellationListeners: [@Sendable () -> Void] = []

  /// The effect of `namespace` that sent the current action, if any.
  public static func sender(in namespace: EffectID.Namespace) -> EffectID? {
    senders.first { $0.namespace == namespace }
  }
}
