// The members the line decoders that read from bytes (`TraceActionLineDecoder`,
// `TraceEffectLineDecoder`, `TracePatchDecoder`) require: a value of another type leaves the line
// to the general decoder, which words the error.

/// A line (or patch) a decoder that reads from bytes leaves to the general decoder. Never shown.
struct LeftToGeneralDecoder: Error {}

extension JSONObjectScanner {
  /// The member's value as a trace count: a non-negative integer within 64 bits.
  ///
  /// ```swift
  /// try scanner.traceCount(member)  // "seq":12 → 12; "seq":-1 or "seq":"1" → LeftToGeneralDecoder
  /// ```
  func traceCount(_ member: Member) throws -> Int64 {
    guard let value = try int(member), value >= 0 else { throw LeftToGeneralDecoder() }
    return value
  }

  /// The member's value as a string.
  func traceString(_ member: Member) throws -> String {
    guard let text = try string(member) else { throw LeftToGeneralDecoder() }
    return text
  }
}
