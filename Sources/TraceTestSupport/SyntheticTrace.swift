import Debugging

/// Writes realistic, valid format-1 traces of a todos app, for tests and benchmarks (the real
/// recorder lives in Runtime). Deterministic: the same arguments give the same bytes.
///
/// Per ten actions: six toggles, a title edit, an add that starts a save effect, the effect's
/// output (or, for every fifth effect, its cancellation and a toggle), and a remove or a move.
/// A full `state` is written on every `keyframeInterval`-th action.
///
/// ```swift
/// let writer = TraceWriter.memory()
/// SyntheticTrace.write(actions: 3, stateSize: 2, to: writer)
/// print(writer.text)
/// ```
/// ```text
/// {"kind":"session","format":1,"name":"Todos",…}
/// {"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[…],"filter":…}}
/// {"kind":"action","seq":1,"t":…,"duration":…,"label":"Todos.Action.todos(.element(id:, action: .toggle))",…}
/// ```
package enum SyntheticTrace {
  /// `maximumBytes`: stop adding actions once the trace holds about that many bytes (the size is
  /// not proportional to `actions`: the state, and so the keyframes, grow as the session goes).
  package static func write(
    actions: Int, stateSize: Int, keyframeInterval: Int = 100, seed: UInt64 = 1, maximumBytes: Int? = nil,
    to writer: TraceWriter
  ) {
    var written = 0
    var scratch: [UInt8] = []
    // Counts the bytes only when there is a budget (the line is encoded twice then).
    func append(_ record: TraceRecord) {
      if maximumBytes != nil {
        scratch.removeAll(keepingCapacity: true)
        record.writeLine(into: &scratch)
        written += scratch.count
      }
      writer.append(record)
    }
    var lastSeq: Int64 = 0
    var generator = Generator(stateSize: stateSize, seed: seed)
    append(
      .session(
        TraceSession(
          format: 1, name: "Todos", start: "2026-11-21T19:33:07.123Z", platform: "Linux x86_64", pid: 4242,
          keyframeInterval: Int64(keyframeInterval), redacted: ["password"])))
    append(.state(TraceState(seq: 0, t: 0, state: generator.stateJSON)))
    var pendingEffect: Int64?
    var nextEffect: Int64 = 1
    for seq in 1...Int64(max(actions, 1)) where actions > 0 {
      if let maximumBytes, written >= maximumBytes { break }
      lastSeq = seq
      generator.t += 1_000 + Int64(generator.random(50_000))
      let duration = 2_000 + Int64(generator.random(40_000))
      let step = seq % 10
      var effect: Int64?
      var action: (label: String, value: JSON, patch: [JSONPatch.Operation])
      if step == 8, let pending = pendingEffect, pending % 5 != 0 {
        append(
          .effect(
            TraceEffectEvent(event: .output, effect: pending, t: generator.t - 500, seq: seq, label: Generator.saved)))
        action = (Generator.saved, generator.enumValue("saveResponse", [.init("_0", .bool(true))]), [])
        effect = pending
      } else {
        if step == 8, let pending = pendingEffect {
          append(.effect(TraceEffectEvent(event: .cancelled, effect: pending, t: generator.t - 500)))
          pendingEffect = nil
        }
        action = generator.nextAction(step: step)
      }
      let keyframe = keyframeInterval > 0 && seq % Int64(keyframeInterval) == 0
      append(
        .action(
          TraceAction(
            seq: seq, t: generator.t, duration: duration, label: action.label, action: action.value, effect: effect,
            patch: JSONPatch(action.patch), state: keyframe ? generator.stateJSON : nil)))
      if let sender = effect {
        append(.effect(TraceEffectEvent(event: .finished, effect: sender, t: generator.t + duration + 100)))
        pendingEffect = nil
      }
      if step == 7 {
        if let pending = pendingEffect {
          append(.effect(TraceEffectEvent(event: .cancelled, effect: pending, t: generator.t + duration)))
        }
        append(
          .effect(
            TraceEffectEvent(
              event: .started, effect: nextEffect, t: generator.t + duration, seq: seq, label: action.label, id: "save")
          ))
        pendingEffect = nextEffect
        nextEffect += 1
      }
      generator.t += duration
    }
    append(.end(TraceEnd(t: generator.t + 1_000, actions: lastSeq)))
  }

  /// The trace as text, through a memory writer.
  package static func text(actions: Int, stateSize: Int, keyframeInterval: Int = 100, seed: UInt64 = 1) -> String {
    let writer = TraceWriter.memory()
    write(actions: actions, stateSize: stateSize, keyframeInterval: keyframeInterval, seed: seed, to: writer)
    return writer.text
  }
}

/// The todos state being edited, and the random numbers that edit it.
private struct Generator {
  static let saved = "Todos.Action.saveResponse(_:)"
  var todos: [(id: Int, title: String, done: Bool)]
  var nextID: Int
  var seed: UInt64
  var t: Int64 = 0

  init(stateSize: Int, seed: UInt64) {
    todos = (0..<stateSize).map { ($0, "Todo \($0)", $0 % 3 == 0) }
    nextID = stateSize
    self.seed = seed
  }

  mutating func random(_ bound: Int) -> Int {
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    return bound <= 0 ? 0 : Int((seed >> 33) % UInt64(bound))
  }

  func uuid(_ id: Int) -> JSON {
    let hex = String(id, radix: 16, uppercase: true)
    let tail = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return .object([.init("$uuid", .string("DEADBEEF-0000-4000-8000-" + tail))])
  }

  func todoJSON(_ todo: (id: Int, title: String, done: Bool)) -> JSON {
    .object([
      .init("$type", .string("Todo")), .init("id", uuid(todo.id)), .init("title", .string(todo.title)),
      .init("isComplete", .bool(todo.done)),
    ])
  }

  var stateJSON: JSON {
    .object([
      .init("$type", .string("Todos.State")), .init("todos", .array(todos.map(todoJSON))),
      .init("filter", .object([.init("$enum", .string("Filter")), .init("all", .object([]))])),
    ])
  }

  func enumValue(_ name: String, _ values: [JSON.Member]) -> JSON {
    .object([.init("$enum", .string("Todos.Action")), .init(name, .object(values))])
  }

  func element(_ index: Int, _ action: JSON) -> JSON {
    enumValue(
      "todos",
      [
        .init(
          "_0",
          .object([
            .init("$enum", .string("IdentifiedAction")),
            .init("element", .object([.init("id", uuid(todos[index].id)), .init("action", action)])),
          ]))
      ])
  }

  func pointer(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: tokens) }

  mutating func nextAction(step: Int64) -> (label: String, value: JSON, patch: [JSONPatch.Operation]) {
    if todos.isEmpty || step == 7 {
      let id = nextID
      nextID += 1
      todos.append((id, "New todo \(id)", false))
      return (
        "Todos.Action.addButtonTapped", enumValue("addButtonTapped", []),
        [.add(path: pointer("todos", "-"), value: todoJSON(todos[todos.count - 1]))]
      )
    }
    let index = random(todos.count)
    switch step {
    case 6:
      todos[index].title += "!"
      let edit = JSON.object([
        .init("$enum", .string("Todo.Action")),
        .init("titleChanged", .object([.init("_0", .string(todos[index].title))])),
      ])
      return (
        "Todos.Action.todos(.element(id:, action: .titleChanged))", element(index, edit),
        [.replace(path: pointer("todos", String(index), "title"), value: .string(todos[index].title))]
      )
    case 9 where todos.count > 2 && random(2) == 0:
      let removed = todos.count - 1
      let value = enumValue("delete", [.init("_0", .array([.int(Int64(removed))]))])
      todos.removeLast()
      return ("Todos.Action.delete(_:)", value, [.remove(path: pointer("todos", String(removed)))])
    case 9 where todos.count > 1:
      todos.swapAt(0, 1)
      let value = enumValue("move", [.init("_0", .array([.int(0)])), .init("_1", .int(2))])
      return ("Todos.Action.move(_:_:)", value, [.move(from: pointer("todos", "0"), path: pointer("todos", "1"))])
    default:
      todos[index].done.toggle()
      let toggle = JSON.object([.init("$enum", .string("Todo.Action")), .init("toggle", .object([]))])
      return (
        "Todos.Action.todos(.element(id:, action: .toggle))", element(index, toggle),
        [.replace(path: pointer("todos", String(index), "isComplete"), value: .bool(todos[index].done))]
      )
    }
  }
}
