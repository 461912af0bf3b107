import Runtime
import Testing

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct CancellationTests {
  enum CancelID { case sleep }

  /// `.tap` starts a one-second sleep that logs "done", observed into `lines` as effect#N.
  func makeStore(clock: TestClock, lines: Lines, cancelInFlight: Bool = false) -> StoreOf<Instrumented<LogFeature>> {
    Store(initialState: []) {
      Instrumented(
        base: LogFeature(
          tapEffect: {
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.log("done"))
            }
            .cancellable(id: CancelID.sleep, cancelInFlight: cancelInFlight)
          },
          stopEffect: { .cancel(id: CancelID.sleep) }
        ),
        name: "feature",
        lines: lines
      )
    }
  }

  @Test func cancelInFlightRestartsTheEffect() async {
    let clock = TestClock()
    let lines = Lines()
    let store = makeStore(clock: clock, lines: lines, cancelInFlight: true)
    let first = store.send(.tap)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.tap)
    await first.finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])  // the restarted sleep is only half over
    await clock.advance(by: .milliseconds(500))
    await second.finish()
    #expect(store.state == ["done"])
    #expect(
      lines.all == [
        "feature: tap from user",
        "feature: effect#1 started",
        "feature: tap from user",
        "feature: effect#2 started",
        "feature: effect#1 cancelled",
        "feature: effect#2 output(RuntimeTests.LogAction.log(\"done\"))",
        "feature: log(\"done\") from effect#2",
        "feature: effect#2 finished",
      ]
    )
  }

  @Test func withoutCancelInFlightBothEffectsRun() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, lines: Lines())
    let first = store.send(.tap)
    let second = store.send(.tap)
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(store.state == ["done", "done"])
  }

  @Test func cancelByIDCancelsEveryEffectWithTheID() async {
    let clock = TestClock()
    let lines = Lines()
    let store = makeStore(clock: clock, lines: lines)
    let first = store.send(.tap)
    let second = store.send(.tap)
    await clock.waitForSleepers(2)
    store.send(.stop)
    await first.finish()
    await second.finish()
    await clock.advance(by: .seconds(1))
    #expect(store.state == [])
    #expect(clock.sleeperCount == 0)
    // The two cancellations end in either order.
    #expect(
      lines.all.sorted() == [
        "feature: effect#1 cancelled",
        "feature: effect#1 started",
        "feature: effect#2 cancelled",
        "feature: effect#2 started",
        "feature: effect#3 finished",
        "feature: effect#3 started",
        "feature: stop from user",
        "feature: tap from user",
        "feature: tap from user",
      ]
    )
  }

  @Test func cancellingTheStoreTaskCancelsItsEffects() async {
    let clock = TestClock()
    let lines = Lines()
    let store = makeStore(clock: clock, lines: lines)
    let task = store.send(.tap)
    await clock.waitForSleepers(1)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    #expect(clock.sleeperCount == 0)
    #expect(lines.all == ["feature: tap from user", "feature: effect#1 started", "feature: effect#1 cancelled"])
  }

  @Test func cancellingTheTaskThatAwaitsFinishCancelsTheEffects() async {
    let clock = TestClock()
    let lines = Lines()
    let store = makeStore(clock: clock, lines: lines)
    let task = store.send(.tap)
    await clock.waitForSleepers(1)
    let waiter = Task { await task.finish() }
    waiter.cancel()
    await waiter.value
    await task.finish()
    #expect(store.state == [])
    #expect(lines.all.last == "feature: effect#1 cancelled")
  }

  @Test func actionsSentAfterCancellationAreDropped() async {
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        .run { send in
          await send(.log("before"))
          withUnsafeCurrentTask { $0?.cancel() }
          await send(.log("after"))
        }
      })
    }
    await store.send(.tap).finish()
    #expect(store.state == ["before"])
  }

  @Test func cancelIDsArePerStore() async {
    let clock = TestClock()
    let first = makeStore(clock: clock, lines: Lines())
    let second = makeStore(clock: clock, lines: Lines())
    let task = first.send(.tap)
    await clock.waitForSleepers(1)
    second.send(.stop)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(first.state == ["done"])
  }
}
