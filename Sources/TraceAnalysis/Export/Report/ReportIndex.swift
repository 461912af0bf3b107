import Debugging

/// What the report keeps for every action and effect while the trace is read — small columns of
/// numbers (no values, no states) — and the JSON the page's script reads them from.
///
/// Memory: about 40 bytes per action and 50 per effect; the actions' values and diffs go out in
/// chunks as they are read (`HTMLReportBuilder`).
struct ReportIndex {
  /// The labels by number (`LabelNumbers`: Dictionary semantics, found by a cheap hash first).
  private var labelNumbers = LabelNumbers()
  var labels: [String] { labelNumbers.labels }

  var seq: [Int64] = []
  var t: [Int64] = []
  var duration: [Int64] = []
  var label: [Int32] = []
  /// The effect that sent the action; 0 when the user did.
  var effect: [Int64] = []

  var effectID: [Int64] = []
  var effectSeq: [Int64] = []
  var effectLabel: [Int32] = []
  var effectStart: [Int64] = []
  /// When the effect ended; the trace's end for effects still running.
  var effectEnd: [Int64] = []
  /// 0 finished, 1 cancelled, 2 still running at the end of the trace.
  var effectStatus: [Int8] = []
  private var runningEffects: [Int64: Int] = [:]

  var notes: [JSON] = []
  var problems: [String] = []
  var end: Int64 = 0

  mutating func intern(_ text: String) -> Int32 {
    Int32(labelNumbers.number(of: text))
  }

  mutating func add(_ action: TraceAction) {
    seq.append(action.seq)
    t.append(action.t)
    duration.append(action.duration)
    label.append(intern(action.label))
    effect.append(action.effect ?? 0)
    end = max(end, action.t + action.duration)
  }

  mutating func add(_ event: TraceEffectEvent) {
    end = max(end, event.t)
    switch event.event {
    case .started:
      guard runningEffects[event.effect] == nil else { return }
      runningEffects[event.effect] = effectID.count
      effectID.append(event.effect)
      effectSeq.append(event.seq ?? 0)
      effectLabel.append(intern(event.label ?? "effect \(event.effect)"))
      effectStart.append(event.t)
      effectEnd.append(-1)
      effectStatus.append(2)
    case .finished, .cancelled:
      guard let index = runningEffects.removeValue(forKey: event.effect) else { return }
      effectEnd[index] = event.t
      effectStatus[index] = event.event == .finished ? 0 : 1
    case .output:
      break
    }
  }

  mutating func add(_ note: TraceNote) {
    end = max(end, note.t)
    var entry: [JSON] = [.int(note.t), .string(note.note.rawValue), .string(note.message)]
    if let dropped = note.dropped { entry.append(.int(dropped)) }
    notes.append(.array(entry))
  }

  /// The index as JSON escaped for a script data block (`ScriptData`) is `writeActions` then
  /// `writeRest`; effects still running end at the trace's end. The columns of numbers (one entry
  /// per action or effect) are written straight as digits, which need no escape; the rest goes
  /// through `ScriptData.write`.
  ///
  /// ```text
  /// {"session":{…},"labels":[…],"actions":{"seq":[1,2],"t":[…],"dur":[…],"label":[0,1],"effect":[0,0]},"effects":{…},"notes":[],"problems":[],"end":4000,"chunkSize":256,"timing":{…}}
  /// ```
  /// The index's first part, which needs no timing: `{"session":…,"labels":…,"actions":{…}`.
  func writeActions(session: TraceSession?, into output: inout [UInt8]) {
    func raw(_ text: StaticString) {
      text.withUTF8Buffer { output.append(contentsOf: $0) }
    }
    var sessionMembers: [JSON.Member] = []
    if let session {
      sessionMembers = [
        .init("name", .string(session.name)), .init("prefix", .string(session.prefix)),
        .init("start", .string(session.start)),
        .init("platform", .string(session.platform)), .init("pid", .int(session.pid)),
      ]
    }
    raw(#"{"session":"#)
    ScriptData.write(.object(sessionMembers), into: &output)
    raw(#","labels":"#)
    ScriptData.write(.array(labels.map(JSON.string)), into: &output)
    raw(#","actions":"#)
    Self.columns(
      [("seq", seq), ("t", t), ("dur", duration), ("label", label.map(Int64.init)), ("effect", effect)],
      into: &output)
  }

  /// The rest, after `writeActions`, with `end` the trace's and the timing's JSON already escaped:
  /// `,"effects":{…},…,"timing":{…}}`.
  func writeRest(chunkSize: Int, timingJSON: [UInt8], into output: inout [UInt8]) {
    func raw(_ text: StaticString) {
      text.withUTF8Buffer { output.append(contentsOf: $0) }
    }
    raw(#","effects":"#)
    Self.columns(
      [
        ("id", effectID), ("seq", effectSeq), ("label", effectLabel.map(Int64.init)), ("start", effectStart),
        ("end", effectEnd.map { $0 < 0 ? end : $0 }), ("status", effectStatus.map(Int64.init)),
      ], into: &output)
    raw(#","notes":"#)
    ScriptData.write(.array(notes), into: &output)
    raw(#","problems":"#)
    ScriptData.write(.array(problems.map(JSON.string)), into: &output)
    raw(#","end":"#)
    output.appendInteger(end)
    raw(#","chunkSize":"#)
    output.appendInteger(Int64(chunkSize))
    raw(#","timing":"#)
    output.append(contentsOf: timingJSON)
    output.append(UInt8(ascii: "}"))
  }

  /// `{"name":[1,2],…}`: columns of numbers, each as digits.
  private static func columns(_ named: [(name: String, values: [Int64])], into output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    for (k, column) in named.enumerated() {
      if k > 0 { output.append(UInt8(ascii: ",")) }
      output.append(contentsOf: "\"\(column.name)\":[".utf8)
      output.append(contentsOf: DecimalList.bytes(column.values))
      output.append(UInt8(ascii: "]"))
    }
    output.append(UInt8(ascii: "}"))
  }
}

/// The timing statistics and the busy-ness timeline as the report shows them.
enum ReportTimingJSON {
  static let columns = 240
  static let maximumEffectLanes = 6

  static func json(_ report: TimingReport) -> JSON {
    func stats(_ s: TimingStatistics?) -> JSON {
      guard let s else { return .null }
      return .array([Int64(s.count), s.total, s.min, s.mean, s.p50, s.p95, s.p99, s.max].map(JSON.int))
    }
    let actions = report.actions.map { JSON.array([.string($0.label), stats($0.duration)]) }
    let effects = report.effects.map {
      JSON.array([
        .string($0.label), .int(Int64($0.started)), .int(Int64($0.outputs)), .int(Int64($0.finished)),
        .int(Int64($0.cancelled)), .int(Int64($0.running)), stats($0.lifetime),
      ])
    }
    return .object([
      .init("actions", .array(actions)), .init("effects", .array(effects)),
      .init("density", density(report.timeline, end: report.end)),
    ])
  }

  /// Per lane, how busy each of `columns` slices of [0, end] was, in thousandths (capped at 1000).
  static func density(_ timeline: TimingTimeline, end: Int64) -> JSON {
    let span = max(end, 1)
    var lanes: [(name: String, busy: [Int64], total: Int64)] = []
    for lane in timeline.lanes {
      var busy: [Int64] = []
      busy.reserveCapacity(columns)
      for column in 0..<columns {
        let from = span * Int64(column) / Int64(columns)
        let to = max(span * Int64(column + 1) / Int64(columns), from + 1)
        var total = 0.0
        var bucket = Int(from / timeline.bucketWidth)
        while bucket < TimingTimeline.bucketCount, Int64(bucket) * timeline.bucketWidth < to {
          let start = Int64(bucket) * timeline.bucketWidth
          let overlap = min(to, start + timeline.bucketWidth) - max(from, start)
          total += Double(lane.busy[bucket]) * Double(overlap) / Double(timeline.bucketWidth)
          bucket += 1
        }
        busy.append(min(1000, Int64((total * 1000 / Double(to - from)).rounded(.up))))
      }
      lanes.append((lane.name, busy, busy.reduce(0, +)))
    }
    let reducer = lanes.first.map { [$0] } ?? []
    let effects = lanes.dropFirst().filter { $0.total > 0 }.sorted { $0.total > $1.total }.prefix(maximumEffectLanes)
    return .object([
      .init("end", .int(span)),
      .init("lanes", .array((reducer + effects).map { .array([.string($0.name), .array($0.busy.map(JSON.int))]) })),
    ])
  }
}
