// A keyframe checked against the state its patch gives, without building either: the parts of
// the state no patch touched since the last state or keyframe are still the text they were read
// as, and a keyframe written by the recorder repeats that text byte for byte.

extension LazyState {
  /// Whether the state is the value `other` holds, one JSON value that `JSONReader` reads without
  /// an error: what `json() == JSONReader.parse(other)` says. Text held for a part of the state is
  /// compared with the same part of `other` as bytes first (the same bytes are the same value);
  /// containers that differ are compared member by member, and only values that differ in their
  /// bytes are built.
  ///
  /// ```swift
  /// var state = LazyState(text: StateText(Array(#"{"todos":[{"done":false},{"done":false}]}"#.utf8)))
  /// state.apply(.replace(path: JSONPointer("/todos/1/done"), value: .bool(true)))
  /// state.equals(text: StateText(Array(#"{"todos":[{"done":false},{"done":true}]}"#.utf8)))   // true
  /// state.equals(text: StateText(Array(#"{"todos":[{"done":false}, {"done":true}]}"#.utf8)))  // true
  /// state.equals(text: StateText(Array(#"{"todos":[{"done":true},{"done":true}]}"#.utf8)))    // false
  /// ```
  ///
  /// `children`: the index of `other` (`quickCheckValue(children:)`), or an empty one.
  func equals(text other: StateText, children otherChildren: JSONChildIndex = JSONChildIndex(levels: 0)) -> Bool {
    text.withUnsafeBytes { own in
      other.withUnsafeBytes { other in
        LazyTextEquality(own: own, ownChildren: children, other: other, otherChildren: otherChildren).equal(
          root, 0..<other.count)
      }
    }
  }
}

/// Compares the nodes of a `LazyState` (over the text `own`) with parts of the text `other`.
struct LazyTextEquality {
  let own: UnsafeRawBufferPointer
  let ownChildren: JSONChildIndex
  let other: UnsafeRawBufferPointer
  let otherChildren: JSONChildIndex

  /// Whether `node` is the value at `range` of `other`.
  func equal(_ node: LazyState.Node, _ range: Range<Int>) -> Bool {
    switch node {
    case let .text(ownRange):
      return equalText(ownRange, range)
    case let .value(value):
      return equalValue(value, range)
    case let .object(members):
      return equalChildren(of: range, open: .openBrace, count: members.count) { i, key, value in
        sameKey(members[i].key, key) && equal(members[i].node, value)
      }
    case let .array(elements):
      return equalChildren(of: range, open: .openBracket, count: elements.count) { i, _, value in
        equal(elements[i], value)
      }
    }
  }

  /// Whether the container at `range` of the other text opens with `open` and has `count`
  /// children, the `i`th of which (its key's range, its value's range) `matches`.
  private func equalChildren(
    of range: Range<Int>, open: UInt8, count: Int, _ matches: (Int, Range<Int>?, Range<Int>) -> Bool
  ) -> Bool {
    guard other[range.lowerBound] == open else { return false }
    var i = 0
    let matched = forEachChild(of: range) { key, value in
      guard i < count, matches(i, key, value) else { return false }
      i += 1
      return true
    }
    return matched && i == count
  }

  /// Calls `body` with the key (between its quotes, as written) and the value of each member, or
  /// the value of each element, of the container at `range` of `other`, in order, until it
  /// returns `false`; whether it never did. From `otherChildren` when it holds the container,
  /// else read from the text (checked: never an error), without making anything.
  private func forEachChild(of range: Range<Int>, _ body: (Range<Int>?, Range<Int>) -> Bool) -> Bool {
    if let known = otherChildren.containers[range.lowerBound] {
      // (Its ranges are of the whole text.)
      for child in known where !body(child.key, child.value) { return false }
      return true
    }
    let base = other.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var parser = JSONParser(base, count: range.upperBound, from: range.lowerBound + 1)
    let isObject = base[range.lowerBound] == .openBrace
    parser.skipWhitespace()
    if base[parser.index] == .closeBrace || base[parser.index] == .closeBracket { return true }
    while true {
      parser.skipWhitespace()
      var key: Range<Int>?
      if isObject {
        let start = parser.index
        guard (try? parser.scanString()) != nil else { return false }
        key = start + 1..<parser.index - 1
        parser.skipWhitespace()
        parser.index += 1  // the colon
        parser.skipWhitespace()
      }
      let start = parser.index
      if !parser.quickSkipValue() {
        guard (try? parser.skipValue()) != nil else { return false }
      }
      guard body(key, start..<parser.index) else { return false }
      parser.skipWhitespace()
      guard parser.index < parser.end, base[parser.index] == .comma else { return true }
      parser.index += 1
    }
  }

  /// Whether `key` is the member key written at `range` of `other` (between its quotes): compared
  /// as bytes when written without escapes, else once read.
  private func sameKey(_ key: String, _ range: Range<Int>?) -> Bool {
    guard let range else { return false }
    let written = UnsafeRawBufferPointer(rebasing: other[range])
    var key = key
    let same = key.withUTF8 { utf8 in
      utf8.count == written.count
        && (utf8.isEmpty || Self.sameBytes(UnsafeRawPointer(utf8.baseAddress!), written.baseAddress!, utf8.count))
    }
    if same, !written.contains(.backslash) { return true }
    var parser = JSONParser(
      other.baseAddress!.assumingMemoryBound(to: UInt8.self), count: range.upperBound + 1, from: range.lowerBound - 1)
    return (try? parser.parseString()) == key
  }

  /// Whether `value` (a patch's) is the value at `range` of `other`: `true`, `false`, `null` and
  /// a string without escapes are compared with the text as the recorder writes them first; anything else, or
  /// text written another way (escapes, or another form of the same characters), is built and
  /// compared.
  private func equalValue(_ value: JSON, _ range: Range<Int>) -> Bool {
    let text = UnsafeRawBufferPointer(rebasing: other[range])
    let written: Bool
    switch value {
    case .bool(true): written = ByteSearch.equals(text, "true")
    case .bool(false): written = ByteSearch.equals(text, "false")
    case .null: written = ByteSearch.equals(text, "null")
    case let .object(members):
      // Member by member, each as a value of its own (a todo a patch added, say).
      return equalChildren(of: range, open: .openBrace, count: members.count) { i, key, value in
        sameKey(members[i].key, key) && equalValue(members[i].value, value)
      }
    case let .array(elements):
      return equalChildren(of: range, open: .openBracket, count: elements.count) { i, _, value in
        equalValue(elements[i], value)
      }
    case let .string(string):
      var string = string
      written = string.withUTF8 { utf8 in
        text.count == utf8.count + 2 && text[0] == .quote && text[text.count - 1] == .quote
          && (utf8.isEmpty || Self.sameBytes(UnsafeRawPointer(utf8.baseAddress!), text.baseAddress! + 1, utf8.count))
          // (A backslash in the text is an escape: the same bytes would be another string.)
          && !text.contains(.backslash)
      }
    default: written = false
    }
    return written || value == Self.json(other, range)
  }

  /// Whether `own[ownRange]` and `other[range]` are the same value: the same bytes, else the same
  /// container kind compared child by child, else the same value once built.
  private func equalText(_ ownRange: Range<Int>, _ range: Range<Int>) -> Bool {
    if ownRange.count == range.count,
      Self.sameBytes(own.baseAddress! + ownRange.lowerBound, other.baseAddress! + range.lowerBound, range.count)
    {
      return true
    }
    let first = own[ownRange.lowerBound]
    guard first == .openBrace || first == .openBracket, other[range.lowerBound] == first else {
      return Self.json(own, ownRange) == Self.json(other, range)
    }
    switch (Self.expand(own, ownChildren, ownRange), Self.expand(other, otherChildren, range)) {
    case let (.object(mine)?, .object(theirs)?):
      guard mine.count == theirs.count else { return false }
      for (a, b) in zip(mine, theirs) {
        guard a.key == b.key, case let .text(x) = a.node, case let .text(y) = b.node, equalText(x, y) else {
          return false
        }
      }
      return true
    case let (.array(mine)?, .array(theirs)?):
      guard mine.count == theirs.count else { return false }
      for (a, b) in zip(mine, theirs) {
        guard case let .text(x) = a, case let .text(y) = b, equalText(x, y) else { return false }
      }
      return true
    default:
      return Self.json(own, ownRange) == Self.json(other, range)
    }
  }

  /// The container at `range` of `text` expanded one level (its children as ranges of `text`).
  /// (`children`: the text's index; a container it holds is not read again.)
  private static func expand(_ text: UnsafeRawBufferPointer, _ children: JSONChildIndex, _ range: Range<Int>)
    -> LazyState.Node?
  {
    guard let first = range.first.map({ text[$0] }), first == .openBrace || first == .openBracket else { return nil }
    if let known = children.containers[range.lowerBound] {
      return first == .openBrace
        ? .object(
          known.map {
            (String(decoding: UnsafeRawBufferPointer(rebasing: text[$0.key ?? 0..<0]), as: UTF8.self), .text($0.value))
          })
        : .array(ChunkedArray(known.map { .text($0.value) }))
    }
    return LazyStateScan.expand(text.baseAddress!.assumingMemoryBound(to: UInt8.self), range)
  }

  /// The value at `range` of `text` (checked when read: never an error).
  private static func json(_ text: UnsafeRawBufferPointer, _ range: Range<Int>) -> JSON {
    (try? JSONReader.parse(UnsafeRawBufferPointer(rebasing: text[range]))) ?? .null
  }

  /// Whether the `count` bytes at `a` and `b` are the same (eight at a time).
  private static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var i = 0
    while i &+ 8 <= count {
      if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
        return false
      }
      i &+= 8
    }
    while i < count {
      if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
      i &+= 1
    }
    return true
  }
}
