import Debugging
import Foundation
import Runtime
import Testing

/// `FocusedChange` against the whole states' diff, on random states shaped like TCA apps: the
/// focused diff of an action's patch must be `StateDiff` of the two whole states, and render to the
/// same text — for every patch the recorder writes (`JSONPatch(from:to:)`), and for hand-made
/// patches either that or `nil` (never a wrong diff, never an error).
@Suite struct FocusedChangeDifferentialTests {
  /// DifferentialRandom app states and random edits of them (rows moved, added, removed and changed at once,
  /// in arrays of rows identified by int, UUID, string and computed ids, nested identified arrays,
  /// plain arrays with repeated values and ids, rows without ids, enums, optionals, dictionaries):
  /// the recorder's patch applies, and the focused diff is the whole diff.
  @Test func recordedPatchesGiveTheWholeDiff() throws {
    var tally = Tally()
    for seed in 0..<1_000 {
      let random = DifferentialRandom(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
      let old = AppState.random(random)
      var new = old
      new.edit(random)
      try check(old: old.value, new: new.value, seed: seed, &tally)
    }
    #expect(tally.failures == 0)
    // Most cases go the focused way; many carry moves, single far moves among them.
    #expect(tally.focused > 900)
    #expect(tally.withMoves > 280)
    #expect(tally.singleFarMove > 65)
  }

  /// Hand-made patches (valid JSON Patch, on the same states): adds, removes, moves within an
  /// array (adjacent, far, to either end), whole elements replaced, fields replaced inside
  /// elements, copies, tests. The focused diff is the whole diff, or there is none.
  @Test func handMadePatchesGiveTheWholeDiffOrNone() throws {
    var tally = Tally()
    for seed in 0..<1_000 {
      let random = DifferentialRandom(seed: UInt64(seed) &* 0x2545_F491 &+ 7)
      let old = AppState.random(random).value.json
      let patch = HandMadePatch.random(on: old, random, options: .passing)
      var state = old
      try patch.apply(to: &state)
      try compare(patch: patch, before: old, after: state, seed: seed, &tally)
    }
    #expect(tally.failures == 0, "\(tally.classes.sorted { $0.key < $1.key })")
    #expect(tally.focused > 900)
  }

  /// Hand-made patches of every kind (moves in any array, repeated ids, copies): the focused diff
  /// by runs (`ElementRuns`) is the element-wise one, on arrays of any length.
  @Test func runsGiveTheElementWiseDiff() throws {
    var compared = 0
    for seed in 0..<1_000 {
      let random = DifferentialRandom(seed: UInt64(seed) &* 0x2545_F491 &+ 11)
      let old = AppState.random(random).value.json
      let patch = HandMadePatch.random(on: old, random, options: seed % 2 == 0 ? .all : .passing)
      var state = old
      try patch.apply(to: &state)
      let byRuns = FocusedChange(patch: patch, before: old, arrays: .runs)
      let byElements = FocusedChange(patch: patch, before: old, arrays: .elements)
      #expect((byRuns == nil) == (byElements == nil), "seed \(seed)")
      guard let byRuns, let byElements else { continue }
      compared += 1
      let runs = Result { () throws(JSONError) in try byRuns.diff(after: state) }
      let elements = Result { () throws(JSONError) in try byElements.diff(after: state) }
      #expect(
        (try? runs.get()) == (try? elements.get()),
        "seed \(seed): patch \(JSONWriter.string(patch.json))\nbefore \(JSONWriter.string(old))")
    }
    #expect(compared > 900)
  }

  // MARK: - Checking

  struct Tally {
    var focused = 0
    var declined = 0
    var withMoves = 0
    var singleFarMove = 0
    var failures = 0
    var classes: [String: Int] = [:]
  }

  static func classify(_ patch: JSONPatch, _ before: JSON, _ after: JSON) -> String {
    let kinds = patch.operations.map { op -> String in
      switch op {
      case .add: "add"
      case .remove: "remove"
      case .replace: "replace"
      case .move: "move"
      case .copy: "copy"
      case .test: "test"
      }
    }
    let path = Array(patch.operations[0].path.tokens.dropLast())
    func unique(_ json: JSON?) -> String {
      guard case let .array(elements)? = json else { return "notarray" }
      var ids: [JSON] = []
      for element in elements {
        guard case let .object(members) = element, members.first?.key == "$type",
          let id = members.first(where: { $0.key == "id" || $0.key == "$id" })
        else { return "unidentified" }
        ids.append(id.value)
      }
      return Set(ids).count == ids.count ? "unique" : "repeated"
    }
    return "\(Set(kinds).sorted()) \(unique(before.at(path)))->\(unique(after.at(path)))"
  }

  private func check(old: Value, new: Value, seed: Int, _ tally: inout Tally) throws {
    let patch = JSONPatch(from: old, to: new)
    let before = old.json
    var state = before
    try patch.apply(to: &state)
    #expect(state == new.json, "seed \(seed): the patch does not give the new state")
    let moves = patch.operations.filter { if case .move = $0 { true } else { false } }
    if !moves.isEmpty { tally.withMoves += 1 }
    if moves.count == 1, case let .move(from, to) = moves[0], let a = Int(from.tokens.last!),
      let b = Int(to.tokens.last!),
      abs(a - b) >= 2
    {
      tally.singleFarMove += 1
    }
    try compare(patch: patch, before: before, after: state, seed: seed, &tally)
  }

  private func compare(patch: JSONPatch, before: JSON, after: JSON, seed: Int, _ tally: inout Tally) throws {
    let whole = StateDiff(try Value(json: before), try Value(json: after))
    // By runs wherever the patch allows, the diff is the element-wise one.
    if let byRuns = FocusedChange(patch: patch, before: before, arrays: .runs),
      let byElements = FocusedChange(patch: patch, before: before, arrays: .elements)
    {
      #expect((try? byRuns.diff(after: after)) == (try? byElements.diff(after: after)), "seed \(seed)")
    }
    guard let focused = FocusedChange(patch: patch, before: before) else {
      tally.declined += 1
      return
    }
    tally.focused += 1
    let diff: StateDiff
    do {
      diff = try focused.diff(after: after)
    } catch {
      tally.failures += 1
      Issue.record(
        "seed \(seed): \(error)\npatch \(JSONWriter.string(patch.json))\nbefore \(JSONWriter.string(before))")
      return
    }
    // Equal diffs render to the same text; the text is compared (and shown) when they differ.
    guard diff != whole else { return }
    let text = DiffTextRenderer().render(diff), wholeText = DiffTextRenderer().render(whole)
    tally.failures += 1
    let kind = Self.classify(patch, before, after)
    tally.classes[kind, default: 0] += 1
    if tally.classes[kind] == 1 {
      Issue.record(
        """
        seed \(seed) [\(kind)]: focused diff differs from the whole diff
        patch \(JSONWriter.string(patch.json))
        before \(JSONWriter.string(before))
        after \(JSONWriter.string(after))
        focused:
        \(text)
        whole:
        \(wholeText)
        """)
    }
  }
}
