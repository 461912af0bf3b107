extension Array where Element == UInt8 {
  /// Appends the UTF-8 of `text` in one copy. `append(contentsOf: text.utf8)` takes the generic
  /// sequence path, about 170 instructions for a short piece; the diff and `show` texts are
  /// written from thousands of such pieces per screen.
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// bytes.appendUTF8("effect ")   // [0x65, 0x66, …]
  /// ```
  @inline(__always)
  package mutating func appendUTF8(_ text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends `number` in decimal, as `"\(number)"` writes it, without making a `String` of it
  /// (but for a negative number, which the trace's counts never are).
  ///
  /// ```swift
  /// bytes.appendInteger(42)   // "42"
  /// bytes.appendInteger(-3)   // "-3"
  /// ```
  package mutating func appendInteger(_ number: Int64) {
    if number >= 0 {
      TimeText.appendDecimal(number, to: &self)
    } else {
      appendUTF8(String(number))
    }
  }
}
