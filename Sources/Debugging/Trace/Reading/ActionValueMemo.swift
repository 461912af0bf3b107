import Foundation

/// The action values a reader has already built, by their text. A trace repeats its actions (a
/// toggle of the same row, a tap, a sort an effect sends back): in the runtime's recorded Todos
/// traces about two actions in three carry a value seen before. Equal text in the same place of
/// an action line is an equal value that passed the same checks, so each distinct one is parsed
/// once, and every repeat is the same `JSON` (the same storage: `identity`), which lets a reader
/// keep what it derived from it (`show` keeps the action's text).
///
/// Bounded: values longer than `longestText` bytes are not kept, and once the kept texts reach
/// `byteLimit` the memo starts again empty.
///
/// ```swift
/// let memo = ActionValueMemo()
/// memo.value(forText: raw)              // nil: not seen yet
/// memo.remember(value, forText: raw)
/// memo.value(forText: raw)?.identity    // the same as value.identity
/// ```
package final class ActionValueMemo {
  /// The most bytes of text kept in all (each value's tree takes a few times its text).
  package static let byteLimit = 1 << 21
  /// The longest value text kept: longer ones rarely repeat and would crowd the others out.
  package static let longestText = 1024

  private var values: [Text: JSON] = [:]
  private var bytesHeld = 0

  package init() {}

  /// How many values are kept now.
  package var count: Int { values.count }

  /// The value read before from the same text, if it is kept.
  package func value(forText text: UnsafeRawBufferPointer) -> JSON? {
    guard text.count <= Self.longestText, !values.isEmpty else { return nil }
    return values[Text(text)]
  }

  /// Keeps `value`, read from `text` with all the reader's rules.
  package func remember(_ value: JSON, forText text: UnsafeRawBufferPointer) {
    guard text.count <= Self.longestText else { return }
    if bytesHeld + text.count > Self.byteLimit {
      values.removeAll()
      bytesHeld = 0
    }
    values[Text(text)] = value
    bytesHeld += text.count
  }

  /// A value's text as a dictionary key, with its hash computed once, eight bytes at a time.
  private struct Text: Hashable {
    let bytes: [UInt8]
    let hash: UInt64

    init(_ text: UnsafeRawBufferPointer) {
      // Copied with one memcpy (an `Array` of a raw buffer would go byte by byte).
      bytes = [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
        if let base = text.baseAddress, let target = buffer.baseAddress {
          target.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: text.count)
        }
        count = text.count
      }
      hash = Self.hash(text)
    }

    /// A multiply-rotate hash of the words of `text` (its quality only spreads the buckets:
    /// `Hasher` seeds and mixes it again).
    static func hash(_ text: UnsafeRawBufferPointer) -> UInt64 {
      var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(text.count)
      var offset = 0
      while offset + 8 <= text.count {
        let word = text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
        h = h << 31 | h >> 33
        offset += 8
      }
      var tail: UInt64 = 0
      while offset < text.count {
        tail = tail << 8 | UInt64(text[offset])
        offset += 1
      }
      return (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }

    static func == (a: Text, b: Text) -> Bool {
      a.hash == b.hash && a.bytes.count == b.bytes.count
        && a.bytes.withUnsafeBytes { x in
          b.bytes.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
  }
}

extension JSON {
  /// The identity of an array's or object's storage: two values with the same one are the same
  /// value (a copy, or a memo's repeat, see `ActionValueMemo`); `nil` for scalars and empty ones.
  ///
  /// ```swift
  /// let a = JSON.object([.init("x", .int(1))]); let b = a
  /// a.identity == b.identity  // true
  /// ```
  package var identity: ObjectIdentifier? {
    switch self {
    case let .array(elements) where !elements.isEmpty: ObjectIdentifier(elements.storage)
    case let .object(members) where !members.isEmpty: ObjectIdentifier(members.storage)
    default: nil
    }
  }
}
