// The common action line decoded without the tree of the line: the small members (`seq`, `t`,
// `duration`, `label`, `effect`, `coalesced`) are read from their bytes, and only `action`,
// `patch` (and a keyframe's `state`) are built as `JSON`. A reader of a long trace spends most of
// its time on action lines, and the tree of the whole line was built only to be taken apart.

/// Decodes an action line the way `TraceRecord(json: JSONReader.parse(line))` does, for the lines
/// it can vouch for: every member a known key (`kind`, `seq`, `t`, `duration`, `label`, `effect`,
/// `coalesced`, `action`, `patch`, `state`) at most once, each value of the type the spec asks.
/// Anything else — an unknown or repeated key, a missing member, a value of another type, bad
/// JSON — gives `nil`, and the caller decodes the line the general way, with its exact error.
///
/// ```swift
/// TraceActionLineDecoder.decode(line, keepsState: true)
/// // .action(TraceAction(seq: 3, t: 1200, duration: 40, label: "Todos.Action.add", …))
/// ```
enum TraceActionLineDecoder {
  /// `keepsState: false` leaves a keyframe's `state` out (checked for structure, not built), as
  /// `TraceLineRules.recordSkippingKeyframeState` does. `keepsAction: false` leaves the `action`
  /// value out (`.null`): it is checked with all the reader's rules (`quickCheckValue()`), so a
  /// line the general reader rejects is still left to it, with its error.
  /// `keys`: the reader's key cache, shared across lines (`JSONKeyTable`).
  static func decode(
    _ bytes: UnsafeRawBufferPointer, keepsState: Bool, keepsAction: Bool = true, keys: JSONKeyTable? = nil
  ) -> TraceAction? {
    var keyframe: (range: Range<Int>, children: JSONChildIndex)?
    let state: StateReading = keepsState ? .built : .skipped
    return try? decodeThrowing(
      bytes, state: state, keepsAction: keepsAction, keepsLabel: true, keys: keys, keyframe: &keyframe)
  }

  /// For `validate` (`TraceLineRules.recordForChecking`): the action value and the label checked
  /// with all the reader's rules but not kept (`.null`, `""`), and a keyframe's `state` checked
  /// the same way and given as its range in `bytes` instead of being built (the record's `state`
  /// stays `nil`). `nil` for a line the general reader must decode, as `decode` gives.
  ///
  /// ```swift
  /// TraceActionLineDecoder.decodeForChecking(line, keys: nil)
  /// // (TraceAction(seq: 1000, label: "", action: .null, …, state: nil), keyframe: (171..<120090, its index))
  /// ```
  /// `quickKeys`: the reader's table for checking keys, shared across lines.
  ///
  /// `defersKeyframe`: a keyframe's `state` at the end of a line as the recorder writes it is not
  /// checked here but left for the thread that takes the line (`KeyframeCheck`): its range is then
  /// the rest of the line but its closing brace, and `keyframeChecked` is `false`. Only where no check of
  /// the line could tell anything else: the line has no `"reducer":`, so its session is the
  /// first one whatever the check finds.
  static func decodeForChecking(
    _ bytes: UnsafeRawBufferPointer, keys: JSONKeyTable?, quickKeys: QuickKeys? = nil, defersKeyframe: Bool = false
  ) -> (action: TraceAction, keyframe: (range: Range<Int>, children: JSONChildIndex)?, keyframeChecked: Bool)? {
    if let quickKeys,
      let compact = compactForChecking(bytes, keys: keys, quickKeys: quickKeys, defersKeyframe: defersKeyframe)
    {
      return compact
    }
    var keyframe: (range: Range<Int>, children: JSONChildIndex)?
    guard
      let action = try? decodeThrowing(
        bytes, state: .deferred, keepsAction: false, keepsLabel: false, keys: keys, quickKeys: quickKeys,
        keyframe: &keyframe)
    else { return nil }
    return (action, keyframe, true)
  }

  /// `decodeForChecking` of a line as the recorder writes it (`TraceAction.writeJSON`), read in
  /// one pass (`CompactLine`); `nil` for a line written any other way.
  private static func compactForChecking(
    _ bytes: UnsafeRawBufferPointer, keys: JSONKeyTable?, quickKeys: QuickKeys, defersKeyframe: Bool
  ) -> (action: TraceAction, keyframe: (range: Range<Int>, children: JSONChildIndex)?, keyframeChecked: Bool)? {
    var line = CompactLine(bytes)
    guard line.skip(#"{"kind":"action","seq":"#), let seq = line.count(),
      line.skip(#","t":"#), let t = line.count(),
      line.skip(#","duration":"#), let duration = line.count(),
      line.skip(#","label":"#), let label = line.string()
    else { return nil }
    var effect: Int64?
    if line.skip(#","effect":"#) {
      guard let count = line.count() else { return nil }
      effect = count
    }
    let coalesced = line.skip(#","coalesced":true"#)
    // (An action's value is checked by the shape of the last one with its label.)
    guard line.skip(#","action":"#), line.checkedValue(quickKeys, shapedLike: JSONValueTemplates.key(label)) != nil,
      line.skip(#","patch":"#),
      let (patch, patchEnd) = TracePatchDecoder.decode(
        line.base, from: line.index, end: line.end, keys: keys)
    else { return nil }
    line.index = patchEnd
    let action = TraceAction(
      seq: seq, t: t, duration: duration, label: "", action: .null, effect: effect, patch: patch, state: nil,
      coalesced: coalesced)
    var keyframe: (range: Range<Int>, children: JSONChildIndex)?
    if line.skip(#","state":"#) {
      if defersKeyframe, bytes[bytes.count - 1] == .closeBrace, !ByteSearch.contains(bytes, #""reducer":"#) {
        return (action, (line.index..<bytes.count - 1, JSONChildIndex(levels: 0)), false)
      }
      keyframe = checkedKeyframe(&line, lineCount: bytes.count, quickKeys)
      guard keyframe != nil else { return nil }
    }
    guard line.skip("}"), line.atEnd else { return nil }
    return (action, keyframe, true)
  }

  /// A keyframe's `state` at `line`'s cursor, checked, with the index of its children: indexed as
  /// the scanner indexes it (only a line longer than `JSONChildIndex.smallest` has containers
  /// long enough to keep).
  static func checkedKeyframe(_ line: inout CompactLine, lineCount: Int, _ quickKeys: QuickKeys)
    -> (range: Range<Int>, children: JSONChildIndex)?
  {
    var children = JSONChildIndex()
    let indexed = lineCount > JSONChildIndex.smallest
    guard let range = indexed ? line.checkedValue(quickKeys, children: &children) : line.checkedValue(quickKeys)
    else { return nil }
    return (range, children)
  }

  /// What becomes of a keyframe's `state`: built as `JSON`, skipped (checked for structure only),
  /// or checked with all the reader's rules and left as its range (`decodeForChecking`).
  private enum StateReading { case built, skipped, deferred }

  /// The members, by the bit each sets in `seen` (a repeated key gives `nil`).
  private enum Key: UInt16 {
    case kind = 1, seq = 2, t = 4, duration = 8, label = 16, effect = 32, coalesced = 64, action = 128,
      patch = 256, state = 512

    static let required: UInt16 =
      Key.kind.rawValue | Key.seq.rawValue | Key.t.rawValue | Key.duration.rawValue
      | Key.label.rawValue | Key.action.rawValue | Key.patch.rawValue

    init?(_ scanner: borrowing JSONObjectScanner, _ member: JSONObjectScanner.Member) {
      guard !member.keyHasEscapes else { return nil }
      switch member.keyRange.count {
      case 1 where scanner.key(of: member, is: "t"): self = .t
      case 3 where scanner.key(of: member, is: "seq"): self = .seq
      case 4 where scanner.key(of: member, is: "kind"): self = .kind
      case 5 where scanner.key(of: member, is: "label"): self = .label
      case 5 where scanner.key(of: member, is: "patch"): self = .patch
      case 5 where scanner.key(of: member, is: "state"): self = .state
      case 6 where scanner.key(of: member, is: "effect"): self = .effect
      case 6 where scanner.key(of: member, is: "action"): self = .action
      case 8 where scanner.key(of: member, is: "duration"): self = .duration
      case 9 where scanner.key(of: member, is: "coalesced"): self = .coalesced
      default: return nil
      }
    }
  }

  private static func decodeThrowing(
    _ bytes: UnsafeRawBufferPointer, state stateReading: StateReading, keepsAction: Bool, keepsLabel: Bool,
    keys: JSONKeyTable?, quickKeys: QuickKeys? = nil, keyframe: inout (range: Range<Int>, children: JSONChildIndex)?
  ) throws -> TraceAction? {
    var scanner = try JSONObjectScanner(bytes)
    scanner.keyTable = keys
    scanner.quickKeys = quickKeys
    scanner.checksValues = !keepsAction
    // A line with a keyframe is long: where its state's members and elements are is noted as it
    // is checked, for `LazyState` (only containers this long are kept, so a short line has none).
    scanner.indexesValueChildren = stateReading == .deferred && bytes.count > JSONChildIndex.smallest
    var seen: UInt16 = 0
    var seq: Int64 = 0, t: Int64 = 0, duration: Int64 = 0, effect: Int64?
    var label = "", coalesced = false
    var action = JSON.null, patch = JSONPatch(), state: JSON?
    while let member = try scanner.next() {
      guard let key = Key(scanner, member), seen & key.rawValue == 0 else { return nil }
      seen |= key.rawValue
      switch key {
      case .kind:
        guard ByteSearch.equals(scanner.rawValue(of: member), #""action""#) else { return nil }
      case .seq: seq = try scanner.traceCount(member)
      case .t: t = try scanner.traceCount(member)
      case .duration: duration = try scanner.traceCount(member)
      case .effect: effect = try scanner.traceCount(member)
      case .label:
        if keepsLabel { label = try scanner.traceString(member) } else { try scanner.checkTraceString(member) }
      case .coalesced:
        let raw = scanner.rawValue(of: member)
        guard ByteSearch.equals(raw, "true") || ByteSearch.equals(raw, "false") else { return nil }
        coalesced = raw.count == 4
      case .action:
        if keepsAction {
          action = try scanner.value(member)
        } else {
          guard scanner.lastValueChecked else { return nil }
        }
      case .patch:
        patch =
          try TracePatchDecoder.decode(scanner.rawValue(of: member), keys: keys)
          ?? JSONPatch(json: scanner.value(member))
      case .state:
        // The reader's rules for a value it builds; a skipped one is checked as the scanner skips it.
        switch stateReading {
        case .built: state = try scanner.value(member)
        case .skipped: break
        case .deferred:
          guard scanner.lastValueChecked else { return nil }
          keyframe = (member.valueRange, scanner.lastValueChildren)
        }
      }
    }
    guard seen & Key.required == Key.required else { return nil }
    return TraceAction(
      seq: seq, t: t, duration: duration, label: label, action: action, effect: effect, patch: patch, state: state,
      coalesced: coalesced)
  }
}
