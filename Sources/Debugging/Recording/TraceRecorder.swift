import Foundation

/// Records actions, state changes, timings and effect lifecycles into a trace (format 2,
/// `docs/log-format.md`), from plain values — whatever runs the reducer.
///
/// The calling thread only copies what it is given (states are copy-on-write values), takes a
/// timestamp and enqueues; reflection, diffing, patch generation, encoding and writing run on one
/// worker thread, in order. `flush()` waits until everything given so far is written.
///
/// ```swift
/// let recorder = TraceRecorder(name: "Counter", to: .file("/tmp/counter.jsonl"))
/// recorder.record(action: Counter.Action.incrementButtonTapped,
///                 from: Counter.State(count: 0), to: Counter.State(count: 1))
/// recorder.flush()
/// ```
/// ```text
/// {"kind":"session","format":1,"name":"Counter","prefix":"",…}
/// {"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}
/// {"kind":"action","seq":1,"t":18200,"duration":0,"label":"Counter.Action.incrementButtonTapped",
///  "action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
/// ```
///
/// Writing never throws into the app: a failure is reported once on standard error and kept in
/// `error`. When more than `options.queueCapacity` events wait, new actions are dropped and
/// counted, and the trace says so with a `gap` note before the next recorded action, which
/// carries a full state.
public final class TraceRecorder: @unchecked Sendable {
  public let name: String
  public let prefix: String
  public let options: TraceRecorderOptions
  /// Where a file sink writes (`nil` for other sinks).
  public let path: String?
  /// Monotonic nanoseconds (`DispatchTime.now().uptimeNanoseconds`) at the session's origin.
  public let origin: UInt64
  /// A number no other recorder of this process has (from 1): what tells this session's effects
  /// apart from other observers' (`DebugReducer`), the same for every `.debug()` that shares this
  /// recorder — a child's, made again each time its parent's `body` is built.
  public let number: UInt64 = RecorderNumbers.next()

  private let events = RecorderQueue()
  private var lock: NSCondition { events.lock }
  private var dropped = 0
  private var hasInitialState = false
  private var nextEffect = 0
  private var isClosed = false
  /// The bytes of the last state handed to `record` as the app holds it (inline representation:
  /// values and storage references, nothing retained): a state whose bytes differ before the next
  /// action was changed outside the reducer.
  private var lastStateBytes: [UInt8] = []
  /// The state after the last action when its state was coalesced (not handed to the worker), or
  /// whenever an action filter is set (the worker, which reads the labels, knows whether the
  /// action was filtered out): the `end` of a session written before another state is recorded
  /// still records it. Held only between two actions (``beforeAction(_:)`` lets it go before the
  /// reducer runs), so the app's next in-place mutation does not copy a collection because of it.
  private var finalState: Any?
  private let worker: RecorderWorker
  private let output: RecorderOutput

  /// Starts a session: the header is written at once, the initial state with the first action.
  public init(
    name: String, prefix: String = "", to sink: TraceSink = .defaultFile, options: TraceRecorderOptions = .init()
  ) {
    self.name = name
    self.prefix = prefix
    self.options = options
    origin = DispatchTime.now().uptimeNanoseconds
    let output = RecorderOutput.make(sink, name: name, prefix: prefix, writeThrough: options.writeThrough)
    path = output.path
    self.output = output
    // Nothing can be written (a link, a device, a file another process writes): no work at all.
    if output.hasFailed { events.stopped = true }
    worker = RecorderWorker(output: output, options: options, origin: origin)
    let deterministic = options.timestamps == .deterministic
    let session = TraceSession(
      name: name, prefix: prefix, start: deterministic ? TraceTimestamps.deterministicStart : Self.iso8601(Date()),
      origin: deterministic ? nil : Int64(clamping: origin), platform: Self.platform,
      pid: deterministic ? 0 : Int64(ProcessInfo.processInfo.processIdentifier),
      keyframeInterval: Int64(max(0, options.keyframeInterval ?? 0)),
      redacted: options.redactedFieldNames.sorted(), reducer: prefix.isEmpty ? name : prefix,
      redaction: options.redaction.name)
    events.queue.append(.session(session))
    RecorderWorkers.started()
    let thread = Thread { [worker, events] in
      RecorderWorkers.markCurrentThread()
      worker.run(events)
      RecorderWorkers.finished()
    }
    thread.name = "tca-trace recorder \(name)"
    thread.start()
    RecorderRegistry.register(self)
    if options.flushesOnTermination { TerminationFlush.install() }
  }

  /// The recorder of `owner` (a store) for this sink, name and prefix: made on the first call,
  /// the same one on later calls, until `closeRecorders(of: owner)`. `.debug()` inside a
  /// reducer's `body` (built again for every action) uses it, so the session goes on.
  package static func shared(
    name: String, prefix: String, to sink: TraceSink, options: TraceRecorderOptions, owner: UInt64
  ) -> TraceRecorder {
    RecorderRegistry.shared(key: "\(sink.registryKey)|\(name)|\(prefix)|\(owner)") {
      TraceRecorder(name: name, prefix: prefix, to: sink, options: options)
    }
  }

  /// Closes the recorders `shared(…, owner:)` made for `owner` (its `end` lines are written).
  package static func closeRecorders(of owner: UInt64) {
    RecorderRegistry.close(owner: owner)
  }

  /// Writes every recorder's queued events and `end` line, and closes them: what happens at
  /// `exit`, and on SIGTERM/SIGINT (see `TraceRecorderOptions.flushesOnTermination`). Call it
  /// from your own termination handler if you have one.
  public static func closeAll() {
    RecorderRegistry.closeAll()
  }

  /// Whether `close()` was called.
  var isClosedForRecording: Bool { lock.withLock { isClosed } }

  /// Nanoseconds on the recorder's monotonic clock, for `record(…, at:)`.
  public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Records one action. `start` (monotonic, `TraceRecorder.now()`) is when it reached the
  /// reducer, `duration` how long the reducer ran; `effect` is the number (`nextEffectNumber()`)
  /// of the effect that sent it. `old` is read only for the first action: it is the initial state.
  /// Returns `false` when the action was dropped because the queue was full. With
  /// `options.timestamps == .deterministic` the trace's `duration` is 0 whatever is given.
  @discardableResult
  public func record(
    action: Any, from old: Any, to new: Any, at start: UInt64? = nil, duration: UInt64 = 0, sentBy effect: Int? = nil
  ) -> Bool {
    record(action: action, from: old, to: new, at: start, duration: duration, sentBy: effect, rebase: nil)
  }

  /// Records one action whose reducer started from `rebase` rather than from the state recorded
  /// last (`nil`: from the state recorded last), as ``isChangedOutside(_:)`` tells: the trace
  /// gets a `state` line with `rebase` before the action, so its patch is its own change.
  package func record(
    action: Any, from old: Any, to new: Any, at start: UInt64?, duration: UInt64, sentBy effect: Int?, rebase: Any?,
    remembering newBytes: [UInt8]? = nil
  ) -> Bool {
    let enqueued = Self.now()
    let t = start ?? enqueued
    lock.lock()
    defer { lock.unlock() }
    guard !isClosed, !events.stopped else { return false }
    if let newBytes { lastStateBytes = newBytes }
    let initial: Any? = hasInitialState ? nil : old
    hasInitialState = true
    if initial != nil, events.stateBytes == 0 { events.stateBytes = RecorderQueue.quickEstimate(of: old) }
    let cost = RecorderQueue.actionCost
    guard events.queuedActions < max(1, options.queueCapacity),
      events.pendingActionBytes + cost <= max(cost, options.actionBudget)
    else {
      dropped += 1
      return false
    }
    // The state: kept while the states waiting for the worker stay inside the byte budget. Beyond
    // it, `.coalesce` records the action without its state (the next kept state carries the
    // change: no copy of a large collection on this thread), `.exact` waits for the worker.
    var keepsState = initial != nil || events.pendingStates < events.allowedPendingStates(budget: options.stateBudget)
    if !keepsState, options.stateCapture == .exact {
      while !isClosed, !events.stopped, events.pendingStates >= events.allowedPendingStates(budget: options.stateBudget)
      {
        lock.wait()
      }
      keepsState = true
    }
    let duration = options.timestamps == .deterministic ? 0 : duration
    finalState = keepsState && options.actionFilter == .all ? nil : new
    events.queue.append(
      .action(
        RecordedAction(
          action: action, state: keepsState ? new : nil, initial: initial, rebase: initial == nil ? rebase : nil, t: t,
          duration: duration, effect: effect, droppedBefore: dropped, enqueued: enqueued)))
    dropped = 0
    events.queuedActions += 1
    events.pendingActionBytes += cost
    if keepsState { events.pendingStates += 1 }
    events.wakeWorker()
    return true
  }

  /// Whether the next `record` call reads its `from` state (the initial state): callers can skip
  /// copying the old state afterwards.
  public var needsInitialState: Bool { lock.withLock { !hasInitialState } }

  /// Before an action: whether the recorder still needs the initial state, and whether `state`
  /// differs from the state last handed to `record(…, remembering:)` — changed outside the
  /// reducer: another `forEach` element, an `ifLet` child presented again, a change made by the
  /// parent. It compares the state's `StateFingerprint` (the padding-free leaves of its fields;
  /// nothing is copied or retained), so a collection the parent changed in place without
  /// reallocating, or a change inside an enum or optional, is not seen.
  package func beforeAction(_ state: [UInt8]) -> (needsInitialState: Bool, isChangedOutside: Bool) {
    lock.withLock {
      finalState = nil
      guard hasInitialState else { return (true, false) }
      guard !lastStateBytes.isEmpty else { return (false, false) }
      return (false, lastStateBytes != state)
    }
  }

  /// A new number for an effect, to report its events with `recordEffect(_:_:)`.
  public func nextEffectNumber() -> Int {
    lock.withLock {
      nextEffect += 1
      return nextEffect
    }
  }

  /// An event of `effect`: `started` (right after the action recorded last returned it),
  /// `output` (it is about to send an action; record that action with `sentBy:`), `finished` or
  /// `cancelled`. `cancellationIDs` are the ids a `started` effect is cancellable with; the
  /// worker writes them as the line's `"id"` (`Todos.CancelID.todoCompletion`, `sort`; several
  /// joined with `", "`).
  ///
  /// ```swift
  /// let number = recorder.nextEffectNumber()
  /// recorder.recordEffect(number, .started, cancellationIDs: [Todos.CancelID.todoCompletion])
  /// ```
  /// ```text
  /// {"kind":"effect","event":"started","effect":1,"t":…,"seq":4,"label":"…","id":"Todos.CancelID.todoCompletion"}
  /// ```
  public func recordEffect(_ effect: Int, _ event: TraceEffectEvent.Event, cancellationIDs: [AnyHashable] = []) {
    let t = Self.now()
    lock.lock()
    defer { lock.unlock() }
    enqueue(.effect(effect, event, t, ids: cancellationIDs), now: false)
  }

  /// Notes that effect `number` (started) was cancelled by its id and is winding down: when the
  /// recorder closes (the app exits) before its `cancelled` event came, it is written `cancelled`
  /// then, at the time of this call, not left running.
  package func noteEffectCancelling(_ effect: Int) {
    let t = Self.now()
    lock.lock()
    defer { lock.unlock() }
    enqueue(.effectCancelling(effect, t), now: false)
  }

  /// Waits until every event given so far is written (and the file's buffer flushed).
  public func flush() {
    let done = DispatchSemaphore(value: 0)
    lock.lock()
    guard !isClosed else {
      lock.unlock()
      return
    }
    enqueue(.flush(done))
    lock.unlock()
    done.wait()
  }

  /// Writes the `end` line, flushes and closes the sink; later events are ignored.
  public func close() {
    let done = DispatchSemaphore(value: 0)
    lock.lock()
    guard !isClosed else {
      lock.unlock()
      return
    }
    enqueue(.close(done, dropped: dropped, final: finalState))
    finalState = nil
    isClosed = true
    lock.unlock()
    done.wait()
  }

  /// Events waiting for the worker (not those it is working on).
  var queuedEventCount: Int { lock.withLock { events.queue.count } }

  /// The first write error, if any (after `flush()`).
  public var error: String? { worker.errorMessage }

  /// A released recorder ends its session: what is queued and the `end` line are written before
  /// `deinit` returns (so the last store released leaves a whole trace), waiting at most 5 s.
  deinit {
    RecorderRegistry.unregister(self)
    let done = DispatchSemaphore(value: 0)
    lock.lock()
    let closing = !isClosed
    if closing { events.queue.append(.close(done, dropped: dropped, final: finalState)) }
    lock.broadcast()
    lock.unlock()
    if closing, !RecorderWorkers.isWorkerThread { _ = done.wait(timeout: .now() + 5) }
  }

  /// Must be called with the lock held.
  /// `now`: wake the worker at once (a flush or close waits for it); otherwise a worker that
  /// polls picks the event up within ``RecorderQueue/pollInterval``.
  private func enqueue(_ event: RecorderEvent, now: Bool = true) {
    guard !isClosed else { return }
    events.queue.append(event)
    if now { lock.broadcast() } else { events.wakeWorker() }
  }

  static func iso8601(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
  }

  /// `Linux x86_64`, `macOS arm64`.
  static var platform: String { Platform.systemName }
}

/// What the sending thread hands to the worker.
enum RecorderEvent {
  case session(TraceSession)
  case action(RecordedAction)
  /// An effect's number, event, time and (`started`) cancellation ids.
  case effect(Int, TraceEffectEvent.Event, UInt64, ids: [AnyHashable])
  /// An effect cancelled by its id, winding down, and when.
  case effectCancelling(Int, UInt64)
  case flush(DispatchSemaphore)
  /// The end of the session; `dropped` counts the actions dropped since the last recorded one,
  /// `final` is the state after the last action when that state was coalesced or actions may be
  /// filtered out.
  case close(DispatchSemaphore?, dropped: Int, final: Any?)
}

/// The events waiting for the worker, shared by the recorder and its worker thread.
final class RecorderQueue: @unchecked Sendable {
  let lock = NSCondition()
  var queue: [RecorderEvent] = []
  /// Actions in `queue` (the bound applies to them).
  var queuedActions = 0
  /// Set by the worker when the trace cannot be written any more: nothing more is queued.
  var stopped = false
  /// Actions handed over and not yet written, counted at `actionCost` bytes each.
  var pendingActionBytes = 0
  /// States handed over that the worker has not finished with (diffed, written).
  var pendingStates = 0
  /// The size of the last full state the worker wrote (JSON bytes); 0 before the first.
  var stateBytes = 0

  /// What one waiting action is counted as against `TraceRecorderOptions.actionBudget`: its
  /// event, the boxed action and state references, and the worker's share of a line.
  static let actionCost = 256

  /// How many states may wait: as many as `budget` holds at the size of the last full state
  /// (at least 2).
  func allowedPendingStates(budget: Int) -> Int {
    guard stateBytes > 0 else { return 16 }
    return max(2, budget / stateBytes)
  }

  /// A first guess of a state's size, on the sending thread, until the worker measures it: 64
  /// bytes per element of the collections among its top-level fields (O(fields), no walk).
  static func quickEstimate(of state: Any) -> Int {
    var total = 64
    if let collection = state as? any Collection { total += collection.count * 64 }
    for child in Mirror(reflecting: state).children {
      total += 32
      if let collection = child.value as? any Collection { total += collection.count * 64 }
    }
    return total
  }

  /// The worker is done with an action (and its state, when it had one).
  func finished(action: Bool, state: Bool) {
    lock.withLock {
      if action { pendingActionBytes = max(0, pendingActionBytes - Self.actionCost) }
      if state {
        pendingStates = max(0, pendingStates - 1)
        lock.broadcast()
      }
    }
  }

  func measured(stateBytes bytes: Int) {
    lock.withLock { stateBytes = bytes }
  }

  /// Whether the worker waits with a timeout (it polls): the sending thread then does not wake
  /// it. Waking a sleeping thread costs the sender a system call and, on an idle core (a virtual
  /// machine's above all), an interprocessor interrupt — several microseconds per action when
  /// actions come one at a time.
  private(set) var workerPolls = false
  /// How often a polling worker looks at the queue, and for how long after its last event it
  /// keeps polling before it sleeps until woken (so an idle app costs nothing).
  static let pollInterval: TimeInterval = 0.002
  static let pollingWindow: UInt64 = 250_000_000
  private var lastEvents: UInt64 = 0

  /// Called with the lock held after an event was queued: wakes the worker unless it polls.
  func wakeWorker() {
    if !workerPolls { lock.broadcast() }
  }

  /// Waits for events and takes them all, in order. Within ``pollingWindow`` of the last events
  /// it polls every ``pollInterval``; after that it sleeps until woken.
  func takeAll() -> [RecorderEvent] {
    lock.lock()
    defer { lock.unlock() }
    while queue.isEmpty {
      if DispatchTime.now().uptimeNanoseconds &- lastEvents < Self.pollingWindow {
        workerPolls = true
        _ = lock.wait(until: Date(timeIntervalSinceNow: Self.pollInterval))
      } else {
        workerPolls = false
        lock.wait()
      }
    }
    workerPolls = false
    lastEvents = DispatchTime.now().uptimeNanoseconds
    let events = queue
    queue = []
    queuedActions = 0
    return events
  }

  var isEmpty: Bool { lock.withLock { queue.isEmpty } }
}

struct RecordedAction {
  var action: Any
  /// `nil` when the state was not kept (coalesced): the next kept state carries the change.
  var state: Any?
  var initial: Any?
  /// The state the reducer started from when it was not the state recorded last (changed
  /// outside the reducer): written as a `state` line before the action.
  var rebase: Any?
  var t: UInt64
  var duration: UInt64
  var effect: Int?
  var droppedBefore: Int
  /// When it was handed to the worker (monotonic): how late the worker writes it is measured from here.
  var enqueued: UInt64
}

/// The numbers of `TraceRecorder.number`.
private enum RecorderNumbers {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var last: UInt64 = 0

  static func next() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    last += 1
    return last
  }
}
