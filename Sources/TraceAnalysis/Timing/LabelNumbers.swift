/// Numbers the labels of a trace in the order they first appear, for tallies kept in arrays.
/// Labels are `Dictionary` keys (equal as Swift compares strings: `"é"` is `"e\u{301}"`), with
/// a cache in front keyed by a cheap hash of the bytes: a trace names a few dozen labels hundreds
/// of thousands of times, and hashing each (SipHash) cost more than the rest of the tally.
///
/// ```swift
/// var numbers = LabelNumbers()
/// numbers.number(of: "add")     // 0
/// numbers.number(of: "delete")  // 1
/// numbers.number(of: "add")     // 0
/// numbers.labels                // ["add", "delete"]
/// ```
struct LabelNumbers {
  /// The labels, by number.
  private(set) var labels: [String] = []
  private var numbers: [String: Int] = [:]
  /// The spellings met (each label's bytes as read), their hashes and their labels' numbers.
  private var spellings: [String] = []
  private var spellingHashes: [UInt64] = []
  private var spellingNumbers: [Int] = []
  /// A spelling's index + 1 at its hash's place (0: empty); at most half full.
  private var slots = [Int](repeating: 0, count: 16)

  /// The number of `label`, given the next number when it is new.
  mutating func number(of label: String) -> Int {
    let hash = Self.hash(label)
    let mask = slots.count - 1
    var place = Int(truncatingIfNeeded: hash) & mask
    while slots[place] != 0 {
      let spelling = slots[place] - 1
      if spellingHashes[spelling] == hash, spellings[spelling] == label { return spellingNumbers[spelling] }
      place = (place + 1) & mask
    }
    // A spelling not met yet: of a label met (spelled otherwise) or of a new one.
    let number: Int
    if let known = numbers[label] {
      number = known
    } else {
      number = labels.count
      labels.append(label)
      numbers[label] = number
    }
    spellings.append(label)
    spellingHashes.append(hash)
    spellingNumbers.append(number)
    slots[place] = spellings.count
    if spellings.count * 2 > slots.count { grow() }
    return number
  }

  private mutating func grow() {
    slots = [Int](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (spelling, hash) in spellingHashes.enumerated() {
      var place = Int(truncatingIfNeeded: hash) & mask
      while slots[place] != 0 { place = (place + 1) & mask }
      slots[place] = spelling + 1
    }
  }

  /// A hash of the label's UTF-8 bytes, eight at a time (multiply and fold), with its length.
  private static func hash(_ label: String) -> UInt64 {
    var label = label
    return label.withUTF8 { bytes in
      var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
      let raw = UnsafeRawBufferPointer(bytes)
      var offset = 0
      while offset + 8 <= raw.count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        offset += 8
      }
      var tail: UInt64 = 0
      while offset < raw.count {
        tail = tail << 8 | UInt64(raw[offset])
        offset += 1
      }
      hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
      return hash ^ (hash >> 32)
    }
  }
}
