import Foundation
import Runtime
import Testing

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct EffectObservationTests {
  func events(of effect: @escaping @Sendable () -> Effect<LogAction>, send actions: [LogAction] = [.tap]) async -> (
    state: [String], events: [EffectEvent<LogAction>]
  ) {
    let events = EventList()
    let namespace = EffectID.Namespace()
    let store = Store(initialState: [String]()) {
      LogFeature(tapEffect: {
        effect().observed(as: EffectID(namespace: namespace, number: 1)) { events.append($0) }
      })
    }
    for action in actions { await store.send(action).finish() }
    return (store.state, events.all)
  }

  final class EventList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [EffectEvent<LogAction>] = []
    func append(_ event: EffectEvent<LogAction>) { lock.withLock { storage.append(event) } }
    var all: [EffectEvent<LogAction>] { lock.withLock { storage } }
  }

  @Test func sendReportsStartedOutputFinished() async {
    let (state, events) = await events(of: { .send(.log("a")) })
    #expect(state == ["a"])
    #expect(events == [.started, .output(.log("a")), .finished])
  }

  @Test func partsCountAsOneEffect() async {
    let (state, events) = await events(of: {
      .concatenate(
        .merge(.send(.log("a")), .run { send in await send(.log("b")) }),
        .run { send in await send(.log("c")) }
      )
    })
    #expect(state == ["a", "b", "c"])
    #expect(events == [.started, .output(.log("a")), .output(.log("b")), .output(.log("c")), .finished])
  }

  @Test func noneIsNotObserved() async {
    let (_, events) = await events(of: { .none })
    #expect(events == [])
  }

  @Test func cancelIsAnEffectThatFinishesAtOnce() async {
    let (_, events) = await events(of: { .cancel(id: "nothing") })
    #expect(events == [.started, .finished])
  }

  @Test func throwingEffectFinishes() async {
    struct Failure: Error {}
    let (state, events) = await events(of: {
      .run { _ in
        throw Failure()
      } catch: { _, send in
        await send(.log("caught"))
      }
    })
    #expect(state == ["caught"])
    #expect(events == [.started, .output(.log("caught")), .finished])
  }

  @Test func senderIsVisibleInsideReduce() async {
    let lines = Lines()
    let store = Store(initialState: [String]()) {
      Instrumented(
        base: LogFeature(tapEffect: {
          .merge(.send(.log("now")), .run { send in await send(.log("later")) })
        }),
        name: "root",
        lines: lines
      )
    }
    await store.send(.tap).finish()
    store.send(.log("by hand"))
    #expect(
      lines.all == [
        "root: tap from user",
        "root: effect#1 started",
        "root: effect#1 output(RuntimeTests.LogAction.log(\"now\"))",
        "root: log(\"now\") from effect#1",
        "root: effect#1 output(RuntimeTests.LogAction.log(\"later\"))",
        "root: log(\"later\") from effect#1",
        "root: effect#1 finished",
        "root: log(\"by hand\") from user",
      ]
    )
  }

  @Test func nestedObserversEachSeeTheirOwnSender() async {
    let lines = Lines()
    let store = Store(initialState: TwoLogs()) {
      Instrumented(
        base: Scope(state: \TwoLogs.child, action: TwoLogs.Action.child) {
          Instrumented(
            base: LogFeature(tapEffect: { .run { send in await send(.log("x")) } }),
            name: "child",
            lines: lines
          )
        },
        name: "parent",
        lines: lines
      )
    }
    await store.send(.child(.tap)).finish()
    #expect(store.state.child == ["x"])
    #expect(
      lines.all == [
        "parent: child(RuntimeTests.LogAction.tap) from user",
        "child: tap from user",
        "parent: effect#1 started",
        "child: effect#1 started",
        "child: effect#1 output(RuntimeTests.LogAction.log(\"x\"))",
        "parent: effect#1 output(RuntimeTests.TwoLogs.Action.child(RuntimeTests.LogAction.log(\"x\")))",
        "parent: child(RuntimeTests.LogAction.log(\"x\")) from effect#1",
        "child: log(\"x\") from effect#1",
        "child: effect#1 finished",
        "parent: effect#1 finished",
      ]
    )
  }

  @Test func effectIDsDescribeThemselves() {
    let namespace = EffectID.Namespace()
    #expect("\(EffectID(namespace: namespace, number: 3))" == "effect#3")
    #expect(EffectID.Namespace() != namespace)
  }
}

struct TwoLogs: Equatable {
  var child: [String] = []
  enum Action: Equatable, Sendable { case child(LogAction) }
}

@MainActor @Suite(.timeLimit(.minutes(1)))
struct EffectSenderAttributionTests {
  /// `.tap` → effect#1 sends `.stop` → effect#2 (started while effect#1's output is being
  /// reduced) sends `.log("x")`: the log must be attributed to effect#2, not inherited from #1.
  @Test func effectsStartedByEffectOutputsAreTheirOwnSenders() async {
    let lines = Lines()
    let store = Store(initialState: [String]()) {
      Instrumented(
        base: LogFeature(
          tapEffect: { .run { send in await send(.stop) } },
          stopEffect: {
            .concatenate(
              .run { send in await send(.log("x")) },
              .send(.log("y"))
            )
          }
        ),
        name: "f",
        lines: lines
      )
    }
    await store.send(.tap).finish()
    #expect(store.state == ["x", "y"])
    #expect(
      lines.all.filter { $0.contains(" from ") } == [
        "f: tap from user",
        "f: stop from effect#1",
        "f: log(\"x\") from effect#2",
        "f: log(\"y\") from effect#2",
      ])
  }
}
