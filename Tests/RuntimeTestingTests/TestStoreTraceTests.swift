import Debugging
import ExampleFeatures
import Foundation
import RuntimeTesting
import Testing
import TraceTestSupport

/// Golden traces: a `TestStore` records its run as `.debug()` does; with deterministic
/// timestamps the file is the same bytes on every run, and it validates.
@MainActor
@Suite struct TestStoreTraceTests {
  /// A new path in a fresh temporary directory (removed when the test process exits).
  func temporaryPath(_ name: String) throws -> String {
    traceTemporaryPath(name)
  }

  /// The seed's "complete a todo" test, recorded.
  func recordCompleteTodo(to path: String) async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Todos.State(todos: [
        Todo.State(description: "Milk", id: UUID(10)),
        Todo.State(description: "Eggs", id: UUID(11)),
      ]),
      clock: clock,
      trace: .file(path),
      timestamps: .deterministic
    ) {
      Todos(clock: clock, uuid: .incrementing())
    }
    await store.send(.todos(.element(id: UUID(10), action: .checkBoxToggled))) {
      $0.todos[id: UUID(10)]?.isComplete = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.sortCompletedTodos) {
      $0.todos = [$0.todos[1], $0.todos[0]]
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(Todo.State(id: UUID(0)), at: 0)
    }
  }

  @Test func deterministicTraceIsByteIdenticalAcrossRunsAndValidates() async throws {
    let first = try temporaryPath("todos.jsonl")
    let second = try temporaryPath("todos.jsonl")
    await recordCompleteTodo(to: first)
    await recordCompleteTodo(to: second)

    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
    #expect(TraceValidator.validate(try TraceReader(path: first)).map(\.description) == [])

    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    let platform = try JSONReader.parse(lines[0])["platform"]?.stringValue ?? "?"
    #expect(
      lines == [
        #"{"kind":"session","format":2,"reducer":"Todos","name":"Todos","prefix":"","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"\#(platform)","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo.State","description":"Milk","id":{"$uuid":"00000000-0000-0000-0000-00000000000A"},"isComplete":false},{"$type":"Todo.State","description":"Eggs","id":{"$uuid":"00000000-0000-0000-0000-00000000000B"},"isComplete":false}]}}"#,
        #"{"kind":"action","seq":1,"t":1000000,"duration":0,"label":"Todos.Action.todos(.element(id:, action: .checkBoxToggled))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction<UUID, Todo.Action>","element":{"id":{"$uuid":"00000000-0000-0000-0000-00000000000A"},"action":{"$enum":"Todo.Action","checkBoxToggled":{}}}}}},"patch":[{"op":"replace","path":"/todos/0/isComplete","value":true}]}"#,
        #"{"kind":"effect","event":"started","effect":1,"seq":1,"t":2000000,"label":"Todos.Action.todos(.element(id:, action: .checkBoxToggled))","id":"Todos.CancelID.todoCompletion"}"#,
        #"{"kind":"effect","event":"output","effect":1,"seq":2,"t":3000000,"label":"Todos.Action.sortCompletedTodos"}"#,
        #"{"kind":"action","seq":2,"t":4000000,"duration":0,"label":"Todos.Action.sortCompletedTodos","effect":1,"action":{"$enum":"Todos.Action","sortCompletedTodos":{}},"patch":[{"op":"move","from":"/todos/1","path":"/todos/0"}]}"#,
        #"{"kind":"effect","event":"finished","effect":1,"t":5000000}"#,
        #"{"kind":"action","seq":3,"t":6000000,"duration":0,"label":"Todos.Action.addTodoButtonTapped","action":{"$enum":"Todos.Action","addTodoButtonTapped":{}},"patch":[{"op":"add","path":"/todos/0","value":{"$type":"Todo.State","description":"","id":{"$uuid":"00000000-0000-0000-0000-000000000000"},"isComplete":false}}]}"#,
        #"{"kind":"end","t":7000000,"actions":3}"#,
      ])
    let permissions = try FileManager.default.attributesOfItem(atPath: first)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
  }

  @Test func deterministicCounterTraceInFull() async throws {
    let path = try temporaryPath("counter.jsonl")
    do {
      let store = TestStore(
        initialState: Counter.State(), reducer: Counter(), trace: .file(path), timestamps: .deterministic
      )
      await store.send(.incrementButtonTapped) { $0.count = 1 }
      await store.send(.decrementButtonTapped) { $0.count = 0 }
    }

    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let header = try JSONReader.parse(lines[0])
    let platform = header["platform"]?.stringValue ?? "?"
    #expect(
      lines == [
        #"{"kind":"session","format":2,"reducer":"Counter","name":"Counter","prefix":"","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"\#(platform)","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#,
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Counter.State","count":0}}"#,
        #"{"kind":"action","seq":1,"t":1000000,"duration":0,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":1}]}"#,
        #"{"kind":"action","seq":2,"t":2000000,"duration":0,"label":"Counter.Action.decrementButtonTapped","action":{"$enum":"Counter.Action","decrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":0}]}"#,
        #"{"kind":"end","t":3000000,"actions":2}"#,
      ])
  }

  @Test func realTimestampsGoToALineSink() async throws {
    let lines = LineCollector()
    do {
      let store = TestStore(initialState: Counter.State(), reducer: Counter(), trace: .lines { lines.append($0) })
      await store.send(.incrementButtonTapped) { $0.count = 1 }
    }
    let kinds = lines.all.map { try! JSONReader.parse(String($0.dropLast()))["kind"]?.stringValue ?? "?" }
    #expect(kinds == ["session", "state", "action", "end"])
    #expect(lines.all.allSatisfy { $0.hasSuffix("\n") })
    let header = try JSONReader.parse(String(lines.all[0].dropLast()))
    #expect(header["start"]?.stringValue != "1970-01-01T00:00:00.000Z")
  }

  @Test func aTraceFileThatCannotBeCreatedIsAFailure() async {
    let log = FailureLog()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(),
      trace: .file("/nonexistent-directory/counter.jsonl"), timestamps: .deterministic,
      failureReporter: log.reporter
    )
    await store.send(.incrementButtonTapped) { $0.count = 1 }

    #expect(
      log.messages == [
        "Cannot record the trace: cannot create the trace file /nonexistent-directory/counter.jsonl"
      ])
  }
}

/// Lines handed to a `.lines` trace, from the recorder's thread.
final class LineCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
