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
    var keys = QuickKeys()
    guard let after = quickCheckEnd(&keys) else { return false }
    index = after
    return true
  }

  private func quickCheckEnd(_ keys: inout QuickKeys) -> Int? {
    let start = bytes
    let end = bytes + self.end
    let room = min(63, JSONReader.maximumDepth - depth)
    var kinds: UInt64 = 0
    var level = 0
    var p = bytes + self.index
    while true {
      guard let c = Self.checkNonSpace(&p, end) else { return nil }
      switch c {
      case .quote:
        guard checkString(&p, end) != nil else { return nil }
      case .openBrace, .openBracket:
        guard level < room else { return nil }
        level += 1
        p += 1
        keys.open()
        guard let next = Self.checkNonSpace(&p, end) else { return nil }
        if c == .openBrace {
          kinds = kinds << 1 | 1
          if next == .closeBrace {
            p += 1
            level -= 1
            kinds >>= 1
            keys.close()
          } else {
            guard checkKey(&p, end, &keys) else { return nil }
            continue
          }
        } else {
          kinds = kinds << 1
          if next == .closeBracket {
            p += 1
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
        guard let next = Self.checkNonSpace(&p, end) else { return nil }
        p += 1
        let inObject = kinds & 1 == 1
        if next == .comma {
          if inObject {
            guard Self.checkNonSpace(&p, end) != nil, checkKey(&p, end, &keys) else { return nil }
          }
          break
        }
        guard next == (inObject ? .closeBrace : .closeBracket) else { return nil }
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
  private func checkKey(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ keys: inout QuickKeys)
    -> Bool
  {
    guard p.pointee == .quote else { return false }
    let keyStart = p + 1
    guard let hasEscapes = checkString(&p, end), !hasEscapes,
      keys.insert(keyStart, count: keyStart.distance(to: p) - 1),
      let colon = Self.checkNonSpace(&p, end), colon == .colon
    else { return false }
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
/// bytes, as `JSONReader` compares keys; more than 32 in one object are left to the reader.
struct QuickKeys {
  private var keys: [(start: UnsafePointer<UInt8>, count: Int)] = []
  private var bases: [Int] = []

  mutating func open() { bases.append(keys.count) }

  mutating func close() {
    keys.removeSubrange(bases.removeLast()...)
  }

  /// Records a key of the innermost object; `false` when it is there already or the object has
  /// too many members to compare.
  mutating func insert(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
    let base = bases[bases.count - 1]
    guard keys.count - base < 32 else { return false }
    for i in base..<keys.count where keys[i].count == count && Self.equal(keys[i].start, start, count) {
      return false
    }
    keys.append((start, count))
    return true
  }

  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
  }
}
