/// The quick check (or skip) of a large array's elements on two threads: a helper thread scans
/// the elements after a comma near the middle while this one scans those before it. The comma
/// is a guess (it may be inside a string, or between the members of an element); this thread's
/// scan confirms it by reaching it between two elements of the array, and only then takes the
/// helper's half. Otherwise this thread scans the whole array, as on one thread, and the helper's
/// work is dropped. Either way the result, the element ranges and the end are what one thread's
/// scan gives.
///
/// ```text
/// [{"id":1},{"id":2},…,{"id":50000},{"id":50001},…,{"id":100000}]
///  └── this thread ──────────────┘ ↑ └── helper, from the comma ────┘
/// ```
///
/// A 12 MB state's `todos` then costs the time of half its check (`show`, `blame` and `state`
/// read the first state of a trace before anything else).
extension JSONParser {
  /// Arrays of at least this many bytes (counted to the end of the input) are scanned on two
  /// threads when the machine has two cores.
  static let parallelScanSize = 1 << 20

  /// `quickCheckValue(recording:reusing:)` (`Rules`: `JSONReaderRules`) or
  /// `quickSkipValue(recording:)` (`JSONSyntaxRules`, `keys` `nil`) of the array at `index`,
  /// on two threads when it may be large: `true` with `index` after the array and the ranges of
  /// its elements in `ranges`; `false` (with `index` unchanged) when the scan refuses it.
  mutating func quickScanArray<Rules: JSONQuickRules>(
    _ rules: Rules.Type, keys: QuickKeys?, recording ranges: inout JSONElementRanges
  ) -> Bool {
    if end - index >= Self.parallelScanSize, Platform.coreCount > 1, let comma = splitComma() {
      return quickScanArray(rules, keys: keys, recording: &ranges, splittingAt: comma)
    }
    guard let after = quickScanEnd(rules, keys: keys, recording: &ranges) else { return false }
    index = after
    return true
  }

  /// `quickScanArray` with the helper starting after the comma at offset `comma` (after
  /// `index`), wherever that comma is.
  mutating func quickScanArray<Rules: JSONQuickRules>(
    _ rules: Rules.Type, keys: QuickKeys?, recording ranges: inout JSONElementRanges, splittingAt comma: Int
  ) -> Bool {
    precondition(comma > index && comma < end && bytes[comma] == .comma, "the split is at a comma of the array's text")
    let helper = ParallelScanHelper(
      scanning: JSONParser(bytes, count: end, from: comma + 1), depth: depth, checksValues: Rules.checksValues)
    let head = quickScanEnd(rules, keys: keys, recording: &ranges, split: QuickScanSplit(stop: comma))
    let tail = helper.result()
    switch head {
    case nil:
      return false
    case QuickScanSplit.stopped?:
      guard let (after, tailRanges) = tail else { return false }
      ranges.ranges += tailRanges
      index = after
      return true
    case let after?:
      index = after
      return true
    }
  }

  /// The comma where the helper starts: the first one at or after 45 % of what is left of the
  /// input that sits between two containers (`},{`, `],[`), else the first one; `nil` when there
  /// is none. (This thread's part is the smaller: it starts first, and its bytes, read first,
  /// are the further out of the cache.)
  private func splitComma() -> Int? {
    let middle = index + (end - index) * 45 / 100
    var firstComma: Int?
    var i = middle
    // Looking no further than 64 KB for the likeliest place between two elements.
    let searchEnd = min(end - 1, middle + 65536)
    while i < searchEnd {
      if bytes[i] == .comma {
        if firstComma == nil { firstComma = i }
        let before = bytes[i - 1], after = bytes[i + 1]
        if (before == .closeBrace && after == .openBrace) || (before == .closeBracket && after == .openBracket) {
          return i
        }
      }
      i += 1
    }
    return firstComma
  }
}

/// The helper thread of `quickScanArray`: scans from its parser's `index` (after the split comma)
/// to the end of the array, recording the element ranges.
private final class ParallelScanHelper: @unchecked Sendable {
  // Written by the helper thread before it ends; read after `result()` joined it.
  private var outcome: (after: Int, ranges: [JSONTextSpan])?
  private var thread: Platform.Helper?

  /// `checksValues`: with `JSONReaderRules` (else `JSONSyntaxRules`).
  init(scanning parser: JSONParser, depth: Int, checksValues: Bool) {
    var parser = parser
    parser.depth = depth
    let work = UncheckedScan(parser: parser)
    thread = Platform.Helper { [self] in
      let parser = work.parser
      var ranges = JSONElementRanges(base: parser.index)
      let split = QuickScanSplit(startsInArray: true)
      let after =
        checksValues
        ? parser.quickScanEnd(JSONReaderRules.self, keys: QuickKeys(), recording: &ranges, split: split)
        : parser.quickScanEnd(JSONSyntaxRules.self, keys: nil, recording: &ranges, split: split)
      if let after { outcome = (after, ranges.ranges) }
    }
  }

  /// Waits for the helper: where the array ends and the ranges of the elements it scanned, or
  /// `nil` when its scan refused them.
  func result() -> (after: Int, ranges: [JSONTextSpan])? {
    thread?.join()
    return outcome
  }
}

/// The helper's parser: its bytes outlive the helper, which `quickScanArray` waits for.
private struct UncheckedScan: @unchecked Sendable {
  let parser: JSONParser
}
