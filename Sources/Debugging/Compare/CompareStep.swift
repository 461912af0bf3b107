/// One action of a trace as the comparison sees it: where it is, what it was (ignored parts
/// masked), the state after it, and the effects its reducer started.
struct CompareStep {
  /// Position among the actions read from this trace (0-based), for ordering.
  var index: Int
  var seq: Int64
  var line: Int
  var label: String
  /// The action value in JSON form, masked.
  var action: JSON
  /// Hash of label and masked action: the alignment key.
  var key: Int
  /// The patch from the previous state, masked: equal patches on equal states give equal states.
  var patch: JSONPatch
  /// The full state after the action (unmasked; masked when compared).
  var state: JSON
  /// Ids of the effects started by this action, in the order they started.
  var effects: [Int64] = []

  init(index: Int, line: Int, action: TraceAction, state: JSON, mask: IgnoreMask) {
    self.index = index
    self.seq = action.seq
    self.line = line
    self.label = action.label
    self.action = mask.apply(to: action.action)
    self.patch = mask.apply(to: action.patch)
    self.state = state
    var hasher = Hasher()
    hasher.combine(label)
    hasher.combine(self.action)
    key = hasher.finalize()
  }

  /// Same label and same (masked) action value.
  func sameAction(as other: CompareStep) -> Bool {
    key == other.key && label == other.label && action == other.action
  }
}

/// What became of an effect by the end of the comparison.
enum EffectEnd: String, Sendable {
  case finished, cancelled, running
}

/// One effect's life as followed while reading: its cancellation id, the labels of the actions
/// it sent (in order) and how it ended. Effect ids themselves are not compared.
struct EffectHistory: Equatable {
  var cancellationID: String?
  var outputs: [String] = []
  var end: EffectEnd = .running

  var outcome: EffectOutcome {
    EffectOutcome(cancellationID: cancellationID, outputs: outputs, end: end.rawValue)
  }
}
