import Debugging

/// Per-label timing figures of two runs: reducer durations (p50, p95) by action label and effect
/// lifetimes (p50, p95) by originating label. A figure regressed when the current one is more
/// than `threshold` above the golden one **and** at least `minimumDifference` nanoseconds above
/// it — so that microsecond noise on a CI machine does not fail a build.
///
/// ```swift
/// let timings = TimingComparison(golden: goldenReport, current: currentReport, threshold: 0.25, minimumDifference: 1_000_000)
/// timings.regressions.map(\.description)
/// // ["reducer Todos.Action.sort p95: 1.20ms → 3.40ms (+183%, +2.20ms)"]
/// ```
public struct TimingComparison: Sendable, Hashable {
  public enum Measure: String, Sendable, Hashable {
    /// How long the reducer ran for actions with the label.
    case reducer
    /// How long effects started by actions with the label lived (start to finish or cancel).
    case effect
  }

  /// One figure in both runs.
  public struct Row: Sendable, Hashable, CustomStringConvertible {
    public var measure: Measure
    public var label: String
    /// `p50` or `p95`.
    public var statistic: String
    public var golden: Int64
    public var current: Int64
    public var isRegression: Bool

    /// The change as a percentage of the golden figure (`nil` when it was 0).
    public var percent: Double? {
      golden == 0 ? nil : Double(current - golden) * 100 / Double(golden)
    }

    /// `reducer Todos.Action.sort p95: 1.20ms → 3.40ms (+183%, +2.20ms)`.
    public var description: String {
      let sign = current >= golden ? "+" : "-"
      let percentText = percent.map { "\($0 >= 0 ? "+" : "")\(Int($0.rounded()))%, " } ?? ""
      return "\(measure.rawValue) \(label) \(statistic): \(TimeText.duration(golden)) → \(TimeText.duration(current)) "
        + "(\(percentText)\(sign)\(TimeText.duration(abs(current - golden))))"
    }
  }

  /// Relative increase that counts as a regression: 0.25 for 25%.
  public var threshold: Double
  /// Absolute increase (nanoseconds) below which nothing counts as a regression.
  public var minimumDifference: Int64
  /// Every figure found in both runs: reducers by label, then effects by label; p50 then p95.
  public var rows: [Row]

  public var regressions: [Row] { rows.filter(\.isRegression) }

  public init(golden: TimingReport, current: TimingReport, threshold: Double, minimumDifference: Int64) {
    self.threshold = threshold
    self.minimumDifference = minimumDifference
    var rows: [Row] = []
    func add(_ measure: Measure, _ label: String, _ old: TimingStatistics, _ new: TimingStatistics) {
      for (name, before, after) in [("p50", old.p50, new.p50), ("p95", old.p95, new.p95)] {
        let regressed = after - before >= minimumDifference && Double(after) > Double(before) * (1 + threshold)
        rows.append(
          Row(measure: measure, label: label, statistic: name, golden: before, current: after, isRegression: regressed))
      }
    }
    let currentActions = Dictionary(current.actions.map { ($0.label, $0.duration) }, uniquingKeysWith: { a, _ in a })
    for action in golden.actions.sorted(by: { $0.label < $1.label }) {
      if let after = currentActions[action.label] { add(.reducer, action.label, action.duration, after) }
    }
    let currentEffects = Dictionary(
      current.effects.compactMap { e in e.lifetime.map { (e.label, $0) } }, uniquingKeysWith: { a, _ in a })
    for effect in golden.effects.sorted(by: { $0.label < $1.label }) {
      if let before = effect.lifetime, let after = currentEffects[effect.label] {
        add(.effect, effect.label, before, after)
      }
    }
    self.rows = rows
  }

  /// `25%` or `25` → 0.25; `nil` for anything else (negative, not a number).
  public static func parseThreshold(_ text: String) -> Double? {
    let number = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(number), value >= 0, value.isFinite else { return nil }
    return value / 100
  }
}
