import Debugging
import Foundation

extension Reducer {
  /// This reducer, recording every action, state change, reducer timing and effect into a trace
  /// (format 2, `docs/log-format.md`).
  ///
  /// ```swift
  /// Store(initialState: Todos.State()) { Todos().debug() }
  /// // tca-trace: recording Todos to /tmp/tca-trace/Todos-20261121-193307-4242-1.jsonl
  ///
  /// let buffer = TraceBuffer()
  /// Scope(state: \.counter1, action: Action.counter1) { counter1 }   // let counter1 = Counter().debug("counter1", to: .memory(buffer))
  /// Todos().debug(to: .file("todos.jsonl"), options: options)
  /// ```
  ///
  /// It works wherever TCA users write it: on the store's root reducer, or on a child inside
  /// `body` (`Scope`, `forEach`, `ifLet`, `ifCaseLet`). A `.debug()` made while a store reduces
  /// (a `body` built again for every action) is the same session every time: one recorder per
  /// store, sink, name and prefix, closed (its `end` line written) when the store goes away.
  /// Several reducers may record to one file: each is a stream of its own (`--prefix` selects
  /// it in the CLI). On the calling thread it copies the new state (copy-on-write), the action
  /// and two timestamps and enqueues them; everything else runs on the recorder's worker thread.
  ///
  /// - Parameters:
  ///   - prefix: written in the session header (`"prefix"`) and the default file name.
  ///   - sink: `.defaultFile` (in `$TCA_TRACE_DIR`, else `/tmp/tca-trace`, announced once on
  ///     standard error), `.file(path)`, `.standardOutput`, `.standardError`, `.memory(buffer)`,
  ///     `.custom { line in … }`.
  ///   - options: action filter, redaction, keyframe interval, queue bound.
  public func debug(
    _ prefix: String = "", to sink: TraceSink = .defaultFile, options: TraceRecorderOptions = .init()
  ) -> DebugReducer<Self> {
    let name = DebugReducer<Self>.sessionName
    let store = ChildEffectContext.store
    guard store != 0 else {
      return DebugReducer(base: self, recorder: TraceRecorder(name: name, prefix: prefix, to: sink, options: options))
    }
    return DebugReducer(
      base: self, recorder: TraceRecorder.shared(name: name, prefix: prefix, to: sink, options: options, owner: store))
  }
}

/// A reducer that records its base into a trace; made by ``Reducer/debug(_:to:options:)``.
public struct DebugReducer<Base: Reducer>: Reducer {
  public typealias State = Base.State
  public typealias Action = Base.Action

  let base: Base
  /// The session's recorder: `reducer.recorder.flush()` waits until the trace is written.
  public let recorder: TraceRecorder
  /// The recorder's, not this value's: a child's `.debug()` inside `body` is made again for every
  /// action, and an effect it started must still be known as its own when it sends an action.
  private var namespace: EffectID.Namespace { EffectID.Namespace(recorder: recorder.number) }

  init(base: Base, recorder: TraceRecorder) {
    self.base = base
    self.recorder = recorder
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let sender = EffectContext.sender(in: namespace)
    // The old state is read for the trace's initial state, and when it is not the state recorded
    // last (another `forEach` row, an `ifLet` child presented again, a parent's change); otherwise
    // patches are taken against the state the recorder saw last, with no copy here.
    let fingerprint = StateFingerprint.of(Base.State.self)
    let before = recorder.beforeAction(withUnsafeBytes(of: state) { fingerprint.bytes(of: $0) })
    let initial: Base.State? = before.needsInitialState ? state : nil
    let rebase: Base.State? = before.isChangedOutside ? state : nil
    let start = TraceRecorder.now()
    let effect = base.reduce(into: &state, action: action)
    let duration = TraceRecorder.now() &- start
    let recorded = recorder.record(
      action: action, from: initial ?? state, to: state, at: start, duration: duration, sentBy: sender?.number,
      rebase: rebase, remembering: withUnsafeBytes(of: state) { fingerprint.bytes(of: $0) })
    // The cancellation `forEach`/`ifLet`/`ifCaseLet` run when a child goes away is bookkeeping:
    // not an effect of its own in the trace (the effects it cancels end `cancelled`).
    guard recorded, effect.start != nil, !effect.onlyCancelsChildEffects else { return effect }
    let number = recorder.nextEffectNumber()
    let recorder = self.recorder
    let ids = UncheckedSendable(effect.cancellationIDs)
    return effect.observed(
      as: EffectID(namespace: namespace, number: number),
      cancelling: { recorder.noteEffectCancelling(number) }
    ) { event in
      switch event {
      case .started: recorder.recordEffect(number, .started, cancellationIDs: ids.value)
      case .output: recorder.recordEffect(number, .output)
      case .finished: recorder.recordEffect(number, .finished)
      case .cancelled: recorder.recordEffect(number, .cancelled)
      }
    }
  }

  /// `Todos` for `Todos.State`, `Counter` for `Counter.State`: the state's type without its
  /// module and without a trailing `.State`.
  static var sessionName: String {
    var name = String(reflecting: Base.State.self)
    if let dot = name.firstIndex(of: "."), !name.hasPrefix("Swift.") { name = String(name[name.index(after: dot)...]) }
    if name.hasSuffix(".State") { name.removeLast(".State".count) }
    return name
  }
}
