import Foundation

/// The hash of an element's id read from the text of an element that a lazily read array still
/// holds as text (`JSONPendingElements`), without making the element a tree. The compact text the
/// recorder writes (`{"$type":"…","title":"…","id":…}`) is walked byte by byte up to `id`, and the
/// id is hashed from its bytes when it is a string without escapes, an object of one such string
/// (`{"$uuid":"…"}`) or a small integer (`CompactObject`); any other spelling goes through
/// `JSONObjectScanner` and the parsed id. Equal to `hash(ofElement:)` of the element's tree; `nil` when that is `nil` (or
/// the text is not what the reader checked: the caller then takes the slow way).
///
/// ```swift
/// ElementIDTable.hash(ofElementText: #"{"$type":"Todo","title":"Milk","id":7}"#)  // hash(.int(7))
/// ```
extension ElementIDTable {
  static func hash(ofElementText bytes: UnsafeRawBufferPointer) -> UInt64? {
    switch CompactObject.id(in: bytes) {
    case let .found(hash): return hash
    case .absent: return nil
    case .unknown: break
    }
    do {
      var scanner = try JSONObjectScanner(bytes)
      guard let first = try scanner.next(), scanner.key(of: first, is: "$type") else { return nil }
      while let member = try scanner.next() {
        guard scanner.key(of: member, is: "id") else { continue }
        return hash(try scanner.value(member))
      }
      return nil
    } catch {
      return nil
    }
  }
}

/// The members of an object in compact JSON text (no whitespace, keys without escapes) that the
/// reader has already checked, walked without building anything.
enum CompactObject {
  enum IDSearch {
    /// The `ElementIDTable` hash of the `id` member's value of a structure (`$type` first).
    case found(UInt64)
    /// A structure without an `id` member.
    case absent
    /// Not spelled compactly, not a structure, or an id spelled otherwise than a plain string, an
    /// object of one plain string or a small integer: read it with the full rules.
    case unknown
  }

  static let typeKey: StaticString = #"{"$type":"#

  static func id(in bytes: UnsafeRawBufferPointer) -> IDSearch {
    var found = IDSearch.unknown
    let walked = forEachMember(in: bytes) { base, key, valueStart in
      guard ByteSearch.equals(key, "id") else { return true }
      found = idHash(base, from: valueStart, bytes.count).map(IDSearch.found) ?? .unknown
      return false
    }
    switch walked {
    case true?: return .absent
    case false?: return found
    case nil: return .unknown
    }
  }

  /// Walks the members after the `$type` of a structure in compact text: `visit` gets the text's
  /// first byte, each key (between its quotes) and the offset of its value, and returns whether to
  /// go on. `true` when every member was visited up to the closing brace at the text's end, `false`
  /// when `visit` stopped, `nil` when the text is not such a structure.
  ///
  /// ```swift
  /// CompactObject.forEachMember(in: #"{"$type":"Todo","id":7}"#) { _, key, at in true }  // key id, at 20: true
  /// ```
  @inline(__always)
  static func forEachMember(
    in bytes: UnsafeRawBufferPointer,
    _ visit: (_ base: UnsafePointer<UInt8>, _ key: UnsafeRawBufferPointer, _ valueStart: Int) -> Bool
  ) -> Bool? {
    let count = bytes.count, prefix = typeKey.utf8CodeUnitCount
    guard count > prefix, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
      memcmp(base, typeKey.utf8Start, prefix) == 0, base[prefix] == .quote,
      let typeEnd = stringEnd(base, from: prefix + 1, count)
    else { return nil }
    var index = typeEnd + 1
    while index < count {
      if base[index] == .closeBrace { return index == count - 1 ? true : nil }
      guard base[index] == .comma, index + 1 < count, base[index + 1] == .quote,
        let keyEnd = plainStringEnd(base, from: index + 2, count), keyEnd + 1 < count, base[keyEnd + 1] == .colon
      else { return nil }
      let key = UnsafeRawBufferPointer(start: base + index + 2, count: keyEnd - index - 2)
      let valueStart = keyEnd + 2
      guard visit(base, key, valueStart) else { return false }
      guard let valueEnd = valueEnd(base, from: valueStart, count) else { return nil }
      index = valueEnd
    }
    return nil
  }

  /// `ElementIDTable.hash(_:)` of the member value at `start` (followed by `,` or `}`), for the
  /// plain spellings only.
  private static func idHash(_ base: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> UInt64? {
    func nonZero(_ hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }
    func text(_ start: Int, _ end: Int) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: base + start, count: end - start)
    }
    func followed(_ end: Int) -> Bool { end < count && (base[end] == .comma || base[end] == .closeBrace) }
    guard start < count else { return nil }
    switch base[start] {
    case .quote:
      guard let end = plainStringEnd(base, from: start + 1, count), followed(end + 1) else { return nil }
      return nonZero(ElementIDTable.hash(text(start + 1, end), seed: 1))
    case .openBrace:
      guard start + 1 < count, base[start + 1] == .quote, let keyEnd = plainStringEnd(base, from: start + 2, count),
        keyEnd + 2 < count, base[keyEnd + 1] == .colon, base[keyEnd + 2] == .quote,
        let end = plainStringEnd(base, from: keyEnd + 3, count), end + 1 < count, base[end + 1] == .closeBrace,
        followed(end + 2)
      else { return nil }
      return nonZero(ElementIDTable.hash(text(keyEnd + 3, end), seed: 2))
    default:
      // An integer of at most 18 digits (an `Int64`), without a leading zero or `-0`.
      let negative = base[start] == UInt8(ascii: "-")
      let first = negative ? start + 1 : start
      var end = first
      var value: Int64 = 0
      while end < count, base[end] &- UInt8(ascii: "0") < 10 {
        value = value &* 10 &+ Int64(base[end] &- UInt8(ascii: "0"))
        end += 1
      }
      guard end > first, end - first <= 18, followed(end) else { return nil }
      guard base[first] != UInt8(ascii: "0") || (end - first == 1 && !negative) else { return nil }
      return nonZero(ElementIDTable.mixInt(negative ? -value : value))
    }
  }

  /// The closing quote of a string whose text starts at `start`, escapes skipped.
  static func stringEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int? {
    scanString(base, from: start, count).map(\.end)
  }

  /// The closing quote of a string without escapes (or control characters) whose text starts at
  /// `start`.
  static func plainStringEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int? {
    guard let (end, plain) = scanString(base, from: start, count), plain else { return nil }
    return end
  }

  /// The closing quote of the string whose text starts at `start`, and whether it has no escape.
  @inline(__always)
  private static func scanString(_ base: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> (
    end: Int, plain: Bool
  )? {
    var index = start, plain = true
    while true {
      if count - index >= 16 {
        let offset = stringSpecialOffset(base + index)
        index += offset
        if offset == 16 { continue }
      }
      guard index < count else { return nil }
      let byte = base[index]
      if byte == .quote { return (index, plain) }
      if byte == .backslash {
        plain = false
        index += 2
      } else {
        if byte < 0x20 { plain = false }
        index += 1
      }
    }
  }

  /// Where the value that starts at `start` ends (the byte after it).
  static func valueEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int? {
    guard start < count else { return nil }
    var index = start
    switch base[index] {
    case .quote:
      return stringEnd(base, from: index + 1, count).map { $0 + 1 }
    case .openBrace, .openBracket:
      var depth = 0
      while index < count {
        switch base[index] {
        case .quote:
          guard let end = stringEnd(base, from: index + 1, count) else { return nil }
          index = end
        case .openBrace, .openBracket: depth += 1
        case .closeBrace, .closeBracket:
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
      return nil
    default:
      while index < count, base[index] != .comma, base[index] != .closeBrace { index += 1 }
      return index
    }
  }
}
