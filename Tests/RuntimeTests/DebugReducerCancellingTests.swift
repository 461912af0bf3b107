import Debugging
import ExampleFeatures
import Foundation
import Runtime
import Testing

/// A long-running effect (a subscription) whose actions each start a child effect that cancels
/// the one before (`cancelInFlight`).
private struct Ticker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, tick }
  enum CancelID { case child }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        await send(.tick)
        await send(.tick)
        try await Task.sleep(for: .seconds(60))
      }
    case .tick:
      state.ticks += 1
      return .run { _ in try await Task.sleep(for: .seconds(60)) }.cancellable(id: CancelID.child, cancelInFlight: true)
    }
  }
}

/// An effect cancelled by its id (`.cancel(id:)`) ends `cancelled` in the trace when its task has
/// wound down; if the recording ends first (the app exits right after), it is written `cancelled`
/// at the end instead of being left running.
@MainActor
@Suite(.serialized) struct DebugReducerCancellingTests {
  /// `kind`/`event`/`effect` of each line.
  private func events(_ buffer: TraceBuffer) throws -> [String] {
    try normalizedTrace(buffer.text).split(separator: "\n").map { line in
      guard case let .object(members) = try JSONReader.parse(String(line)) else { return "" }
      let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
      guard case let .string(kind) = fields["kind"] else { return "" }
      guard kind == "effect", case let .string(event) = fields["event"], case let .int(effect) = fields["effect"] else {
        return kind
      }
      return "effect \(effect) \(event)"
    }
  }

  @Test func anEffectCancelledJustBeforeTheRecordingEndsIsCancelled() throws {
    let buffer = TraceBuffer()
    let reducer = EffectsBasics(clock: TestClock()).debug(to: .memory(buffer))
    let store = Store(initialState: EffectsBasics.State()) { reducer }
    store.send(.decrementButtonTapped)  // below zero: a one-second delay, cancellable
    store.send(.incrementButtonTapped)  // back to zero: `.cancel(id: CancelID.delay)`
    reducer.recorder.close()  // before the delay's task has wound down
    #expect(
      try events(buffer) == [
        "session", "state", "action", "effect 1 started", "action", "effect 2 started", "effect 2 finished",
        "effect 1 cancelled", "end",
      ])
    _ = store
  }

  @Test func anEffectCancelledThatWindsDownIsCancelledOnce() async throws {
    let buffer = TraceBuffer()
    let reducer = EffectsBasics(clock: TestClock()).debug(to: .memory(buffer))
    let store = Store(initialState: EffectsBasics.State()) { reducer }
    let delay = store.send(.decrementButtonTapped)
    store.send(.incrementButtonTapped)
    await delay.finish()
    reducer.recorder.close()
    #expect(
      try events(buffer) == [
        "session", "state", "action", "effect 1 started", "action", "effect 2 started", "effect 2 finished",
        "effect 1 cancelled", "end",
      ])
  }

  /// Cancelling a child effect started by an effect's action is not a cancel of that effect: the
  /// subscription stays running (it was written `cancelled`: the child started inside its
  /// context and took its observer along; found in review).
  @Test func cancellingAnEffectStartedByAnotherLeavesThatOneRunning() async throws {
    let buffer = TraceBuffer()
    let reducer = Ticker().debug(to: .memory(buffer))
    let store = Store(initialState: Ticker.State()) { reducer }
    let subscription = store.send(.start)
    for _ in 0..<200 where store.state.ticks < 2 { try await Task.sleep(for: .milliseconds(10)) }
    #expect(store.state.ticks == 2)
    reducer.recorder.close()
    #expect(
      try events(buffer) == [
        "session", "state", "action", "effect 1 started", "effect 1 output", "action", "effect 2 started",
        "effect 1 output", "action", "effect 3 started", "effect 2 cancelled", "end",
      ])
    subscription.cancel()
  }

  @Test func anEffectStillRunningAtTheEndIsLeftRunning() throws {
    let buffer = TraceBuffer()
    let reducer = EffectsBasics(clock: TestClock()).debug(to: .memory(buffer))
    let store = Store(initialState: EffectsBasics.State()) { reducer }
    store.send(.decrementButtonTapped)
    reducer.recorder.close()
    #expect(try events(buffer) == ["session", "state", "action", "effect 1 started", "end"])
    _ = store
  }
}
