import Debugging
import Foundation

// The recorder's worker on sets and dictionaries: `swift run -c release Benchmarks "recorder collections"`.
// A state with a `Set<UUID>` of selected ids, a `Set<String>` of tags, a `[String: Int]`, an
// `[Int: String]`, and a set and a dictionary of ids as TCA apps write them (a struct around a
// UUID, as swift-tagged's) of `n` entries; each action changes one of them by one member or entry,
// as a reducer does: an id selected, a tag removed, a score changed, a name inserted. Actions per
// second for each at 1,000, 10,000 and 100,000 entries, and the ×10 ratio: the worker should
// follow the change, not the size of the collection.

/// An id as TCA apps write it (swift-tagged's `Tagged<Todo, UUID>`): a struct around a UUID.
struct TaggedID: Hashable, Sendable {
  var rawValue: UUID
}

struct CollectionBenchState: Equatable, Sendable {
  var selected: Set<UUID>
  var tags: Set<String>
  var scores: [String: Int]
  var names: [Int: String]
  var pinned: Set<TaggedID>
  var counts: [TaggedID: Int]
}

enum CollectionBenchAction: Equatable, Sendable {
  case step(Int)
}

private func collectionBenchState(entries n: Int) -> CollectionBenchState {
  CollectionBenchState(
    selected: Set((0..<n).map { _ in UUID() }),
    tags: Set((0..<n).map { "tag-\($0)" }),
    scores: Dictionary(uniqueKeysWithValues: (0..<n).map { ("player-\($0)", $0) }),
    names: Dictionary(uniqueKeysWithValues: (0..<n).map { ($0, "Name \($0)") }),
    pinned: Set((0..<n).map { _ in TaggedID(rawValue: UUID()) }),
    counts: Dictionary(uniqueKeysWithValues: (0..<n).map { _ in (TaggedID(rawValue: UUID()), 0) }))
}

/// The changes measured, one kind at a time: each names itself and makes its change.
private enum CollectionChange: CaseIterable {
  case selectID, removeTag, changeScore, insertName, pinTaggedID, countTaggedID

  var name: String {
    switch self {
    case .selectID: "Set<UUID> insert"
    case .removeTag: "Set<String> remove"
    case .changeScore: "[String: Int] change"
    case .insertName: "[Int: String] insert"
    case .pinTaggedID: "Set<TaggedID> insert"
    case .countTaggedID: "[TaggedID: Int] change"
    }
  }

  /// The `k`th change to `state`, whose collections started with `n` entries (`countKeys`: the
  /// keys of `counts` then).
  func apply(to state: inout CollectionBenchState, step k: Int, entries n: Int, countKeys: [TaggedID]) {
    switch self {
    case .selectID: state.selected.insert(UUID())
    case .removeTag: state.tags.remove("tag-\((k &* 7_919) % n)")
    case .changeScore: state.scores["player-\((k &* 7_919) % n)", default: 0] += 1
    case .insertName: state.names[n + k] = "New \(k)"
    case .pinTaggedID: state.pinned.insert(TaggedID(rawValue: UUID()))
    case .countTaggedID: state.counts[countKeys[(k &* 7_919) % n], default: 0] += 1
    }
  }
}

/// `count` states, each one small `change` after the one before.
private func collectionStates(from initial: CollectionBenchState, change: CollectionChange, count: Int)
  -> [CollectionBenchState]
{
  var state = initial
  var states: [CollectionBenchState] = []
  states.reserveCapacity(count)
  let n = initial.scores.count
  let countKeys = Array(initial.counts.keys)
  for k in 0..<count {
    change.apply(to: &state, step: k, entries: n, countKeys: countKeys)
    states.append(state)
  }
  return states
}

private func collectionWorkerSeconds(initial: CollectionBenchState, states: [CollectionBenchState]) -> Double {
  let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("collection-bench-\(getpid()).jsonl")
  defer { unlink(path) }
  var options = TraceRecorderOptions()
  options.queueCapacity = states.count + 10
  options.stateBudget = 1 << 40
  let recorder = TraceRecorder(name: "CollectionBench", to: .file(path), options: options)
  recorder.record(action: CollectionBenchAction.step(-1), from: initial, to: initial)
  recorder.flush()
  let start = DispatchTime.now().uptimeNanoseconds
  var old = initial
  for (k, state) in states.enumerated() {
    recorder.record(action: CollectionBenchAction.step(k), from: old, to: state)
    old = state
  }
  recorder.close()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func runRecorderCollectionBenchmarks(filter: String?) {
  guard selected("recorder collections", filter) else { return }
  var perAction: [String: Double] = [:]
  for n in [1_000, 10_000, 100_000] {
    let actions = n >= 100_000 ? 40 : n >= 10_000 ? 200 : 800
    let initial = collectionBenchState(entries: n)
    for change in CollectionChange.allCases {
      let name = change.name
      let states = collectionStates(from: initial, change: change, count: actions)
      var samples: [Double] = []
      for _ in 0..<5 { samples.append(collectionWorkerSeconds(initial: initial, states: states)) }
      let seconds = samples.sorted()[samples.count / 2] / Double(actions)
      perAction["\(name) \(n)"] = seconds
      print(
        String(
          format:
            "recorder collections: %d entries each, %@: %@/action, %.0f actions/s (median of 5 runs of %d actions)",
          n, name, formatSeconds(seconds), 1 / seconds, actions))
      fflush(nil)  // each line as it comes, also into a file
    }
  }
  for name in CollectionChange.allCases.map(\.name) {
    if let small = perAction["\(name) 10000"], let large = perAction["\(name) 100000"] {
      print(
        String(
          format: "recorder collections: %@: ×10 size (10,000 → 100,000 entries): %.2f× per action", name, large / small
        ))
    }
  }
}
