import Foundation

/// The recorder's worker: turns queued events into trace lines, in order, on one thread —
/// reflection, live diffing (equal `Equatable` subtrees are skipped), JSON Patch, keyframes,
/// effect ids, gap notes.
final class RecorderWorker: @unchecked Sendable {
  private let output: RecorderOutput
  private let options: TraceRecorderOptions
  private let reflection: ReflectionOptions
  private let origin: UInt64
  /// Reflects the actions, keeping what it learns about their types across actions (which enum
  /// cases carry values, the cached type descriptions) instead of starting afresh for each.
  private var actionReflector: Reflector

  /// The last recorded state, live and reflected; patches are taken against it, so changes made by
  /// filtered or dropped actions show up in the next recorded action (or, after the last one, in
  /// the state written at the close).
  private var lastState: Any?
  private var lastValue: Value = .null
  /// Whether `lastState` may share storage with the app's current state.
  private var lastStateIsShared = false
  /// The worker's own copy of a kept state (made by `unshareLastState`) after a later state
  /// replaced it, freed once the worker has caught up rather than in the middle of a backlog.
  /// Freeing it walks every element of its large collections — 100,000 todos: about 3.6 M
  /// instructions, 0.6 ms, for the first action after every idle moment — and nothing waits for
  /// it, while the actions behind it do wait. At most one such copy is held: the states kept
  /// after it share the app's storage until the next idle moment, which frees it first.
  private var retiredCopy: Any?
  private let unsharer = StorageUnsharer()
  /// Actions written late since the last delay note, and the longest delay (nanoseconds).
  private var delays: (count: Int, longest: UInt64) = (0, 0)
  private var seq: Int64 = 0
  private var lastAction: (seq: Int64, label: String)?
  private var forceKeyframe = false
  private var keyframes: KeyframeSchedule
  /// Effect numbers (from the recorder) → effect ids in the trace.
  private var effectIDs: [Int: Int64] = [:]
  private var nextEffectID: Int64 = 0
  /// Effects whose origin was not recorded: none of their events are written.
  private var skippedEffects: Set<Int> = []
  /// `output` events waiting for the actions they announce, in order: effect number → times.
  private var pendingOutputs: [Int: [UInt64]] = [:]
  /// `finished`/`cancelled` events of effects whose outputs wait for their actions: an effect that
  /// sends synchronously (`.send`) ends before the store reduces what it sent.
  private var pendingEnds: [Int: (event: TraceEffectEvent.Event, t: UInt64)] = [:]
  /// Effects cancelled by their id whose `cancelled` event has not come yet, and when.
  private var cancelling: [Int: UInt64] = [:]

  /// `options.timestamps == .deterministic`; `ticks` counts the lines timed so far.
  private let deterministicTimes: Bool
  private var ticks: Int64 = 0

  init(output: RecorderOutput, options: TraceRecorderOptions, origin: UInt64) {
    self.output = output
    self.options = options
    deterministicTimes = options.timestamps == .deterministic
    keyframes = KeyframeSchedule(options)
    self.reflection = options.reflection
    actionReflector = Reflector(options: options.reflection)
    self.origin = origin
  }

  var errorMessage: String? { output.errorMessage }

  /// The worker thread's loop; returns after a `close` event.
  func run(_ events: RecorderQueue) {
    queue = events
    while true {
      // Popped one by one, so a handled event's state is released at once, not with the batch.
      var batch = events.takeAll()
      batch.reverse()
      while let event = batch.popLast() {
        if failed {
          // The trace cannot be written any more: no reflecting or diffing, only the waiters answered.
          switch event {
          case let .flush(done): done.signal()
          case let .close(done, _, _):
            output.close()
            done?.signal()
            return
          case let .action(action): events.finished(action: true, state: action.state != nil)
          default: continue
          }
          continue
        }
        switch event {
        case let .session(session): output.append(.session(session))
        case let .action(action):
          record(action)
          events.finished(action: true, state: action.state != nil)
        case let .effect(number, event, t, ids): record(effect: number, event, t: t, ids: ids)
        case let .effectCancelling(number, t):
          if effectIDs[number] != nil, cancelling[number] == nil { cancelling[number] = t }
        case let .flush(done):
          noteDelays()
          unshareLastState()
          output.flush(startingStream: true)
          done.signal()
        case let .close(done, dropped, final):
          noteDelays()
          if let final, coalescedRun != nil {
            recordFinal(final, t: TraceRecorder.now())
          } else if let final, filteredSinceKept > 0 {
            recordFiltered(final, t: TraceRecorder.now())
          }
          noteCoalesced(before: nil, t: TraceRecorder.now())
          if dropped > 0 { output.append(.note(gapNote(dropped: dropped, t: TraceRecorder.now()))) }
          for number in pendingEnds.keys.sorted() {
            pendingOutputs[number] = nil
            writePendingEnd(of: number)
          }
          writeCancelledBeforeEnd()
          if !output.isSilent { output.append(.end(TraceEnd(t: time(TraceRecorder.now()), actions: seq))) }
          output.close()
          done?.signal()
          if retiredCopy != nil {
            // The closing thread first: on a busy machine it may be waiting for this core.
            sched_yield()
            retiredCopy = nil
          }
          return
        }
        output.flush(olderThan: options.flushInterval)
        if output.hasFailed { stop(events) }
      }
      if events.isEmpty, !failed {
        noteDelays()
        unshareLastState()
        output.flush()
        if output.hasFailed { stop(events) }
      }
    }
  }

  /// The queue this worker takes events from (set by `run`), told the state sizes it measures.
  private var queue: RecorderQueue?

  /// Whether the trace can no longer be written (a write error): the worker stops working.
  private var failed = false

  private func stop(_ events: RecorderQueue) {
    failed = true
    lastState = nil
    retiredCopy = nil
    lastValue = .null
    events.lock.withLock {
      events.stopped = true
      events.lock.broadcast()
    }
  }

  /// Gives the kept state storage of its own when the worker has caught up, so the reducer's next
  /// in-place mutation of a large collection does not copy it on the app's thread (the copy is
  /// made here instead). When the worker is behind, the states it has not reached share the
  /// store's storage anyway, so it does not bother.
  private func unshareLastState() {
    retiredCopy = nil
    guard lastStateIsShared, let state = lastState else { return }
    lastState = nil
    lastState = unsharer.unshared(state)
    lastStateIsShared = false
  }

  /// Makes `state` (given by the app, so sharing its storage) the state the next patch is taken
  /// against. The worker's own copy it replaces is kept in `retiredCopy` until the worker has
  /// caught up.
  private func keep(_ state: Any) {
    if !lastStateIsShared, retiredCopy == nil { retiredCopy = lastState }
    lastState = state
    lastStateIsShared = true
  }

  /// The `t` of a line from a monotonic time. Every line after the initial state takes its `t`
  /// from here exactly once, as it is written: with deterministic timestamps the lines are
  /// 1 ms, 2 ms, 3 ms … after the origin, in the order they are written.
  private func time(_ t: UInt64) -> Int64 {
    if deterministicTimes {
      ticks += 1
      return ticks &* TraceTimestamps.deterministicStep
    }
    return t > origin ? Int64(clamping: t - origin) : 0
  }

  /// Counts `event` as late when the worker reaches it more than `delayNoteThreshold` after it
  /// was handed over.
  private func measureDelay(of event: RecordedAction) {
    guard let threshold = options.delayNoteThreshold, options.timestamps == .real else { return }
    let now = TraceRecorder.now()
    guard now > event.enqueued, now - event.enqueued > threshold else { return }
    delays.count += 1
    delays.longest = max(delays.longest, now - event.enqueued)
  }

  /// Writes the `info` note about late actions since the last one, if any.
  private func noteDelays() {
    guard delays.count > 0 else { return }
    let plural = delays.count == 1 ? "action" : "actions"
    output.append(
      .note(
        TraceNote(
          t: time(TraceRecorder.now()), note: .info,
          message:
            "writer fell behind: \(delays.count) \(plural) written up to \(TimeText.duration(Int64(clamping: delays.longest))) late",
          delayed: Int64(delays.count))))
    delays = (0, 0)
  }

  /// `writer fell behind: 8 actions dropped`.
  private func gapNote(dropped: Int, t: UInt64) -> TraceNote {
    TraceNote(
      t: time(t), note: .gap, message: "writer fell behind: \(dropped) action\(dropped == 1 ? "" : "s") dropped",
      dropped: Int64(dropped))
  }

  private func record(_ event: RecordedAction) {
    measureDelay(of: event)
    if lastState == nil, let initial = event.initial {
      lastState = initial
      lastStateIsShared = true
      lastValue = Value(reflecting: initial, options: reflection)
      let state = lastValue.json
      let bytes = size(of: state)
      keyframes.wroteState(bytes: bytes)
      queue?.measured(stateBytes: bytes)
      output.append(.state(TraceState(seq: 0, t: 0, state: state)))
    }
    if event.droppedBefore > 0 {
      output.append(.note(gapNote(dropped: event.droppedBefore, t: event.t)))
      seq += Int64(event.droppedBefore)
      forceKeyframe = true
    }
    let actionValue = actionReflector.reflect(event.action, depth: 0)  // as `Value(reflecting:options:)`
    let label = ActionLabel.text(of: actionValue)
    let sender = event.effect.flatMap { skippedEffects.contains($0) ? nil : $0 }
    let pendingOutput = sender.flatMap(takePendingOutput)
    defer { if let sender { writePendingEnd(of: sender) } }
    guard options.actionFilter.allows(label), let old = lastState else {
      if lastState != nil { filteredSinceKept += 1 }
      lastAction = nil
      return
    }
    seq += 1
    var effectID: Int64?
    if let sender, let id = effectIDs[sender] {
      effectID = id
      if let t = pendingOutput {
        output.append(.effect(TraceEffectEvent(event: .output, effect: id, t: time(t), seq: seq, label: label)))
      }
    }
    guard let newState = event.state else {
      // Coalesced: the action is recorded, its state was not kept; the next kept state carries
      // the change.
      coalescedRun = (coalescedRun?.first ?? seq, (coalescedRun?.count ?? 0) + 1)
      output.append(
        .action(
          TraceAction(
            seq: seq, t: time(event.t), duration: Int64(clamping: event.duration), label: label,
            action: actionValue.json,
            effect: effectID, coalesced: true)))
      lastAction = (seq, label)
      return
    }
    noteCoalesced(before: seq, t: event.t)
    let from = event.rebase.map { rebase($0, t: event.t) } ?? old
    let diff = StateDiff(from, newState, reflection: reflection)
    var newValue = lastValue
    var patch = JSONPatch()
    if !diff.isEqual {
      // Rebuilt in place: with `lastValue` cleared, the tree's storage is not shared.
      lastValue = .null
      if !diff.root.change.apply(to: &newValue) { newValue = Value(reflecting: newState, options: reflection) }
      if options.checksRebuiltStates, newValue != Value(reflecting: newState, options: reflection) {
        output.append(
          .note(
            TraceNote(
              t: time(event.t), note: .error, message: "rebuilt state of action \(seq) differs from the reflected state"
            )))
        newValue = Value(reflecting: newState, options: reflection)
      }
      patch = patchOrNote(diff, new: newValue, t: event.t)
    }
    let keyframe =
      keyframes.isDue(seq: seq, patchBytes: patch.operations.isEmpty ? 0 : size(of: patch)) || forceKeyframe
    forceKeyframe = false
    let state = keyframe ? newValue.json : nil
    if let state {
      let bytes = size(of: state)
      keyframes.wroteState(bytes: bytes)
      queue?.measured(stateBytes: bytes)
    }
    output.append(
      .action(
        TraceAction(
          seq: seq, t: time(event.t), duration: Int64(clamping: event.duration), label: label, action: actionValue.json,
          effect: effectID, patch: patch, state: state)))
    keep(newState)
    lastValue = newValue
    lastAction = (seq, label)
    filteredSinceKept = 0
  }

  /// Writes `state`, the state an action started from that is not the state recorded last (it
  /// changed outside the reducer), as a `state` line carrying the last action's `seq`, and makes
  /// it the state the action's patch is taken against.
  private func rebase(_ state: Any, t: UInt64) -> Any {
    lastValue = .null
    lastValue = Value(reflecting: state, options: reflection)
    let json = lastValue.json
    let bytes = size(of: json)
    keyframes.wroteState(bytes: bytes)
    queue?.measured(stateBytes: bytes)
    output.append(.state(TraceState(seq: seq - 1, t: time(t), state: json, changedOutside: true)))
    keep(state)
    return state
  }

  /// The state after the last action, whose state was coalesced, taken at the close: the note on
  /// the coalesced run, then a `state` line (`seq` of the last action) with the whole state.
  private func recordFinal(_ final: Any, t: UInt64) {
    guard let run = coalescedRun else { return }
    coalescedRun = nil
    filteredSinceKept = 0
    let last = run.first + Int64(run.count) - 1
    let which = run.count == 1 ? "of 1 action (#\(run.first))" : "of \(run.count) actions (#\(run.first)–#\(last))"
    output.append(
      .note(
        TraceNote(
          t: time(t), note: .info,
          message: "writer busy: the states \(which) were not captured; the state after #\(last) follows",
          coalesced: Int64(run.count))))
    lastValue = .null
    lastValue = Value(reflecting: final, options: reflection)
    output.append(.state(TraceState(seq: last, t: time(t), state: lastValue.json)))
    keep(final)
  }

  /// Actions filtered out (`options.actionFilter`) since the state recorded last: their changes
  /// go into the next recorded action's patch, or, when none follows, into the state written at
  /// the close (``recordFiltered(_:t:)``).
  private var filteredSinceKept = 0

  /// The state after the actions filtered out since the last recorded one, taken at the close:
  /// when they changed it, an `info` note, then a `state` line with the last action's `seq` and
  /// the whole state, so the trace still ends on the app's state.
  ///
  /// ```text
  /// {"kind":"note","t":…,"note":"info","message":"2 actions after #2 were filtered out; the state after them follows"}
  /// {"kind":"state","seq":2,"t":…,"state":{"$type":"Counter.State","count":103}}
  /// ```
  private func recordFiltered(_ final: Any, t: UInt64) {
    let count = filteredSinceKept
    filteredSinceKept = 0
    let value = Value(reflecting: final, options: reflection)
    guard value != lastValue else { return }
    let message =
      count == 1
      ? "1 action after #\(seq) was filtered out; the state after it follows"
      : "\(count) actions after #\(seq) were filtered out; the state after them follows"
    output.append(.note(TraceNote(t: time(t), note: .info, message: message)))
    lastValue = value
    output.append(.state(TraceState(seq: seq, t: time(t), state: value.json)))
  }

  /// Actions whose states were coalesced since the last kept state: the first's `seq` and how many.
  private var coalescedRun: (first: Int64, count: Int)?

  /// The `info` note before the first kept state after coalesced ones (or at the end):
  /// `writer busy: the states of 807 actions (#5–#811) were not captured; #812 carries their changes`.
  private func noteCoalesced(before seq: Int64?, t: UInt64) {
    guard let run = coalescedRun else { return }
    coalescedRun = nil
    let last = run.first + Int64(run.count) - 1
    let which = run.count == 1 ? "of 1 action (#\(run.first))" : "of \(run.count) actions (#\(run.first)–#\(last))"
    let after =
      seq.map { "; #\($0) carries their changes" } ?? "; the recorder closed before a later state was captured"
    output.append(
      .note(
        TraceNote(
          t: time(t), note: .info, message: "writer busy: the states \(which) were not captured\(after)",
          coalesced: Int64(run.count))))
  }

  /// The patch of action `seq` from its diff, and the note to write before the action when it
  /// could not be built.
  private func patchOrNote(_ diff: StateDiff, new: Value, t: UInt64) -> JSONPatch {
    let (patch, note) = Self.patch(diff, new: new, seq: seq) { time(t) }
    if let note { output.append(.note(note)) }
    return patch
  }

  /// The patch of action `seq` from its diff. When it cannot be built the change is not lost:
  /// the patch replaces the whole state and an `error` note (timed by `t`) says why.
  ///
  /// ```text
  /// {"kind":"note","t":…,"note":"error","message":"patch of action 7 could not be built (…); it replaces the whole state"}
  /// {"kind":"action","seq":7,…,"patch":[{"op":"replace","path":"","value":{…}}]}
  /// ```
  static func patch(_ diff: StateDiff, new: Value, seq: Int64, t: () -> Int64) -> (JSONPatch, TraceNote?) {
    do {
      return (try RecorderPatch.patch(diff, new: new), nil)
    } catch {
      let message = "patch of action \(seq) could not be built (\(error.message)); it replaces the whole state"
      return (RecorderPatch.wholeState(new), TraceNote(t: t(), note: .error, message: message))
    }
  }

  /// The bytes of `json` as written (compact).
  private func size(of json: JSON) -> Int {
    var output = JSONOutput()
    JSONWriter.write(json, to: &output)
    return output.count
  }

  /// The bytes of `patch.json` as written (compact), without building it.
  private func size(of patch: JSONPatch) -> Int {
    var output = JSONOutput()
    patch.writeJSON(to: &output, depth: 0)
    return output.count
  }

  /// The time of the oldest `output` of effect `number` still waiting for its action.
  private func takePendingOutput(of number: Int) -> UInt64? {
    guard var times = pendingOutputs[number], !times.isEmpty else { return nil }
    let t = times.removeFirst()
    pendingOutputs[number] = times.isEmpty ? nil : times
    return t
  }

  /// At the end of the session: the effects still running that were cancelled (`.cancel(id:)`)
  /// but had not wound down yet, written `cancelled` at the time they were cancelled (an app that
  /// exits right after cancelling).
  private func writeCancelledBeforeEnd() {
    for (number, t) in cancelling.sorted(by: { $0.key < $1.key }) {
      // Outputs still waiting for their actions never get them now (as for `pendingEnds`).
      pendingOutputs[number] = nil
      guard let id = effectIDs.removeValue(forKey: number) else { continue }
      output.append(.effect(TraceEffectEvent(event: .cancelled, effect: id, t: time(t))))
    }
    cancelling = [:]
  }

  /// Writes the deferred end of effect `number` once none of its outputs waits any more.
  private func writePendingEnd(of number: Int) {
    guard pendingOutputs[number] == nil, let end = pendingEnds.removeValue(forKey: number),
      let id = effectIDs.removeValue(forKey: number)
    else { return }
    output.append(.effect(TraceEffectEvent(event: end.event, effect: id, t: time(end.t))))
  }

  private func record(effect number: Int, _ event: TraceEffectEvent.Event, t: UInt64, ids: [AnyHashable]) {
    if event == .started {
      guard let origin = lastAction else {
        skippedEffects.insert(number)
        return
      }
      nextEffectID += 1
      effectIDs[number] = nextEffectID
      output.append(
        .effect(
          TraceEffectEvent(
            event: .started, effect: nextEffectID, t: time(t), seq: origin.seq, label: origin.label,
            id: CancellationIDText.text(of: ids, options: reflection))))
      return
    }
    guard let id = effectIDs[number] else {
      if event != .output { skippedEffects.remove(number) }
      return
    }
    switch event {
    case .output:
      pendingOutputs[number, default: []].append(t)
    case .finished, .cancelled:
      if pendingOutputs[number] != nil {
        pendingEnds[number] = (event, t)
        return
      }
      effectIDs[number] = nil
      cancelling[number] = nil
      output.append(.effect(TraceEffectEvent(event: event, effect: id, t: time(t))))
    case .started:
      break
    }
  }
}
