import Runtime
import Testing

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct EffectTests {
  @Test func noneChangesNothingAndStartsNoTask() async {
    let store = Store(initialState: [String]()) { LogFeature(tapEffect: { .none }) }
    let task = store.send(.tap)
    await task.finish()
    #expect(store.state == [])
    #expect(task == store.send(.tap))  // both empty tasks
  }

  @Test func sendIsReducedBeforeSendReturns() {
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: { .merge(.send(.log("a")), .send(.log("b"))) })
    }
    store.send(.tap)
    #expect(store.state == ["a", "b"])
  }

  @Test func runSendsManyActionsInOrder() async {
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        .run { send in
          for i in 0..<1000 { await send(.log("\(i)")) }
        }
      })
    }
    await store.send(.tap).finish()
    #expect(store.state == (0..<1000).map { "\($0)" })
  }

  @Test func mergeRunsPartsConcurrently() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        .merge(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.log("slow"))
          },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.log("fast"))
          }
        )
      })
    }
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    let task = store.send(.tap)
    _ = await states.next()  // the tap itself
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    #expect(await states.next() == ["fast"])
    await clock.advance(by: .seconds(1))
    #expect(await states.next() == ["fast", "slow"])
    await task.finish()
  }

  @Test func concatenateRunsPartsOneAfterAnother() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.log("first"))
          },
          .send(.log("second")),
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.log("third"))
          }
        )
      })
    }
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    let task = store.send(.tap)
    _ = await states.next()
    await clock.waitForSleepers(1)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(2))
    #expect(await states.next() == ["first"])
    #expect(await states.next() == ["first", "second"])
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await states.next() == ["first", "second", "third"])
    await task.finish()
  }

  @Test func concatenateOfSynchronousPartsRunsSynchronously() {
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: { .concatenate(.send(.log("a")), .none, .send(.log("b"))) })
    }
    store.send(.tap)
    #expect(store.state == ["a", "b"])
  }

  @Test func mapTransformsEveryAction() async {
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        Effect<String>.merge(.send("a"), .run { send in await send("b") })
          .map { LogAction.log($0.uppercased()) }
      })
    }
    await store.send(.tap).finish()
    #expect(store.state == ["A", "B"])
  }

  @Test func thrownErrorGoesToCatchHandler() async {
    struct Failure: Error {}
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        .run { send in
          await send(.log("before"))
          throw Failure()
        } catch: { error, send in
          await send(.log("caught \(error)"))
        }
      })
    }
    await store.send(.tap).finish()
    #expect(store.state == ["before", "caught Failure()"])
  }

  @Test func unhandledErrorIsAWarning() async {
    struct Failure: Error {}
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: { .run(operation: { _ in throw Failure() }, fileID: "Feature.swift", line: 7) })
    }
    let warnings = await capturingWarnings {
      await store.send(.tap).finish()
    }
    #expect(
      warnings == [
        """
        An "Effect.run" returned from "Feature.swift:7" threw an unhandled error:

          Failure()

        All non-cancellation errors must be handled, for example with the "catch" parameter of \
        "Effect.run".
        """
      ]
    )
  }

  @Test func manyEffectsInFlight() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.log("done"))
        }
      })
    }
    let tasks = (0..<200).map { _ in store.send(.tap) }
    await clock.waitForSleepers(200)
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.finish() }
    #expect(store.state.count == 200)
  }
}
