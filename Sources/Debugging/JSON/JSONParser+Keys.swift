/// Object keys: a small cache makes the keys that repeat on every line (`"$type"`, `"id"`,
/// `"title"`) cost a table lookup instead of a new `String`, and every key gets a fingerprint so
/// that duplicate checks compare integers first.
///
/// Duplicate keys are compared by their characters after unescaping, code point by code point
/// (`"é"` and `"e\u0301"` are different keys, `"a"` and `"\u0061"` the same).
extension JSONParser {
  /// Parses the key string starting at the quote at `index`.
  mutating func parseKey(cache: inout JSONKeyCache) throws(JSONError) -> (key: String, fingerprint: UInt64) {
    let start = index + 1
    if end - start >= 16 {
      let word0 = UInt64(littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self))
      let word1 = UInt64(littleEndian: UnsafeRawPointer(bytes + start + 8).loadUnaligned(as: UInt64.self))
      let mask0 = stringSpecialMask(word0)
      let mask1 = stringSpecialMask(word1)
      let length = mask0 != 0 ? mask0.trailingZeroBitCount >> 3 : mask1 != 0 ? 8 + mask1.trailingZeroBitCount >> 3 : 16
      if length < 16, bytes[start + length] == .quote {
        let (low, high) = maskedWords(word0, word1, length: length)
        let fingerprint = shortKeyFingerprint(low, high, length: length)
        index = start + length + 1
        let slot = cache.slot(Int(truncatingIfNeeded: fingerprint >> 58))
        if slot.pointee.length == length && slot.pointee.low == low && slot.pointee.high == high {
          return (slot.pointee.key, fingerprint)
        }
        let key = String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
        slot.pointee = CachedKey(low: low, high: high, length: length, key: key)
        return (key, fingerprint)
      }
    }
    let key = try parseString()
    return (key, keyFingerprint(key))
  }
}

/// 64 recently seen short keys, indexed by the top bits of their fingerprints; allocated on first
/// use, or a reader's `JSONKeyTable` shared by every value it parses.
struct JSONKeyCache: ~Copyable {
  private var slots: UnsafeMutablePointer<CachedKey>?
  /// The shared table this cache uses, which keeps its slots alive (`nil`: the slots are its own).
  private let table: JSONKeyTable?

  init() { table = nil }

  init(_ table: JSONKeyTable?) {
    self.table = table
    slots = table?.slots
  }

  deinit {
    guard table == nil else { return }
    slots?.deinitialize(count: 64)
    slots?.deallocate()
  }

  @inline(__always)
  mutating func slot(_ index: Int) -> UnsafeMutablePointer<CachedKey> {
    if let slots { return slots + index }
    let new = UnsafeMutablePointer<CachedKey>.allocate(capacity: 64)
    new.initialize(repeating: CachedKey(), count: 64)
    slots = new
    return new + index
  }
}

/// A key cache shared by the values one reader parses, line after line: the keys a trace repeats
/// (`"$enum"`, `"id"`, `"action"`) are then found instead of made again, and no table is
/// allocated per value. For the one thread that reads with it.
///
/// ```swift
/// var scanner = try JSONObjectScanner(line)
/// scanner.keyTable = table    // the same table for every line
/// ```
package final class JSONKeyTable: @unchecked Sendable {
  fileprivate let slots: UnsafeMutablePointer<CachedKey>
  /// Recently made labels (`string(interning:)`), by a hash of their bytes.
  private let labels: UnsafeMutablePointer<InternedString>
  private static let labelSlots = 64
  /// The patches' pointers read with this table, by their text (`JSONPointerCache`).
  package private(set) lazy var pointers = JSONPointerCache()

  package init() {
    slots = .allocate(capacity: 64)
    slots.initialize(repeating: CachedKey(), count: 64)
    labels = .allocate(capacity: Self.labelSlots)
    labels.initialize(repeating: InternedString(), count: Self.labelSlots)
  }

  deinit {
    slots.deinitialize(count: 64)
    slots.deallocate()
    labels.deinitialize(count: Self.labelSlots)
    labels.deallocate()
  }

  /// The string of the UTF-8 `bytes` (valid, as a scan checked them), the same string as the last
  /// time these bytes were asked for when it is still in the table: a trace repeats a few dozen
  /// action labels on every line, and each is then made once instead of once per line.
  ///
  /// ```swift
  /// table.string(interning: labelBytes)  // "Todos.Action.addTodoButtonTapped", made the first time
  /// ```
  package func string(interning bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard let base = bytes.baseAddress else { return "" }
    // A hash of the bytes eight at a time (the last word zero-padded).
    var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    var offset = 0
    while offset < bytes.count {
      var word: UInt64 = 0
      withUnsafeMutableBytes(of: &word) {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: min(8, bytes.count - offset)))
      }
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 29
      offset += 8
    }
    let slot = labels + Int(truncatingIfNeeded: hash & UInt64(Self.labelSlots - 1))
    if slot.pointee.hash == hash, slot.pointee.count == bytes.count {
      var string = slot.pointee.string
      let same = string.withUTF8 { UnsafeRawBufferPointer($0).elementsEqual(UnsafeRawBufferPointer(bytes)) }
      if same { return string }
    }
    let made = String(decoding: bytes, as: UTF8.self)
    slot.pointee = InternedString(hash: hash, count: bytes.count, string: made)
    return made
  }
}

/// A string `JSONKeyTable.string(interning:)` made, with the hash and length of its bytes.
struct InternedString {
  var hash: UInt64 = 0
  var count = -1
  var string = ""
}

/// A recently seen short key and its bytes (zero-padded to two words).
struct CachedKey {
  var low: UInt64 = 0
  var high: UInt64 = 0
  var length = -1
  var key = ""
}

@inline(__always)
private func maskedWords(_ word0: UInt64, _ word1: UInt64, length: Int) -> (UInt64, UInt64) {
  if length <= 8 {
    return (length == 8 ? word0 : word0 & ((1 << (8 * UInt64(length))) &- 1), 0)
  }
  return (word0, length == 16 ? word1 : word1 & ((1 << (8 * UInt64(length - 8))) &- 1))
}

@inline(__always)
private func shortKeyFingerprint(_ low: UInt64, _ high: UInt64, length: Int) -> UInt64 {
  var h = (low ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
  h ^= (high &+ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
  return h ^ (h >> 32)
}

/// The fingerprint of a key from its UTF-8 bytes; equal bytes give equal fingerprints whichever
/// path produced the key.
func keyFingerprint(_ key: String) -> UInt64 {
  var key = key
  return key.withUTF8 { utf8 in
    let length = utf8.count
    if length <= 16 {
      var low: UInt64 = 0
      var high: UInt64 = 0
      for (i, byte) in utf8.enumerated() {
        if i < 8 { low |= UInt64(byte) << (8 * UInt64(i)) } else { high |= UInt64(byte) << (8 * UInt64(i - 8)) }
      }
      return shortKeyFingerprint(low, high, length: length)
    }
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return shortKeyFingerprint(h, UInt64(length), length: length)
  }
}
