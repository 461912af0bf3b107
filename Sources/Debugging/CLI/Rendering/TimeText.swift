/// Nanosecond times and durations as people read them, and back.
///
/// ```swift
/// TimeText.offset(18_200_000)     // "+0.018s"
/// TimeText.duration(5_100)        // "5.1µs"
/// TimeText.duration(12_300_000)   // "12.3ms"
/// try TimeText.parse("1.5s")      // 1_500_000_000
/// ```
package enum TimeText {
  /// `+1.234s`: an offset from the session's start, millisecond precision.
  package static func offset(_ nanoseconds: Int64) -> String {
    let milliseconds = nanoseconds / 1_000_000
    let fraction = String(milliseconds % 1000)
    return "+\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }

  /// `850ns`, `5.1µs`, `12.3ms`, `1.20s`: three significant digits at most.
  package static func duration(_ nanoseconds: Int64) -> String {
    let value = Double(nanoseconds)
    if nanoseconds < 1_000 { return "\(nanoseconds)ns" }
    if nanoseconds < 1_000_000 { return scaled(value / 1e3) + "µs" }
    if nanoseconds < 1_000_000_000 { return scaled(value / 1e6) + "ms" }
    return scaled(value / 1e9) + "s"
  }

  /// `5.1` for 5.1, `51.2` for 51.24, `512` for 512.4, at most one decimal.
  private static func scaled(_ value: Double) -> String {
    if value >= 100 { return String(Int64(value.rounded())) }
    let tenths = Int64((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// The error for a time that cannot be read.
  package struct ParseError: Error, Equatable {
    package var message: String
  }

  /// Reads `1.5s`, `200ms`, `40us` (or `40µs`), `900ns`; a bare number is seconds.
  package static func parse(_ text: String) throws(ParseError) -> Int64 {
    let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)]
    var number = Substring(text)
    var scale = 1e9
    for (suffix, factor) in units where text.hasSuffix(suffix) {
      number = text.dropLast(suffix.count)
      scale = factor
      break
    }
    guard let value = Double(number), value.isFinite, value >= 0, value * scale < 9.2e18 else {
      throw ParseError(message: "expected a time such as 1.5s, 200ms, 40us or 900ns")
    }
    return Int64((value * scale).rounded())
  }
}
