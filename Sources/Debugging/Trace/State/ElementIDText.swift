import Foundation

/// An element's id as `Value.elementID` reads it (its `$id` member, else its `id`), as the bytes
/// of its compact JSON, for ids spelled plainly: an ASCII string without escapes, an integer of at
/// most 18 digits, or an object of one such string (a dictionary of one entry, or a UUID in upper
/// case). For these, equal bytes are equal JSON and equal values, so elements are matched without
/// reading them. Read from
/// the element's text while the array holds it as text, else written from its JSON.
///
/// ```text
/// {"$type":"Todo.State","description":"Milk","id":{"$uuid":"00000000-0000-0000-0000-000000000007"},…}
/// id bytes: {"$uuid":"00000000-0000-0000-0000-000000000007"}
/// ```
struct ElementIDText: Hashable {
  let start: UnsafeRawPointer
  // (16 bytes in all: a million rows' ids on each side are 32 MB.)
  let count: UInt32
  /// The low bits of a 64-bit hash of the bytes (the tables index by the low bits).
  let hash: UInt32

  /// The bytes written for ids of elements that are not text; freed with the store.
  final class Store {
    private var blocks: [UnsafeMutableRawBufferPointer] = []

    deinit {
      for block in blocks { block.deallocate() }
    }

    func keep(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
      let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
      bytes.withUnsafeBytes { block.copyMemory(from: $0) }
      blocks.append(block)
      return UnsafeRawBufferPointer(rebasing: block[0..<bytes.count])
    }
  }

  /// The id of element `index`; `nil` when it is not a structure with a plainly spelled id.
  init?(_ elements: JSONElements, _ index: Int, _ store: Store) {
    if let (text, range) = elements.storage.text(of: index) {
      let bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text.bytes)[range])
      guard let id = CompactObject.idText(in: bytes) else { return nil }
      self.init(UnsafeRawBufferPointer(rebasing: bytes[id]))
    } else {
      guard let bytes = Self.plainText(ofIDOf: elements[index]) else { return nil }
      self.init(store.keep(bytes))
    }
  }

  private init(_ bytes: UnsafeRawBufferPointer) {
    start = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
    // (A line, hence an id, is at most `LineReader.defaultMaximumLineLength` bytes.)
    count = UInt32(bytes.count)
    var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= bytes.count {
      h = (h ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
      h ^= h >> 29
      offset += 8
    }
    while offset < bytes.count {
      h = (h ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
      offset += 1
    }
    // (The tables take the low bits: mixed so that every byte reaches them.)
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    hash = UInt32(truncatingIfNeeded: h)
  }

  /// `IdentityMatcher.steps(old:new:)`'s matching, in two flat tables of indices instead of a
  /// dictionary and a set (a million ids: 16 MB instead of 110), as runs: each new element's
  /// equal old id, consecutive new elements whose old ones were consecutive in one run (a new
  /// element without an old one is a run of its own, `old` -1); `nil` when an id repeats on
  /// either side.
  ///
  /// ```text
  /// old ids: a b c d    new ids: c d x a b   →   runs (old 2, 2), (old -1, 1), (old 0, 2)
  /// ```
  static func matchedRuns(_ old: [ElementIDText], _ new: [ElementIDText]) -> [IdentityMatcher.MatchedRun]? {
    guard old.count < Int32.max, new.count < Int32.max else { return nil }
    var capacity = 16
    while capacity < 2 * max(old.count, new.count) { capacity <<= 1 }
    let mask = capacity - 1
    /// The slot of `id` in `table` (of indices into `ids`), or of the empty slot where it goes.
    func probe(_ id: ElementIDText, _ table: [Int32], _ ids: [ElementIDText]) -> (slot: Int, found: Bool) {
      var slot = Int(id.hash) & mask
      while table[slot] >= 0 {
        if ids[Int(table[slot])] == id { return (slot, true) }
        slot = (slot + 1) & mask
      }
      return (slot, false)
    }
    var olds = [Int32](repeating: -1, count: capacity)
    for (i, id) in old.enumerated() {
      let (slot, found) = probe(id, olds, old)
      if found { return nil }
      olds[slot] = Int32(i)
    }
    var news = [Int32](repeating: -1, count: capacity)
    var runs: [IdentityMatcher.MatchedRun] = []
    for (j, id) in new.enumerated() {
      let (slot, repeated) = probe(id, news, new)
      if repeated { return nil }
      news[slot] = Int32(j)
      let (oldSlot, found) = probe(id, olds, old)
      let i = found ? Int(olds[oldSlot]) : -1
      if i >= 0, let last = runs.last, last.old >= 0, last.old + last.count == i {
        runs[runs.count - 1].count += 1
      } else {
        runs.append(IdentityMatcher.MatchedRun(old: i, count: 1))
      }
    }
    return runs
  }

  /// Whether an id that is an object of one string (`key`, `value`: ASCII, without escapes) is
  /// equal to another exactly when its bytes are: a dictionary of one entry, or a UUID in upper
  /// case (`{"$uuid":"…"}` reads in either case). Other markers have other spellings of one value
  /// (`$data`'s base64, `$url`'s escapes).
  static func isPlainObjectID(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Bool {
    guard key.first == UInt8(ascii: "$") else { return true }
    return ByteSearch.equals(key, "$uuid") && !value.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
  }

  static func == (a: Self, b: Self) -> Bool {
    // The hash first: the dictionary compares the id in every slot it probes.
    a.hash == b.hash && a.count == b.count && (a.start == b.start || memcmp(a.start, b.start, Int(a.count)) == 0)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  /// The compact JSON of a structure's id when it is spelled plainly, else `nil`.
  static func plainText(ofIDOf element: JSON) -> [UInt8]? {
    guard case let .object(members) = element, let first = members.array.first, first.key == "$type",
      case .string = first.value
    else { return nil }
    let items = members.array.dropFirst()
    guard let id = (items.first { $0.key == Value.identityLabel } ?? items.first { $0.key == "id" })?.value else {
      return nil
    }
    func quoted(_ text: String) -> [UInt8]? {
      guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != .quote && $0 != .backslash }) else { return nil }
      return [.quote] + Array(text.utf8) + [.quote]
    }
    switch id {
    case let .string(text):
      return quoted(text)
    case let .int(number) where number.magnitude < 1_000_000_000_000_000_000:
      return Array(String(number).utf8)
    case let .object(inner) where inner.count == 1:
      guard case let .string(text) = inner.array[0].value, let key = quoted(inner.array[0].key),
        let value = quoted(text),
        Array(inner.array[0].key.utf8).withUnsafeBytes({ key in
          Array(text.utf8).withUnsafeBytes { isPlainObjectID(key: key, value: $0) }
        })
      else { return nil }
      return [.openBrace] + key + [.colon] + value + [.closeBrace]
    default:
      return nil
    }
  }
}

extension CompactObject {
  /// The range of the bytes of a structure's id (its `$id` member's value, else its `id`'s) in
  /// compact text, when it is spelled plainly (`ElementIDText`); `nil` otherwise.
  ///
  /// ```swift
  /// CompactObject.idText(in: #"{"$type":"Todo","title":"Milk","id":7}"#)  // 35..<36
  /// ```
  static func idText(in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
    var computedID: Range<Int>?, storedID: Range<Int>?
    var plain = true
    let walked = forEachMember(in: bytes) { base, key, valueStart in
      if ByteSearch.equals(key, "$id") {
        // `$id` comes before `id` for `Value.elementID`, wherever the two are.
        computedID = plainIDEnd(base, from: valueStart, bytes.count).map { valueStart..<$0 }
        plain = computedID != nil
        return false
      }
      if ByteSearch.equals(key, "id") {
        storedID = plainIDEnd(base, from: valueStart, bytes.count).map { valueStart..<$0 }
        plain = storedID != nil
      }
      return true
    }
    switch walked {
    case true?: return plain ? storedID : nil
    case false?: return computedID
    case nil: return nil
    }
  }

  /// Where a plainly spelled id that starts at `start` ends (followed by `,` or `}`).
  private static func plainIDEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int? {
    func followed(_ end: Int) -> Bool { end < count && (base[end] == .comma || base[end] == .closeBrace) }
    func asciiStringEnd(_ from: Int) -> Int? {
      guard let end = plainStringEnd(base, from: from, count) else { return nil }
      for index in from..<end where base[index] >= 0x80 { return nil }
      return end
    }
    guard start < count else { return nil }
    switch base[start] {
    case .quote:
      guard let end = asciiStringEnd(start + 1), followed(end + 1) else { return nil }
      return end + 1
    case .openBrace:
      guard start + 1 < count, base[start + 1] == .quote, let keyEnd = asciiStringEnd(start + 2),
        keyEnd + 2 < count, base[keyEnd + 1] == .colon, base[keyEnd + 2] == .quote,
        let end = asciiStringEnd(keyEnd + 3), end + 1 < count, base[end + 1] == .closeBrace, followed(end + 2)
      else { return nil }
      let key = UnsafeRawBufferPointer(start: base + start + 2, count: keyEnd - start - 2)
      let value = UnsafeRawBufferPointer(start: base + keyEnd + 3, count: end - keyEnd - 3)
      guard ElementIDText.isPlainObjectID(key: key, value: value) else { return nil }
      return end + 2
    default:
      // An integer of at most 18 digits, without a leading zero or `-0`.
      let negative = base[start] == UInt8(ascii: "-")
      let first = negative ? start + 1 : start
      var end = first
      while end < count, base[end] &- UInt8(ascii: "0") < 10 { end += 1 }
      guard end > first, end - first <= 18, followed(end) else { return nil }
      guard base[first] != UInt8(ascii: "0") || (end - first == 1 && !negative) else { return nil }
      return end
    }
  }
}
