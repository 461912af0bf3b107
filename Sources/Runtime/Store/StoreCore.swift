/// The engine behind a root ``Store``: the state, the reducer, the queue of actions to reduce and
/// the observers.
@MainActor
final class StoreCore<R: Reducer> {
  private(set) var state: R.State
  private let reducer: R
  private let runtime = EffectRuntime()
  private var queue: [(action: R.Action, senders: [EffectID])] = []
  private var isSending = false
  private var observers: [Int: (R.State) -> Void] = [:]
  private var nextObserver = 0

  init(initialState: R.State, reducer: R) {
    self.state = initialState
    self.reducer = reducer
  }

  /// Reduces `action` and every action queued while doing so, starting their effects; effects'
  /// tasks join `tracker` (the task of the user's `send` they descend from).
  func send(_ action: R.Action, senders: [EffectID], tracker: EffectTracker?) -> StoreTask {
    queue.append((action, senders))
    guard !isSending else { return StoreTask(tracker: nil) }
    isSending = true
    defer { isSending = false }

    var tracker = tracker
    var index = 0
    while index < queue.count {
      let (action, senders) = queue[index]
      index += 1
      let effect: Effect<R.Action>
      if senders.isEmpty {
        effect = reducer.reduce(into: &state, action: action)
      } else {
        effect = EffectContext.$senders.withValue(senders) {
          reducer.reduce(into: &state, action: action)
        }
      }
      if !observers.isEmpty { notifyObservers() }
      guard let start = effect.start else { continue }
      let effectTracker = tracker ?? EffectTracker()
      tracker = effectTracker
      let task = start(runtime) { [weak self] action in
        _ = self?.send(action, senders: EffectContext.senders, tracker: effectTracker)
      }
      if let task { effectTracker.add(task) }
    }
    queue.removeAll(keepingCapacity: true)
    return StoreTask(tracker: tracker)
  }

  func addObserver(_ onChange: @escaping @MainActor (R.State) -> Void) -> StoreObservation {
    nextObserver += 1
    let key = nextObserver
    observers[key] = onChange
    return StoreObservation { [weak self] in self?.observers[key] = nil }
  }

  private func notifyObservers() {
    for key in observers.keys.sorted() { observers[key]?(state) }
  }
}
