/// How much of each moment was busy, in bounded memory: 1024 time buckets whose width doubles
/// (neighbours merged) whenever an interval ends past the last one, so any trace length fits.
///
/// ```swift
/// var reducers = TimelineHistogram()
/// reducers.add(start: 18_200_000, end: 18_205_100)
/// reducers.columns(span: 500_000_000, width: 50)  // busy fraction per column
/// ```
package struct TimelineHistogram: Sendable {
  private var busy: [Double]
  /// Nanoseconds per bucket.
  private var bucketWidth: Int64 = 1_000
  private static let bucketCount = 1024

  package init() {
    busy = Array(repeating: 0, count: Self.bucketCount)
  }

  /// Adds the interval `start..<end` (nanoseconds from the session's start).
  package mutating func add(start: Int64, end: Int64) {
    let limit: Int64 = 1 << 60  // 36 years; keeps the doubling below Int64.max
    let start = Swift.min(Swift.max(0, start), limit)
    let end = Swift.min(Swift.max(start, end), limit)
    while end >= bucketWidth * Int64(Self.bucketCount) { coarsen() }
    var bucket = Int(start / bucketWidth)
    var from = start
    while from < end {
      let bucketEnd = Int64(bucket + 1) * bucketWidth
      let to = Swift.min(end, bucketEnd)
      busy[bucket] += Double(to - from)
      from = to
      bucket += 1
    }
  }

  private mutating func coarsen() {
    for index in 0..<(Self.bucketCount / 2) {
      busy[index] = busy[2 * index] + busy[2 * index + 1]
    }
    for index in (Self.bucketCount / 2)..<Self.bucketCount { busy[index] = 0 }
    bucketWidth *= 2
  }

  /// The busy time per column divided by the column's length, for `width` columns over
  /// `0..<span`: 0 idle, 1 busy throughout (or one effect alive throughout), 2 two effects…
  package func columns(span: Int64, width: Int) -> [Double] {
    guard span > 0, width > 0 else { return Array(repeating: 0, count: Swift.max(0, width)) }
    var result = Array(repeating: 0.0, count: width)
    let columnWidth = Double(span) / Double(width)
    for (index, amount) in busy.enumerated() where amount > 0 {
      // Spread the bucket's busy time over the columns it overlaps, in proportion.
      let start = Double(index) * Double(bucketWidth)
      let end = start + Double(bucketWidth)
      var column = Int(start / columnWidth)
      while column < width {
        let columnStart = Double(column) * columnWidth
        guard columnStart < end else { break }
        let overlap = Swift.min(end, columnStart + columnWidth) - Swift.max(start, columnStart)
        if overlap > 0 { result[column] += amount * overlap / Double(bucketWidth) }
        column += 1
      }
    }
    return result.map { $0 / columnWidth }
  }
}
