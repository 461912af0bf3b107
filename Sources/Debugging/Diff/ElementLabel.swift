extension StateDiff.Key {
  /// How an array element is named on a line of a diff, by the text renderer and the HTML
  /// report alike: the index on the side that line shows, the move, or the shift.
  ///
  /// ```swift
  /// StateDiff.Key.elementLabel(old: 2, new: 3, id: nil, side: .context)        // "[3 (was 2)]"
  /// StateDiff.Key.elementLabel(old: 3, new: 0, id: .int(4), side: .moved)      // "[3 → 0, id: 4]"
  /// ```
  package static func elementLabel(old: Int?, new: Int?, id: Value?, side: TextLines.Marker) -> String {
    var bytes: [UInt8] = []
    writeElementLabel(old: old, new: new, id: id, side: side, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `elementLabel` appended to `bytes`.
  package static func writeElementLabel(
    old: Int?, new: Int?, id: Value?, side: TextLines.Marker, into bytes: inout [UInt8]
  ) {
    func number(_ n: Int) { bytes.appendInteger(Int64(n)) }
    bytes.append(UInt8(ascii: "["))
    switch (side, old, new) {
    case let (.removed, old?, _): number(old)
    case let (.inserted, _, new?): number(new)
    case let (.moved, old?, new?):
      number(old)
      bytes.appendUTF8(" → ")
      number(new)
    case let (_, old?, new?) where old != new:
      number(new)
      bytes.appendUTF8(" (was ")
      number(old)
      bytes.append(UInt8(ascii: ")"))
    default: number(new ?? old ?? 0)
    }
    if let id {
      bytes.appendUTF8(", id: ")
      ValueText.writeCompact(id, into: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }
}
