/// Nanosecond times and durations as people read them, and back. The `append` forms write
/// bytes straight into an output buffer (`show --labels-only` prints millions of them).
///
/// ```swift
/// TimeText.offset(18_200_000)     // "+0.018s"
/// TimeText.duration(5_100)        // "5.10µs"
/// TimeText.duration(12_300_000)   // "12.3ms"
/// try TimeText.parse("1.5s")      // 1_500_000_000
/// ```
package enum TimeText {
  /// `+1.234s`: an offset from the session's start, millisecond precision.
  package static func offset(_ nanoseconds: Int64) -> String {
    var bytes: [UInt8] = []
    appendOffset(nanoseconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `850ns`, `5.10µs`, `12.3ms`, `1.50s`, `250µs`: three significant digits; the one duration
  /// format, so a duration reads the same in every subcommand and in the recorder's notes.
  package static func duration(_ nanoseconds: Int64) -> String {
    var bytes: [UInt8] = []
    appendDuration(nanoseconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  package static func appendOffset(_ nanoseconds: Int64, to bytes: inout [UInt8]) {
    let milliseconds = max(0, nanoseconds) / 1_000_000
    bytes.append(UInt8(ascii: "+"))
    appendDecimal(milliseconds / 1000, to: &bytes)
    bytes.append(UInt8(ascii: "."))
    let fraction = milliseconds % 1000
    bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    bytes.append(UInt8(ascii: "s"))
  }

  package static func appendDuration(_ nanoseconds: Int64, to bytes: inout [UInt8]) {
    let value = max(0, nanoseconds)
    let (scale, unit): (Int64, [UInt8]) =
      value < 1_000
      ? (1, [0x6E, 0x73])
      : value < 1_000_000
        ? (1_000, [0xC2, 0xB5, 0x73])
        : value < 1_000_000_000 ? (1_000_000, [0x6D, 0x73]) : (1_000_000_000, [0x73])
    if scale == 1 || value >= 100 * scale {
      // Rounded without `value + scale / 2`, which overflows near Int64.max.
      appendDecimal(value / scale + (value % scale >= (scale + 1) / 2 ? 1 : 0), to: &bytes)
    } else if value >= 10 * scale {
      let tenths = (value * 10 + scale / 2) / scale
      appendDecimal(tenths / 10, to: &bytes)
      bytes.append(UInt8(ascii: "."))
      bytes.append(UInt8(ascii: "0") + UInt8(tenths % 10))
    } else {
      let hundredths = (value * 100 + scale / 2) / scale
      appendDecimal(hundredths / 100, to: &bytes)
      bytes.append(UInt8(ascii: "."))
      bytes.append(UInt8(ascii: "0") + UInt8(hundredths / 10 % 10))
      bytes.append(UInt8(ascii: "0") + UInt8(hundredths % 10))
    }
    bytes.append(contentsOf: unit)
  }

  /// The decimal digits of a non-negative number.
  package static func appendDecimal(_ number: Int64, to bytes: inout [UInt8]) {
    if number < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(max(0, number)))
      return
    }
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = number
    withUnsafeMutableBytes(of: &digits) { buffer in
      while rest > 0 {
        buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      }
      // As a buffer, not a slice: one copy, not a generic walk over the bytes.
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
    }
  }

  /// The error for a time that cannot be read.
  package struct ParseError: Error, Equatable {
    package var message: String
    /// Whether the text is a number without its unit (`5`), which would be ambiguous.
    package var isMissingUnit: Bool

    package init(message: String, isMissingUnit: Bool = false) {
      self.message = message
      self.isMissingUnit = isMissingUnit
    }
  }

  /// Reads `1.5s`, `200ms`, `40us` (or `40µs`), `900ns`. The unit is required: a bare `5` is an
  /// error (`show` once read it as seconds and `diff` as nanoseconds).
  package static func parse(_ text: String) throws(ParseError) -> Int64 {
    let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)]
    guard let (suffix, scale) = units.first(where: { text.hasSuffix($0.0) }) else {
      if let value = Double(text), value.isFinite, value >= 0 {
        throw ParseError(message: "expected a unit after the number (ns, us, µs, ms or s)", isMissingUnit: true)
      }
      throw ParseError(message: "expected a time such as 1.5s, 200ms, 40us or 900ns")
    }
    guard let value = Double(text.dropLast(suffix.count)), value.isFinite, value >= 0, value * scale < 9.2e18 else {
      throw ParseError(message: "expected a time such as 1.5s, 200ms, 40us or 900ns")
    }
    return Int64((value * scale).rounded())
  }
}
