/// Count, total, min, mean, max and percentiles of durations, in bounded memory: exact up to
/// `exactLimit` samples, then a log-linear histogram (64 steps per power of two, so a percentile
/// is within 1.6% of the exact one) of 16 KB whatever the number of samples.
///
/// ```swift
/// var stats = DurationStatistics()
/// for d in [5_100, 4_200, 800] as [Int64] { stats.add(d) }
/// stats.percentile(50)  // 4_200
/// ```
package struct DurationStatistics: Sendable {
  package private(set) var count = 0
  package private(set) var total: Int64 = 0
  package private(set) var min: Int64 = .max
  package private(set) var max: Int64 = 0
  private var samples: [Int64] = []
  private var histogram: [UInt32] = []
  package static let exactLimit = 8192

  package init() {}

  package var mean: Int64 { count == 0 ? 0 : total / Int64(count) }

  package mutating func add(_ duration: Int64) {
    let value = Swift.max(0, duration)
    count += 1
    total &+= value
    min = Swift.min(min, value)
    max = Swift.max(max, value)
    if histogram.isEmpty {
      samples.append(value)
      if samples.count > Self.exactLimit {
        histogram = Array(repeating: 0, count: 64 * 64)
        for sample in samples { histogram[Self.bucket(sample)] += 1 }
        samples = []
      }
    } else {
      histogram[Self.bucket(value)] += 1
    }
  }

  /// The nearest-rank percentile (`p` in 0…100): the smallest sample with at least p% of the
  /// samples at or below it.
  package func percentile(_ p: Double) -> Int64 {
    guard count > 0 else { return 0 }
    let rank = Swift.max(1, Int((p / 100 * Double(count)).rounded(.up)))
    if histogram.isEmpty {
      return samples.sorted()[rank - 1]
    }
    var seen = 0
    for (index, n) in histogram.enumerated() where n > 0 {
      seen += Int(n)
      if seen >= rank { return Swift.min(Swift.max(Self.value(index), min), max) }
    }
    return max
  }

  /// Values below 64 have their own bucket; above, 64 buckets per power of two.
  private static func bucket(_ value: Int64) -> Int {
    guard value >= 64 else { return Int(value) }
    let exponent = 63 - value.leadingZeroBitCount
    let step = Int((value >> (exponent - 6)) & 63)
    return (exponent - 5) * 64 + step
  }

  /// The middle of a bucket.
  private static func value(_ bucket: Int) -> Int64 {
    guard bucket >= 64 else { return Int64(bucket) }
    let exponent = bucket / 64 + 5
    let lower = Int64(64 + bucket % 64) << (exponent - 6)
    return lower + (Int64(1) << (exponent - 6)) / 2
  }
}
