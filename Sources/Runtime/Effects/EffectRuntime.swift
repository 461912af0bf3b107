/// The per-store machinery effects run against: the registry of cancellable effects.
///
/// Scoped stores share their root store's runtime.
@MainActor
final class EffectRuntime {
  private var inFlight: [CancelID: [Int: (task: EffectTask, listeners: [@Sendable () -> Void])]] = [:]
  private var nextToken = 0

  /// Cancels every running effect registered under `id`.
  func cancel(_ id: CancelID) {
    guard let tasks = inFlight.removeValue(forKey: id) else { return }
    for (task, listeners) in tasks.values {
      task.cancel()
      for listener in listeners { listener() }
    }
  }

  /// Registers `task` under `id` until it ends; returns the task to await instead. `listeners`
  /// are told when it is cancelled by `id` (the observers of the effects it is part of).
  func register(_ task: EffectTask, for id: CancelID, listeners: [@Sendable () -> Void] = []) -> EffectTask {
    nextToken += 1
    let token = nextToken
    inFlight[id, default: [:]][token] = (task, listeners)
    return Task { @MainActor in
      let outcome = await task.cancellingValue
      self.unregister(token, for: id)
      return outcome
    }
  }

  private func unregister(_ token: Int, for id: CancelID) {
    inFlight[id]?[token] = nil
    if inFlight[id]?.isEmpty == true { inFlight[id] = nil }
  }
}
