/// Numbers: integers are exact (`Int64`, or `UInt64` above `Int64.max`; beyond that an error);
/// numbers with a fraction or exponent are `Double`s, correctly rounded. Short decimals take
/// Clinger's exact fast path (mantissa below 2^53, power of ten up to 22); the rest go through the
/// standard library's correctly rounded `Double(_: String)`. A number beyond `Double` is an error;
/// one below its smallest subnormal reads as zero.
extension JSONParser {
  mutating func parseNumber() throws(JSONError) -> JSON {
    let start = index
    let negative = bytes[index] == .minus
    if negative { index += 1 }
    guard index < end else { throw endOfInput() }
    guard isDigit(bytes[index]) else { throw invalidNumber() }

    var mantissa: UInt64 = 0
    var overflow = false
    if bytes[index] == .zero {
      index += 1
      if index < end, isDigit(bytes[index]) { throw error("invalid number, leading zero", at: start) }
    } else {
      while index < end, isDigit(bytes[index]) {
        let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] &- .zero))
        mantissa = sum
        overflow = overflow || o1 || o2
        index += 1
      }
    }

    let isInteger = index >= end || (bytes[index] != .dot && bytes[index] | 0x20 != .letterE)
    if isInteger {
      if overflow { throw error("number out of range", at: start) }
      if !negative {
        return mantissa <= UInt64(Int64.max) ? .int(Int64(mantissa)) : .uint(mantissa)
      }
      guard mantissa <= UInt64(Int64.max) + 1 else { throw error("number out of range", at: start) }
      return .int(Int64(bitPattern: 0 &- mantissa))
    }
    return .double(try parseFraction(start: start, negative: negative, mantissa: mantissa, exact: !overflow))
  }

  /// The fraction and exponent after the integer digits; `mantissa` holds those digits.
  private mutating func parseFraction(start: Int, negative: Bool, mantissa: UInt64, exact: Bool) throws(JSONError)
    -> Double
  {
    var mantissa = mantissa
    var exact = exact && mantissa < 1 << 53
    var exponent = 0
    if index < end, bytes[index] == .dot {
      index += 1
      guard index < end else { throw endOfInput() }
      guard isDigit(bytes[index]) else { throw invalidNumber() }
      while index < end, isDigit(bytes[index]) {
        if exact {
          mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- .zero)
          exponent -= 1
          exact = mantissa < 1 << 53
        }
        index += 1
      }
    }
    if index < end, bytes[index] | 0x20 == .letterE {
      index += 1
      guard index < end else { throw endOfInput() }
      var negativeExponent = false
      if bytes[index] == .minus || bytes[index] == .plus {
        negativeExponent = bytes[index] == .minus
        index += 1
        guard index < end else { throw endOfInput() }
      }
      guard isDigit(bytes[index]) else { throw invalidNumber() }
      var written = 0
      while index < end, isDigit(bytes[index]) {
        if written < 100_000 { written = written * 10 + Int(bytes[index] &- .zero) }
        index += 1
      }
      exponent += negativeExponent ? -written : written
    }
    let value: Double
    if exact && exponent >= -22 && exponent <= 22 {
      let magnitude =
        exponent < 0
        ? Double(mantissa) / powersOfTen[-exponent]
        : Double(mantissa) * powersOfTen[exponent]
      value = negative ? -magnitude : magnitude
    } else {
      let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)
      value = Double(text) ?? .infinity
    }
    guard value.isFinite else { throw error("number out of range", at: start) }
    return value
  }

  @inline(__always)
  func isDigit(_ byte: UInt8) -> Bool { byte &- .zero < 10 }

  func invalidNumber() -> JSONError {
    unexpected("invalid number, found", at: index)
  }
}

/// 10^0 … 10^22, all exact in a `Double`.
private let powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
