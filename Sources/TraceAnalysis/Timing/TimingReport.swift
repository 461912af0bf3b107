import Debugging

/// Signpost-style statistics of a trace: reducer durations per action label, effect lifetimes per
/// originating action, the slowest actions and a timeline. Built with `TimingReportBuilder`.
public struct TimingReport: Sendable, Hashable {
  /// Reducer durations of one action label.
  public struct ActionTiming: Sendable, Hashable {
    public var label: String
    public var duration: TimingStatistics
  }

  /// The effects started by actions with one label.
  public struct EffectTiming: Sendable, Hashable {
    /// The originating action's label.
    public var label: String
    public var started: Int
    /// Lifetimes (start to finish or cancellation) of the effects that ended.
    public var lifetime: TimingStatistics?
    public var outputs: Int
    public var finished: Int
    public var cancelled: Int
    /// Started but neither finished nor cancelled by the end of the trace.
    public var running: Int
  }

  /// One action among the slowest.
  public struct SlowAction: Sendable, Hashable {
    public var seq: Int64
    public var label: String
    public var t: Int64
    public var duration: Int64
  }

  /// By total reducer time, largest first (then by label).
  public var actions: [ActionTiming]
  /// By number started, largest first (then by label).
  public var effects: [EffectTiming]
  /// Slowest first; ties keep trace order.
  public var slowest: [SlowAction]
  public var timeline: TimingTimeline
  public var actionCount: Int
  /// The latest time in the trace.
  public var end: Int64
}

/// Builds a `TimingReport` one line at a time from the fast summaries.
///
/// Memory: one `Int64` per action (exact percentiles; 16 MB for two million actions), one per
/// ended effect, the running effects, and a fixed-size timeline.
///
/// ```swift
/// var builder = TimingReportBuilder(slowestCount: 3)
/// for case let .success(event) in try TraceSummaryReader(path: "run.jsonl") { builder.add(event) }
/// print(builder.report().renderText(timelineColumns: 60))
/// ```
public struct TimingReportBuilder {
  private struct EffectTally {
    var label: String
    var started = 0, outputs = 0, finished = 0, cancelled = 0
    var lifetimes: [Int64] = []
    /// The timeline lane of the label, once an effect with it has ended.
    var lane: Int?
  }

  public let slowestCount: Int
  /// Action labels by number, and the reducer durations of each.
  private var actionLabels = LabelNumbers()
  private var durations: [[Int64]] = []
  /// The effects by label, in the order their labels first appeared (numbered by `effectLabels`).
  private var effectTallies: [EffectTally] = []
  private var effectLabels = LabelNumbers()
  /// The effects still running, by id: their tally and start (the label is hashed once per effect).
  private var running: [Int64: (tally: Int, start: Int64)] = [:]
  private var slowest: [TimingReport.SlowAction] = []
  private var timeline = TimingTimeline()
  private var actionCount = 0
  private var end: Int64 = 0

  public init(slowestCount: Int = 10) {
    self.slowestCount = slowestCount
  }

  public mutating func add(_ event: TraceEventSummary) {
    if let t = event.t { end = max(end, t) }
    switch event.kind {
    case .action:
      guard let seq = event.seq, let t = event.t, let duration = event.duration, let label = event.label else { return }
      addAction(seq: seq, t: t, duration: duration, label: label)
    case .effect:
      guard let id = event.effect, let t = event.t, let kind = event.event else { return }
      addEffect(id: id, kind, t: t, label: event.label)
    case .session, .state, .note, .end:
      break
    }
  }

  /// Adds a fully decoded record: what `add(TraceEventSummary(line:record:))` adds, read from the
  /// record's members (no summary is made per line).
  public mutating func add(_ record: TraceRecord, line: Int = 0) {
    switch record {
    case let .action(action):
      end = max(end, action.t)
      addAction(seq: action.seq, t: action.t, duration: action.duration, label: action.label)
    case let .effect(event):
      end = max(end, event.t)
      addEffect(id: event.effect, event.event, t: event.t, label: event.label)
    case let .state(state):
      end = max(end, state.t)
    case let .note(note):
      end = max(end, note.t)
    case let .end(ending):
      end = max(end, ending.t)
    case .session:
      break
    }
  }

  private mutating func addAction(seq: Int64, t: Int64, duration: Int64, label: String) {
    actionCount += 1
    let number = actionLabels.number(of: label)
    if number == durations.count { durations.append([]) }
    durations[number].append(duration)
    end = max(end, t.saturatingAdd(duration))
    timeline.add(start: t, end: t.saturatingAdd(duration))
    noteSlow(TimingReport.SlowAction(seq: seq, label: label, t: t, duration: duration))
  }

  private mutating func addEffect(id: Int64, _ kind: TraceEffectEvent.Event, t: Int64, label: String?) {
    switch kind {
    case .started:
      let label = label ?? "?"
      let tally = effectLabels.number(of: label)
      if tally == effectTallies.count { effectTallies.append(EffectTally(label: label)) }
      running[id] = (tally, t)
      effectTallies[tally].started += 1
    case .output:
      if let tally = running[id]?.tally { effectTallies[tally].outputs += 1 }
    case .finished, .cancelled:
      guard let (tally, start) = running.removeValue(forKey: id) else { return }
      if kind == .finished { effectTallies[tally].finished += 1 } else { effectTallies[tally].cancelled += 1 }
      effectTallies[tally].lifetimes.append(max(0, t.saturatingAdd(-start)))
      timeline.add(start: start, end: t, laneIndex: lane(of: tally))
    }
  }

  private mutating func lane(of tally: Int) -> Int {
    if let lane = effectTallies[tally].lane { return lane }
    let lane = timeline.laneNumber(effectTallies[tally].label)
    effectTallies[tally].lane = lane
    return lane
  }

  private mutating func noteSlow(_ action: TimingReport.SlowAction) {
    guard slowestCount > 0 else { return }
    if slowest.count == slowestCount {
      guard let last = slowest.last, action.duration > last.duration else { return }
      slowest.removeLast()
    }
    let index = slowest.firstIndex { $0.duration < action.duration } ?? slowest.count
    slowest.insert(action, at: index)
  }

  /// The report so far; effects still running count as running until the latest time seen.
  public func report() -> TimingReport {
    var timeline = timeline
    var stillRunning: [String: Int] = [:]
    for (_, effect) in running.sorted(by: { $0.key < $1.key }) {
      let label = effectTallies[effect.tally].label
      stillRunning[label, default: 0] += 1
      timeline.add(start: effect.start, end: end, lane: label)
    }
    let actions = zip(actionLabels.labels, durations).map {
      TimingReport.ActionTiming(label: $0, duration: TimingStatistics($1)!)
    }
    .sorted { ($0.duration.total, $1.label) > ($1.duration.total, $0.label) }
    let effects = effectTallies.map { tally in
      TimingReport.EffectTiming(
        label: tally.label, started: tally.started, lifetime: TimingStatistics(tally.lifetimes), outputs: tally.outputs,
        finished: tally.finished, cancelled: tally.cancelled, running: stillRunning[tally.label] ?? 0)
    }.sorted { ($0.started, $1.label) > ($1.started, $0.label) }
    return TimingReport(
      actions: actions, effects: effects, slowest: slowest, timeline: timeline, actionCount: actionCount, end: end)
  }
}
