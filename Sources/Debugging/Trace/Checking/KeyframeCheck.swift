/// Checks a keyframe's state that the reading thread left unchecked
/// (`TraceReader.defersChecks`) on the thread that takes the line: the check the reader
/// would have made, with tables of its own. A state it refuses sends the whole line through the
/// reader's decoding of a line its byte decoders refuse, for the same record or the same error.
///
/// `validate` reads on one thread and checks on another, and the reading one has the more work:
/// a keyframe of a 1,000-row state is 150 KB of JSON to check, 15 % of a trace's bytes.
///
/// ```swift
/// let keyframes = KeyframeCheck(file: "run.jsonl")
/// keyframes.check(item, wholeLine: state, stateStart: 180, formProblem)  // (item, the state checked, nil)
/// ```
struct KeyframeCheck {
  let file: String
  private let keyTable = JSONKeyTable()
  private let quickKeys = QuickKeys(checksForms: true)

  init(file: String) { self.file = file }

  /// Checks the keyframe state starting at `stateStart` of `wholeLine`, the line of the action
  /// `item`, that the reader left unchecked: the line as it is, with the state alone and its
  /// index. Else what the reader makes of the line when the state is checked with it.
  func check(
    _ item: consuming Result<TraceLine, TraceError>, wholeLine: TraceLineRules.DeferredState, stateStart: Int,
    _ formProblem: TraceError?
  ) -> (item: Result<TraceLine, TraceError>, state: TraceLineRules.DeferredState?, formProblem: TraceError?) {
    guard case let .success(line) = item else { return (item, wholeLine, formProblem) }
    let whole = wholeLine.text
    let checked = whole.withUnsafeBytes { bytes -> (range: Range<Int>, children: JSONChildIndex)? in
      var compact = CompactLine(bytes)
      compact.index = stateStart
      guard let keyframe = TraceActionLineDecoder.checkedKeyframe(&compact, lineCount: bytes.count, quickKeys),
        compact.skip("}"), compact.atEnd
      else { return nil }
      return keyframe
    }
    if let checked {
      return (
        item, TraceLineRules.DeferredState(text: whole.sharing(checked.range), children: checked.children),
        formProblem
      )
    }
    let (decoded, deferred, problem, _, _) = whole.withUnsafeBytes { bytes in
      TraceLineRules.recordForChecking(
        of: LineReader.View(number: line.line, bytes: bytes, isTruncated: false), file: file, keyTable: keyTable,
        quickKeys: quickKeys)
    }
    let number = line.line
    guard case let .success(record) = decoded else {
      return (decoded.map { TraceLine(line: number, record: $0) }, nil, nil)
    }
    return (.success(TraceLine(line: number, record: record)), deferred, problem)
  }
}
