import Foundation

/// A dictionary whose values are `Equatable`, diffed live (`LiveDiffer`): entries are compared by
/// key with `==` (walking both dictionaries in step, `DifferingEntries`), and only those that
/// differ are reflected, so one value changed in 20,000 costs 20,000 comparisons, not 40,000
/// reflected entries. A value `==` calls equal whose bytes differ is reflected on both sides, so a
/// change `==` ignores (a contact equal by `id` renamed) is kept. The result is what `ValueDiffer`
/// gives for the two reflected dictionaries: the old entries in the canonical order of their
/// keys (changed and removed ones as nodes, the others as unchanged runs), then the inserted ones
/// in theirs.
///
/// ```swift
/// // ["a": 1, "b": 2, "c": 3] → ["a": 1, "b": 5, "c": 3]
/// // .nested(.dictionary, [unchanged(1), entry("b"): replaced(2, 5), unchanged(1)])
/// ```
///
/// Keys are ordered as `Value.canonicallyPrecedes` orders their reflections
/// (`CanonicalElementOrder`): `String`, `Int` and `UUID` keys and plain structs of them by their
/// own values, other keys reflected. An entry under a secret-like key is shown redacted, as
/// reflection writes it: a secret replaced by another is a `replace` of the entry with the same
/// marker, so the trace says which entry changed. A dictionary with a NaN key is left to the
/// reflected diff (`nil`).
protocol LiveDiffableDictionary {
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change?
}

extension Dictionary: LiveDiffableDictionary where Value: Equatable {
  func liveChange(to other: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
    guard let new = other as? [Key: Value] else { return nil }
    // The keys and values apps use most, compiled for their types so that hashing and comparing
    // them is inline (each cast is of a dictionary to its own type).
    if Key.self == String.self, Value.self == Int.self {
      typealias Same = [String: Int]
      return dictionaryChange(unsafeBitCast(self, to: Same.self), unsafeBitCast(new, to: Same.self), differ, depth)
    }
    if Key.self == String.self, Value.self == String.self {
      typealias Same = [String: String]
      return dictionaryChange(unsafeBitCast(self, to: Same.self), unsafeBitCast(new, to: Same.self), differ, depth)
    }
    if Key.self == Int.self, Value.self == String.self {
      typealias Same = [Int: String]
      return dictionaryChange(unsafeBitCast(self, to: Same.self), unsafeBitCast(new, to: Same.self), differ, depth)
    }
    if Key.self == UUID.self, Value.self == Int.self {
      typealias Same = [UUID: Int]
      return dictionaryChange(unsafeBitCast(self, to: Same.self), unsafeBitCast(new, to: Same.self), differ, depth)
    }
    return dictionaryChange(self, new, differ, depth)
  }
}

/// The live change between two dictionaries (`LiveDiffableDictionary`).
private func dictionaryChange<Key: Hashable, Value: Equatable>(
  _ old: [Key: Value], _ new: [Key: Value], _ differ: LiveDiffer, _ depth: Int
) -> StateDiff.Change? {
  let entries = DifferingEntries(old, new, differ: differ, depth: depth)
  let (differing, inserted, differs) = (entries.differing, entries.inserted, entries.differs)
  if differing.isEmpty && inserted.isEmpty { return .unchanged(count: 1) }
  // A key not equal to itself (NaN) is neither found nor kept by key: left to the reflected diff.
  if differing.contains(where: { $0.key != $0.key }) || inserted.contains(where: { $0.key != $0.key }) { return nil }
  let entryDepth = depth + 1
  let options = differ.options
  // A key that reads as a string (a `Substring`, an `AnyHashable` of one) or as a case without
  // values (`Field.password`) names a secret as a `String` does: its entry is shown redacted, as
  // reflection writes it, and a secret replaced by another is still a change (`redactedChange`).
  let mayReadAsString = !options.redaction.words.isEmpty && !(Key.self == Int.self || Key.self == UUID.self)
  func isSecret(_ key: Key) -> Bool {
    guard mayReadAsString else { return false }
    if let name = key as? String { return options.isRedactedKey(name) }
    return options.isRedactedKey(reflected: differ.reflected(key, depth: entryDepth))
  }
  func shown(_ key: Key, _ value: Value) -> Debugging.Value {
    isSecret(key) ? options.redactedPresentation(of: value) : differ.reflected(value, depth: entryDepth)
  }
  let order = CanonicalElementOrder(Array(old.keys), differ: differ, depth: entryDepth)
  let insertedOrder = CanonicalElementOrder(inserted.map(\.key), differ: differ, depth: entryDepth)
  // Keys that read the same in the trace (a redacted field, a custom mirror) cannot be told
  // apart by key: the dictionary is written whole, as it reads.
  if !order.reflectsNone,
    !order.reflectionsAreDistinct || !insertedOrder.reflectionsAreDistinct
      || inserted.contains(where: { entry in old.keys.contains { order.shown($0) == insertedOrder.shown(entry.key) } })
  {
    return .replaced(old: differ.reflected(old, depth: depth), new: differ.reflected(new, depth: depth))
  }
  // The old entries in canonical order: a node for each that differs, and between them runs of
  // the others, each keyed by its first entry (as `ValueDiffer` keeps it). Only the differing
  // keys are sorted; each other key finds its run by binary search (n log k comparisons).
  let sorted = differing.sorted { order.precedes($0.key, $1.key) }
  let sortedKeys = sorted.map(\.key)
  var runCounts = [Int](repeating: 0, count: sorted.count + 1)
  var runFirsts = [Key?](repeating: nil, count: sorted.count + 1)
  var position = 0
  for key in old.keys {
    defer { position += 1 }
    guard !differs[position] else { continue }
    let run = order.run(of: key, among: sortedKeys)
    runCounts[run] += 1
    if let first = runFirsts[run], !order.precedes(key, first) { continue }
    runFirsts[run] = key
  }
  var nodes = NodeList()
  for run in runCounts.indices {
    if let first = runFirsts[run] { nodes.append(.entry(key: order.shown(first)), .unchanged(count: runCounts[run])) }
    guard run < sorted.count else { break }
    let entry = sorted[run]
    if let newValue = entry.new {
      let change =
        isSecret(entry.key)
        ? differ.redactedChange(entry.old, newValue, depth: entryDepth)
        : entry.hidden ?? differ.change(entry.old, newValue, depth: entryDepth)
      nodes.append(.entry(key: order.shown(entry.key)), change)
    } else {
      nodes.append(.entry(key: order.shown(entry.key)), .removed(shown(entry.key, entry.old)))
    }
  }
  for entry in inserted.sorted(by: { insertedOrder.precedes($0.key, $1.key) }) {
    nodes.append(.entry(key: insertedOrder.shown(entry.key)), .inserted(shown(entry.key, entry.value)))
  }
  return nodes.nodes.allSatisfy(\.change.isUnchanged) ? .unchanged(count: 1) : .nested(.dictionary, nodes.nodes)
}

/// An old entry that differs: changed (`new`, and `hidden` when only its reflection says how) or
/// removed (`new` is `nil`).
private struct DifferingEntry<Key, Value> {
  let key: Key
  let old: Value
  let new: Value?
  let hidden: StateDiff.Change?
}

/// A new entry whose key is not among the old ones (or is one only by `==`, reading differently).
private struct InsertedEntry<Key, Value> {
  let key: Key
  let value: Value
}

/// The entries of two dictionaries that differ, found by walking both in step: a dictionary
/// changed in place (`scores[key] += 1`) is a copy of the other's storage, its entries in the same
/// order, so each entry is compared with the one at the same place, without hashing. Where the
/// walks part (an entry inserted or removed), keys are looked up by hash; dictionaries built
/// apart part everywhere, and after a few such places the walk in step is given up.
///
/// A key `==` finds in the new dictionary that reads differently there (a `==` by `id` only, a
/// contact renamed; `AnyHashable(1)` for `AnyHashable(1.0)`) is removed and inserted, as the
/// reflected dictionaries say.
///
/// ```swift
/// // ["a": 1, "b": 2, "c": 3] → ["a": 1, "b": 5, "c": 3]
/// // differing ["b": 2 → 5], differs [false, true, false] (the old one's order), inserted []
/// ```
private struct DifferingEntries<Key: Hashable, Value: Equatable> {
  private(set) var differing: [DifferingEntry<Key, Value>] = []
  /// New entries: first those whose key replaces an old one equal by `==`, then those not in the
  /// old dictionary.
  var inserted: [InsertedEntry<Key, Value>] { replacing + added }
  /// Which entries differ, by their place in the old dictionary's order.
  private(set) var differs: [Bool]
  private var replacing: [InsertedEntry<Key, Value>] = []
  private var added: [InsertedEntry<Key, Value>] = []
  private var removed = 0
  private let differ: LiveDiffer
  private let depth: Int
  private let keysMayHideChanges = mayHideChanges(Key.self)
  private let valuesMayHideChanges = mayHideChanges(Value.self)

  init(_ old: [Key: Value], _ new: [Key: Value], differ: LiveDiffer, depth: Int) {
    self.differ = differ
    self.depth = depth
    differs = [Bool](repeating: false, count: old.count)
    var inStep = true
    // Places where both keys are in the other dictionary: the walks do not follow each other.
    var apart = 0
    // Both walked with iterators of keys and of values (the same order): subscripts by index
    // check the index each time, and unspecialized code looks up a tuple's type every time.
    var oldKeys = old.keys.makeIterator(), oldValues = old.values.makeIterator()
    var newKeys = new.keys.makeIterator(), newValues = new.values.makeIterator()
    var newKey = newKeys.next(), newValue = newValues.next()
    var position = 0
    while let key = oldKeys.next(), let value = oldValues.next() {
      defer { position += 1 }
      var compared = false
      while inStep, let pendingKey = newKey, let pendingValue = newValue {
        if pendingKey == key {
          compare(key, value, at: position, with: pendingKey, pendingValue)
          compared = true
        } else if old.index(forKey: pendingKey) == nil {
          noteAdded(pendingKey, pendingValue)
          (newKey, newValue) = (newKeys.next(), newValues.next())
          continue
        } else if let found = new.index(forKey: key) {
          // The new key is an old one, compared at its own place in the old walk.
          compare(key, value, at: position, with: new.keys[found], new.values[found])
          compared = true
          apart += 1
          if apart > 16, apart > position / 8 { inStep = false }
        } else {
          // Removed: the new walk waits for the next old key.
          noteRemoved(key, value, at: position)
          compared = true
          break
        }
        (newKey, newValue) = (newKeys.next(), newValues.next())
        break
      }
      if !compared {
        if let found = new.index(forKey: key) {
          compare(key, value, at: position, with: new.keys[found], new.values[found])
        } else {
          noteRemoved(key, value, at: position)
        }
      }
    }
    if inStep {
      while let pendingKey = newKey, let pendingValue = newValue {
        if old.index(forKey: pendingKey) == nil { noteAdded(pendingKey, pendingValue) }
        (newKey, newValue) = (newKeys.next(), newValues.next())
      }
    } else {
      // As many as the counts say, then no more looking.
      added = []
      let addedCount = new.count - (old.count - removed) - replacing.count
      if addedCount > 0 {
        for key in new.keys where old.index(forKey: key) == nil {
          noteAdded(key, new[key]!)
          if added.count == addedCount { break }
        }
      }
    }
  }

  // The notes are kept out of the walk's code (never inlined): unspecialized code looks up the
  // entries' generic types where a function names them, on every call.

  /// Notes the old entry at `position` as removed.
  @inline(never)
  private mutating func noteRemoved(_ key: Key, _ value: Value, at position: Int) {
    differing.append(DifferingEntry(key: key, old: value, new: nil, hidden: nil))
    differs[position] = true
    removed += 1
  }

  /// Notes the old entry at `position` as changed to `newValue`.
  @inline(never)
  private mutating func noteChanged(
    _ key: Key, _ value: Value, at position: Int, to newValue: Value, hidden: StateDiff.Change?
  ) {
    differing.append(DifferingEntry(key: key, old: value, new: newValue, hidden: hidden))
    differs[position] = true
  }

  /// Notes a new entry whose key `==` finds among the old ones but reads differently.
  @inline(never)
  private mutating func noteReplacing(_ key: Key, _ value: Value) {
    replacing.append(InsertedEntry(key: key, value: value))
  }

  /// Notes a new entry whose key is not among the old ones.
  @inline(never)
  private mutating func noteAdded(_ key: Key, _ value: Value) {
    added.append(InsertedEntry(key: key, value: value))
  }

  /// Notes the old entry at `position` against the new entry whose key `==` calls equal. (No
  /// optionals: unspecialized code looks up an optional's type on every call.)
  private mutating func compare(_ key: Key, _ value: Value, at position: Int, with newKey: Key, _ newValue: Value) {
    if keysMayHideChanges, !identicalBits(key, newKey),
      hiddenChange(key, newKey, differ: differ, depth: depth + 1) != nil
    {
      // The key reads differently: the old entry removed, the new one inserted.
      noteRemoved(key, value, at: position)
      noteReplacing(newKey, newValue)
      return
    }
    if newValue != value {
      noteChanged(key, value, at: position, to: newValue, hidden: nil)
    } else if valuesMayHideChanges,
      let change = hiddenChange(between: value, and: newValue, differ: differ, depth: depth + 1)
    {
      // Equal by `==`, but not in the trace: a change `==` does not see.
      noteChanged(key, value, at: position, to: newValue, hidden: change)
    }
  }
}
