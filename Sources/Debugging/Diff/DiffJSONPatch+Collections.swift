/// Sets (`{"$set":[…]}`) and dictionaries written as pairs (`{"$dict":[[key, value], …]}`) patched
/// by their members' places in the canonical order the trace stores them in, so one id inserted
/// into a set of 20,000 is one `add`, not the set written again:
///
/// ```text
/// [{"op":"remove","path":"/tags/$set/1"},
///  {"op":"add","path":"/tags/$set/4","value":"urgent"},
///  {"op":"replace","path":"/names/$dict/2/1","value":"Grace"}]
/// ```
///
/// The members must be in that order on both sides, as `Value(reflecting:)` puts them: the
/// recorder says so (`membersInCanonicalOrder`); for values from anywhere else (the public
/// `JSONPatch(from:to:)`) sets and such dictionaries are replaced whole. Removals come first, from the last; then, in the new order, each inserted member is `add`ed
/// and each changed entry's value patched, so every index is the one it has when applied. A set
/// or dictionary with more members removed and added than kept (and more than 16) is replaced
/// whole.
extension DiffJSONPatch {
  /// The member operations for a set's diff; `false` to replace it whole.
  func setMembers(_ children: [StateDiff.Node], path: [String], new: [Value], into ops: inout [Operation]) -> Bool {
    guard membersInCanonicalOrder else { return false }
    var oldIndex = 0
    var removals: [Int] = []
    var placed: [(index: Int, member: Value)] = []
    for child in children {
      switch child.change {
      case let .unchanged(count): oldIndex += count
      case .removed:
        removals.append(oldIndex)
        oldIndex += 1
      case let .inserted(member):
        guard let index = Self.canonicalIndex(of: member, in: new, by: { $0 }) else { return false }
        placed.append((index, member))
      default: return false
      }
    }
    guard Self.fewChanges(removals.count + placed.count, kept: oldIndex - removals.count) else { return false }
    let setPath = path + ["$set"]
    for index in removals.reversed() { ops.append(.remove(path: JSONPointer(tokens: setPath + [String(index)]))) }
    for (index, member) in placed.sorted(by: { $0.index < $1.index }) {
      ops.append(.add(path: JSONPointer(tokens: setPath + [String(index)]), value: encode(member)))
    }
    return true
  }

  /// The entry operations for the diff of a dictionary written as pairs (some key is not a plain
  /// string, as in `[Int: String]`); `false` when it is written as an object, or to replace it
  /// whole.
  func pairedEntries(_ children: [StateDiff.Node], path: [String], new: [Value.Entry], into ops: inout [Operation])
    -> Bool
  {
    guard membersInCanonicalOrder else { return false }
    var oldIndex = 0
    var removals: [Int] = []
    var placed: [(index: Int, change: StateDiff.Change)] = []
    var keptPairedKey = false
    var inserted = 0
    for child in children {
      guard case let .entry(key) = child.key else { return false }
      switch child.change {
      case let .unchanged(count):
        // A run's node names its first entry: a kept key.
        keptPairedKey = keptPairedKey || !Value.isPlainKey(key)
        oldIndex += count
      case .removed:
        removals.append(oldIndex)
        oldIndex += 1
      case .inserted:
        guard let index = Self.canonicalIndex(of: key, in: new, by: \.key) else { return false }
        placed.append((index, child.change))
        inserted += 1
      default:
        keptPairedKey = keptPairedKey || !Value.isPlainKey(key)
        guard let index = Self.canonicalIndex(of: key, in: new, by: \.key) else { return false }
        placed.append((index, child.change))
        oldIndex += 1
      }
    }
    // Written as pairs before and after: a key that is not a plain string was there and stays.
    guard keptPairedKey, Self.fewChanges(removals.count + inserted, kept: oldIndex - removals.count) else {
      return false
    }
    let dictPath = path + ["$dict"]
    var local: [Operation] = []
    for index in removals.reversed() { local.append(.remove(path: JSONPointer(tokens: dictPath + [String(index)]))) }
    for (index, change) in placed.sorted(by: { $0.index < $1.index }) {
      let entry = new[index]
      if case .inserted = change {
        local.append(
          .add(
            path: JSONPointer(tokens: dictPath + [String(index)]),
            value: .array([encode(entry.key), encode(entry.value)])))
      } else {
        self.change(change, path: dictPath + [String(index), "1"], new: entry.value, into: &local)
      }
    }
    ops.append(contentsOf: local)
    return true
  }

  /// Whether `changes` members removed and added are few enough to patch by place, with `kept`
  /// left as they were: no more than those kept (at least 16), so a select-all or a clear is one
  /// `replace`, not one operation per member.
  static func fewChanges(_ changes: Int, kept: Int) -> Bool {
    changes <= max(kept, 16)
  }

  /// Where `wanted` is in `elements` (sorted in the canonical order of `key`), by binary search;
  /// `nil` when it is not there.
  static func canonicalIndex<Element>(of wanted: Value, in elements: [Element], by key: (Element) -> Value) -> Int? {
    let place = Value.canonicalPlace(of: wanted, in: elements, by: key)
    return place < elements.count && key(elements[place]) == wanted ? place : nil
  }
}
