/// `quickSkipValue()` with the rest of the reader's rules: no key twice in one object, integers
/// within 64 bits, numbers within `Double`. What it returns `true` for, `JSONReader` reads
/// without an error; `false` means "not known to be fine", and the caller reads the value with
/// `JSONReader` for the exact answer (an error, or a value this check leaves to the reader).
///
/// Left to the reader (`false`): a key with an escape, an object with more than 32 members, an
/// integer of more than 18 digits, a number with an exponent that may not fit a `Double`.
///
/// ```swift
/// var parser = JSONParser(base, count: count, from: valueStart)
/// parser.quickCheckValue()  // {"a":1,"a":2} → false (JSONReader: duplicate key "a")
/// ```
extension JSONParser {
  /// Moves past the value at `index` and returns `true` when `JSONReader` accepts it; else
  /// returns `false` with `index` unchanged.
  mutating func quickCheckValue() -> Bool {
    var children = JSONChildIndex(levels: 0)
    return quickCheckValue(children: &children)
  }

  /// `quickCheckValue()` that also records where the members and elements of the containers on
  /// the first `children.levels` levels of the value are (`JSONChildIndex`).
  mutating func quickCheckValue(children: inout JSONChildIndex) -> Bool {
    quickCheckValue(children: &children, reusing: QuickKeys())
  }

  /// `quickCheckValue(children:)` with the key table of earlier checks (`keys`).
  mutating func quickCheckValue(children: inout JSONChildIndex, reusing keys: QuickKeys) -> Bool {
    keys.reset()
    guard let after = quickCheckEnd(keys, &children) else { return false }
    index = after
    return true
  }

  /// `quickCheckValue()` with the key table of earlier checks (`keys`), for checking many values
  /// in a row (the elements of an array) without allocating one each time.
  mutating func quickCheckValue(reusing keys: QuickKeys) -> Bool {
    keys.reset()
    var children = JSONChildIndex(levels: 0)
    guard let after = quickCheckEnd(keys, &children) else { return false }
    index = after
    return true
  }

  private func quickCheckEnd(_ keys: QuickKeys, _ children: inout JSONChildIndex) -> Int? {
    let start = bytes
    let origin = bytes + self.index
    let end = bytes + self.end
    let room = min(63, JSONReader.maximumDepth - depth)
    var kinds: UInt64 = 0
    var level = 0
    var p = bytes + self.index
    while true {
      guard let c = Self.checkNonSpace(&p, end) else { return nil }
      if level > 0 { children.valueStarts(level: level, at: origin.distance(to: p)) }
      switch c {
      case .quote:
        guard checkString(&p, end) != nil else { return nil }
      case .openBrace, .openBracket:
        guard level < room else { return nil }
        level += 1
        children.opened(level: level, at: origin.distance(to: p))
        p += 1
        keys.open()
        guard let next = Self.checkNonSpace(&p, end) else { return nil }
        if c == .openBrace {
          kinds = kinds << 1 | 1
          if next == .closeBrace {
            p += 1
            children.closed(level: level, at: origin.distance(to: p))
            level -= 1
            kinds >>= 1
            keys.close()
          } else {
            guard checkKey(&p, end, keys, level, origin, &children) else { return nil }
            continue
          }
        } else {
          kinds = kinds << 1
          if next == .closeBracket {
            p += 1
            children.closed(level: level, at: origin.distance(to: p))
            level -= 1
            kinds >>= 1
            keys.close()
          } else {
            continue
          }
        }
      case .letterT:
        guard Self.checkWord(p, end, "true") else { return nil }
        p += 4
      case .letterF:
        guard Self.checkWord(p, end, "false") else { return nil }
        p += 5
      case .letterN:
        guard Self.checkWord(p, end, "null") else { return nil }
        p += 4
      case .minus, .zero ... .nine:
        guard Self.checkNumber(&p, end) else { return nil }
      default:
        return nil
      }
      while true {
        if level == 0 { return start.distance(to: p) }
        children.valueEnds(level: level, at: origin.distance(to: p))
        guard let next = Self.checkNonSpace(&p, end) else { return nil }
        p += 1
        let inObject = kinds & 1 == 1
        if next == .comma {
          if inObject {
            guard Self.checkNonSpace(&p, end) != nil, checkKey(&p, end, keys, level, origin, &children) else {
              return nil
            }
          }
          break
        }
        guard next == (inObject ? .closeBrace : .closeBracket) else { return nil }
        children.closed(level: level, at: origin.distance(to: p))
        level -= 1
        kinds >>= 1
        keys.close()
      }
    }
  }

  @inline(__always)
  private static func checkNonSpace(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt8? {
    while p < end {
      let byte = p.pointee
      if byte > .space { return byte }
      guard byte == .space || byte == .newline || byte == .tab || byte == .carriageReturn else { return byte }
      p += 1
    }
    return nil
  }

  /// A key (without escapes, not seen before in its object), whitespace and the colon.
  @inline(__always)
  private func checkKey(
    _ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ keys: QuickKeys, _ level: Int,
    _ origin: UnsafePointer<UInt8>, _ children: inout JSONChildIndex
  ) -> Bool {
    guard p.pointee == .quote else { return false }
    let keyStart = p + 1
    guard let hasEscapes = checkString(&p, end), !hasEscapes,
      keys.insert(keyStart, count: keyStart.distance(to: p) - 1)
    else { return false }
    children.key(level: level, origin.distance(to: keyStart)..<origin.distance(to: p) - 1)
    guard let colon = Self.checkNonSpace(&p, end), colon == .colon else { return false }
    p += 1
    return true
  }

  @inline(__always)
  private static func checkWord(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ literal: StaticString)
    -> Bool
  {
    let count = literal.utf8CodeUnitCount
    guard end - p >= count else { return false }
    let text = UnsafeRawPointer(literal.utf8Start)
    guard UnsafeRawPointer(p).loadUnaligned(as: UInt32.self) == text.loadUnaligned(as: UInt32.self) else {
      return false
    }
    return count == 4 || p[4] == literal.utf8Start[4]
  }

  /// The string at `p` (`scanString()`'s rules): whether it holds escapes, `nil` when invalid.
  @inline(__always)
  private func checkString(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool? {
    p += 1
    var hasEscapes = false
    while true {
      if end - p >= 16 {
        let offset = stringSpecialOffset(p)
        p += offset
        if offset == 16 { continue }
      } else {
        while p < end, p.pointee >= 0x20, p.pointee < 0x80, p.pointee != .quote, p.pointee != .backslash { p += 1 }
        guard p < end else { return nil }
      }
      let byte = p.pointee
      if byte == .quote {
        p += 1
        return hasEscapes
      }
      if byte < 0x20 { return nil }
      if byte == .backslash { hasEscapes = true }
      var sub = JSONParser(bytes, count: self.end, from: bytes.distance(to: p))
      if byte == .backslash {
        do { try sub.scanEscape() } catch { return nil }
        p = bytes + sub.index
      } else {
        let length = sub.validUTF8Length(at: sub.index)
        guard length > 0 else { return nil }
        p += length
      }
    }
  }

  /// A number `JSONReader` reads without an error: at most 18 digits without a fraction or an
  /// exponent; with a fraction, at most 300 digits before the point; with an exponent, a value
  /// below 10^308.
  @inline(__always)
  private static func checkNumber(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
    func isDigit(_ byte: UInt8) -> Bool { byte &- .zero < 10 }
    if p.pointee == .minus { p += 1 }
    guard p < end, isDigit(p.pointee) else { return false }
    let digitsStart = p
    if p.pointee == .zero {
      p += 1
      if p < end, isDigit(p.pointee) { return false }
    } else {
      while p < end, isDigit(p.pointee) { p += 1 }
    }
    let digits = digitsStart.distance(to: p)
    var isInteger = true
    if p < end, p.pointee == .dot {
      isInteger = false
      p += 1
      guard p < end, isDigit(p.pointee) else { return false }
      while p < end, isDigit(p.pointee) { p += 1 }
    }
    if p < end, p.pointee | 0x20 == .letterE {
      p += 1
      var negative = false
      if p < end, p.pointee == .minus || p.pointee == .plus {
        negative = p.pointee == .minus
        p += 1
      }
      guard p < end, isDigit(p.pointee) else { return false }
      var exponent = 0
      while p < end, isDigit(p.pointee) {
        exponent = exponent * 10 + Int(p.pointee &- .zero)
        if exponent > 1000 { return false }
        p += 1
      }
      // Below the smallest subnormal reads as zero; below 10^308 is finite.
      return negative || digits + exponent <= 308
    }
    return isInteger ? digits <= 18 : digits <= 300
  }
}

/// The keys of the objects open during `quickCheckValue()`, to find one given twice: compared as
/// bytes, as `JSONReader` compares keys; more than 32 in one object are left to the reader. Room
/// for 64 levels of 32 keys, allocated at the first object.
final class QuickKeys {
  static let perObject = 32
  private var starts: UnsafeMutablePointer<UnsafePointer<UInt8>>?
  private var counts: UnsafeMutablePointer<Int>?
  /// Where each open container's keys start.
  private var bases: UnsafeMutablePointer<Int>?
  private var keyCount = 0
  private var levels = 0

  deinit {
    starts?.deallocate()
    counts?.deallocate()
    bases?.deallocate()
  }

  @inline(__always)
  func open() {
    if bases == nil {
      // `quickCheckValue()` opens at most 63 levels.
      starts = .allocate(capacity: 64 * Self.perObject)
      counts = .allocate(capacity: 64 * Self.perObject)
      bases = .allocate(capacity: 64)
    }
    bases![levels] = keyCount
    levels += 1
  }

  /// Forgets every key: ready for another value.
  func reset() {
    keyCount = 0
    levels = 0
  }

  @inline(__always)
  func close() {
    levels -= 1
    keyCount = bases![levels]
  }

  /// Records a key of the innermost object; `false` when it is there already or the object has
  /// too many members to compare.
  @inline(__always)
  func insert(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
    let base = bases![levels - 1]
    guard keyCount - base < Self.perObject, let starts, let counts else { return false }
    var i = base
    while i < keyCount {
      if counts[i] == count && Self.equal(starts[i], start, count) { return false }
      i += 1
    }
    starts[keyCount] = start
    counts[keyCount] = count
    keyCount += 1
    return true
  }

  @inline(__always)
  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
  }
}

/// Where the members and elements of the containers on the first `levels` levels of a value are,
/// recorded by `quickCheckValue(children:)`: offsets from the value's first byte, by the offset of
/// their container; only containers of at least `smallest` bytes are kept. Expanding such a
/// container (`LazyState`) then reads no byte of it again.
///
/// ```swift
/// // {"a":[1,22,…4 KB…]}
/// children.containers[0]  // [Child(key: 2..<3, value: 5..<4100)]
/// children.containers[5]  // [Child(key: nil, value: 6..<7), Child(key: nil, value: 8..<10), …]
/// ```
package struct JSONChildIndex {
  package struct Child {
    /// An object member's key, between its quotes (without escapes).
    package var key: Range<Int>?
    package var value: Range<Int>
  }

  package private(set) var containers: [Int: [Child]] = [:]
  package let levels: Int
  private var open: [(offset: Int, children: [Child], key: Range<Int>?, valueStart: Int)] = []

  package init(levels: Int = 2) { self.levels = levels }

  @inline(__always)
  mutating func opened(level: Int, at offset: Int) {
    if level <= levels { open.append((offset, [], nil, 0)) }
  }

  @inline(__always)
  mutating func key(level: Int, _ range: Range<Int>) {
    if level <= levels { open[level - 1].key = range }
  }

  @inline(__always)
  mutating func valueStarts(level: Int, at offset: Int) {
    if level <= levels { open[level - 1].valueStart = offset }
  }

  @inline(__always)
  mutating func valueEnds(level: Int, at offset: Int) {
    guard level <= levels else { return }
    let i = level - 1
    open[i].children.append(Child(key: open[i].key, value: open[i].valueStart..<offset))
  }

  /// Containers shorter than this are read again when expanded rather than kept.
  static let smallest = 4096

  @inline(__always)
  mutating func closed(level: Int, at offset: Int) {
    guard level <= levels else { return }
    let container = open.removeLast()
    if offset - container.offset >= Self.smallest { containers[container.offset] = container.children }
  }
}
