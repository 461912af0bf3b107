import Debugging
import ExampleFeatures
import Foundation
import Runtime
import Testing

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
