/// Keeps a trace's recorded state next to a live state, action by action, and says where they
/// differ: what `TestStore.replay(trace:)` checks after every action.
///
/// The cost follows the change, as recording's does: the recorded state is patched in place,
/// the live state is diffed against the previous one (`Equatable` parts skipped) and its value
/// tree rebuilt from the diff, and only the places either side changed are compared. Redacted
/// values in the trace match whatever the live state holds there; dictionaries and sets match
/// in any order.
///
/// ```swift
/// var checker = ReplayStateChecker(recorded: initialJSON, actual: store.state)
/// checker.initialMismatch()                                   // nil: same initial state
/// checker.advance(patch: action.patch, keyframe: action.state, to: store.state)  // .matched
/// ```
package struct ReplayStateChecker {
  /// What comparing after an action found.
  package enum Outcome: Equatable {
    case matched
    /// The states differ: the recorded state (redacted parts filled in from the live one, so they
    /// never show as a difference) and the live one, as value trees to diff.
    case mismatch(recorded: Value, actual: Value)
    /// The recorded state is not known here (a patch that does not apply, before a keyframe).
    case unchecked(String)
  }

  /// The recorded state after the last action; `nil` while it is unknown.
  package private(set) var recorded: JSON?
  private var actual: Value
  private var actualState: Any
  /// Where the live state changed during actions whose recorded states were coalesced into a
  /// later line: compared when that line comes.
  private var pendingPaths: [[String]] = []

  package init(recorded: JSON, actual: Any) {
    self.recorded = recorded
    self.actualState = actual
    self.actual = Value(reflecting: actual)
  }

  /// The mismatch between the whole recorded state and the live one, `nil` when they agree.
  package func wholeMismatch() -> Outcome? {
    guard let recorded else { return nil }
    return ReplayComparison.matches(actual.json, recorded) ? nil : mismatch(recorded)
  }

  /// The type name the recorded state carries (`$type` or `$enum`), and the live one's.
  package var typeNames: (recorded: String?, actual: String) {
    let actualName: String
    switch actual {
    case let .structure(type, _), let .enumCase(type, _, _): actualName = type
    default: actualName = TypeName.of(actualState)
    }
    guard case let .object(members)? = recorded, let first = members.first,
      first.key == "$type" || first.key == "$enum", case let .string(name) = first.value
    else { return (nil, actualName) }
    return (name, actualName)
  }

  /// Moves both sides past one action — the recorded one by its `patch` (and `keyframe`, when the
  /// line has one), the live one to `newState` — and compares them where either changed.
  package mutating func advance(patch: JSONPatch, keyframe: JSON?, to newState: Any) -> Outcome {
    let diff = advanceActual(to: newState)
    guard var state = recorded else {
      guard let keyframe else { return .unchecked("the recorded state is unknown until the next keyframe") }
      recorded = keyframe
      return wholeMismatch() ?? .matched
    }
    recorded = nil
    do {
      try patch.apply(to: &state)
    } catch {
      recorded = keyframe
      if keyframe != nil { return wholeMismatch() ?? .matched }
      return .unchecked("its patch does not apply (\(error.message)); not checked until the next keyframe")
    }
    recorded = keyframe ?? state
    var paths = ReplayComparison.paths(of: patch) + pendingPaths
    pendingPaths = []
    ReplayComparison.collectPaths(diff.root.change, path: [], into: &paths)
    for path in ReplayComparison.outermost(paths) {
      let recordedPart: JSON? = try? PatchEngine.value(at: JSONPointer(tokens: path), in: recorded!)
      let actualPart = ReplayComparison.json(at: path, in: actual)
      switch (recordedPart, actualPart) {
      case (nil, nil): continue
      case let (r?, a?) where ReplayComparison.matches(a, r): continue
      default: return mismatch(recorded!)
      }
    }
    return .matched
  }

  /// Moves the live side past an action whose recorded state was coalesced into a later action's
  /// (`"coalesced":true`, an empty patch): the places it changed are compared with that line.
  package mutating func advanceCoalesced(to newState: Any) {
    let diff = advanceActual(to: newState)
    ReplayComparison.collectPaths(diff.root.change, path: [], into: &pendingPaths)
  }

  private mutating func advanceActual(to newState: Any) -> StateDiff {
    let diff = StateDiff(actualState, newState)
    actualState = newState
    if !diff.isEqual {
      var rebuilt = actual
      actual = .null
      if !diff.root.change.apply(to: &rebuilt) { rebuilt = Value(reflecting: newState) }
      actual = rebuilt
    }
    return diff
  }

  private func mismatch(_ recorded: JSON) -> Outcome {
    let recordedValue = (try? Value(json: recorded)) ?? .null
    return .mismatch(recorded: ReplayComparison.fillingRedactions(recordedValue, from: actual), actual: actual)
  }
}

extension ReplayStateChecker {
  /// Whether a live value (an action an effect sent) matches the trace's JSON form of one, as
  /// states match: redacted parts match anything, dictionaries and sets in any order.
  package static func matches(_ value: Any, recorded: JSON) -> Bool {
    ReplayComparison.matches(Value(reflecting: value).json, recorded)
  }
}
