import Foundation

/// `JSONReaderRules` and the trace's value form (`Value(json:)`): what `validate` checks a value
/// with, so that a value `show` would refuse is refused here too, on its own line.
///
/// ```text
/// {"$uuid":"nope"}        refused: Value(json:) says invalid UUID "nope"
/// {"a":1,"$type":"X"}     refused: a "$" key must come first
/// {"$type":"X","$a":1}    accepted: inside a structure, "$a" is a field's label
/// ```
enum JSONFormRules: JSONQuickRules {
  static var checksValues: Bool { true }
  static var checksForms: Bool { true }
}

/// The value form of the containers open during one quick scan (`JSONFormRules`): one state per
/// level, in a `QuickKeys`' storage, and what the next value must be. It says "no" to every value
/// `Value(json:)` refuses; the caller then reads the value again for the exact error.
///
/// ```text
/// {"$enum":"A","b":{"_0":{"$uuid":"…"}}}
/// level 1: enum case expected after "$enum"   level 2: fields   level 3: one-key marker, a UUID string next
/// ```
struct QuickFormFrame {
  /// What a container at a level is.
  enum State: UInt8 {
    /// An object in a value's place, before its first key decides what it is.
    case pending
    /// A dictionary with `String` keys: no key starts with `$`.
    case dictionary
    /// A structure's, a tuple's or an enum case's fields: any key.
    case fields
    /// A one-key marker (`$uuid`, `$set`, …) whose key was read: no other member.
    case oneKey
    /// `$enum` read: the case's key comes next.
    case enumTag
    /// `$date` read: `$t` comes next.
    case dateTag
    /// The object of a `$t` that is not a number: only `{"$double":…}` is a number.
    case dateSeconds
    /// An array of values (`$set`'s, or in a value's place).
    case plain
    /// `$dict`'s array: each element a `[key, value]` pair.
    case pairs
    /// A pair of `$dict`, with 0, 1 or 2 elements so far.
    case pair0, pair1, pair2
  }

  /// What the value after a key must be.
  enum Expect: UInt8 {
    case any, string, doubleText, uuidText, urlText, dataText, fieldsObject, setArray, dictArray, seconds
  }

  private let states: UnsafeMutablePointer<State>
  /// What the next value (after the key just read) must be.
  private var expect = Expect.any
  /// The state of the container the value just checked opens.
  private var opening = State.pending

  /// The frame of a scan with `storage`'s room for states; `nil` for a scan that checks no forms
  /// (the frame is then never used: `quickScanEnd` requires a table with `JSONFormRules`).
  init(_ storage: QuickKeys?) {
    states = storage?.formStates() ?? UnsafeMutablePointer(bitPattern: 8)!
  }

  /// A key of the object at `level` (its `count` bytes at `start`, without escapes): whether the
  /// form allows it there; sets what its value must be.
  @inline(__always)
  mutating func key(level: Int, _ start: UnsafePointer<UInt8>, count: Int, end: UnsafePointer<UInt8>) -> Bool {
    let isMarker = count > 0 && start.pointee == 0x24
    expect = .any
    switch states[level] {
    case .fields: return true
    case .dictionary: return !isMarker
    case .pending:
      guard isMarker else {
        states[level] = .dictionary
        return true
      }
      return marker(level: level, start, count: count, end: end)
    case .enumTag:
      guard !isMarker else { return false }
      states[level] = .oneKey
      expect = .fieldsObject
      return true
    case .dateTag:
      guard Self.same(start, count, "$t") else { return false }
      states[level] = .oneKey
      expect = .seconds
      return true
    case .dateSeconds:
      guard Self.same(start, count, "$double") else { return false }
      states[level] = .oneKey
      expect = .doubleText
      return true
    default: return false
    }
  }

  /// The first key of an object in a value's place, a `$` marker: its first bytes as one word.
  private mutating func marker(level: Int, _ start: UnsafePointer<UInt8>, count: Int, end: UnsafePointer<UInt8>)
    -> Bool
  {
    var state = State.oneKey
    // Little-endian words of the markers' bytes ("$type": 24 74 79 70 65).
    switch Self.word(start, count: count, end: end) {
    case 0x65_7079_7424:
      state = .fields
      expect = .string
    case 0x6d_756e_6524:
      state = .enumTag
      expect = .string
    case 0x65_7461_6424:
      state = .dateTag
      expect = .string
    case 0x64_6975_7524: expect = .uuidText
    case 0x74_6369_6424: expect = .dictArray
    case 0x7465_7324: expect = .setArray
    case 0x6c72_7524: expect = .urlText
    case 0x6665_7224: expect = .string
    case 0x61_7461_6424: expect = .dataText
    case 0x656c_7075_7424: expect = .fieldsObject
    case 0x65_6c62_756f_6424: expect = .doubleText
    case 0x6574_6361_6465_7224 where count == 9 && start[8] == 0x64: expect = .string
    default: return false
    }
    states[level] = state
    return true
  }

  /// The first (up to) 8 bytes of a key of `count` bytes at `start`, as a little-endian word, the
  /// bytes past the key zero. (A key holds no zero byte: it is a control character.)
  @inline(__always)
  private static func word(_ start: UnsafePointer<UInt8>, count: Int, end: UnsafePointer<UInt8>) -> UInt64 {
    let n = min(count, 8)
    guard start.distance(to: end) >= 8 else {
      var word: UInt64 = 0
      for i in 0..<n { word |= UInt64(start[i]) << (8 * i) }
      return word
    }
    let word = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
    return n == 8 ? word : word & ((1 &<< (8 * UInt64(n))) &- 1)
  }

  /// A value starting with `byte`, in the container at `level` (0: the value checked itself):
  /// whether its kind is what its place needs. For `{` and `[`, `open(level:)` follows.
  @inline(__always)
  mutating func value(level: Int, _ byte: UInt8, inObject: Bool) -> Bool {
    var needed = Expect.any
    if level > 0 {
      if inObject {
        needed = expect
        expect = .any
      } else {
        switch states[level] {
        case .pairs:
          // An element of `$dict`'s array: a pair.
          opening = .pair0
          return byte == .openBracket
        case .pair0: states[level] = .pair1
        case .pair1: states[level] = .pair2
        case .pair2: return false
        default: break
        }
      }
    }
    switch needed {
    case .any:
      opening = byte == .openBrace ? .pending : .plain
      return true
    case .string, .doubleText, .uuidText, .urlText, .dataText:
      expect = needed
      return byte == .quote
    case .fieldsObject:
      opening = .fields
      return byte == .openBrace
    case .setArray:
      opening = .plain
      return byte == .openBracket
    case .dictArray:
      opening = .pairs
      return byte == .openBracket
    case .seconds:
      opening = .dateSeconds
      return byte == .openBrace || byte == .minus || byte &- .zero < 10
    }
  }

  /// The container the last value opened is at `level` now.
  @inline(__always)
  func open(level: Int) { states[level] = opening }

  /// Whether the container the last value opened may be empty (`{}`, `[]`).
  @inline(__always)
  var emptyIsFine: Bool { opening != .dateSeconds && opening != .pair0 }

  /// The container at `level` closes: whether it is complete.
  @inline(__always)
  func close(level: Int) -> Bool {
    switch states[level] {
    case .enumTag, .dateTag, .pair0, .pair1: return false
    default: return true
    }
  }

  /// The string value just read (its `count` bytes at `start`): whether its text is what its
  /// marker needs. A text with escapes is left to the reader (`false`).
  @inline(__always)
  mutating func text(_ start: UnsafePointer<UInt8>, count: Int, hasEscapes: Bool) -> Bool {
    let kind = expect
    expect = .any
    switch kind {
    case .any, .string: return true
    case .uuidText: return !hasEscapes && Self.isUUID(start, count: count)
    default: return !hasEscapes && Self.textIsValid(start, count: count, for: kind)
    }
  }

  /// Whether `count` bytes at `start` are a valid `$double`, `$uuid`, `$url` or `$data` text.
  static func textIsValid(_ start: UnsafePointer<UInt8>, count: Int, for kind: Expect) -> Bool {
    switch kind {
    case .doubleText: return same(start, count, "nan") || same(start, count, "inf") || same(start, count, "-inf")
    case .uuidText: return isUUID(start, count: count)
    case .urlText:
      return URL(string: String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)) != nil
    case .dataText:
      return Data(base64Encoded: String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        != nil
    default: return true
    }
  }

  /// `Value.parseUUID`'s form: 36 bytes, hex digits in groups of 8-4-4-4-12 (a UUID of every
  /// row of a state: checked eight bytes at a time).
  ///
  /// ```text
  /// 00000000-0000-0000-0000-00000000FF36   yes (either case)
  /// 00000000-0000-0000-0000-00000000FF3G   no
  /// ```
  @inline(__always)
  static func isUUID(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
    guard count == 36, p[8] == .minus, p[13] == .minus, p[18] == .minus, p[23] == .minus else { return false }
    let raw = UnsafeRawPointer(p)
    func word(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    func half(_ offset: Int) -> UInt64 { UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    // Bytes 0-7, 9-12 and 14-17, 19-22 and 24-27, 28-35.
    return areHexDigits(word(0)) && areHexDigits(half(9) | half(14) << 32)
      && areHexDigits(half(19) | half(24) << 32) && areHexDigits(word(28))
  }

  /// Whether the 8 bytes of `x` are ASCII hex digits, all at once: no byte has its high
  /// bit, so adding up to 0x50 to each carries into no other.
  @inline(__always)
  private static func areHexDigits(_ x: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    guard x & high == 0 else { return false }
    // A byte ≥ c has its high bit set after adding 0x80 - c.
    func atLeast(_ v: UInt64, _ c: UInt64) -> UInt64 { (v &+ ones &* (0x80 &- c)) & high }
    let digit = atLeast(x, 0x30) & ~atLeast(x, 0x3A)
    let lower = x | ones &* 0x20
    let letter = atLeast(lower, 0x61) & ~atLeast(lower, 0x67)
    return digit | letter == high
  }

  @inline(__always)
  private static func same(_ start: UnsafePointer<UInt8>, _ count: Int, _ text: StaticString) -> Bool {
    guard count == text.utf8CodeUnitCount else { return false }
    return memcmp(start, text.utf8Start, count) == 0
  }
}
