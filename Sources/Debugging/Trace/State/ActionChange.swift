/// The state diff of one action, from its patch: the one place where a trace's patch becomes a
/// `StateDiff` (`tca-trace show` and the HTML report both take their diffs from here). It is
/// built in two steps around applying the patch in place: what the diff needs of the state before
/// is taken first, the diff once the state after exists.
///
/// The diff is always the one of the two whole states (`StateDiff(old, new)`), built at the cost
/// of the change: for one `replace`, along its pointer (`SingleOperationChange`); from the patch and
/// the few nodes it touches (`FocusedChange`); or, for a patch
/// that may change an object's shape, from the two states with everything the patch did not touch
/// replaced by equal stand-ins (`PatchFocus`). Only that last kind keeps a reference to the
/// state before, so only it makes applying the patch copy the state.
///
/// ```swift
/// let change = ActionChange(patch: action.patch, before: state)
/// try action.patch.apply(to: &state)
/// let diff = try change.diff(after: state)   // nil when the state before was unknown
/// ```
package struct ActionChange {
  private enum Kind {
    case unchanged
    case singleOperation(SingleOperationChange)
    case focused(FocusedChange)
    case pruned(before: JSON, PatchFocus, JSONPatch)
    case unknown
  }

  private let kind: Kind

  /// `before` is the state before the action, `nil` when the trace has not given it yet.
  package init(patch: JSONPatch, before state: JSON?) {
    if patch.operations.allSatisfy({ if case .test = $0 { true } else { false } }) {
      kind = .unchanged
    } else if let state {
      kind =
        SingleOperationChange(patch: patch, before: state).map(Kind.singleOperation)
        ?? FocusedChange(patch: patch, before: state).map(Kind.focused)
        ?? .pruned(before: state, PatchFocus(patch), patch)
    } else {
      kind = .unknown
    }
  }

  /// `diff(after:)` as its spine, for a patch of one operation diffed along its pointer
  /// (`SingleOperationChange`); `nil` for any other (take `diff(after:)`).
  package func spine(after state: JSON) throws(JSONError) -> DiffSpine? {
    guard case let .singleOperation(change) = kind else { return nil }
    return try change.spine(after: state)
  }

  /// The diff once the patch applied to the state before gave `state`; `nil` when the state
  /// before was unknown. Throws when a compared part is not in the trace's value form.
  package func diff(after state: JSON) throws(JSONError) -> StateDiff? {
    switch kind {
    case .unchanged:
      return StateDiff(root: .init(key: .root, change: .unchanged(count: 1)))
    case let .singleOperation(change):
      return try change.diff(after: state)
    case let .focused(change):
      return try change.diff(after: state)
    case let .pruned(before, focus, patch):
      let (old, new) = focus.prune(before: before, after: state)
      // A secret replaced by another reads the same on both sides: the patch says where.
      let differ = ValueDiffer(replaced: ReplacedPlaces.of(patch, after: state))
      return StateDiff(
        root: .init(key: .root, change: differ.change(try Value(json: old), try Value(json: new), depth: 0)))
    case .unknown:
      return nil
    }
  }
}
