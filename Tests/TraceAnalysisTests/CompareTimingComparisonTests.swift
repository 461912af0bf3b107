import Testing

@testable import Debugging
@testable import TraceAnalysis

/// `TimingComparison`: the regression rule (relative threshold and absolute minimum), its text,
/// and the `--threshold` parser (durations are `TimeText.parse`, shared by all options).
@Suite struct CompareTimingComparisonTests {
  func report(_ durations: [String: [Int64]]) -> TimingReport {
    var builder = TimingReportBuilder(slowestCount: 0)
    var seq: Int64 = 0
    for (label, samples) in durations.sorted(by: { $0.key < $1.key }) {
      for duration in samples {
        seq += 1
        builder.add(
          .action(TraceAction(seq: seq, t: seq * 1_000_000_000, duration: duration, label: label, action: .null)))
      }
    }
    return builder.report()
  }

  @Test func regressionNeedsBothThresholdAndMinimum() {
    let golden = report(["fast": [10_000, 10_000], "slow": [10_000_000, 10_000_000], "same": [5_000]])
    let current = report(["fast": [500_000, 500_000], "slow": [13_000_000, 13_000_000], "same": [5_000], "new": [1]])
    let comparison = TimingComparison(golden: golden, current: current, threshold: 0.25, minimumDifference: 1_000_000)
    // fast: +4900% but only +490µs; slow: +3ms but only +30%, over 25%.
    #expect(
      comparison.regressions.map(\.description) == [
        "reducer slow p50: 10.0ms → 13.0ms (+30%, +3.00ms)",
        "reducer slow p95: 10.0ms → 13.0ms (+30%, +3.00ms)",
      ])
    #expect(comparison.rows.map(\.label) == ["fast", "fast", "same", "same", "slow", "slow"])
    let strict = TimingComparison(golden: golden, current: current, threshold: 0.5, minimumDifference: 100_000)
    #expect(
      strict.regressions.map(\.description) == [
        "reducer fast p50: 10.0µs → 500µs (+4900%, +490µs)",
        "reducer fast p95: 10.0µs → 500µs (+4900%, +490µs)",
      ])
  }

  @Test func fasterIsNeverARegression() {
    let comparison = TimingComparison(
      golden: report(["a": [9_000_000]]), current: report(["a": [1_000_000]]), threshold: 0, minimumDifference: 0)
    #expect(comparison.regressions.isEmpty)
    #expect(comparison.rows.first?.description == "reducer a p50: 9.00ms → 1.00ms (-89%, -8.00ms)")
  }

  @Test func parseThreshold() {
    #expect(TimingComparison.parseThreshold("25%") == 0.25)
    #expect(TimingComparison.parseThreshold("12.5") == 0.125)
    #expect(TimingComparison.parseThreshold("-5%") == nil)
    #expect(TimingComparison.parseThreshold("lots") == nil)
  }
}
