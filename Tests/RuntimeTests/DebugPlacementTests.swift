import Debugging
import ExampleFeatures
import Foundation
import Runtime
import Testing
import TraceTestSupport

/// `.debug()` where TCA users write it: on a child inside `body`, which is built again for every
/// action. Each placement records N of N actions into one valid file, with one session.
private struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var count = 0
  }
  enum Action: Equatable, Sendable { case tapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var other = Counter.State()
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
    var optional: Counter.State? = Counter.State()
    var mode: Mode = .counting(Counter.State())
  }
  enum Mode: Equatable, Sendable { case counting(Counter.State), idle }
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case other(Counter.Action)
    case rows(IdentifiedAction<Int, Row.Action>)
    case optional(Counter.Action)
    case mode(ModeReducer.Action)
  }

  let path: String
  let otherPath: String?

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) { Counter().debug("counter", to: .file(path)) }
    Scope(state: \.other, action: Action.other) { Counter().debug("other", to: .file(otherPath ?? path)) }
    rows
    optional
    Scope(state: \.mode, action: Action.mode) { ModeReducer(path: path) }
  }

  private var rows: some ReducerOf<Self> {
    Reduce<State, Action> { _, _ in .none }
      .forEach(\.rows, action: Action.rows) { Row().debug("row", to: .file(path)) }
  }

  private var optional: some ReducerOf<Self> {
    Reduce<State, Action> { _, _ in .none }
      .ifLet(\.optional, action: Action.optional) { Counter().debug("optional", to: .file(path)) }
  }
}

private struct ModeReducer: Reducer {
  typealias State = Parent.Mode
  enum Action: Equatable, Sendable { case counting(Counter.Action) }
  let path: String
  var body: some ReducerOf<Self> {
    Reduce<State, Action> { _, _ in .none }
      .ifCaseLet(AnyCasePath<State, Counter.State>(Parent.Mode.counting), action: Action.counting) {
        Counter().debug("mode", to: .file(path))
      }
  }
}

/// A child whose effect sends an action back: `.start` starts it, `.tick` comes from it.
private struct Ticker: Reducer {
  struct State: Equatable, Sendable { var ticks = 0 }
  enum Action: Equatable, Sendable { case start, tick }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in await send(.tick) }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

private struct TickerParent: Reducer {
  struct State: Equatable, Sendable { var ticker = Ticker.State() }
  enum Action: Equatable, Sendable { case ticker(Ticker.Action) }
  let path: String
  var body: some ReducerOf<Self> {
    Scope(state: \.ticker, action: Action.ticker) { Ticker().debug("ticker", to: .file(path)) }
  }
}

private func temporaryPath(_ name: String) -> String {
  traceTemporaryPath("\(name).jsonl")
}

/// The lines of `path` as JSON objects.
private func traceLines(_ path: String) throws -> [[String: JSON]] {
  try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
    guard case let .object(members) = try JSONReader.parse(String(line)) else { return [:] }
    return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
  }
}

/// `kind` (and `reducer` when present) of each line, e.g. `action counter`.
private func summary(_ lines: [[String: JSON]]) -> [String] {
  lines.map { line in
    var text = line["kind"].flatMap { if case let .string(s) = $0 { s } else { nil } } ?? "?"
    if case let .string(reducer)? = line["reducer"] { text += " " + reducer }
    return text
  }
}

@MainActor
@Suite(.serialized) struct DebugPlacementTests {
  @Test func aChildDebugInsideBodyRecordsEveryActionInOneSession() async throws {
    let path = temporaryPath("child-in-body")
    defer { unlink(path) }
    do {
      let store = Store(initialState: Parent.State()) { Parent(path: path, otherPath: temporaryPath("unused")) }
      for _ in 0..<50 { store.send(.counter(.incrementButtonTapped)) }
    }
    let lines = try traceLines(path)
    #expect(summary(lines) == ["session counter", "state"] + Array(repeating: "action", count: 50) + ["end"])
    #expect(lines.last?["actions"] == .int(50))
    let findings = TraceValidator.validate(try TraceReader(path: path))
    #expect(findings.map(\.description) == [])
  }

  /// The child's `.debug()` is made again for every action; the action its effect sends is still
  /// known as that effect's, with its `output` event, and the effect finishes where it did.
  @Test func aChildDebugInsideBodyKnowsWhichEffectSentAnAction() async throws {
    let path = temporaryPath("child-effect")
    defer { unlink(path) }
    do {
      let store = Store(initialState: TickerParent.State()) { TickerParent(path: path) }
      await store.send(.ticker(.start)).finish()
    }
    let lines = try traceLines(path)
    func describe(_ line: [String: JSON]) -> String {
      var text = line["kind"].flatMap { if case let .string(s) = $0 { s } else { nil } } ?? "?"
      if case let .string(label)? = line["label"] { text += " " + label }
      if case let .string(event)? = line["event"] { text += " " + event }
      if case let .int(effect)? = line["effect"] { text += " effect \(effect)" }
      return text
    }
    #expect(
      lines.map(describe) == [
        "session", "state", "action Ticker.Action.start", "effect Ticker.Action.start started effect 1",
        "effect Ticker.Action.tick output effect 1", "action Ticker.Action.tick effect 1", "effect finished effect 1",
        "end",
      ])
  }

  @Test func forEachIfLetAndIfCaseLetChildrenEachKeepOneSession() async throws {
    let path = temporaryPath("children")
    defer { unlink(path) }
    do {
      let store = Store(initialState: Parent.State()) { Parent(path: path, otherPath: nil) }
      for n in 0..<10 {
        store.send(.rows(.element(id: n % 2 + 1, action: .tapped)))
        store.send(.optional(.incrementButtonTapped))
        store.send(.mode(.counting(.decrementButtonTapped)))
      }
    }
    let lines = try traceLines(path)
    let kinds = summary(lines)
    #expect(kinds.filter { $0 == "action optional" }.count == 10)
    #expect(kinds.filter { $0 == "action mode" }.count == 10)
    #expect(kinds.first?.hasPrefix("session") == true)
    #expect(
      kinds.filter { $0.hasPrefix("session") }.sorted() == [
        "session counter", "session mode", "session optional", "session row",
      ])
    #expect(kinds.filter { $0.hasPrefix("end") }.sorted() == ["end", "end mode", "end optional", "end row"])
    #expect(kinds.filter { $0 == "action row" }.count == 10)
    for reducer in ["row", "optional", "mode"] {
      let findings = TraceValidator.validate(try TraceReader(path: path, reducer: reducer))
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      #expect(findings.map(\.description) == [], "\(reducer)\n\(text)")
    }
  }

  @Test func twoReducersInOneFileAreToldApartByTheirReducerKey() async throws {
    let path = temporaryPath("two-reducers")
    defer { unlink(path) }
    do {
      let store = Store(initialState: Parent.State()) { Parent(path: path, otherPath: nil) }
      store.send(.counter(.incrementButtonTapped))
      store.send(.other(.incrementButtonTapped))
      store.send(.other(.incrementButtonTapped))
      store.send(.counter(.decrementButtonTapped))
    }
    // Each reducer's lines, in order (the two workers interleave them in the file as they go).
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = try normalizedTrace(text).split(separator: "\n").map(String.init)
    let other = lines.filter { $0.contains(#""reducer":"other""#) }
    let counter = lines.filter { !$0.contains(#""reducer":"other""#) }
    #expect(
      counter.joined(separator: "\n") == """
        {"kind":"session","format":2,"reducer":"counter","name":"Counter","prefix":"counter","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":{"$type":"Counter.State","count":0}}
        {"kind":"action","seq":1,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"action","seq":2,"label":"Counter.Action.decrementButtonTapped","action":{"$enum":"Counter.Action","decrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":0}]}
        {"kind":"end","actions":2}
        """)
    #expect(
      other.joined(separator: "\n") == """
        {"kind":"session","format":2,"reducer":"other","name":"Counter","prefix":"other","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","reducer":"other","seq":0,"state":{"$type":"Counter.State","count":0}}
        {"kind":"action","reducer":"other","seq":1,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"action","reducer":"other","seq":2,"label":"Counter.Action.incrementButtonTapped","action":{"$enum":"Counter.Action","incrementButtonTapped":{}},"patch":[{"op":"replace","path":"/count","value":2}]}
        {"kind":"end","reducer":"other","actions":2}
        """)
    // Readers select a reducer by its tag; without one they read the first and say what else is there.
    let first = TraceValidator.validate(try TraceReader(path: path))
    #expect(
      first.map(\.description) == [
        "\(path): warning: this trace also holds reducer \"other\" (5 lines not read); select one with --prefix other"
      ])
    #expect(TraceValidator.validate(try TraceReader(path: path, reducer: "other")).map(\.description) == [])
    #expect(TraceValidator.validate(try TraceReader(path: path, reducer: "counter")).map(\.description) == [])
    #expect(
      TraceValidator.validate(try TraceReader(path: path, reducer: "nope")).map(\.description) == [
        "\(path):1: error: no reducer \"nope\" in this trace; it holds \"counter\", \"other\""
      ])
  }

  @Test func separateFilesForSeparateReducers() async throws {
    let path = temporaryPath("first"), other = temporaryPath("second")
    defer {
      unlink(path)
      unlink(other)
    }
    do {
      let store = Store(initialState: Parent.State()) { Parent(path: path, otherPath: other) }
      for _ in 0..<3 {
        store.send(.counter(.incrementButtonTapped))
        store.send(.other(.incrementButtonTapped))
      }
    }
    #expect(summary(try traceLines(path)) == ["session counter", "state", "action", "action", "action", "end"])
    #expect(summary(try traceLines(other)) == ["session other", "state", "action", "action", "action", "end"])
  }

  @Test func twoStoresRecordingTheSameReducerToOneFileAreTwoStreams() async throws {
    let path = temporaryPath("two-stores")
    defer { unlink(path) }
    do {
      let a = Store(initialState: Counter.State()) { Counter().debug(to: .file(path)) }
      let b = Store(initialState: Counter.State()) { Counter().debug(to: .file(path)) }
      a.send(.incrementButtonTapped)
      b.send(.decrementButtonTapped)
      a.send(.incrementButtonTapped)
    }
    let lines = summary(try traceLines(path))
    #expect(lines.filter { $0.hasPrefix("action") }.sorted() == ["action", "action", "action Counter#2"])
  }
}
