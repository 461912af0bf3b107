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

  /// Checks that the member's value is a string the reader reads, as `traceString` does, without
  /// making it: for a value not kept (`validate` reads no label). A string with escapes is made
  /// (the exact parse decides on them).
  ///
  /// ```swift
  /// try scanner.checkTraceString(member)  // "label":"Todos.add" → (); "label":7 → LeftToGeneralDecoder
  /// ```
  func checkTraceString(_ member: Member) throws {
    // Checked by the scan already.
    if member.plain == .string { return }
    let range = member.valueRange
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), base[range.lowerBound] == .quote else {
      throw LeftToGeneralDecoder()
    }
    let parser = JSONParser(base, count: range.upperBound, from: range.lowerBound)
    var p = base + range.lowerBound
    // `nil`: the exact scan would throw.
    guard let hasEscapes = parser.quickString(&p, base + range.upperBound), p == base + range.upperBound else {
      throw LeftToGeneralDecoder()
    }
    if hasEscapes { _ = try traceString(member) }
  }
}
