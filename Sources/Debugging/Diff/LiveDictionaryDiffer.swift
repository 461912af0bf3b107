import Foundation

/// A dictionary whose values are `Equatable`, diffed live (`LiveDiffer`): entries are compared by
/// key with `==`, and only those that differ are reflected, so one value changed in 20,000 costs
/// 20,000 comparisons, not 40,000 reflected entries. A value `==` calls equal whose bytes differ is
/// reflected on both sides, so a change `==` ignores (a contact equal by `id` renamed) is kept. The result is what `ValueDiffer` gives for
/// the two reflected dictionaries: the old entries in the canonical order of their keys (changed
/// and removed ones as nodes, the others as unchanged runs), then the inserted ones in theirs.
///
/// ```swift
/// // ["a": 1, "b": 2, "c": 3] → ["a": 1, "b": 5, "c": 3]
/// // .nested(.dictionary, [unchanged(1), entry("b"): replaced(2, 5), unchanged(1)])
/// ```
///
/// Keys are ordered as `Value.canonicallyPrecedes` orders their reflections: `String` and `Int`
/// keys by their own `<` (the same order), other keys reflected. A dictionary where an entry
/// under a secret-like key differs is left to the reflected diff (`nil`), which shows it redacted.
protocol LiveDiffableDictionary {
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change?
}

extension Dictionary: LiveDiffableDictionary where Value: Equatable {
  // Compiled for the keys and values apps use most, so hashing and comparing them is inline.
  @_specialize(where Key == String, Value == Int)
  @_specialize(where Key == String, Value == String)
  @_specialize(where Key == Int, Value == String)
  @_specialize(where Key == UUID, Value == Int)
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
    guard let new = other as? [Key: Value] else { return nil }
    // Old keys whose entry was removed or changed, and new keys that were inserted.
    var differing: [Key] = []
    // Which entries differ, by their place in the iteration (the same in the second walk).
    var differs = [Bool](repeating: false, count: count)
    var removed = 0
    // Entries equal by `==` whose reflections differ, and how.
    var hidden: [Key: StateDiff.Change] = [:]
    // (Walked by index, without tuples: unspecialized code looks up a tuple's type every time.)
    var position = 0
    for index in indices {
      defer { position += 1 }
      let key = keys[index]
      guard let newValue = new[key] else {
        differing.append(key)
        differs[position] = true
        removed += 1
        continue
      }
      if newValue != values[index] {
        differing.append(key)
        differs[position] = true
      } else if let change = hiddenChange(between: values[index], and: newValue, differ: differ, depth: depth + 1) {
        // Equal by `==`, but not in the trace: a change `==` does not see.
        differing.append(key)
        differs[position] = true
        hidden[key] = change
      }
    }
    var inserted: [Key] = []
    // As many as the counts say, then no more looking.
    let insertedCount = new.count - (count - removed)
    if insertedCount > 0 {
      for key in new.keys where self[key] == nil {
        inserted.append(key)
        if inserted.count == insertedCount { break }
      }
    }
    if differing.isEmpty && inserted.isEmpty { return .unchanged(count: 1) }
    let options = differ.options
    if !options.redaction.words.isEmpty {
      for key in differing + inserted {
        if let name = key as? String, options.isRedactedKey(name) { return nil }
      }
    }
    let entryDepth = depth + 1
    let order = CanonicalElementOrder(Array(keys), differ: differ, depth: entryDepth)
    let insertedOrder = CanonicalElementOrder(inserted, differ: differ, depth: entryDepth)
    // Keys that read the same in the trace (a redacted field, a custom mirror) cannot be told
    // apart by key: the dictionary is written whole, as it reads.
    if !order.reflectsNone,
      !order.reflectionsAreDistinct || !insertedOrder.reflectionsAreDistinct
        || inserted.contains(where: { key in keys.contains { order.shown($0) == insertedOrder.shown(key) } })
    {
      return .replaced(old: differ.reflected(self, depth: depth), new: differ.reflected(new, depth: depth))
    }
    // The old entries in canonical order: a node for each that differs, and between them runs of
    // the others, each keyed by its first entry (as `ValueDiffer` keeps it). Only the differing
    // keys are sorted; each other key finds its run by binary search (n log k comparisons).
    let sorted = differing.sorted(by: order.precedes)
    var runCounts = [Int](repeating: 0, count: sorted.count + 1)
    var runFirsts = [Key?](repeating: nil, count: sorted.count + 1)
    position = 0
    for key in keys {
      defer { position += 1 }
      guard !differs[position] else { continue }
      let run = order.run(of: key, among: sorted)
      runCounts[run] += 1
      if let first = runFirsts[run], !order.precedes(key, first) { continue }
      runFirsts[run] = key
    }
    var nodes = NodeList()
    for run in runCounts.indices {
      if let first = runFirsts[run] { nodes.append(.entry(key: order.shown(first)), .unchanged(count: runCounts[run])) }
      guard run < sorted.count else { break }
      let key = sorted[run]
      if let newValue = new[key] {
        nodes.append(
          .entry(key: order.shown(key)), hidden[key] ?? differ.change(self[key]!, newValue, depth: entryDepth))
      } else {
        nodes.append(.entry(key: order.shown(key)), .removed(differ.reflected(self[key]!, depth: entryDepth)))
      }
    }
    for key in inserted.sorted(by: insertedOrder.precedes) {
      nodes.append(.entry(key: insertedOrder.shown(key)), .inserted(differ.reflected(new[key]!, depth: entryDepth)))
    }
    return nodes.nodes.allSatisfy(\.change.isUnchanged) ? .unchanged(count: 1) : .nested(.dictionary, nodes.nodes)
  }
}
