extension StateDiff.Key {
  /// How an array element is named on a line of a diff, by the text renderer and the HTML
  /// report alike: the index on the side that line shows, the move, or the shift.
  ///
  /// ```swift
  /// StateDiff.Key.elementLabel(old: 2, new: 3, id: nil, side: .context)        // "[3 (was 2)]"
  /// StateDiff.Key.elementLabel(old: 3, new: 0, id: .int(4), side: .moved)      // "[3 → 0, id: 4]"
  /// ```
  package static func elementLabel(old: Int?, new: Int?, id: Value?, side: TextLines.Marker) -> String {
    let index: String
    switch (side, old, new) {
    case let (.removed, old?, _): index = "\(old)"
    case let (.inserted, _, new?): index = "\(new)"
    case let (.moved, old?, new?): index = "\(old) → \(new)"
    case let (_, old?, new?) where old != new: index = "\(new) (was \(old))"
    default: index = "\(new ?? old ?? 0)"
    }
    return "[" + index + (id.map { ", id: " + ValueText.compact($0) } ?? "") + "]"
  }
}
