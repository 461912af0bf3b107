import Foundation

/// Recently read string values, by their bytes: a value a trace repeats on line after line (an
/// action's `"label"`) is then found instead of made again, and the lines share one `String`.
/// For the one thread that reads with it; only strings without escapes are kept.
///
/// ```swift
/// let table = JSONStringTable()
/// table.string(#""Todos.Action.add""#)       // nil: not seen yet
/// table.insert(#""Todos.Action.add""#, "Todos.Action.add")
/// table.string(#""Todos.Action.add""#)       // "Todos.Action.add"
/// ```
package final class JSONStringTable: @unchecked Sendable {
  private struct Slot {
    var raw: [UInt8] = []
    var text = ""
  }

  private static let slotCount = 64
  private let slots: UnsafeMutablePointer<Slot>

  package init() {
    slots = .allocate(capacity: Self.slotCount)
    slots.initialize(repeating: Slot(), count: Self.slotCount)
  }

  deinit {
    slots.deinitialize(count: Self.slotCount)
    slots.deallocate()
  }

  /// The string whose JSON text (with its quotes) is `raw`, when it was inserted and is still kept.
  @inline(__always)
  package func string(_ raw: UnsafeRawBufferPointer) -> String? {
    let pair = slots + Self.slot(of: raw)
    if Self.holds(pair, raw) { return pair.pointee.text }
    if Self.holds(pair + 1, raw) { return (pair + 1).pointee.text }
    return nil
  }

  /// Keeps `text`, the value of the JSON string `raw` (with its quotes), unless `raw` has escapes.
  /// Each hash has two places (two strings that share one both stay): the new string takes the
  /// first, the one there moves to the second.
  package func insert(_ raw: UnsafeRawBufferPointer, _ text: String) {
    guard raw.count >= 2, !raw.contains(UInt8(ascii: "\\")) else { return }
    let pair = slots + Self.slot(of: raw)
    if !Self.holds(pair + 1, raw) { (pair + 1).pointee = pair.pointee }
    pair.pointee = Slot(raw: Array(raw), text: text)
  }

  @inline(__always)
  private static func holds(_ slot: UnsafeMutablePointer<Slot>, _ raw: UnsafeRawBufferPointer) -> Bool {
    slot.pointee.raw.count == raw.count
      && slot.pointee.raw.withUnsafeBytes({ memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 })
  }

  /// The first of the two slots of a JSON string: from its length and up to 8 bytes at each end.
  @inline(__always)
  static func slot(of raw: UnsafeRawBufferPointer) -> Int {
    Int(truncatingIfNeeded: headTailHash(raw) >> 59) << 1
  }

  /// A hash of `raw` from its length and up to 8 bytes at each end: what tells a trace's labels
  /// apart (`slot(of:)`, `JSONValueTemplates.key`).
  @inline(__always)
  static func headTailHash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    let count = raw.count
    var head: UInt64 = 0
    var tail: UInt64 = 0
    if count >= 8 {
      head = raw.loadUnaligned(as: UInt64.self)
      tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else {
      for byte in raw { head = head << 8 | UInt64(byte) }
    }
    var h = (head ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
    h ^= (tail &+ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
    return h ^ (h >> 32)
  }
}
