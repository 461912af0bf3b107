/// Parsing that keeps large arrays as text (`JSONLazyElements.swift`): each element of an array is
/// checked with `quickCheckValue()` (what it accepts, `JSONReader` reads without an error) and
/// kept as its range of the text; an array of `JSONLazyArrays.smallest` bytes or more keeps them
/// so, a smaller one is parsed at once. An element the check leaves to the reader is parsed, with
/// the reader's error if it has one: reading lazily finds the errors a full parse finds, where it
/// finds them.
///
/// ```swift
/// let json = try JSONReader.parseKeepingArraysAsText(line, fromDepth: 2)
/// json["state"]?["todos"]?[5]   // parses element 5 of todos, and nothing else of the array
/// ```
struct JSONLazyArrays {
  /// Arrays shorter than this (in bytes) are parsed at once.
  static let smallest = 4096

  let text: JSONLazyText
  /// The shallowest array kept as text (1: the document itself).
  let fromDepth: Int
  /// The text is known to be read without an error: elements are only skipped, not checked.
  let checked: Bool
  /// The key table of the checks (one for all).
  let keys = QuickKeys()
}

extension JSONTreeParser {
  /// Arrays at depth `fromDepth` and deeper keep their elements as text of `text`, whose bytes
  /// are the ones this parser reads.
  mutating func keepsArraysAsText(of text: JSONLazyText, fromDepth: Int, checked: Bool) {
    lazy = JSONLazyArrays(text: text, fromDepth: fromDepth, checked: checked)
  }

  /// The value at `range`, which `JSONReader` reads without an error (it was checked); `nil` if
  /// it does not parse after all, which only a mapped file changed since can do
  /// (`JSONLazyText.parse`).
  mutating func parseChecked(_ range: Range<Int>) -> JSON? {
    cursor.index = range.lowerBound
    cursor.depth = 0
    return try? parseValue()
  }

  /// An array at `cursor.index` whose elements stay text when it is large (see above).
  mutating func parseArrayKeepingText() throws(JSONError) -> JSON {
    let open = cursor.index
    if let ranges = checkWholeArray() {
      if ranges.count > 0, cursor.index - open >= JSONLazyArrays.smallest {
        // Every element stays text: their trees are one shared chunk of `.null`s until parsed.
        lazy!.text.used = true
        let pending = JSONPendingElements(text: lazy!.text, ranges: ranges.chunked, unparsed: ranges.count)
        return .array(JSONElements(ChunkedArray(repeating: .null, count: ranges.count), pending: pending))
      }
      return try keep(Array(repeating: .null, count: ranges.count), ranges.ranges, kept: ranges.count, open: open)
    }
    try cursor.enterContainer()
    cursor.skipWhitespace()
    if cursor.index < cursor.end, cursor.bytes[cursor.index] == .closeBracket {
      cursor.index += 1
      cursor.depth -= 1
      return .array([])
    }
    let base = elements.count, rangeBase = lazyRanges.count
    // Elements kept as text, and elements the check left to the parser: when it leaves most of
    // them, the rest are parsed without checking them first.
    var kept = 0, refused = 0
    let checked = lazy!.checked, keys = lazy!.keys
    while true {
      cursor.skipWhitespace()
      let start = cursor.index
      if refused <= kept + 8, checked ? cursor.quickSkipValue() : cursor.quickCheckValue(reusing: keys) {
        elements.push(.null)
        lazyRanges.push(JSONTextSpan(start..<cursor.index))
        kept += 1
      } else {
        refused += 1
        elements.push(try parseValue())
        lazyRanges.push(.parsed)
      }
      cursor.skipWhitespace()
      guard cursor.index < cursor.end else { throw cursor.endOfInput() }
      let byte = cursor.bytes[cursor.index]
      cursor.index += 1
      if byte == .comma { continue }
      if byte == .closeBracket { break }
      throw cursor.unexpected(#"expected "," or "]", found"#, at: cursor.index - 1)
    }
    cursor.depth -= 1
    return try keep(elements.pop(from: base), lazyRanges.pop(from: rangeBase), kept: kept, open: open)
  }

  /// The elements of the array at `cursor.index` (its `[`), all checked in one pass, and the
  /// cursor moved past it; `nil` (the cursor unmoved) when the check refuses any of them: the
  /// array is then read element by element, each refused one by the reader.
  private mutating func checkWholeArray() -> JSONElementRanges? {
    var ranges = JSONElementRanges(base: cursor.index)
    return cursor.quickScanElements(checked: lazy!.checked, keys: lazy!.keys, recording: &ranges) ? ranges : nil
  }

  /// The array that ends at `cursor.index`, from its `items` (`.null` for each element still
  /// text) and the `ranges` of their text (empty for the others): the elements stay text when
  /// `kept` of them are and the array is large, else they are parsed now.
  private mutating func keep(_ items: [JSON], _ ranges: [JSONTextSpan], kept: Int, open: Int) throws(JSONError)
    -> JSON
  {
    var items = items
    if kept > 0, cursor.index - open >= JSONLazyArrays.smallest {
      lazy!.text.used = true
      return .array(
        JSONElements(
          items, pending: JSONPendingElements(text: lazy!.text, ranges: ChunkedArray(ranges), unparsed: kept)))
    }
    if kept > 0 {
      // A small array: its checked elements are parsed now (arrays inside are smaller still).
      let resume = cursor.index
      let keeping = lazy
      lazy = nil
      cursor.depth += 1
      defer {
        lazy = keeping
        cursor.depth -= 1
      }
      for i in items.indices where !ranges[i].isEmpty {
        cursor.index = ranges[i].range.lowerBound
        items[i] = try parseValue()
      }
      cursor.index = resume
    }
    return .array(JSONElements(items))
  }
}

extension JSONReader {
  /// `parse(_:)` of a line whose arrays of 4 KB and more, at depth `fromDepth` and deeper (1: the
  /// document), keep their elements as text until read (`JSONLazyElements.swift`). The result is
  /// the same value, and an error the same error, as `parse(_:)` gives.
  ///
  /// Its arrays are for one thread: only the tool's readers, which read on one, use this.
  ///
  /// `view`: the line `bytes` are, whose buffer is kept instead of copied when its reader gives
  /// it away (`LineReader.detachLine`).
  static func parseKeepingArraysAsText(
    _ bytes: UnsafeRawBufferPointer, fromDepth: Int, line view: LineReader.View? = nil
  ) throws(JSONError) -> JSON {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      throw JSONError("empty input", line: 1, column: 1)
    }
    // Element spans are 32-bit offsets: a line of 4 GiB or more is parsed at once.
    guard bytes.count <= JSONTextSpan.longestText else { return try JSONReader.parse(bytes) }
    let text = JSONLazyText()
    var parser = JSONTreeParser(JSONParser(base.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    parser.keepsArraysAsText(of: text, fromDepth: fromDepth, checked: false)
    let json = try parser.parseDocument()
    if text.used { text.keep(bytes, of: view) }
    return json
  }
}
