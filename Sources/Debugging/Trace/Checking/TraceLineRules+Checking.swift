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
  /// ```text
  /// {"kind":"action","seq":1000,…,"patch":[…],"state":{…120 KB…}}   →   (.action(…, state: nil), the 120 KB)
  /// {"kind":"effect","event":"started","effect":3,…,"label":"Todos.Action.add"}   →   .effect(…, label: "")
  /// ```
  /// `quickKeys`: the reader's table for checking keys, shared across lines.
  static func recordForChecking(
    of view: LineReader.View, file: String, keyTable: JSONKeyTable?, quickKeys: QuickKeys? = nil
  ) -> (Result<TraceRecord, TraceError>, DeferredState?) {
    let bytes = view.bytes
    if ByteSearch.hasPrefix(bytes, actionLineStart), problem(of: view, file: file) == nil,
      let (action, keyframe) = TraceActionLineDecoder.decodeForChecking(bytes, keys: keyTable, quickKeys: quickKeys)
    {
      return (
        .success(.action(action)),
        keyframe.map { DeferredState(text: StateText(view, $0.range), children: $0.children) }
      )
    }
    if ByteSearch.hasPrefix(bytes, effectLineStart), problem(of: view, file: file) == nil,
      let event = TraceEffectLineDecoder.decode(bytes, keepsText: false)
    {
      return (.success(.effect(event)), nil)
    }
    return recordDeferringState(of: view, file: file, keepsActionValue: false, keyTable: keyTable)
  }
}
