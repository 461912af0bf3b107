import Debugging
import ExampleFeatures
import Foundation
import Runtime
import Testing

/// Trace lines without the keys that change from run to run (`t`, `duration`, `start`, `origin`,
/// `pid`, `platform`), one per line.
func normalizedTrace(_ text: String) throws -> String {
  let varying: Set<String> = ["t", "duration", "start", "origin", "pid", "platform"]
  return try text.split(separator: "\n").map { line in
    guard case let .object(members) = try JSONReader.parse(String(line)) else { return String(line) }
    return JSONWriter.string(.object(members.filter { !varying.contains($0.key) }))
  }.joined(separator: "\n")
}

/// A parent that records only its first counter, with a prefix.
private struct RecordedChild: Reducer {
  let counter1: DebugReducer<Counter>
  var body: some ReducerOf<TwoCounters> {
    Scope(state: \.counter1, action: TwoCounters.Action.counter1) { counter1 }
    Scope(state: \.counter2, action: TwoCounters.Action.counter2) { Counter() }
  }
}

@MainActor
@Suite(.serialized) struct DebugReducerTests {
  @Test func recordsAStoresActionsStateChangesAndEffects() async throws {
    let buffer = TraceBuffer()
    let reducer = EffectsBasics(clock: TestClock(), factClient: .good).debug(to: .memory(buffer))
    let store = Store(initialState: EffectsBasics.State()) { reducer }
    await store.send(.numberFactButtonTapped).finish()
    reducer.recorder.close()
    #expect(
      try normalizedTrace(buffer.text) == """
        {"kind":"session","format":2,"reducer":"EffectsBasics","name":"EffectsBasics","prefix":"","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":{"$type":"EffectsBasics.State","count":0,"isNumberFactRequestInFlight":false,"numberFact":null}}
        {"kind":"action","seq":1,"label":"EffectsBasics.Action.numberFactButtonTapped","action":{"$enum":"EffectsBasics.Action","numberFactButtonTapped":{}},"patch":[{"op":"replace","path":"/isNumberFactRequestInFlight","value":true}]}
        {"kind":"effect","event":"started","effect":1,"seq":1,"label":"EffectsBasics.Action.numberFactButtonTapped"}
        {"kind":"effect","event":"output","effect":1,"seq":2,"label":"EffectsBasics.Action.numberFactResponse(.success)"}
        {"kind":"action","seq":2,"label":"EffectsBasics.Action.numberFactResponse(.success)","effect":1,"action":{"$enum":"EffectsBasics.Action","numberFactResponse":{"_0":{"$enum":"Result<String, NumbersAPIError>","success":{"_0":"0 is a good number."}}}},"patch":[{"op":"replace","path":"/isNumberFactRequestInFlight","value":false},{"op":"replace","path":"/numberFact","value":"0 is a good number."}]}
        {"kind":"effect","event":"finished","effect":1}
        {"kind":"end","actions":2}
        """)
  }

  @Test func aChildReducerRecordsItsOwnViewWithItsPrefix() async throws {
    let buffer = TraceBuffer()
    let parent = RecordedChild(counter1: Counter().debug("counter1", to: .memory(buffer)))
    let store = Store(initialState: TwoCounters.State()) { parent }
    await store.send(.counter1(.incrementButtonTapped)).finish()
    await store.send(.counter2(.incrementButtonTapped)).finish()
    await store.send(.counter1(.incrementButtonTapped)).finish()
    parent.counter1.recorder.close()
    #expect(
      try normalizedTrace(buffer.text) == """
        {"kind":"session","format":2,"reducer":"counter1","name":"Counter","prefix":"counter1","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":{"$type":"Counter.State","count":0}}
        {"kind":"action","seq":1,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"action","seq":2,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":2}]}
        {"kind":"end","actions":2}
        """)
  }

  @Test func severalStoresRecordAtOnce() async throws {
    let a = TraceBuffer(), b = TraceBuffer()
    let reducerA = Counter().debug(to: .memory(a)), reducerB = Counter().debug(to: .memory(b))
    let storeA = Store(initialState: Counter.State()) { reducerA }
    let storeB = Store(initialState: Counter.State(count: 10)) { reducerB }
    for _ in 0..<3 {
      storeA.send(.incrementButtonTapped)
      storeB.send(.decrementButtonTapped)
    }
    reducerA.recorder.close()
    reducerB.recorder.close()
    #expect(a.lines.count == 6)
    #expect(b.lines.count == 6)
    #expect(a.lines[4].contains(#""path":"/count","value":3}"#))
    #expect(b.lines[4].contains(#""path":"/count","value":7}"#))
  }

  @Test func theDefaultLocationIsTheTraceDirectory() async throws {
    let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("debug-default-\(UUID().uuidString)")
    setenv(TraceSink.directoryVariable, directory, 1)
    defer {
      unsetenv(TraceSink.directoryVariable)
      try? FileManager.default.removeItem(atPath: directory)
    }
    let reducer = Counter().debug()
    let store = Store(initialState: Counter.State()) { reducer }
    await store.send(.incrementButtonTapped).finish()
    reducer.recorder.close()
    let path = try #require(reducer.recorder.path)
    #expect(path.hasPrefix(directory + "/Counter-"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 4)
  }

  @Test func filteredActionsAndTheirEffectsAreLeftOut() async throws {
    let buffer = TraceBuffer()
    let clock = TestClock()
    var options = TraceRecorderOptions()
    options.actionFilter = .deny(["*.checkBoxToggled))"])
    let reducer = Todos(clock: clock, uuid: .incrementing()).debug(to: .memory(buffer), options: options)
    let store = Store(initialState: Todos.State()) { reducer }
    await store.send(.addTodoButtonTapped).finish()
    let toggle = store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await toggle.finish()
    reducer.recorder.close()
    let labels = buffer.lines.compactMap { line in
      (try? JSONReader.parse(line)).flatMap {
        $0["kind"]?.stringValue == "action" ? $0["label"]?.stringValue : $0["kind"]?.stringValue
      }
    }
    #expect(
      labels == ["session", "state", "Todos.Action.addTodoButtonTapped", "Todos.Action.sortCompletedTodos", "end"])
    // The toggle's change is in the next recorded action's patch.
    #expect(buffer.lines[3].contains(#""patch":[{"op":"replace","path":"/todos/0/isComplete","value":true}]"#))
    #expect(!buffer.text.contains(#""kind":"effect""#))
  }

  /// Filtered actions after the last recorded one: the trace still ends on the store's state
  /// (a `state` line before `end`, written when the recorder closes).
  @Test func filteredActionsAtTheEndStillReachTheTrace() async throws {
    let buffer = TraceBuffer()
    var options = TraceRecorderOptions()
    options.actionFilter = .deny(["*.incrementButtonTapped"])
    let reducer = Counter().debug(to: .memory(buffer), options: options)
    let store = Store(initialState: Counter.State()) { reducer }
    await store.send(.decrementButtonTapped).finish()
    await store.send(.incrementButtonTapped).finish()
    await store.send(.incrementButtonTapped).finish()
    reducer.recorder.close()
    #expect(store.state.count == 1)
    #expect(
      try normalizedTrace(buffer.text) == """
        {"kind":"session","format":2,"reducer":"Counter","name":"Counter","prefix":"","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":{"$type":"Counter.State","count":0}}
        {"kind":"action","seq":1,"label":"Counter.Action.decrementButtonTapped","action":{"$enum":"Counter.Action","decrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":-1}]}
        {"kind":"note","note":"info","message":"2 actions after #1 were filtered out; the state after them follows"}
        {"kind":"state","seq":1,"state":{"$type":"Counter.State","count":1}}
        {"kind":"end","actions":1}
        """)
  }

  @Test func startedLinesCarryTheCancellationID() async throws {
    let buffer = TraceBuffer()
    let clock = TestClock()
    let reducer = Todos(clock: clock, uuid: .incrementing()).debug(to: .memory(buffer))
    let store = Store(initialState: Todos.State()) { reducer }
    await store.send(.addTodoButtonTapped).finish()
    let toggle = store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await toggle.finish()
    reducer.recorder.close()
    #expect(
      try normalizedTrace(buffer.text) == """
        {"kind":"session","format":2,"reducer":"Todos","name":"Todos","prefix":"","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":{"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[]}}
        {"kind":"action","seq":1,"label":"Todos.Action.addTodoButtonTapped","action":{"$enum":"Todos.Action","addTodoButtonTapped":{}},"patch":[{"op":"add","path":"/todos/0","value":{"$type":"Todo.State","description":"","id":{"$uuid":"00000000-0000-0000-0000-000000000000"},"isComplete":false}}]}
        {"kind":"action","seq":2,"label":"Todos.Action.todos(.element(id:, action: .checkBoxToggled))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction<UUID, Todo.Action>","element":{"id":{"$uuid":"00000000-0000-0000-0000-000000000000"},"action":{"$enum":"Todo.Action","checkBoxToggled":{}}}}}},"patch":[{"op":"replace","path":"/todos/0/isComplete","value":true}]}
        {"kind":"effect","event":"started","effect":1,"seq":2,"label":"Todos.Action.todos(.element(id:, action: .checkBoxToggled))","id":"Todos.CancelID.todoCompletion"}
        {"kind":"effect","event":"output","effect":1,"seq":3,"label":"Todos.Action.sortCompletedTodos"}
        {"kind":"action","seq":3,"label":"Todos.Action.sortCompletedTodos","effect":1,"action":{"$enum":"Todos.Action","sortCompletedTodos":{}},"patch":[]}
        {"kind":"effect","event":"finished","effect":1}
        {"kind":"end","actions":3}
        """)
  }

  enum CancelID { case save }

  @Test func aStringIDIsItselfAndSeveralIDsAreJoined() async throws {
    let buffer = TraceBuffer()
    let reducer = LogFeature(
      tapEffect: { .run { send in await send(.log("sorted")) }.cancellable(id: "sort") },
      stopEffect: {
        .merge(
          .run { _ in }.cancellable(id: "sort"),
          .run { _ in }.cancellable(id: CancelID.save),
          .run { _ in }.cancellable(id: 42)
        )
      }
    ).debug(to: .memory(buffer))
    let store = Store(initialState: [String]()) { reducer }
    await store.send(.tap).finish()
    await store.send(.stop).finish()
    reducer.recorder.close()
    #expect(
      try normalizedTrace(buffer.text) == """
        {"kind":"session","format":2,"reducer":"Swift.Array<Swift.String>","name":"Swift.Array<Swift.String>","prefix":"","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":[]}
        {"kind":"action","seq":1,"label":"LogAction.tap","action":{"$enum":"LogAction","tap":{}},"patch":[]}
        {"kind":"effect","event":"started","effect":1,"seq":1,"label":"LogAction.tap","id":"sort"}
        {"kind":"effect","event":"output","effect":1,"seq":2,"label":"LogAction.log"}
        {"kind":"action","seq":2,"label":"LogAction.log","effect":1,"action":{"$enum":"LogAction","log":{"_0":"sorted"}},"patch":[{"op":"add","path":"/0","value":"sorted"}]}
        {"kind":"effect","event":"finished","effect":1}
        {"kind":"action","seq":3,"label":"LogAction.stop","action":{"$enum":"LogAction","stop":{}},"patch":[]}
        {"kind":"effect","event":"started","effect":2,"seq":3,"label":"LogAction.stop","id":"sort, DebugReducerTests.CancelID.save, 42"}
        {"kind":"effect","event":"finished","effect":2}
        {"kind":"end","actions":3}
        """)
  }
}
