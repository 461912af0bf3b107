/// The per-store machinery effects run against: the registry of cancellable effects.
///
/// Scoped stores share their root store's runtime.
@MainActor
final class EffectRuntime {
  private var inFlight: [CancelID: [Int: EffectTask]] = [:]
  private var nextToken = 0

  /// Cancels every running effect registered under `id`.
  func cancel(_ id: CancelID) {
    guard let tasks = inFlight.removeValue(forKey: id) else { return }
    for task in tasks.values { task.cancel() }
  }

  /// Registers `task` under `id` until it ends; returns the task to await instead.
  func register(_ task: EffectTask, for id: CancelID) -> EffectTask {
    nextToken += 1
    let token = nextToken
    inFlight[id, default: [:]][token] = task
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
