import Debugging

/// Count, total and distribution of a set of durations in nanoseconds.
///
/// Percentiles use the nearest-rank method on the exact samples: p95 is the smallest sample
/// with at least 95% of the samples at or below it.
///
/// ```swift
/// TimingStatistics([400, 100, 300, 200])
/// ```
/// ```text
/// count 4, total 1000, min 100, mean 250, p50 200, p95 400, p99 400, max 400
/// ```
public struct TimingStatistics: Sendable, Hashable, CustomStringConvertible {
  public var count: Int
  public var total: Int64
  public var min: Int64
  /// Rounded down to whole nanoseconds.
  public var mean: Int64
  public var p50: Int64
  public var p95: Int64
  public var p99: Int64
  public var max: Int64

  /// `nil` for no samples. Sorts a copy: O(n log n).
  public init?(_ samples: [Int64]) {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    func rank(_ percent: Int) -> Int64 {
      let index = (percent * sorted.count + 99) / 100 - 1
      return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
    }
    count = sorted.count
    total = sorted.reduce(0) { $0.saturatingAdd($1) }
    min = sorted[0]
    max = sorted[sorted.count - 1]
    mean = total / Int64(count)
    p50 = rank(50)
    p95 = rank(95)
    p99 = rank(99)
  }

  public var description: String {
    "count \(count), total \(total), min \(min), mean \(mean), p50 \(p50), p95 \(p95), p99 \(p99), max \(max)"
  }
}
