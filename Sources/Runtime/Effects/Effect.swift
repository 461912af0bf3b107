/// Work a reducer asks the ``Store`` to perform after it has changed the state: send an action now,
/// run async work that sends actions later, combine, transform or cancel such work.
///
/// ```swift
/// case .numberFactButtonTapped:
///   state.isNumberFactRequestInFlight = true
///   return .run { [count = state.count] send in
///     await send(.numberFactResponse(Result { try await factClient.fetch(count) }))
///   }
/// ```
///
/// An effect is a description: nothing happens until a ``Store`` starts it, on the main actor.
public struct Effect<Action> {
  /// Starts the effect: actions it sends go to `sink` (on the main actor). Returns the task that
  /// completes when the effect has finished or been cancelled, or `nil` if it finished synchronously.
  /// `nil` for `.none`.
  let start: (@MainActor (EffectRuntime, @escaping EffectSink<Action>) -> EffectTask?)?

  /// The cancellation ids this effect was made cancellable with, for instrumentation such as
  /// `.debug()`'s `started` lines: each ``cancellable(id:cancelInFlight:)`` adds its id; `merge`
  /// and `concatenate` list their parts' ids in order, without duplicates; ``map(_:)`` and
  /// ``observed(as:_:)`` keep them. Ids the runtime makes for itself (for a `forEach` or `ifLet`
  /// child's effects) are not listed. Empty (and not allocated) for an effect without ids.
  ///
  /// ```swift
  /// let sort = Effect<Todos.Action>.run { send in await send(.sortCompletedTodos) }
  ///   .cancellable(id: Todos.CancelID.todoCompletion, cancelInFlight: true)
  /// Effect.merge(sort, .run { _ in }.cancellable(id: "save")).cancellationIDs
  /// // [Todos.CancelID.todoCompletion, "save"]
  /// Effect<Todos.Action>.run { _ in }.cancellationIDs   // [] (not cancellable)
  /// ```
  public let cancellationIDs: [AnyHashable]

  /// Whether all this effect does is cancel the effects of a child that went away (what `forEach`,
  /// `ifLet` and `ifCaseLet` return when an element is removed or a child dismissed): runtime
  /// bookkeeping, which `.debug()` does not record as an effect of its own (the effects it cancels
  /// are recorded as `cancelled`).
  let onlyCancelsChildEffects: Bool

  init(
    cancellationIDs: [AnyHashable] = [], onlyCancelsChildEffects: Bool = false,
    start: @escaping @MainActor (EffectRuntime, @escaping EffectSink<Action>) -> EffectTask?
  ) {
    self.start = start
    self.cancellationIDs = cancellationIDs
    self.onlyCancelsChildEffects = onlyCancelsChildEffects
  }

  private init() {
    start = nil
    cancellationIDs = []
    onlyCancelsChildEffects = false
  }
}

/// Where a started effect delivers the actions it sends.
typealias EffectSink<Action> = @MainActor (Action) -> Void

/// The running part of an effect; its value says how it ended.
typealias EffectTask = Task<EffectOutcome, Never>

/// How a started effect ended.
enum EffectOutcome: Sendable {
  case finished
  case cancelled
}

/// `Effect<Feature.Action>` for a reducer type: `EffectOf<Feature>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

// MARK: - Creating Effects

extension Effect {
  /// An effect that does nothing.
  public static var none: Self { Self() }

  /// An effect that sends `action` back into the store immediately, before `send` returns.
  public static func send(_ action: Action) -> Self {
    let action = UncheckedSendable(action)
    return Self { _, sink in
      sink(action.value)
      return nil
    }
  }

  /// An effect that runs async work which may send any number of actions.
  ///
  /// ```swift
  /// return .run { send in
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.sortCompletedTodos)
  /// } catch: { error, send in
  ///   await send(.failed(error.localizedDescription))
  /// }
  /// ```
  ///
  /// A thrown `CancellationError` ends the effect quietly. Any other error goes to `handler`, or,
  /// without one, to a runtime warning.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let location = "\(fileID):\(line)"
    return Self { _, sink in
      Task(priority: priority) { @MainActor in
        let send = Send<Action>(send: { action in sink(action) })
        do {
          try await operation(send)
        } catch is CancellationError {
        } catch {
          if let handler {
            await handler(error, send)
          } else {
            RuntimeWarning.report(
              """
              An "Effect.run" returned from "\(location)" threw an unhandled error:

                \(error)

              All non-cancellation errors must be handled, for example with the "catch" parameter \
              of "Effect.run".
              """
            )
          }
        }
        return Task.isCancelled ? .cancelled : .finished
      }
    }
  }

  /// An effect that runs `effects` at the same time and finishes when all of them have finished.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// An effect that runs `effects` at the same time and finishes when all of them have finished.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let parts = effects.filter { $0.start != nil }
    if parts.isEmpty { return .none }
    if parts.count == 1 { return parts[0] }
    let boxed = UncheckedSendable(parts)
    return Self(
      cancellationIDs: cancellationIDs(of: parts), onlyCancelsChildEffects: parts.allSatisfy(\.onlyCancelsChildEffects)
    ) { runtime, sink in
      let tasks = boxed.value.compactMap { $0.start?(runtime, sink) }
      if tasks.isEmpty { return nil }
      return Task { @MainActor in await EffectTask.awaitAll(tasks) }
    }
  }

  /// An effect that runs `effects` one after another: each starts when the previous one finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// An effect that runs `effects` one after another: each starts when the previous one finished.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    let parts = effects.filter { $0.start != nil }
    if parts.isEmpty { return .none }
    if parts.count == 1 { return parts[0] }
    let boxed = UncheckedSendable(parts)
    return Self(
      cancellationIDs: cancellationIDs(of: parts), onlyCancelsChildEffects: parts.allSatisfy(\.onlyCancelsChildEffects)
    ) { runtime, sink in
      let parts = boxed.value
      // Parts that finish synchronously run synchronously; the rest run in order in one task.
      var index = 0
      while index < parts.count {
        let task = parts[index].start?(runtime, sink)
        index += 1
        guard let task else { continue }
        let rest = parts[index...]
        return Task { @MainActor in
          var outcome = await task.cancellingValue
          for part in rest {
            if outcome == .cancelled || Task.isCancelled { return .cancelled }
            if let next = part.start?(runtime, sink) { outcome = await next.cancellingValue }
          }
          return outcome
        }
      }
      return nil
    }
  }

  /// An effect that sends this effect's actions transformed by `transform`.
  ///
  /// ```swift
  /// Counter().reduce(into: &state.counter, action: .incrementButtonTapped)
  ///   .map(Action.counter1)   // Effect<TwoCounters.Action>
  /// ```
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    guard let start else { return .none }
    return Effect<T>(cancellationIDs: cancellationIDs, onlyCancelsChildEffects: onlyCancelsChildEffects) {
      runtime, sink in
      start(runtime) { action in sink(transform(action)) }
    }
  }
}

extension Effect: CustomStringConvertible {
  /// `Effect.none` or `Effect`, for log lines.
  public var description: String { start == nil ? "Effect.none" : "Effect" }
}

extension Task where Success == EffectOutcome, Failure == Never {
  /// The outcome, cancelling this task if the awaiting task is cancelled.
  var cancellingValue: EffectOutcome {
    get async {
      await withTaskCancellationHandler {
        await self.value
      } onCancel: {
        self.cancel()
      }
    }
  }

  /// Waits for all `tasks` (cancelling them if the waiting task is cancelled): `.cancelled` if any
  /// of them was cancelled, otherwise `.finished`.
  static func awaitAll(_ tasks: [EffectTask]) async -> EffectOutcome {
    await withTaskCancellationHandler {
      var outcome = EffectOutcome.finished
      for task in tasks where await task.value == .cancelled { outcome = .cancelled }
      return outcome
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }
}
