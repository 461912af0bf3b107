import Foundation

/// Which children have effects in flight, so `forEach` checks only those children (not the whole
/// collection) for removal after each action.
///
/// A child's effect is in flight from the moment its reducer returns it until the effect is done
/// with: finished, cancelled, or dropped without being started. The effect holds a
/// ``ChildEffectLease`` for that long (its actions' mapping closure captures it, and a running
/// effect keeps that closure to send through), and the lease counts itself here.
///
/// ```swift
/// let effect = Effect<Row.Action>.run { … }.mapAsChild({ id }) { .rows(.element(id: 7, action: $0)) }
/// ChildEffectRegistry.shared.children(in: id.scope)   // [7] until the effect ends
/// ```
///
/// The registry is process-wide, but its scopes are per store (``ChildScope/store``): one store's
/// children in flight never make another store's reducer return a cancel.
final class ChildEffectRegistry: @unchecked Sendable {
  // Unchecked: all state is guarded by `lock`.
  static let shared = ChildEffectRegistry()

  private let lock = NSLock()
  private var leases: [ChildScope: [AnyHashable: Int]] = [:]

  /// Whether no child effect is in flight anywhere: the fast path that skips building scopes.
  var isEmpty: Bool { lock.withLock { leases.isEmpty } }

  /// The children of `scope` with effects in flight.
  func children(in scope: ChildScope) -> [AnyHashable] {
    lock.withLock { leases[scope].map { Array($0.keys) } ?? [] }
  }

  /// The children with effects in flight of `reducer`, in every store and scope (for tests).
  func children(of reducer: ChildReducerIdentity) -> [AnyHashable] {
    lock.withLock { leases.filter { $0.key.reducer == reducer }.flatMap { $0.value.keys } }
  }

  /// Whether `scope` has a child with effects in flight.
  func hasChildren(in scope: ChildScope) -> Bool {
    lock.withLock { leases[scope] != nil }
  }

  fileprivate func add(_ id: ChildEffectID) {
    lock.withLock { leases[id.scope, default: [:]][id.child, default: 0] += 1 }
  }

  fileprivate func remove(_ id: ChildEffectID) {
    lock.withLock {
      guard let count = leases[id.scope]?[id.child] else { return }
      if count > 1 {
        leases[id.scope]?[id.child] = count - 1
      } else {
        leases[id.scope]?[id.child] = nil
        if leases[id.scope]?.isEmpty == true { leases[id.scope] = nil }
      }
    }
  }
}

/// Counts one child effect as in flight in ``ChildEffectRegistry`` for as long as it lives.
final class ChildEffectLease: Sendable {
  let id: ChildEffectID

  init(_ id: ChildEffectID) {
    self.id = id
    ChildEffectRegistry.shared.add(id)
  }

  deinit { ChildEffectRegistry.shared.remove(id) }
}

extension Effect {
  /// This child effect, with actions mapped by `transform`, cancellable with `id` and counted as
  /// in flight under `id` until it is done with. `.none` stays `.none` (and `id` is not made).
  func mapAsChild<ParentAction>(
    _ id: () -> ChildEffectID,
    _ transform: @escaping @Sendable (Action) -> ParentAction
  ) -> Effect<ParentAction> {
    guard start != nil else { return .none }
    let id = id()
    let lease = ChildEffectLease(id)
    return map { action in withExtendedLifetime(lease) { transform(action) } }
      .cancellable(id: id)
  }
}
