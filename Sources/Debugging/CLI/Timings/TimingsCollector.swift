/// Gathers the figures of `tca-trace timings` from a trace's summaries, one line at a time, in
/// memory bounded by the number of distinct labels, `top` and the effects running at once.
///
/// ```swift
/// var timings = TimingsCollector(top: 10)
/// for summary in summaries { timings.add(summary) }
/// timings.labels["Todos.Action.addButtonTapped"]?.mean  // 5_100
/// ```
package struct TimingsCollector {
  /// Reducer durations per action label.
  package private(set) var labels: [String: DurationStatistics] = [:]
  /// Effects per originating action label.
  package private(set) var effects: [String: EffectStatistics] = [:]
  /// The slowest actions, slowest first.
  package private(set) var slowest: [SlowAction] = []
  /// Effects started and neither finished nor cancelled, by id.
  package private(set) var running: [Int64: RunningEffect] = [:]
  package private(set) var actionCount = 0
  /// The last time seen on any line.
  package private(set) var end: Int64 = 0
  package private(set) var reducerTimeline = TimelineHistogram()
  package private(set) var effectTimeline = TimelineHistogram()
  private let top: Int

  package init(top: Int) {
    self.top = top
  }

  package struct EffectStatistics: Sendable {
    package var started = 0
    package var outputs = 0
    package var cancelled = 0
    package var finished = 0
    /// Start to finish or cancellation.
    package var lifetime = DurationStatistics()
  }

  package struct SlowAction: Sendable, Equatable {
    package var seq: Int64
    package var duration: Int64
    package var label: String
  }

  package struct RunningEffect: Sendable, Equatable {
    package var effect: Int64
    package var seq: Int64
    package var t: Int64
    package var label: String
  }

  package mutating func add(_ line: TraceEventSummary) {
    if let t = line.t { end = max(end, t + (line.duration ?? 0)) }
    switch line.kind {
    case .action:
      guard let seq = line.seq, let t = line.t else { return }
      let duration = line.duration ?? 0
      let label = line.label ?? ""
      actionCount += 1
      labels[label, default: DurationStatistics()].add(duration)
      reducerTimeline.add(start: t, end: t + duration)
      noteSlow(SlowAction(seq: seq, duration: duration, label: label))
    case .effect:
      guard let event = line.event, let effect = line.effect, let t = line.t else { return }
      switch event {
      case .started:
        let label = line.label ?? ""
        effects[label, default: EffectStatistics()].started += 1
        running[effect] = RunningEffect(effect: effect, seq: line.seq ?? 0, t: t, label: label)
      case .output:
        if let origin = running[effect] { effects[origin.label]?.outputs += 1 }
      case .finished, .cancelled:
        guard let origin = running.removeValue(forKey: effect) else { return }
        if event == .cancelled { effects[origin.label]?.cancelled += 1 } else { effects[origin.label]?.finished += 1 }
        effects[origin.label]?.lifetime.add(t - origin.t)
        effectTimeline.add(start: origin.t, end: t)
      }
    default:
      return
    }
  }

  /// Effects still running at the end count as alive until the end on the timeline.
  package mutating func finish() {
    for effect in running.values { effectTimeline.add(start: effect.t, end: end) }
  }

  private mutating func noteSlow(_ action: SlowAction) {
    guard top > 0 else { return }
    if slowest.count == top {
      guard let last = slowest.last, action.duration > last.duration else { return }
      slowest.removeLast()
    }
    let index = slowest.firstIndex { $0.duration < action.duration } ?? slowest.endIndex
    slowest.insert(action, at: index)
  }
}
