/// Pointers read before, by their text: a trace's patches name the same few thousand places
/// again and again (`/todos/23/isComplete`), and a pointer found here shares its tokens (one
/// retain) instead of cutting its text into new strings in a new array, which the thread that
/// applies the patch would then free. For the one thread that reads with it (a reader's
/// `JSONKeyTable`).
///
/// ```swift
/// let cache = JSONPointerCache()
/// try cache.pointer(utf8: bytes)  // JSONPointer("/todos/23/isComplete"), made the first time
/// try cache.pointer(utf8: bytes)  // the same tokens, found
/// ```
package final class JSONPointerCache: @unchecked Sendable {
  /// Slots (by a hash of the text, then the next ones): a trace of 1,000 rows names ~3,000
  /// places, which 8,192 slots found 88 % of the time as one slot per text (two texts in one slot
  /// push each other out), and find all but the first time each once probed on. Up to three
  /// quarters full (6,144 texts); then emptied.
  static let slots = 8192
  /// The longest text kept (in four words, in the slot itself).
  static let longest = 32

  private struct Entry {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var count = -1
    var tokens: [String] = []
  }
  private let entries: UnsafeMutablePointer<Entry>
  /// How many slots hold a text.
  private var kept = 0
  /// How many pointers were made from their text, not found (for tests).
  private(set) var made = 0

  package init() {
    entries = .allocate(capacity: Self.slots)
    entries.initialize(repeating: Entry(), count: Self.slots)
  }

  deinit {
    entries.deinitialize(count: Self.slots)
    entries.deallocate()
  }

  /// `JSONPointer(utf8:)` of `bytes` (valid UTF-8: a string as read from JSON): the same
  /// pointer, or the same error.
  func pointer(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(JSONPatchError) -> JSONPointer {
    guard bytes.count > 0, bytes.count <= Self.longest, let base = bytes.baseAddress else {
      return try JSONPointer(utf8: bytes)
    }
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
    var hash = (words.0 ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
    hash = (hash ^ words.1 ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9
    hash = (hash ^ words.2 ^ hash >> 32) &* 0x94D0_49BB_1331_11EB
    hash = (hash ^ words.3 ^ hash >> 29) &* 0x9E37_79B9_7F4A_7C15
    // Open addressing: the text is in the first slot from its own on that holds it, before the
    // first empty one.
    var slot = Int(truncatingIfNeeded: (hash >> 32) % UInt64(Self.slots))
    while entries[slot].count >= 0 {
      if Self.holds(entries + slot, words, bytes.count) { return JSONPointer(tokens: entries[slot].tokens) }
      slot = (slot + 1) & (Self.slots - 1)
    }
    let pointer = try JSONPointer(utf8: bytes)
    made += 1
    if kept == Self.slots * 3 / 4 {
      // Full enough that probes grow long: start again (a trace that names this many places
      // names them again after a while, and each is then made once more).
      for k in 0..<Self.slots { entries[k] = Entry() }
      kept = 0
      slot = Int(truncatingIfNeeded: (hash >> 32) % UInt64(Self.slots))
    }
    entries[slot] = Entry(words: words, count: bytes.count, tokens: pointer.tokens)
    kept += 1
    return pointer
  }

  @inline(__always)
  private static func holds(
    _ entry: UnsafeMutablePointer<Entry>, _ words: (UInt64, UInt64, UInt64, UInt64), _ count: Int
  )
    -> Bool
  {
    entry.pointee.count == count && entry.pointee.words.0 == words.0 && entry.pointee.words.1 == words.1
      && entry.pointee.words.2 == words.2 && entry.pointee.words.3 == words.3
  }
}
