/// A hash table of array elements' ids (their `id` member as JSON, see `hash(ofElement:)`), for
/// telling whether the ids of a long stretch of elements repeat at a few instructions each: a
/// UUID's or a string's id is hashed from its length and its first and last eight bytes, and ids
/// whose hashes are equal are compared as JSON by the caller (equal exactly when the JSON is, as
/// `FocusedChange.IDKey`). Ids made to share those bytes make long probe runs: past
/// `maximumProbes` the table gives up (`nil`) and the caller takes the slow way.
///
/// ```swift
/// var table = ElementIDTable(capacity: 3)
/// table.insert(hash: h, value: 0) { _ in false }   // .inserted
/// table.insert(hash: h, value: 1) { _ in true }    // .found(0): the value of the equal id
/// ```
struct ElementIDTable {
  enum Insertion: Equatable {
    case inserted
    /// The value of the equal id already there.
    case found(Int)
    /// Too many ids with the same slot: the table cannot tell cheaply.
    case crowded
  }

  private var hashes: [UInt64]
  private var values: [Int]
  private let mask: Int
  var maximumProbes = 64

  init(capacity: Int) {
    var size = 16
    while size < capacity + capacity / 2 { size *= 2 }
    hashes = [UInt64](repeating: 0, count: size)
    values = [Int](repeating: 0, count: size)
    mask = size - 1
  }

  /// Adds `value` under `hash` unless an equal id is there (`isEqual` is asked about the value of
  /// each id with the same hash).
  mutating func insert(hash: UInt64, value: Int, isEqual: (Int) -> Bool) -> Insertion {
    var slot = Int(truncatingIfNeeded: hash) & mask
    var probes = 0
    while hashes[slot] != 0 {
      if hashes[slot] == hash, isEqual(values[slot]) { return .found(values[slot]) }
      probes += 1
      if probes > maximumProbes { return .crowded }
      slot = (slot + 1) & mask
    }
    hashes[slot] = hash
    values[slot] = value
    return .inserted
  }

  /// The hash of an element's `id` as `identifiedWindow` reads it (a structure's `id` member), never
  /// 0; `nil` when it has none.
  @inline(__always)
  static func hash(ofElement element: JSON) -> UInt64? {
    guard case let .object(members) = element else { return nil }
    let items = members.array
    guard items.count > 1, items[0].key == "$type" else { return nil }
    // A key's length first: comparing two different strings takes the slow path.
    for index in 1..<items.count where items[index].key.utf8.count == 2 && items[index].key == "id" {
      return hash(items[index].value)
    }
    return nil
  }

  /// Equal for equal JSON; never 0.
  @inline(__always)
  static func hash(_ id: JSON) -> UInt64 {
    let hash: UInt64
    switch id {
    case let .int(number):
      hash = mixInt(number)
    case let .string(text):
      hash = self.hash(text, seed: 1)
    case let .object(members) where members.count == 1:
      if case let .string(text) = members.array[0].value {
        hash = self.hash(text, seed: 2)
      } else {
        hash = UInt64(bitPattern: Int64(id.hashValue))
      }
    default:
      hash = UInt64(bitPattern: Int64(id.hashValue))
    }
    return hash == 0 ? 1 : hash
  }

  static func mixInt(_ number: Int64) -> UInt64 {
    mix(UInt64(bitPattern: number) ^ 0x9E37_79B9_7F4A_7C15)
  }

  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    var x = value
    x ^= x >> 33
    x &*= 0xFF51_AFD7_ED55_8CCD
    x ^= x >> 33
    x &*= 0xC4CE_B9FE_1A85_EC53
    x ^= x >> 33
    return x
  }

  /// From the text's length and its first and last eight bytes.
  @inline(__always)
  private static func hash(_ text: String, seed: UInt64) -> UInt64 {
    text.utf8.withContiguousStorageIfAvailable { hash(UnsafeRawBufferPointer($0), seed: seed) }
      ?? Array(text.utf8).withUnsafeBytes { hash($0, seed: seed) }
  }

  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
    var first: UInt64 = 0, last: UInt64 = 0
    if bytes.count >= 8 {
      first = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
      last = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
    } else {
      for byte in bytes { first = first << 8 | UInt64(byte) }
    }
    return mix(mix(first ^ seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count) << 56) ^ last)
  }
}
