/// The engine behind a root ``Store``: the state, the reducer, the queue of actions to reduce and
/// the observers.
@MainActor
final class StoreCore<R: Reducer> {
  private(set) var state: R.State
  private let reducer: R
  private let runtime = EffectRuntime()
  /// Keeps this store's children apart from other stores' in ``ChildEffectRegistry``.
  private let storeNumber = ChildEffectContext.newStoreNumber()
  private var queue: [QueuedAction] = []
  private var isSending = false
  private var observers: [Int: (R.State) -> Void] = [:]
  private var nextObserver = 0

  /// An action sent while another was being reduced, with the effects that sent it.
  private struct QueuedAction {
    let action: R.Action
    let senders: [EffectID]
  }

  init(initialState: R.State, reducer: R) {
    self.state = initialState
    self.reducer = reducer
  }

  /// The recorders `.debug()` made inside this store's `body` end their sessions with it.
  deinit {
    TraceRecorder.closeRecorders(of: storeNumber)
  }

  /// Reduces `action` and every action queued while doing so, starting their effects; effects'
  /// tasks join `tracker` (the task of the user's `send` they descend from).
  func send(_ action: R.Action, senders: [EffectID], tracker: EffectTracker?) -> StoreTask {
    guard !isSending else {
      queue.append(QueuedAction(action: action, senders: senders))
      return StoreTask(tracker: nil)
    }
    isSending = true
    defer { isSending = false }

    // An action an effect sent arrives inside that effect's `EffectContext`: the ambient context
    // of this whole loop. Each action is reduced in exactly its own context, and effects start
    // outside any, so their tasks do not inherit it.
    let ambient = senders
    var tracker = tracker
    process(action, senders: senders, ambient: ambient, tracker: &tracker)
    if !queue.isEmpty {
      var index = 0
      while index < queue.count {
        let next = queue[index]
        index += 1
        process(next.action, senders: next.senders, ambient: ambient, tracker: &tracker)
      }
      queue.removeAll(keepingCapacity: true)
    }
    return StoreTask(tracker: tracker)
  }

  private func process(
    _ action: R.Action, senders: [EffectID], ambient: [EffectID], tracker: inout EffectTracker?
  ) {
    let effect: Effect<R.Action> = ChildEffectContext.inStore(storeNumber) {
      if senders == ambient { return reducer.reduce(into: &state, action: action) }
      return EffectContext.$senders.withValue(senders) {
        reducer.reduce(into: &state, action: action)
      }
    }
    if !observers.isEmpty { notifyObservers() }
    guard let start = effect.start else { return }
    let effectTracker = tracker ?? EffectTracker()
    tracker = effectTracker
    let sink: EffectSink<R.Action> = { [weak self] action in
      _ = self?.send(action, senders: EffectContext.senders, tracker: effectTracker)
    }
    // An effect's actions start their effects outside its context: neither sent by it, nor
    // part of it when one of them is cancelled (`cancellationListeners`).
    let task =
      ambient.isEmpty && EffectContext.cancellationListeners.isEmpty
      ? start(runtime, sink)
      : EffectContext.$senders.withValue([]) {
        EffectContext.$cancellationListeners.withValue([]) { start(runtime, sink) }
      }
    if let task { effectTracker.add(task) }
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
