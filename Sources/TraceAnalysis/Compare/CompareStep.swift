import Debugging

/// One action of a trace as the comparison sees it: where it is, what it was (ignored parts
/// masked), the change it made, and the effects its reducer started. It holds no state: the
/// side rebuilds the state after it when the comparison takes it (`CompareSide.advance(past:)`),
/// so that states are changed in place and never copied for actions waiting in a window.
struct CompareStep {
  var seq: Int64
  var line: Int
  var label: String
  /// The action value in JSON form, masked.
  var action: JSON
  /// Hash of label and masked action: the alignment key.
  var key: Int
  /// The patch from the previous state, masked: equal patches on equal states give equal states.
  var patch: JSONPatch
  /// The patch as recorded, and the keyframe state when the line has one, to rebuild the state.
  var rawPatch: JSONPatch
  var keyframe: JSON?
  /// The keyframe written as JSON text instead (`compact()`): for steps read far ahead.
  var keyframeText: [UInt8]?
  /// Ids of the effects started by this action, in the order they started.
  var effects: [Int64] = []
  /// Whether the state after it was not captured (`"coalesced":true`, its patch empty): known
  /// only when a state line follows it (the recorder closing after coalesced actions).
  var coalesced: Bool
  /// Whether the state after it is in the trace whole (a keyframe, or a state line after it).
  var hasKeyframe: Bool { keyframe != nil || keyframeText != nil }

  init(line: Int, action: TraceAction, mask: IgnoreMask) {
    self.seq = action.seq
    self.line = line
    self.label = action.label
    self.action = mask.apply(to: action.action)
    self.patch = mask.apply(to: action.patch)
    self.rawPatch = action.patch
    self.keyframe = action.state
    self.coalesced = action.coalesced
    var hasher = Hasher()
    hasher.combine(label)
    hasher.combine(self.action)
    key = hasher.finalize()
  }

  /// Moves the keyframe into `keyframeText`: as text a state takes several times less memory
  /// than as a `JSON` tree, for a step that may wait in a look-ahead buffer of thousands.
  mutating func compact() {
    guard let state = keyframe else { return }
    var bytes: [UInt8] = []
    JSONWriter.write(state, into: &bytes)
    keyframeText = bytes
    keyframe = nil
  }

  /// The keyframe state, read back from `keyframeText` when compacted.
  func keyframeState() -> JSON? {
    if let keyframe { return keyframe }
    return keyframeText.flatMap { try? JSONReader.parse($0) }
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

  func outcome(id: Int64) -> EffectOutcome {
    EffectOutcome(cancellationID: cancellationID, outputs: outputs, end: end.rawValue, id: id)
  }
}
