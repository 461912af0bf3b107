/// Follows the sequence numbers of a trace's actions and says what is wrong with one: duplicated,
/// out of order, or jumping past numbers without a `gap` note before it. The readers (`show`,
/// `timings`, `state`, `report`, …) print it as a warning and go on; `validate` reports the same
/// lines as problems.
///
/// ```swift
/// var check = SequenceCheck()
/// check.state(seq: 0)
/// check.action(seq: 1, line: 3)  // nil
/// check.action(seq: 1, line: 4)  // "duplicated sequence number 1 (also on line 3)"
/// ```
package struct SequenceCheck {
  private var last: (seq: Int64, line: Int)?
  private var gapAnnounced = false

  package init() {}

  /// A full `state` line: the sequence goes on from its `seq`.
  package mutating func state(seq: Int64, line: Int) {
    last = (seq, line)
    gapAnnounced = false
  }

  /// A `gap` note: the next action may skip numbers.
  package mutating func gap() { gapAnnounced = true }

  /// The problem with action `seq` on `line`, if any.
  package mutating func action(seq: Int64, line: Int) -> String? {
    defer { gapAnnounced = false }
    guard let previous = last else {
      last = (seq, line)
      return nil
    }
    if seq == previous.seq {
      return "duplicated sequence number \(seq) (also on line \(previous.line))"
    }
    if seq < previous.seq {
      return "sequence out of order: seq \(seq) after seq \(previous.seq) (line \(previous.line))"
    }
    last = (seq, line)
    if seq > previous.seq + 1, !gapAnnounced {
      let missing = seq - previous.seq - 1
      return
        "sequence jumps from \(previous.seq) to \(seq) with no gap note (\(missing) action\(missing == 1 ? "" : "s") missing)"
    }
    return nil
  }
}
