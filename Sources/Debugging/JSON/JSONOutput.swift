/// The byte buffer `JSONWriter` and `Value.writeJSON(into:)` write into: appends are a bounds
/// check and a store (no copy-on-write check per byte, unlike `[UInt8]`); `finish(into:)` copies
/// the result out once.
///
/// Strings escape `"`, `\` and control characters (`\n`, `\r`, `\t`, `\b`, `\f`, others as
/// `\u001f`); everything else, including non-ASCII, DEL and U+2028/U+2029, is written raw UTF-8.
/// Doubles are written in their shortest round-trip form and always contain a `.` or an exponent
/// (`1.0`, `0.1`, `2.5e-07`, `1e+16`).
struct JSONOutput: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int
  /// Where what was written goes once it passes `drainAt` bytes (`drainIfFull()`), the buffer
  /// then emptied: a 100 MB state is written through a buffer of one chunk, not held whole.
  private var drain: ((UnsafeBufferPointer<UInt8>) -> Bool)?
  private var drainAt = Int.max
  /// Whether `drain` asked for no more (the writer then stops walking the value).
  private(set) var isStopped = false

  init(capacity: Int = 256) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// A buffer handed to `drain` whenever it holds `threshold` bytes or more at a point the
  /// writer checks (between the elements of an array, the members of an object).
  /// `drain` returns `false` to stop: nothing more is written.
  init(drainingAt threshold: Int, into drain: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
    self.init(capacity: 256)
    self.drain = drain
    drainAt = threshold
  }

  @inline(__always)
  mutating func drainIfFull() {
    if count >= drainAt { drainAll() }
  }

  /// Hands everything written to `drain` (when there is one) and empties the buffer.
  mutating func drainAll() {
    guard let drain, count > 0, !isStopped else { return }
    isStopped = !drain(UnsafeBufferPointer(start: base, count: count))
    count = 0
  }

  deinit {
    base.deallocate()
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    if count + bytes.count > capacity { grow(to: count + bytes.count) }
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  private mutating func grow(to minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Appends everything written to `output`.
  func finish(into output: inout [UInt8]) {
    output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }

  /// Everything written, as text.
  var string: String {
    String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
  }
}

extension JSONOutput {
  /// The JSON string literal for `string`: `"a\"b"`.
  static func quoted(_ string: String) -> String {
    var output = JSONOutput(capacity: string.utf8.count + 2)
    output.appendJSONString(string)
    return output.string
  }

  @inline(__always)
  mutating func appendRaw(_ text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// `"text"` with escapes.
  mutating func appendJSONString(_ string: String) {
    var string = string
    append(.quote)
    string.withUTF8 { appendEscaped($0) }
    append(.quote)
  }

  mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    forEachJSONStringRun(
      bytes, run: { append(contentsOf: $0) }, escape: { byte in writeJSONEscape(byte) { append($0) } })
  }

  mutating func appendInteger(_ value: Int64) {
    if value < 0 {
      append(.minus)
      appendInteger(UInt64(bitPattern: 0 &- value))
    } else {
      appendInteger(UInt64(value))
    }
  }

  mutating func appendInteger(_ value: UInt64) {
    if value < 10 {
      append(UInt8(value) &+ .zero)
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var value = value
      var i = 20
      while value > 0 {
        i -= 1
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 10)
        digits[i] = UInt8(remainder) &+ .zero
        value = quotient
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
    }
  }

  /// A finite double; the caller handles NaN and infinities.
  mutating func appendDouble(_ value: Double) {
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      if value.sign == .minus { append(.minus) }
      appendInteger(UInt64(abs(value)))
      appendRaw(".0")
      return
    }
    var text = value.description
    text.withUTF8 { append(contentsOf: $0) }
  }
}

/// The content of a JSON string literal for the UTF-8 `bytes`, in pieces: `run` gets each stretch
/// written as it is, `escape` each byte written escaped (`"`, `\\`, control characters).
@inline(__always)
func forEachJSONStringRun(
  _ bytes: UnsafeBufferPointer<UInt8>, run: (UnsafeBufferPointer<UInt8>) -> Void, escape: (UInt8) -> Void
) {
  guard let source = bytes.baseAddress else { return }
  let count = bytes.count
  var runStart = 0
  var i = 0
  while true {
    while count - i >= 8 {
      let word = UInt64(littleEndian: UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self))
      let mask = escapeMask(word)
      if mask != 0 {
        i += mask.trailingZeroBitCount >> 3
        break
      }
      i += 8
    }
    guard i < count else { break }
    let byte = source[i]
    if byte == .quote || byte == .backslash || byte < 0x20 {
      if i > runStart { run(UnsafeBufferPointer(start: source + runStart, count: i - runStart)) }
      escape(byte)
      runStart = i + 1
    }
    i += 1
  }
  if count > runStart { run(UnsafeBufferPointer(start: source + runStart, count: count - runStart)) }
}

/// The escape of `byte` in a JSON string, a byte at a time: `\\n`, `\\"`, `\\u001f`.
@inline(__always)
func writeJSONEscape(_ byte: UInt8, _ append: (UInt8) -> Void) {
  append(.backslash)
  switch byte {
  case .quote, .backslash: append(byte)
  case 0x0A: append(0x6E)
  case 0x0D: append(0x72)
  case 0x09: append(0x74)
  case 0x08: append(0x62)
  case 0x0C: append(0x66)
  default:
    let hex: StaticString = "0123456789abcdef"
    append(UInt8(ascii: "u"))
    append(UInt8(ascii: "0"))
    append(UInt8(ascii: "0"))
    append(hex.utf8Start[Int(byte >> 4)])
    append(hex.utf8Start[Int(byte & 0xF)])
  }
}

/// Like `stringSpecialMask` but without non-ASCII: quote, backslash and control characters.
@inline(__always)
func escapeMask(_ word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  let quotes = word ^ (ones &* 0x22)
  let backslashes = word ^ (ones &* 0x5C)
  let control = (word &- ones &* 0x20) & ~word
  let quote = (quotes &- ones) & ~quotes
  let backslash = (backslashes &- ones) & ~backslashes
  return (control | quote | backslash) & highs
}
