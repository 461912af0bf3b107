import Foundation

/// The text forms inside the `$date` and `$data` markers, written without formatters.
extension Value {
  /// `2026-11-21T19:33:07.123Z` for seconds since 2001-01-01 (milliseconds rounded down).
  static func iso8601(_ secondsSince2001: Double) -> String {
    guard secondsSince2001.isFinite, abs(secondsSince2001) < 1e12 else { return "" }
    // Round to microseconds first so that 0.123 (really 0.12299999…) still shows .123.
    let microseconds = Int64(((secondsSince2001 + 978_307_200) * 1e6).rounded())
    let (milliseconds, _) = floorDivide(microseconds, 1000)
    let (days, msOfDay) = floorDivide(milliseconds, 86_400_000)
    let (year, month, day) = civilDate(daysSince1970: days)
    var out: [UInt8] = []
    out.reserveCapacity(24)
    func pad(_ value: Int64, _ width: Int) {
      let digits = String(value)
      for _ in digits.utf8.count..<max(width, digits.utf8.count) { out.append(.zero) }
      out.append(contentsOf: digits.utf8)
    }
    if year < 0 { out.append(.minus) }
    pad(abs(year), 4)
    out.append(.minus); pad(month, 2)
    out.append(.minus); pad(day, 2)
    out.append(0x54); pad(msOfDay / 3_600_000, 2)
    out.append(.colon); pad(msOfDay / 60_000 % 60, 2)
    out.append(.colon); pad(msOfDay / 1000 % 60, 2)
    out.append(.dot); pad(msOfDay % 1000, 3)
    out.append(0x5A)
    return String(decoding: out, as: UTF8.self)
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let q = a / b, r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
  }

  /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian).
  private static func civilDate(daysSince1970: Int64) -> (Int64, Int64, Int64) {
    let z = daysSince1970 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func base64(_ data: Data) -> String {
    var out = JSONOutput(capacity: (data.count + 2) / 3 * 4 + 1)
    appendBase64(data, into: &out)
    return out.string
  }

  /// Standard base64 with `=` padding.
  static func appendBase64(_ data: Data, into output: inout JSONOutput) {
    let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    let table = alphabet.utf8Start
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var i = 0
      let count = bytes.count
      while i + 3 <= count {
        let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
        output.append(table[Int(n >> 18)])
        output.append(table[Int(n >> 12 & 63)])
        output.append(table[Int(n >> 6 & 63)])
        output.append(table[Int(n & 63)])
        i += 3
      }
      let rest = count - i
      if rest > 0 {
        let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
        output.append(table[Int(n >> 18)])
        output.append(table[Int(n >> 12 & 63)])
        output.append(rest == 2 ? table[Int(n >> 6 & 63)] : 0x3D)
        output.append(0x3D)
      }
    }
  }
}

/// UUID text without `uuidString`/`UUID(uuidString:)` (which go through printf and scanf).
extension Value {
  /// `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, upper-case like `uuidString`.
  static func appendUUID(_ uuid: UUID, into output: inout JSONOutput) {
    let hex: StaticString = "0123456789ABCDEF"
    withUnsafeBytes(of: uuid.uuid) { bytes in
      for (i, byte) in bytes.enumerated() {
        if i == 4 || i == 6 || i == 8 || i == 10 { output.append(.minus) }
        output.append(hex.utf8Start[Int(byte >> 4)])
        output.append(hex.utf8Start[Int(byte & 0xF)])
      }
    }
  }

  static func uuidText(_ uuid: UUID) -> String {
    var out = JSONOutput(capacity: 36)
    appendUUID(uuid, into: &out)
    return out.string
  }

  /// Parses `8-4-4-4-12` hex digits (either case); `nil` for anything else.
  static func parseUUID(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { utf8 -> UUID? in
      guard utf8.count == 36 else { return nil }
      var bytes = (
        UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
        UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0)
      )
      let ok = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
        var i = 0
        for k in 0..<16 {
          if i == 8 || i == 13 || i == 18 || i == 23 {
            guard utf8[i] == .minus else { return false }
            i += 1
          }
          guard let high = hexDigit(utf8[i]), let low = hexDigit(utf8[i + 1]) else { return false }
          out[k] = high << 4 | low
          i += 2
        }
        return true
      }
      return ok ? UUID(uuid: bytes) : nil
    }
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }
}
