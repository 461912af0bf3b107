import Foundation

/// The bytes of a state that say whether it is still the state the recorder was given last,
/// without copying or retaining it: the padding-free leaves of its stored fields — integers,
/// booleans, floating-point numbers, UUIDs, dates, strings, and the references of arrays, sets,
/// dictionaries and classes — found from the type's layout once and cached.
///
/// Padding and the unused bytes of enums and optionals are left out: they may hold anything, so
/// comparing them would see a change where there is none (and write a whole state line for it).
/// What is left out cannot show a change made outside the reducer; its next action's patch then
/// carries it, as before.
///
/// ```swift
/// let fingerprint = StateFingerprint.of(Row.State.self)
/// let bytes = withUnsafeBytes(of: row) { fingerprint.bytes(of: $0) }
/// ```
package final class StateFingerprint: @unchecked Sendable {
  /// The byte ranges compared, by offset in the value.
  let ranges: [Range<Int>]

  private init(_ type: Any.Type) {
    var ranges: [Range<Int>] = []
    Self.collect(type, at: 0, depth: 0, into: &ranges)
    self.ranges = ranges
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var cache: [ObjectIdentifier: StateFingerprint] = [:]

  /// The fingerprint of values of `type`.
  package static func of(_ type: Any.Type) -> StateFingerprint {
    let key = ObjectIdentifier(type)
    return lock.withLock {
      if let known = cache[key] { return known }
      let made = StateFingerprint(type)
      cache[key] = made
      return made
    }
  }

  /// The compared bytes of the value whose memory is `raw`.
  package func bytes(of raw: UnsafeRawBufferPointer) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
    for range in ranges where range.upperBound <= raw.count { bytes.append(contentsOf: raw[range]) }
    return bytes
  }

  private static let wordSize = MemoryLayout<Int>.size

  private static func collect(_ type: Any.Type, at offset: Int, depth: Int, into ranges: inout [Range<Int>]) {
    guard depth < 16 else { return }
    let info = ReflectedTypeCache.shared.reflectedType(type)
    let size = _openExistential(type, do: layoutSize)
    switch info.kind {
    case .structure:
      for field in info.fields { collect(field.type, at: offset + field.offset, depth: depth + 1, into: &ranges) }
    case .int, .bool, .double, .cgFloat, .uuid, .date, .signedInteger, .unsignedInteger, .floatingPoint:
      ranges.append(offset..<(offset + size))
    case .string where size == 2 * wordSize:
      // Both words are meaningful; a small string's unused bytes are zero.
      ranges.append(offset..<(offset + size))
    case .array, .set,
      .dictionary where size == wordSize:
      ranges.append(offset..<(offset + size))
    case .mirror where info.isClass && size == wordSize:
      ranges.append(offset..<(offset + size))
    default:
      break
    }
  }
}

private func layoutSize<T>(_ type: T.Type) -> Int { MemoryLayout<T>.size }
