import Foundation
import Runtime
import Testing

// When an `ifLet` child goes away, the runtime cancels its effects. The trace shows those effects
// `cancelled`; the cancellation itself is bookkeeping, not an anonymous effect of its own.

struct Ticker: Reducer {
  struct State: Equatable, Sendable { var ticks = 0 }
  enum Action: Equatable, Sendable { case startTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { _ in try? await Task.sleep(for: .seconds(60)) }
  }
}

struct TickerHost: Reducer {
  struct State: Equatable, Sendable { var ticker: Ticker.State? }
  enum Action: Equatable, Sendable {
    case present, dismiss
    case ticker(Ticker.Action)
    static let tickerCase = AnyCasePath<Self, Ticker.Action>(embed: Self.ticker) { action in
      if case let .ticker(tickerAction) = action { tickerAction } else { nil }
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present: state.ticker = Ticker.State()
      case .dismiss: state.ticker = nil
      case .ticker: break
      }
      return .none
    }
    .ifLet(\.ticker, action: Action.tickerCase) { Ticker() }
  }
}

@MainActor
@Suite struct ChildCancellationTraceTests {
  @Test func dismissingAChildShowsItsEffectCancelledAndNoAnonymousEffect() async throws {
    let directory = TemporaryDirectory()
    let path = directory.path("ticker.jsonl")
    var options = TraceRecorderOptions()
    options.timestamps = .deterministic
    let reducer = TickerHost().debug(to: .file(path), options: options)
    let store = Store(initialState: TickerHost.State()) { reducer }
    await store.send(.present).finish()
    let running = store.send(.ticker(.startTapped))
    await store.send(.dismiss).finish()
    await running.finish()
    reducer.recorder.close()
    let effects = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains(#""kind":"effect""#) }
      .map { line in
        ["started", "finished", "cancelled"].first { line.contains(#""event":"\#($0)""#) } ?? "?"
      }
    #expect(effects == ["started", "cancelled"])
  }
}
