/// The quick check (or skip) of a large array's elements on two threads. This thread scans the
/// first 64 KB alone, to the next comma between elements: an array that ends before is done
/// (a todo's `tags: []` on a 12 MB line starts no thread). For a larger one, a helper thread
/// scans from a comma near the middle of the rest while this thread goes on to that comma. The
/// comma is a guess (it may be inside a string, or between the members of an element); this
/// thread takes the helper's part only when it stops at that very comma between two elements,
/// else it goes on alone and the helper's work is dropped. Either way the result, the element
/// ranges and the end are what one thread's scan gives.
///
/// ```text
/// [{"id":1},…,{"id":500},…,{"id":50000},{"id":50001},…,{"id":100000}]
///  └ 64 KB ┘ └─ this thread ─────────┘ ↑ └── helper, from the comma ┘
/// ```
///
/// A 12 MB state's `todos` then costs the time of half its check (`show`, `blame` and `state`
/// read the first state of a trace before anything else).
extension JSONParser {
  /// Arrays of at least this many bytes (counted to the end of the input) may be scanned on two
  /// threads when the machine has two cores.
  static let parallelScanSize = 1 << 20
  /// The first bytes of an array scanned on this thread alone: only an array still going on past
  /// them is split.
  static let probeSize = 1 << 16

  /// `quickCheckValue(recording:reusing:)` (`Rules`: `JSONReaderRules`) or
  /// `quickSkipValue(recording:)` (`JSONSyntaxRules`, `keys` `nil`) of the array at `index`,
  /// on two threads when it is large: `true` with `index` after the array and the ranges of its
  /// elements in `ranges`; `false` (with `index` unchanged) when the scan refuses it.
  mutating func quickScanArray<Rules: JSONQuickRules>(
    _ rules: Rules.Type, keys: QuickKeys?, recording ranges: inout JSONElementRanges
  ) -> Bool {
    let large = end - index >= Self.parallelScanSize && Platform.coreCount > 1
    let split = QuickScanSplit(stop: large ? index + Self.probeSize : -1)
    guard let head = quickScanEnd(rules, keys: keys, recording: &ranges, split: split) else { return false }
    guard let probe = QuickScanSplit.comma(stoppedAt: head) else {
      index = head
      return true
    }
    // Past 64 KB: the rest on two threads, from a comma near 45 % of it (this thread's part the
    // smaller: it starts first, and its bytes, read first, are the further out of the cache).
    let rest = JSONParser(self, from: probe + 1)
    guard let after = rest.quickScanElements(rules, keys: keys, recording: &ranges, splittingAt: rest.middleComma())
    else { return false }
    index = after
    return true
  }

  /// `quickScanArray` with the helper starting after the comma at offset `comma` (after
  /// `index`), wherever that comma is.
  mutating func quickScanArray<Rules: JSONQuickRules>(
    _ rules: Rules.Type, keys: QuickKeys?, recording ranges: inout JSONElementRanges, splittingAt comma: Int
  ) -> Bool {
    precondition(comma > index && comma < end && bytes[comma] == .comma, "the split is at a comma of the array's text")
    guard let after = quickScanElements(rules, keys: keys, recording: &ranges, splittingAt: comma, inArray: false)
    else { return false }
    index = after
    return true
  }

  /// The parser `parser` (its bytes and depth) at `index`.
  private init(_ parser: JSONParser, from index: Int) {
    self.init(parser.bytes, count: parser.end, from: index)
    depth = parser.depth
  }

  /// The array's elements from `index` (after a comma between two of them, `inArray`; else the
  /// array's `[`) to its end, the part after the comma at `comma` on a helper thread: where the
  /// array ends, or `nil` when the scan refuses an element.
  private func quickScanElements<Rules: JSONQuickRules>(
    _ rules: Rules.Type, keys: QuickKeys?, recording ranges: inout JSONElementRanges, splittingAt comma: Int?,
    inArray: Bool = true
  ) -> Int? {
    ranges.base = index
    guard let comma else {
      return quickScanEnd(rules, keys: keys, recording: &ranges, split: QuickScanSplit(startsInArray: inArray))
    }
    let helper = ParallelScanHelper(scanning: JSONParser(self, from: comma + 1), checksValues: Rules.checksValues)
    let head = quickScanEnd(
      rules, keys: keys, recording: &ranges, split: QuickScanSplit(startsInArray: inArray, stop: comma))
    let tail = helper.result()
    guard let head else { return nil }
    guard let stopped = QuickScanSplit.comma(stoppedAt: head) else { return head }
    if stopped == comma {
      // The helper started between two elements: its part is the rest of the array.
      guard let (after, tailRanges) = tail else { return nil }
      ranges.ranges += tailRanges
      return after
    }
    // The guess was inside an element: this thread goes on alone from the comma it stopped at.
    return JSONParser(self, from: stopped + 1).quickScanElements(
      rules, keys: keys, recording: &ranges, splittingAt: nil)
  }

  /// A comma near 45 % of what is left: the first one that sits between two containers (`},{`,
  /// `],[`) within 64 KB, else the first one there; `nil` when there is none.
  private func middleComma() -> Int? {
    var firstComma: Int?
    var i = index + (end - index) * 45 / 100
    let searchEnd = min(end - 1, i + 65536)
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
  init(scanning parser: JSONParser, checksValues: Bool) {
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
    // The thread's job holds this helper: dropped, so both are freed.
    thread = nil
    return outcome
  }
}

/// The helper's parser: its bytes outlive the helper, which `quickScanArray` waits for.
private struct UncheckedScan: @unchecked Sendable {
  let parser: JSONParser
}
