// MARK: - Cancelling Effects

extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``. With `cancelInFlight: true`, starting it
  /// first cancels every running effect with the same id (a debounce/restart).
  ///
  /// ```swift
  /// return .run { send in
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.sortCompletedTodos)
  /// }
  /// .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)
  /// ```
  ///
  /// Ids are per store: two stores never cancel each other's effects. The id is listed in
  /// ``cancellationIDs`` (unless the runtime made it for itself).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    let key = CancelID(id)
    let start = self.start
    var ids = cancellationIDs
    if !(id is any RuntimeInternalCancelID), !ids.contains(key.base) { ids.append(key.base) }
    return Self(cancellationIDs: ids) { runtime, sink in
      if cancelInFlight { runtime.cancel(key) }
      guard let task = start?(runtime, sink) else { return nil }
      if task.isCancelled { return task }
      return runtime.register(task, for: key, listeners: EffectContext.cancellationListeners)
    }
  }

  /// An effect that cancels every running effect made cancellable with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    let key = CancelID(id)
    return Self(onlyCancelsChildEffects: id is any RuntimeInternalCancelID) { runtime, _ in
      runtime.cancel(key)
      return nil
    }
  }
}

extension Effect {
  /// The union of `parts`' cancellation ids, in order, without duplicates; `[]` (no allocation)
  /// when none has any.
  static func cancellationIDs(of parts: [Self]) -> [AnyHashable] {
    var ids: [AnyHashable] = []
    for part in parts {
      if ids.isEmpty {
        ids = part.cancellationIDs  // shared, not copied: a part's ids are already unique
        continue
      }
      for id in part.cancellationIDs where !ids.contains(id) { ids.append(id) }
    }
    return ids
  }
}

/// Marks a cancellation id the runtime makes for itself (for example the ids `forEach` and
/// `ifLet` give a child's effects so they can cancel them when the child goes away). Such ids are
/// not user-visible: instrumentation (`.debug()`'s `started` lines) does not list them.
protocol RuntimeInternalCancelID: Hashable, Sendable {}

/// A type-erased cancellation id (unchecked: it is only built from `Sendable` ids).
struct CancelID: Hashable, @unchecked Sendable {
  let base: AnyHashable
  init(_ id: some Hashable & Sendable) { base = AnyHashable(id) }
}
