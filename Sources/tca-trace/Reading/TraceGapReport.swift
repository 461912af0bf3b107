import Debugging

/// Never silent: what a trace did not record, said after a command's output.
///
/// ```text
/// run.jsonl: warning: 12 actions were not recorded (the writer fell behind): 8 before #20, 4 before #51
/// run.jsonl: warning: the states of 4990 actions were not captured (coalesced while the writer was busy): #2–#4991; the next recorded state carries their changes
/// ```
package struct TraceGapReport {
  /// Gap notes' counts, with the `seq` of the action after each (nil at the end).
  private var drops: [(count: Int64, before: Int64?)] = []
  private var pendingDrop: Int64?
  /// Runs of actions whose states were coalesced.
  private var coalesced: [(first: Int64, last: Int64)] = []
  private var coalescedTotal: Int64 = 0

  package init() {}

  package enum Event {
    case dropped(Int64)
    case action(seq: Int64, coalesced: Bool)
  }

  package mutating func add(_ event: Event) {
    switch event {
    case let .dropped(count):
      if let pending = pendingDrop { drops.append((pending, nil)) }
      pendingDrop = count
    case let .action(seq, isCoalesced):
      if let pending = pendingDrop {
        drops.append((pending, seq))
        pendingDrop = nil
      }
      guard isCoalesced else { return }
      coalescedTotal += 1
      if let last = coalesced.last, last.last + 1 == seq {
        coalesced[coalesced.count - 1].last = seq
      } else {
        coalesced.append((seq, seq))
      }
    }
  }

  /// The warnings, in the `FILE: warning: …` form.
  package func warnings(file: String) -> [TraceError] {
    var drops = self.drops
    if let pending = pendingDrop { drops.append((pending, nil)) }
    var result: [TraceError] = []
    if !drops.isEmpty {
      let total = drops.reduce(0) { $0 + $1.count }
      let places = drops.prefix(5).map { "\($0.count) \($0.before.map { "before #\($0)" } ?? "at the end")" }
      let more = drops.count > 5 ? ", … (\(drops.count) places)" : ""
      result.append(
        TraceError(
          file: file, line: 0, severity: .warning,
          message:
            "\(total) action\(total == 1 ? " was" : "s were") not recorded (the writer fell behind): \(places.joined(separator: ", "))\(more)"
        ))
    }
    if coalescedTotal > 0 {
      let runs = coalesced.prefix(5).map { $0.first == $0.last ? "#\($0.first)" : "#\($0.first)–#\($0.last)" }
      let more = coalesced.count > 5 ? ", … (\(coalesced.count) runs)" : ""
      result.append(
        TraceError(
          file: file, line: 0, severity: .warning,
          message:
            "the states of \(coalescedTotal) action\(coalescedTotal == 1 ? " were" : "s were") not captured (coalesced while the writer was busy): \(runs.joined(separator: ", "))\(more); the next recorded state carries their changes"
        ))
    }
    return result
  }
}

extension TraceRecordDecoder {
  package static func gapEvent(_ item: TraceLine) -> TraceGapReport.Event? {
    switch item.record {
    case let .action(action): return .action(seq: action.seq, coalesced: action.coalesced)
    case let .note(note) where note.note == .gap: return .dropped(note.dropped ?? 0)
    default: return nil
    }
  }
}

extension TraceEventSummary {
  package var gapEvent: TraceGapReport.Event? {
    switch kind {
    case .action: return seq.map { .action(seq: $0, coalesced: coalesced) }
    case .note where note == .gap: return .dropped(dropped ?? 0)
    default: return nil
    }
  }
}

extension OptionSpec {
  /// `--prefix NAME`: in a file several reducers wrote, the one to read (its prefix or name).
  package static let prefix = OptionSpec(
    ["--prefix"], value: "<name>",
    help: "In a trace several reducers wrote, read this one (its prefix or name; default: the first).")
}
