import Runtime
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TestClockTests {
  @Test func sleepersWakeOnlyWhenTheClockReachesTheirDeadline() async throws {
    let clock = TestClock()
    let woke = Lines()
    let task = Task {
      try await clock.sleep(for: .seconds(2))
      woke.append("woke at \(clock.now.offset)")
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(woke.all == [])
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(woke.all == ["woke at 2.0 seconds"])
  }

  @Test func cancellingASleeperThrowsCancellationError() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func pastDeadlinesReturnAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(5))
  }
}
