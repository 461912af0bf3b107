import Debugging

/// The comparison of two recorded runs — the model every `tca-trace diff` renderer (text, JSON,
/// JUnit, GitHub annotations) reads. Built by `TraceComparator`.
///
/// ```swift
/// let comparison = try TraceComparator.compare(golden: "golden.jsonl", current: "current.jsonl")
/// comparison.isEquivalent             // false
/// comparison.divergences.first?.kind  // .state(StateDiff(…))
/// comparison.counts.stateDifferences  // 1
/// ```
public struct TraceComparison: Sendable {
  /// One of the two traces.
  public struct Side: Sendable, Hashable {
    public var file: String
    /// The session's `name`.
    public var name: String
    public var actions: Int
  }

  /// Where an action is in one trace.
  public struct Position: Sendable, Hashable {
    public var seq: Int64
    public var line: Int
  }

  public var golden: Side
  public var current: Side
  /// The differences in trace order (the first one first), at most `CompareOptions.detailLimit`;
  /// `counts` counts them all.
  public var divergences: [Divergence]
  public var counts: Counts
  /// Per-label timing figures and regressions, when `CompareOptions.timings` is on.
  public var timings: TimingComparison?
  /// Every compared action (aligned pairs and unaligned actions) in order, when
  /// `CompareOptions.collectsCases` is on (for JUnit); the first is the initial state.
  public var cases: [Case]?
  /// Warnings from reading (a truncated last line), in the order they were found.
  public var warnings: [TraceError]

  /// No behavioural difference and no timing regression.
  public var isEquivalent: Bool {
    counts.total == 0 && (timings?.regressions.isEmpty ?? true)
  }

  public struct Counts: Sendable, Hashable {
    /// Actions present in both runs (identical ones and those whose values differ).
    public var aligned = 0
    /// Actions of the golden run missing from the current one.
    public var missing = 0
    /// Actions of the current run that the golden one does not have.
    public var extra = 0
    /// Aligned actions with the same label but a different value.
    public var actionDifferences = 0
    /// Aligned actions after which the state differs in a new way (the initial state included).
    public var stateDifferences = 0
    /// Aligned actions after which the state still differs exactly as it did before (not shown
    /// again: the consequence of an earlier divergence).
    public var carriedStateDifferences = 0
    /// Aligned actions after which the states differed once the detail limit was reached
    /// (`CompareOptions.detailLimit` divergences kept): those states are only compared for
    /// equality, so whether the difference is new or carried is not known, and
    /// `stateDifferences` (and `total`) are lower bounds: see `isExact`.
    public var statesNotExamined = 0
    /// Aligned actions whose effects started, sent or ended differently.
    public var effectDifferences = 0
    /// Missing actions that started effects: their effects are missing too (one divergence each).
    public var missingEffects = 0
    /// Extra actions that started effects: their effects are extra too (one divergence each).
    public var extraEffects = 0

    /// Whether every count is exact (no state was left unexamined beyond the detail limit).
    public var isExact: Bool { statesNotExamined == 0 }

    /// Every divergence (carried state differences are not counted again); a lower bound
    /// unless `isExact`.
    public var total: Int {
      missing + extra + actionDifferences + stateDifferences + effectDifferences + missingEffects + extraEffects
    }
  }

  /// One compared action, for reports that list every action (JUnit test cases).
  public struct Case: Sendable, Hashable {
    public var golden: Position?
    public var current: Position?
    /// Empty for the initial state.
    public var label: String
    public var failed: Bool
    /// The `order` of the divergences that belong to this case.
    public var order: Int
  }
}

/// One way the runs differ, located in both traces.
public struct Divergence: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// The initial states differ.
    case initialState(StateDiff)
    /// A golden action with no counterpart in the current run.
    case missing
    /// A current action with no counterpart in the golden run.
    case extra
    /// Same label, different action value: the diff from the golden value to the current one.
    case action(StateDiff)
    /// The state after the action differs (golden → current).
    case state(StateDiff)
    /// The effects the action started differ.
    case effects([EffectDifference])
    /// The effects a missing action started in the golden run (in the order they started).
    case missingEffects([EffectOutcome])
    /// The effects an extra action started in the current run.
    case extraEffects([EffectOutcome])
    /// The runs end in different states, after actions that could not be aligned (`golden` and
    /// `current` are their last actions).
    case finalState(StateDiff)
  }

  /// Position in the comparison (cases are numbered in trace order; 0 is the initial state).
  public var order: Int
  public var golden: TraceComparison.Position?
  public var current: TraceComparison.Position?
  public var label: String
  public var kind: Kind

  /// A few words for headings: `state differs`, `missing in current`.
  public var title: String {
    switch kind {
    case .initialState: "initial state differs"
    case .missing: "action missing from the current run"
    case .extra: "extra action in the current run"
    case .action: "action value differs"
    case .state: "state after the action differs"
    case .effects: "effects differ"
    case .missingEffects: "effects missing from the current run"
    case .extraEffects: "extra effects in the current run"
    case .finalState: "final state differs"
    }
  }

  /// `kind` as one word, for JSON and JUnit: `state`, `missing`, …
  public var kindName: String {
    switch kind {
    case .initialState: "initialState"
    case .missing: "missing"
    case .extra: "extra"
    case .action: "action"
    case .state: "state"
    case .effects: "effects"
    case .missingEffects: "missingEffects"
    case .extraEffects: "extraEffects"
    case .finalState: "finalState"
    }
  }

  /// The effects of an effect divergence, one line each (for every renderer):
  /// `effect 1 in golden:  id "fact", sent Counter.Action.factResponse(_:), finished`.
  public var effectLines: [String] {
    switch kind {
    case let .effects(differences):
      differences.flatMap { difference in
        var lines = [
          "\(Self.name(difference.golden ?? difference.current, difference.position)) in golden:  \(difference.golden?.summary ?? "not started")",
          "\(Self.name(difference.current ?? difference.golden, difference.position)) in current: \(difference.current?.summary ?? "not started")",
        ]
        if let golden = difference.golden, let current = difference.current {
          lines.append("  differs in: " + golden.differences(from: current).joined(separator: "; "))
        }
        return lines
      }
    case let .missingEffects(outcomes), let .extraEffects(outcomes):
      outcomes.enumerated().map { "\(Self.name($0.element, $0.offset + 1)): \($0.element.summary)" }
    case .initialState, .missing, .extra, .action, .state, .finalState: []
    }
  }
}

extension Divergence {
  /// `effect 4`: the effect's number in its trace (as `show` numbers it), else its position among
  /// the effects of the action (`effect 1 of the action`).
  fileprivate static func name(_ outcome: EffectOutcome?, _ position: Int) -> String {
    outcome?.id.map { "effect \($0)" } ?? "effect \(position) of the action"
  }
}

/// The nth effect an aligned action started (1-based), as each run had it; `nil` when that
/// run started fewer effects.
public struct EffectDifference: Sendable, Hashable {
  public var position: Int
  public var golden: EffectOutcome?
  public var current: EffectOutcome?
}

/// What an effect did: its cancellation id, the labels of the actions it sent (in order), and
/// whether it `finished`, was `cancelled` or was still `running` at the end of the trace.
public struct EffectOutcome: Sendable, Hashable {
  public var cancellationID: String?
  public var outputs: [String]
  public var end: String
  /// The effect's number in its trace (`effect 4 started` in `show`); not compared: two runs
  /// number their effects on their own.
  public var id: Int64?

  public init(cancellationID: String?, outputs: [String], end: String, id: Int64? = nil) {
    self.cancellationID = cancellationID
    self.outputs = outputs
    self.end = end
    self.id = id
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.cancellationID == b.cancellationID && a.outputs == b.outputs && a.end == b.end
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(cancellationID)
    hasher.combine(outputs)
    hasher.combine(end)
  }

  /// What differs from `other`, one phrase per field:
  /// `cancellation id: "fact" → none`, `sent: Counter.Action.factResponse(_:) → nothing`,
  /// `end: finished → cancelled`.
  public func differences(from other: Self) -> [String] {
    var parts: [String] = []
    if cancellationID != other.cancellationID {
      parts.append(
        "cancellation id: \(cancellationID.map { "\"\($0)\"" } ?? "none") → \(other.cancellationID.map { "\"\($0)\"" } ?? "none")"
      )
    }
    if outputs != other.outputs {
      let sent = { (outputs: [String]) in outputs.isEmpty ? "nothing" : outputs.joined(separator: ", ") }
      parts.append(
        Set(outputs) == Set(other.outputs) && outputs.count == other.outputs.count
          ? "the order of the actions it sent" : "sent: \(sent(outputs)) → \(sent(other.outputs))")
    }
    if end != other.end { parts.append("end: \(end) → \(other.end)") }
    return parts
  }

  /// `id "save", sent Todos.Action.saved, finished`.
  public var summary: String {
    var parts: [String] = []
    if let cancellationID { parts.append("id \"\(cancellationID)\"") }
    parts.append(outputs.isEmpty ? "sent nothing" : "sent " + outputs.joined(separator: ", "))
    parts.append(end == "running" ? "still running at the end" : end)
    return parts.joined(separator: ", ")
  }
}
