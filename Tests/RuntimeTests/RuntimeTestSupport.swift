import Debugging
import Foundation
import Runtime

/// The `patch` of each line of `buffer` that has one, as JSON text, in order.
func recordedPatches(_ buffer: TraceBuffer) throws -> [String] {
  try buffer.lines.compactMap { line -> String? in
    guard case let .object(members) = try JSONReader.parse(line),
      let patch = members.first(where: { $0.key == "patch" })
    else { return nil }
    return JSONWriter.string(patch.value)
  }
}

/// A thread-safe list of lines that effects, observers and reducers append to.
final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []

  func append(_ line: String) { lock.withLock { storage.append(line) } }
  var all: [String] { lock.withLock { storage } }
}

/// Runs `body` with runtime warnings captured instead of printed; returns them.
@MainActor
func capturingWarnings(_ body: @MainActor () async -> Void) async -> [String] {
  let warnings = Lines()
  await RuntimeWarning.$handler.withValue({ warnings.append($0) }) {
    await body()
  }
  return warnings.all
}

/// The action of the small test features: a tap that returns the effect under test, and log lines.
enum LogAction: Equatable, Sendable {
  case tap
  case stop
  case log(String)
}

/// A feature whose state is a log of lines: `.tap` returns `tapEffect()`, `.stop` returns
/// `stopEffect()`, `.log(line)` appends `line`.
struct LogFeature: Reducer {
  var tapEffect: @Sendable () -> Effect<LogAction>
  var stopEffect: @Sendable () -> Effect<LogAction> = { .none }

  func reduce(into state: inout [String], action: LogAction) -> Effect<LogAction> {
    switch action {
    case .tap: return tapEffect()
    case .stop: return stopEffect()
    case let .log(line):
      state.append(line)
      return .none
    }
  }
}

/// A reducer that observes its base's effects as `.debug()` will: it logs each action with the
/// effect that sent it, and each effect event with the effect's id.
struct Instrumented<Base: Reducer>: Reducer where Base.Action: Sendable {
  let base: Base
  let name: String
  let lines: Lines
  let namespace = EffectID.Namespace()
  let counter = Counter()

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
      lock.withLock {
        value += 1
        return value
      }
    }
  }

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let sender = EffectContext.sender(in: namespace)
    lines.append("\(name): \(action) from \(sender.map { "\($0)" } ?? "user")")
    let effect = base.reduce(into: &state, action: action)
    let id = EffectID(namespace: namespace, number: counter.next())
    let (name, lines) = (self.name, self.lines)
    return effect.observed(as: id) { event in lines.append("\(name): \(id) \(event)") }
  }
}
