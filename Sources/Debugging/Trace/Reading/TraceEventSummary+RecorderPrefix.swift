/// The members the recorder writes first on every line, read straight from the bytes:
///
/// ```text
/// {"kind":"action","seq":53,"t":19195966,"duration":195752,"label":"Todos.Action.move(_:, _:)",…
/// {"kind":"effect","event":"started","effect":16,"seq":53,"t":19392529,"label":"Todos.Action.move(_:, _:)"}
/// ```
///
/// Only what `JSONObjectScanner` reads the same way is taken: a key of lowercase letters that the
/// summary reads, right before `:`, and a plain value right before `,` or `}` — an integer of up to
/// 18 digits without a leading zero, or a string of ASCII without escapes or control bytes. At the first
/// member that is anything else the scanner goes on from there, so a line reads the same with or
/// without this; it saves the general member loop on the lines a recorder wrote.
extension ScannedFields {
  /// Reads the leading members of `bytes` into these fields; the index of the `,` or `}` after
  /// the last member read, or 0 when none was read (the scanner starts at the beginning).
  mutating func readRecorderPrefix(_ bytes: UnsafeRawBufferPointer, strings: JSONStringTable?) -> Int {
    let count = bytes.count
    guard count > 2, bytes[0] == .openBrace else { return 0 }
    var afterLast = 0
    var index = 1
    while index < count, bytes[index] == .quote {
      var keyEnd = index + 1
      while keyEnd < count, bytes[keyEnd] &- UInt8(ascii: "a") < 26 { keyEnd += 1 }
      guard keyEnd > index + 1, keyEnd + 1 < count, bytes[keyEnd] == .quote, bytes[keyEnd + 1] == .colon else {
        return afterLast
      }
      let key = SummaryKey(UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<keyEnd]))
      var valueEnd = keyEnd + 2
      switch key {
      case .seq, .t, .duration, .effect, .dropped, .actions, .format:
        let digits = valueEnd
        var value: Int64 = 0
        while valueEnd < count, case let digit = bytes[valueEnd] &- .zero, digit < 10 {
          value = value &* 10 &+ Int64(digit)
          valueEnd += 1
        }
        let length = valueEnd - digits
        guard length > 0, length <= 18, length == 1 || bytes[digits] != .zero else { return afterLast }
        if integer(key) == nil { setInteger(key, value) }
      case .kind, .label, .event, .note:
        guard valueEnd < count, bytes[valueEnd] == .quote else { return afterLast }
        let open = valueEnd
        valueEnd += 1
        // Eight bytes at a time to the first quote, backslash, control or non-ASCII byte.
        while valueEnd + 8 <= count {
          let special = stringSpecialMask(
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: valueEnd, as: UInt64.self)))
          if special != 0 {
            valueEnd += special.trailingZeroBitCount >> 3
            break
          }
          valueEnd += 8
        }
        while valueEnd < count, case let byte = bytes[valueEnd], byte >= 0x20, byte < 0x80, byte != .quote,
          byte != .backslash
        {
          valueEnd += 1
        }
        guard valueEnd < count, bytes[valueEnd] == .quote else { return afterLast }
        valueEnd += 1
        if string(key) == nil { readString(key, UnsafeRawBufferPointer(rebasing: bytes[open..<valueEnd]), strings) }
      case .state, .coalesced, .reducer, .other:
        return afterLast
      }
      guard valueEnd < count, bytes[valueEnd] == .comma || bytes[valueEnd] == .closeBrace else { return afterLast }
      afterLast = valueEnd
      if bytes[valueEnd] == .closeBrace { return afterLast }
      index = valueEnd + 1
    }
    return afterLast
  }

  /// Sets a string member from its JSON text `raw` (quotes included, no escapes), as the scan
  /// does: a known name, a string read before, or a new one.
  private mutating func readString(_ key: SummaryKey, _ raw: UnsafeRawBufferPointer, _ strings: JSONStringTable?) {
    if key != .label, let name = KnownName(raw) {
      setString(key, name.text)
      setKnown(key, name)
    } else if let text = strings?.string(raw) {
      setString(key, text)
    } else {
      let text = String(decoding: UnsafeRawBufferPointer(rebasing: raw[1..<(raw.count - 1)]), as: UTF8.self)
      setString(key, text)
      strings?.insert(raw, text)
    }
  }
}
