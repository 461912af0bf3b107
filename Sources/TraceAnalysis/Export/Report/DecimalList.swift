/// A column of the report's index as JSON array items: integers in decimal, commas between
/// them, each written as `"\(n)"` writes it — formatted straight into one buffer (the index holds
/// a million numbers for a large trace, written after its last line is read).
///
/// ```swift
/// DecimalList.bytes([0, 42, -7, 1_000])   // "0,42,-7,1000"
/// ```
enum DecimalList {
  static func bytes(_ values: [Int64]) -> [UInt8] {
    // A sign, at most 19 digits and a comma per number.
    [UInt8](unsafeUninitializedCapacity: values.count * 21) { buffer, count in
      guard let base = buffer.baseAddress else { return }
      var p = base
      for (index, value) in values.enumerated() {
        if index > 0 {
          p.initialize(to: UInt8(ascii: ","))
          p += 1
        }
        if value < 0 {
          p.initialize(to: UInt8(ascii: "-"))
          p += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
          rest /= 10
          digits += 1
        }
        var q = p + digits - 1
        repeat {
          q.initialize(to: UInt8(ascii: "0") + UInt8(magnitude % 10))
          magnitude /= 10
          q -= 1
        } while magnitude > 0
        p += digits
      }
      count = base.distance(to: p)
    }
  }
}
