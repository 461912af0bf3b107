import Foundation

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
  /// Slots (by a hash of the text), and the longest text kept.
  static let slots = 2048
  static let longest = 128

  private struct Entry {
    var hash: UInt64 = 0
    var text: [UInt8] = []
    var tokens: [String] = []
  }
  private let entries: UnsafeMutablePointer<Entry>

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
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    let entry = entries + Int(truncatingIfNeeded: (hash ^ hash >> 32) % UInt64(Self.slots))
    if entry.pointee.hash == hash, entry.pointee.text.count == bytes.count,
      entry.pointee.text.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base, bytes.count) == 0 })
    {
      return JSONPointer(tokens: entry.pointee.tokens)
    }
    let pointer = try JSONPointer(utf8: bytes)
    entry.pointee = Entry(hash: hash, text: Array(bytes), tokens: pointer.tokens)
    return pointer
  }
}
