import Foundation

// Arrays read lazily: a large array of a trace's state keeps its elements as ranges of the line's
// text, and an element becomes a `JSON` tree only when something reads it. A patch that replaces
// /todos/5/isComplete in a 100,000-element state parses one element, not 100,000.
//
// Only the trace readers of the tool make such arrays (`JSONReader.parseKeepingArraysAsText`,
// through `TraceLineRules.recordKeepingArraysAsText`), and they read on one thread: reading an
// element stores its tree in the array's storage, so a lazy array must not be read from two
// threads at once. The recorder, the runtime and `JSONReader.parse` never make one, and a reader
// only makes them when asked (`TraceReader.keepsArraysAsText`), so nothing lazy crosses threads.

/// The text of one line whose large arrays were kept as text (`JSONPendingElements`): the line's
/// bytes, kept when the parse that made the arrays ends (the file's pages mapped, the reader's
/// buffer, or a copy: `LineMemory`), and shared by all of them.
///
/// ```text
/// {"kind":"state","seq":0,"t":0,"state":{"todos":[{…},{…},…12 MB…]}}
///                                                  ^^^^^ ^^^^^  element ranges into these bytes
/// ```
final class JSONLazyText {
  /// The line (a copy, or the memory the reader handed over); empty until the parse that made
  /// the arrays has ended.
  private(set) var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  /// Holds `bytes`.
  private var memory: LineMemory?
  /// Whether an array kept elements as text (the bytes are then kept).
  var used = false
  /// Whether the whole text holds no `"$id"` and no `\u` (computed once, when first asked).
  private var lacksComputedIDsMemo: Bool?

  /// Whether no element of this text can hold a computed id (`"$id"`, even escaped): one search
  /// of the whole line instead of one per element each time a state is masked.
  var lacksComputedIDs: Bool {
    if let known = lacksComputedIDsMemo { return known }
    let all = UnsafeRawBufferPointer(bytes)
    let lacks = !ByteSearch.contains(all, Self.computedIDNeedle) && !ByteSearch.contains(all, #"\u"#)
    lacksComputedIDsMemo = lacks
    return lacks
  }

  /// What a computed id's key (`"$id"`) is searched by: its bytes from the `$`, whose first two
  /// are rare in a trace (`"$` starts every `$type` and `$uuid`: searched from the quote, a state
  /// of 100,000 rows has a candidate in every 64 bytes). It also finds a text ending in `$id`: the
  /// search may say "maybe" where there is none, never "none" where there is one.
  static let computedIDNeedle: StaticString = #"$id""#

  /// Keeps `line`: the memory of `view` when its reader hands it over (`detachLine`), else a
  /// copy.
  func keep(_ line: UnsafeRawBufferPointer, of view: LineReader.View? = nil) {
    var kept: LineMemory?
    if let view, view.bytes.baseAddress == line.baseAddress, view.bytes.count == line.count {
      kept = view.source?.detachLine(view)
    }
    let memory = kept ?? LineMemory(copying: line)
    self.memory = memory
    bytes = UnsafeBufferPointer(start: memory.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: line.count)
  }

  /// Whether the bytes are the file's own, mapped (for tests).
  var isMapped: Bool { memory?.isMapped ?? false }

  /// The tree of the value at `range`, a value `JSONReader` reads without an error (it was
  /// checked when the line was read). Arrays of 4 KB and more inside it stay text in turn.
  func parse(_ range: Range<Int>) -> JSON {
    guard !isBroken else { return .null }
    return withParser { parser in parser.parseChecked(range) } ?? broken()
  }

  /// Whether an element checked when the line was read did not parse later: only the file's own
  /// bytes, mapped, can change so (another program rewrote or cut the file), and every element
  /// after it reads as a `.null` stand-in without a parse (whose error message would count the
  /// lines of the whole text again for each).
  private(set) var isBroken = false

  /// Notes that the text changed under its elements (see `isBroken`); `.null`.
  func broken() -> JSON {
    assert(isMapped, "a checked value did not parse")
    if !isBroken { MappedFileRegion.noteChangedUnderneath() }
    isBroken = true
    return .null
  }

  /// Runs `body` with a parser over the bytes that keeps large arrays as text.
  func withParser<R>(_ body: (inout JSONTreeParser) -> R) -> R {
    var parser = JSONTreeParser(JSONParser(bytes.baseAddress!, count: bytes.count))
    parser.keepsArraysAsText(of: self, fromDepth: 1, checked: true)
    return body(&parser)
  }
}

/// Where an element still held as text is in its line, in 8 bytes instead of a `Range<Int>`'s 16
/// (a 1,000,000-row state keeps a million); empty once the element is parsed. Lines read lazily
/// are at most `longestText` bytes (`JSONReader.parseKeepingArraysAsText` parses a longer one at
/// once).
///
/// ```swift
/// JSONTextSpan(40..<163).range   // 40..<163
/// JSONTextSpan.parsed.isEmpty    // true
/// ```
struct JSONTextSpan: Equatable, Sendable {
  private var start: UInt32
  private var count: UInt32

  static let longestText = Int(UInt32.max)
  /// The span of a parsed element.
  static let parsed = JSONTextSpan(0..<0)

  init(_ range: Range<Int>) {
    start = UInt32(truncatingIfNeeded: range.lowerBound)
    count = UInt32(truncatingIfNeeded: range.count)
  }

  var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
  var isEmpty: Bool { count == 0 }
}

/// The elements of a `JSONElements` still held as text: for each element, where its text is in
/// `text`, or an empty range once it is parsed (its tree is then in the storage's `trees`, where
/// an unparsed element holds `.null`).
struct JSONPendingElements {
  let text: JSONLazyText
  var ranges: ChunkedArray<JSONTextSpan>
  /// How many ranges are not empty.
  var unparsed: Int
  /// Whether the text of every unparsed element is what `JSONWriter` writes for it (`nil`: not
  /// checked yet): it is then copied as it is.
  var canonical: Bool?

  /// The element at `i` is parsed.
  mutating func markParsed(_ i: Int) {
    ranges[i] = .parsed
    unparsed -= 1
  }
}

extension JSONElements.Storage {
  /// Parses element `i` if it is still text.
  @inline(__always)
  func parse(_ i: Int) {
    // No copy of `pending` is bound while it changes: its ranges would be copied.
    guard pending != nil else { return }
    let range = pending!.ranges[i]
    guard !range.isEmpty else { return }
    let text = pending!.text
    trees[i] = text.parse(range.range)
    pending!.markParsed(i)
    if pending!.unparsed == 0 { pending = nil }
  }

  /// Parses the elements in `bounds` that are still text (in one pass when they are many).
  func parse(_ bounds: Range<Int>) {
    guard pending != nil else { return }
    if bounds.count >= max(8, trees.count / 8) {
      parseAll()
      return
    }
    for i in bounds { parse(i) }
  }

  /// Parses every element still held as text, with one parser.
  func parseAll() {
    guard let pending else { return }
    self.pending = nil
    let text = pending.text
    text.withParser { parser in
      for (i, span) in pending.ranges.enumerated() where !span.isEmpty && !text.isBroken {
        trees[i] = parser.parseChecked(span.range) ?? text.broken()
      }
    }
  }

  /// The text of element `i` while it is unparsed, else `nil`.
  func text(of i: Int) -> (text: JSONLazyText, range: Range<Int>)? {
    guard let pending, !pending.ranges[i].isEmpty else { return nil }
    return (pending.text, pending.ranges[i].range)
  }
}

extension JSONElements {
  /// Element `i`; one still held as text is parsed for the caller and stays text here (a reader
  /// that visits every element once holds one at a time, not the whole array as trees).
  package func elementNotKept(at i: Int) -> JSON {
    if let (text, range) = storage.text(of: i) { return text.parse(range) }
    return storage.trees[i]
  }

  /// Whether the elements at `i` of `a` and of `b` are both unparsed with the same text: then they
  /// are equal (`false` says nothing: parse and compare them).
  package static func sameText(_ a: JSONElements, _ b: JSONElements, at i: Int) -> Bool {
    guard let (x, xRange) = a.storage.text(of: i), let (y, yRange) = b.storage.text(of: i),
      xRange.count == yRange.count
    else { return false }
    if x === y && xRange == yRange { return true }
    return memcmp(x.bytes.baseAddress! + xRange.lowerBound, y.bytes.baseAddress! + yRange.lowerBound, xRange.count) == 0
  }

  /// Whether some elements are still held as text.
  package var hasPendingElements: Bool { storage.pending != nil }
}

extension JSONElements {
  /// `pendingText(at: i, lacks: #""$id""#, #"\u"#)` (no computed id in element `i`, even
  /// escaped), answered for every element at once when the whole text has neither.
  package func pendingTextLacksComputedID(at i: Int) -> Bool {
    guard let (text, range) = storage.text(of: i) else { return false }
    if text.lacksComputedIDs { return true }
    let bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text.bytes)[range])
    return !ByteSearch.contains(bytes, JSONLazyText.computedIDNeedle) && !ByteSearch.contains(bytes, #"\u"#)
  }

  /// When no element still held as text can hold a computed id (the whole text has none,
  /// `lacksComputedIDs`): the indices of the other elements, those parsed, in order, found in one
  /// pass over the texts' ranges; `nil` otherwise (each element is asked on its own,
  /// `pendingTextLacksComputedID(at:)`). A reader masking computed ids visits only these: a
  /// state of 100,000 todos changed in a few rows visits those few.
  ///
  /// ```swift
  /// elements.parsedIndicesWhenTextLacksComputedIDs()   // [5, 731]: the rows patches changed
  /// ```
  package func parsedIndicesWhenTextLacksComputedIDs() -> [Int]? {
    guard let pending = storage.pending, pending.text.lacksComputedIDs else { return nil }
    var parsed: [Int] = []
    parsed.reserveCapacity(count - pending.unparsed)
    var index = 0
    for span in pending.ranges {
      if span.isEmpty { parsed.append(index) }
      index += 1
    }
    return parsed
  }

  /// Whether element `i` is still held as text and none of `needles` occurs in that text: a
  /// reader looking for a key then knows the element has none without building it. `false` says
  /// nothing (a parsed element, or a possible match).
  ///
  /// ```swift
  /// elements.pendingText(at: 3, lacks: #""$id""#, #"\u"#)   // true: no key `$id`, even escaped
  /// ```
  package func pendingText(at i: Int, lacks needles: StaticString...) -> Bool {
    guard let (text, range) = storage.text(of: i) else { return false }
    let bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text.bytes)[range])
    return !needles.contains { ByteSearch.contains(bytes, $0) }
  }
}
