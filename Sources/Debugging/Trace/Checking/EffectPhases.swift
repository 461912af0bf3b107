/// The phase of each effect a trace started, by its id, for `TraceValidator`: a table indexed by
/// the id for the small ids a recorder gives (1, 2, 3, …), a dictionary for any other, so the
/// check of an effect event or of the action it sent costs no hashing.
///
/// ```swift
/// var phases = EffectPhases()
/// phases[3] = .running
/// phases[3]        // .running
/// phases[-1]       // nil
/// phases[1 << 40] = .ended   // kept in the dictionary
/// ```
struct EffectPhases {
  enum Phase: UInt8 { case running = 1, ended = 2 }

  /// Ids below this are kept in `table` (one byte each: at most 1 MB for a trace that uses them).
  static let tableLimit: Int64 = 1 << 20
  /// 0 for an id never seen, else a `Phase`'s raw value.
  private var table: [UInt8] = []
  private var others: [Int64: Phase] = [:]

  subscript(id: Int64) -> Phase? {
    get {
      guard id >= 0, id < Self.tableLimit else { return others[id] }
      return Int(id) < table.count ? Phase(rawValue: table[Int(id)]) : nil
    }
    set {
      guard id >= 0, id < Self.tableLimit else {
        others[id] = newValue
        return
      }
      let index = Int(id)
      if index >= table.count { table.append(contentsOf: repeatElement(0, count: index - table.count + 1)) }
      table[index] = newValue?.rawValue ?? 0
    }
  }
}
