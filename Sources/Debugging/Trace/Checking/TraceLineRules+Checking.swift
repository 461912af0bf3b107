// What `validate` reads of each line: everything its checks need and nothing they do not. Every
// value is still checked with all the reader's rules, so the same lines fail with the same errors.

extension TraceLineRules {
  /// `record(of:file:)` for `validate` (`TraceReader.readsForChecking`): a large `state` line's
  /// state is kept as text (`recordDeferringState`); an action line's `action` value and label,
  /// and an effect line's `label` and `id`, are checked but not kept (`.null`, `""`); a
  /// keyframe's `state` is checked and returned as text, its record's `state` left `nil`. Any
  /// line the byte decoders cannot vouch for is decoded by `record(of:file:)`, with its exact
  /// error.
  ///
  /// Values are also checked for the trace's value form (`Value(json:)`, what `show` reads them
  /// with) when `quickKeys` checks forms: a value `show` would refuse is a problem on its own line
  /// (returned beside the record, which is still checked), with the JSON Pointer of the part that
  /// is wrong, from the line's top:
  ///
  /// ```text
  /// {"kind":"action","seq":1000,…,"patch":[…],"state":{…120 KB…}}   →   (.action(…, state: nil), the 120 KB)
  /// {"kind":"effect","event":"started","effect":3,…,"label":"Todos.Action.add"}   →   .effect(…, label: "")
  /// {"kind":"state",…,"state":{"$type":"S","id":{"$uuid":5}}}   →   not a value in the trace's value form: at /state/id: "$uuid" must be a string
  /// ```
  /// `quickKeys`: the reader's table for checking keys, shared across lines. `byLineDecoders`: the
  /// line was read by the action or effect line decoder, which accept no `reducer` member.
  ///
  /// `defers`: checks that the thread taking the line makes instead, the reading one having the
  /// more work. A keyframe's state may be left unchecked (`KeyframeCheck`): the deferred state
  /// is then the whole line, and `uncheckedKeyframe` the offset where the state starts in it
  /// (else 0). The values of the patch of an action line read by its byte decoder are not
  /// checked for the value form (`ValidationState.checksPatchForms`).
  static func recordForChecking(
    of view: LineReader.View, file: String, keyTable: JSONKeyTable?, quickKeys: QuickKeys? = nil,
    defers: Bool = false
  ) -> (
    Result<TraceRecord, TraceError>, DeferredState?, formProblem: TraceError?, byLineDecoders: Bool,
    uncheckedKeyframe: Int
  ) {
    let bytes = view.bytes
    let checksForms = quickKeys?.checksForms == true
    if ByteSearch.hasPrefix(bytes, actionLineStart), problem(of: view, file: file) == nil,
      let (action, keyframe, keyframeChecked) = TraceActionLineDecoder.decodeForChecking(
        bytes, keys: keyTable, quickKeys: quickKeys, defersKeyframe: defers)
    {
      // The action value and the keyframe were checked for their form with the line (or the
      // keyframe is left with the whole line, to check).
      return (
        .success(.action(action)),
        keyframe.map {
          DeferredState(text: StateText(view, keyframeChecked ? $0.range : 0..<bytes.count), children: $0.children)
        },
        checksForms && !defers ? formProblem(inPatchOf: action, line: view.number, file: file) : nil,
        true,
        keyframeChecked ? 0 : keyframe?.range.lowerBound ?? 0
      )
    }
    if ByteSearch.hasPrefix(bytes, effectLineStart), problem(of: view, file: file) == nil,
      let event = TraceEffectLineDecoder.decode(bytes, keepsText: false)
    {
      return (.success(.effect(event)), nil, nil, true, 0)
    }
    let (record, deferred) = recordDeferringState(
      of: view, file: file, keepsActionValue: checksForms, keyTable: keyTable, quickKeys: quickKeys)
    guard checksForms, case let .success(decoded) = record else { return (record, deferred, nil, false, 0) }
    return (
      record, deferred, formProblem(in: decoded, stateIsText: deferred != nil, line: view.number, file: file), false, 0
    )
  }

  /// The first value of a decoded line not in the trace's value form, as an error on its line;
  /// `stateIsText`: the state was kept as text, checked already.
  private static func formProblem(in record: TraceRecord, stateIsText: Bool, line: Int, file: String) -> TraceError? {
    switch record {
    case let .state(state):
      return stateIsText ? nil : formProblem(state.state, at: "/state", line: line, file: file)
    case let .action(action):
      if let problem = formProblem(action.action, at: "/action", line: line, file: file) { return problem }
      if let problem = formProblem(inPatchOf: action, line: line, file: file) { return problem }
      return action.state.flatMap { formProblem($0, at: "/state", line: line, file: file) }
    default:
      return nil
    }
  }

  /// The first value of an action's patch not in the trace's value form.
  static func formProblem(inPatchOf action: TraceAction, line: Int, file: String) -> TraceError? {
    for (index, operation) in action.patch.operations.enumerated() {
      switch operation {
      case let .add(path, value), let .replace(path, value), let .test(path, value):
        // (Scalars are always in the form: most values of a patch.)
        switch value {
        case .object where path.tokens.last == "$tuple" && Value.isInForm(value, at: .fields):
          // A tuple's fields: their keys may start with `$` (where it goes is checked with the state).
          continue
        case .object, .array:
          if let problem = formProblem(value, at: "/patch/\(index)/value", line: line, file: file) { return problem }
        default: continue
        }
      case .remove, .move, .copy:
        continue
      }
    }
    return nil
  }

  /// `value`'s form error (`Value(json:)`), its JSON Pointer put under `member`'s.
  ///
  /// ```text
  /// at /id: invalid UUID "x"   (in the line's "state")   →   at /state/id: invalid UUID "x"
  /// ```
  static func formProblem(_ value: JSON, at member: String, line: Int, file: String) -> TraceError? {
    guard !Value.isInForm(value) else { return nil }
    do {
      _ = try Value(json: value)
      return nil
    } catch {
      return .valueForm(error, file: file, line: line, under: member)
    }
  }
}
