import Foundation
import Runtime

// Runtime benchmarks: how fast actions go through a bare Store, against calling the reducer
// directly in the same run.
//
//   swift run -c release Benchmarks store

/// Counts up; the smallest useful reducer.
private struct Tally: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += action ? 1 : -1
    return .none
  }
}

/// A list of rows addressed by id through `forEach`, as the Todos example is.
private struct Rows: Reducer {
  struct Row: Identifiable, Sendable {
    var id: Int
    var title: String
  }
  struct State { var rows: IdentifiedArrayOf<Row> }
  enum Action: Sendable { case rows(IdentifiedAction<Int, String>) }

  /// The reflective case path (`Action.rows`) or an explicit one.
  let casePath: AnyCasePath<Action, IdentifiedAction<Int, String>>

  static let reflective = Rows(casePath: AnyCasePath(Action.rows))
  static let explicit = Rows(
    casePath: AnyCasePath(embed: Action.rows) { action in
      if case let .rows(rowAction) = action { rowAction } else { nil }
    })

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: casePath) {
        Reduce<Row, String> { row, title in
          // "wait" starts an effect that runs until it is cancelled.
          if title == "wait" { return .run { _ in try await Task.sleep(for: .seconds(3_600)) } }
          row.title = title
          return .none
        }
      }
  }
}

/// `.tap` sends one `.log` back through a `.send` effect, observed or not.
private struct Echo: Reducer {
  enum Action: Sendable { case tap, echo }
  let observed: Bool
  let namespace = EffectID.Namespace()

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      let effect = Effect<Action>.send(.echo)
      return observed ? effect.observed(as: EffectID(namespace: namespace, number: state)) { _ in } : effect
    case .echo:
      state += 1
      return .none
    }
  }
}

@MainActor
func runRuntimeBenchmarks(filter: String?) {
  let count = 100_000

  if selected("store: bare Store actions/s", filter) {
    let store = Store(initialState: 0) { Tally() }
    let ours = median { for _ in 0..<count { store.send(true) } }
    var state = 0
    let reducer = Tally()
    let baseline = median { for _ in 0..<count { _ = reducer.reduce(into: &state, action: true) } }
    report(
      "store: bare Store, \(count) actions", ours: ours, baseline: ("reducer called directly", baseline),
      extra: "\(Int(Double(count) / ours)) actions/s"
    )
  }

  for (name, rows) in [("explicit", Rows.explicit), ("reflective", Rows.reflective)]
  where selected("store: forEach by id, \(name) case path", filter) {
    let initial = Rows.State(rows: IdentifiedArray(uniqueElements: (0..<1_000).map { Rows.Row(id: $0, title: "") }))
    let store = Store(initialState: initial) { rows }
    let actions = 10_000
    let ours = median { for i in 0..<actions { store.send(.rows(.element(id: i % 1_000, action: "t"))) } }
    var state = initial
    let baseline = median {
      for i in 0..<actions { state.rows[id: i % 1_000]?.title = "t" }
    }
    report(
      "store: forEach by id over 1,000 rows, \(name) case path, \(actions) actions", ours: ours,
      baseline: ("direct state.rows[id:] write", baseline),
      extra: "\(Int(Double(actions) / ours)) actions/s"
    )
  }

  if selected("store: forEach with child effects in flight", filter) {
    let initial = Rows.State(rows: IdentifiedArray(uniqueElements: (0..<1_000).map { Rows.Row(id: $0, title: "") }))
    let quiet = Store(initialState: initial) { Rows.explicit }
    let busy = Store(initialState: initial) { Rows.explicit }
    let actions = 10_000
    // The in-flight registry is process-wide: measure the baseline before any effect starts.
    let baseline = median { for i in 0..<actions { quiet.send(.rows(.element(id: i % 1_000, action: "t"))) } }
    let waiting = (0..<10).map { busy.send(.rows(.element(id: $0 * 100, action: "wait"))) }
    let ours = median { for i in 0..<actions { busy.send(.rows(.element(id: i % 1_000, action: "t"))) } }
    for task in waiting { task.cancel() }
    // What comparing the ids before and after every action (instead of only those in flight) costs.
    let diff =
      median(runs: 3) {
        for _ in 0..<actions / 10 { _ = Set(initial.rows.ids).subtracting(initial.rows.ids) }
      } * 10
    report(
      "store: forEach over 1,000 rows, 10 child effects in flight, \(actions) actions", ours: ours,
      baseline: ("none in flight", baseline),
      extra: String(
        format: "%.0f ns per action for the in-flight check; diffing all ids would add %@",
        (ours - baseline) / Double(actions) * 1e9, formatSeconds(diff)
      )
    )
  }

  if selected("store: observed effect", filter) {
    let plain = Store(initialState: 0) { Echo(observed: false) }
    let observed = Store(initialState: 0) { Echo(observed: true) }
    let baseline = median { for _ in 0..<count { plain.send(.tap) } }
    let ours = median { for _ in 0..<count { observed.send(.tap) } }
    report(
      "store: .send effect with observed(as:), \(count) taps", ours: ours,
      baseline: ("same effect unobserved", baseline),
      extra: String(format: "%.0f ns per observed effect", (ours - baseline) / Double(count) * 1e9)
    )
  }

  if selected("effect: cancellation ids", filter) {
    // Building effects only: the ids' bookkeeping (`Effect.cancellationIDs`) against the same
    // merge of effects without ids, which carry an empty array and allocate nothing for it.
    var total = 0
    let baseline = median {
      for _ in 0..<count { total &+= Effect<Bool>.merge(.send(true), .send(false)).cancellationIDs.count }
    }
    let ours = median {
      for i in 0..<count {
        let effect = Effect<Bool>.merge(.send(true).cancellable(id: "sort"), .send(false).cancellable(id: i & 1))
        total &+= effect.cancellationIDs.count
      }
    }
    report(
      "effect: merge of two cancellable .send effects (ids listed), \(count) built", ours: ours,
      baseline: ("same merge, not cancellable", baseline),
      extra: String(format: "%.0f ns more per merge; %d ids", (ours - baseline) / Double(count) * 1e9, total)
    )
  }
}
