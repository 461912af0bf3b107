import Foundation

/// Reads the few top-level members of a trace line that summaries need (`kind`, `seq`, `t`, …)
/// and skips every other value by matching brackets and strings, without building it.
///
/// It checks the line's outer shape and the members it reads, not the JSON inside skipped
/// values: that is the full reader's job. Nothing recurses, so any nesting depth is fine.
struct TraceLineScanner {
  struct Failure: Error {
    var message: String
    /// 1-based byte column.
    var column: Int
  }

  enum Key: Equatable {
    case kind, seq, t, duration, label, event, effect, note, dropped, actions, format, state, other
  }

  private let base: UnsafePointer<UInt8>
  private let count: Int
  private var position = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    base = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(bitPattern: 1)!
    count = bytes.count
  }

  /// Calls `member` for each top-level key; it returns whether it wants the value (read through
  /// `readString`/`readInteger`), or lets the scanner skip it.
  mutating func scanObject(_ member: (Key, inout TraceLineScanner) throws(Failure) -> Bool) throws(Failure) {
    skipSpace()
    guard peek() == UInt8(ascii: "{") else { throw fail("a trace line must be a JSON object") }
    position += 1
    skipSpace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return try finish()
    }
    while true {
      skipSpace()
      guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
      let key = try readKey()
      skipSpace()
      guard peek() == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
      position += 1
      skipSpace()
      if try !member(key, &self) { try skipValue() }
      skipSpace()
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return try finish()
      default: throw fail("expected ',' or '}'")
      }
    }
  }

  /// The current value as a string, or `nil` (leaving it unread) when it is not one.
  mutating func readString() throws(Failure) -> String? {
    guard peek() == UInt8(ascii: "\"") else { return nil }
    let start = position + 1
    let (end, escaped) = try stringEnd(from: start)
    position = end + 1
    let bytes = UnsafeBufferPointer(start: base + start, count: end - start)
    return escaped ? try unescape(bytes, column: start) : String(decoding: bytes, as: UTF8.self)
  }

  /// The current value as an `Int64`, or `nil` (leaving it unread) when it is not an integer.
  mutating func readInteger() -> Int64? {
    var index = position
    let negative = index < count && base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var value: Int64 = 0
    let digitsStart = index
    while index < count, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") {
      let digit = Int64(base[index] &- UInt8(ascii: "0"))
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      if o1 || o2 { return nil }
      value = sum
      index += 1
    }
    guard index > digitsStart else { return nil }
    if index < count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(base[index]) { return nil }
    position = index
    return value
  }

  /// A one-word description of the current value for error messages.
  func valueType() -> String {
    switch peek() {
    case UInt8(ascii: "\""): return "string"
    case UInt8(ascii: "{"): return "object"
    case UInt8(ascii: "["): return "array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "boolean"
    case UInt8(ascii: "n"): return "null"
    default: return "number"
    }
  }

  // MARK: - Internals

  private func peek() -> UInt8? { position < count ? base[position] : nil }

  func fail(_ message: String) -> Failure { Failure(message: message, column: position + 1) }

  private mutating func skipSpace() {
    while position < count {
      switch base[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func finish() throws(Failure) {
    skipSpace()
    guard position == count else { throw fail("unexpected text after the object") }
  }

  private mutating func readKey() throws(Failure) -> Key {
    let start = position + 1
    let (end, escaped) = try stringEnd(from: start)
    position = end + 1
    guard !escaped else { return .other }
    return Self.key(UnsafeBufferPointer(start: base + start, count: end - start))
  }

  static func key(_ k: UnsafeBufferPointer<UInt8>) -> Key {
    func equals(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == k.count && memcmp(literal.utf8Start, k.baseAddress!, k.count) == 0
    }
    switch k.count {
    case 1: return k[0] == UInt8(ascii: "t") ? .t : .other
    case 3: return equals("seq") ? .seq : .other
    case 4: return equals("kind") ? .kind : equals("note") ? .note : .other
    case 5: return equals("label") ? .label : equals("event") ? .event : equals("state") ? .state : .other
    case 6: return equals("effect") ? .effect : equals("format") ? .format : .other
    case 7: return equals("dropped") ? .dropped : equals("actions") ? .actions : .other
    case 8: return equals("duration") ? .duration : .other
    default: return .other
    }
  }

  /// The index of the closing quote of a string whose contents start at `start`, and whether the
  /// string holds escapes.
  private func stringEnd(from start: Int) throws(Failure) -> (Int, Bool) {
    var index = start
    var escaped = false
    while index < count {
      guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), count - index) else { break }
      let quote = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      var backslashes = 0
      while quote - backslashes - 1 >= start, base[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
      if backslashes > 0 { escaped = true }
      if backslashes % 2 == 0 {
        if !escaped, memchr(base + start, Int32(UInt8(ascii: "\\")), quote - start) != nil { escaped = true }
        return (quote, escaped)
      }
      index = quote + 1
    }
    throw Failure(message: "unterminated string", column: start)
  }

  private mutating func skipValue() throws(Failure) {
    switch peek() {
    case UInt8(ascii: "\""):
      position = try stringEnd(from: position + 1).0 + 1
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while position < count {
        let byte = base[position]
        switch byte {
        case UInt8(ascii: "\""):
          position = try stringEnd(from: position + 1).0
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            position += 1
            return
          }
        default: break
        }
        position += 1
      }
      throw fail("unterminated object or array")
    case nil:
      throw fail("expected a value")
    default:
      let start = position
      while position < count {
        switch base[position] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
          guard position > start else { throw fail("expected a value") }
          return
        default: position += 1
        }
      }
    }
  }

  private func unescape(_ bytes: UnsafeBufferPointer<UInt8>, column: Int) throws(Failure) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= bytes.count else { return nil }
      return UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16)
    }
    while i < bytes.count {
      let byte = bytes[i]
      guard byte == UInt8(ascii: "\\"), i + 1 < bytes.count else {
        out.append(byte)
        i += 1
        continue
      }
      let next = bytes[i + 1]
      i += 2
      switch next {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "u"):
        guard var scalar = hex4(i) else { throw Failure(message: "invalid \\u escape", column: column + i) }
        i += 4
        if scalar >= 0xD800, scalar < 0xDC00, i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
          bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2), low >= 0xDC00, low < 0xE000
        {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          i += 6
        }
        out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
      default: out.append(next)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
