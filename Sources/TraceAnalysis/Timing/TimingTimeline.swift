import Debugging

/// How busy the reducer and each kind of effect was over the trace's time, in a fixed number of
/// buckets whose width doubles as the trace grows: bounded memory for any trace length.
///
/// Each lane holds, per bucket, the nanoseconds spent (for effects: summed over effects running
/// at once, so a value can exceed the bucket width).
public struct TimingTimeline: Sendable, Hashable {
  public struct Lane: Sendable, Hashable {
    /// `reducer`, or an effect lane's originating action label.
    public var name: String
    public var busy: [Int64]
  }

  public static let bucketCount = 1024
  /// Nanoseconds per bucket.
  public private(set) var bucketWidth: Int64 = 1
  /// The latest time seen.
  public private(set) var end: Int64 = 0
  /// The reducer lane first, then effect lanes in the order their labels first appeared.
  public private(set) var lanes: [Lane] = [Lane(name: "reducer", busy: Array(repeating: 0, count: bucketCount))]
  private var laneIndex: [String: Int] = [:]

  public init() {}

  /// Adds `[start, end)` to the reducer lane (`lane == nil`) or to the effect lane `lane`.
  public mutating func add(start: Int64, end stop: Int64, lane: String? = nil) {
    add(start: start, end: stop, laneIndex: lane.map { laneNumber($0) } ?? 0)
  }

  /// `add(start:end:lane:)` with the lane's index (`laneNumber(_:)`; 0 is the reducer's lane).
  mutating func add(start: Int64, end stop: Int64, laneIndex index: Int) {
    let stop = Swift.max(stop, start)
    end = Swift.max(end, stop)
    while stop > bucketEnd(Self.bucketCount - 1) { widen() }
    var bucket = Int(start / bucketWidth)
    while bucket < Self.bucketCount {
      let from = Swift.max(start, bucketStart(bucket))
      let to = Swift.min(stop, bucketEnd(bucket))
      guard to > from else { break }
      lanes[index].busy[bucket] = lanes[index].busy[bucket].saturatingAdd(to - from)
      bucket += 1
    }
  }

  /// The index of the lane named `name`, added after the others the first time.
  mutating func laneNumber(_ name: String) -> Int {
    if let index = laneIndex[name] { return index }
    lanes.append(Lane(name: name, busy: Array(repeating: 0, count: Self.bucketCount)))
    laneIndex[name] = lanes.count - 1
    return lanes.count - 1
  }

  /// Doubles the bucket width, merging neighbouring buckets.
  private mutating func widen() {
    for l in lanes.indices {
      var merged = Array(repeating: Int64(0), count: Self.bucketCount)
      for i in 0..<Self.bucketCount { merged[i / 2] = merged[i / 2].saturatingAdd(lanes[l].busy[i]) }
      lanes[l].busy = merged
    }
    bucketWidth = bucketWidth.saturatingMultiply(2)
  }

  /// Where bucket `bucket` starts and ends, saturating at `Int64.max` (a trace may claim any time).
  private func bucketStart(_ bucket: Int) -> Int64 { Int64(bucket).saturatingMultiply(bucketWidth) }
  private func bucketEnd(_ bucket: Int) -> Int64 { Int64(bucket + 1).saturatingMultiply(bucketWidth) }

  /// One row per lane, `columns` characters wide, covering time 0 to `last` (default `end`): ` ` idle, `.` under a
  /// third busy, `:` under two thirds, `=` under 95%, `#` full (or several effects at once); then
  /// the time axis and a legend of the glyphs.
  ///
  /// ```text
  /// reducer           |#:  .    ##  |
  /// Todos.Action.add  |  ========   |
  ///                    0      4.10ms
  ///                    busy: . <⅓  : <⅔  = <95%  # full or overlapping
  /// ```
  public func render(columns: Int, labelWidth: Int = 24, until last: Int64? = nil) -> String {
    let columns = Swift.max(columns, 1)
    let span = Swift.max(last ?? end, 1)
    var rows: [String] = []
    for lane in lanes where lane.name == "reducer" || lane.busy.contains(where: { $0 > 0 }) {
      var bar = ""
      for column in 0..<columns {
        let from = span.scaled(by: column, of: columns)
        let to = Swift.max(span.scaled(by: column + 1, of: columns), from.saturatingAdd(1))
        let fraction = Double(busyTime(lane, from, to)) / Double(to - from)
        bar.append(
          fraction <= 0 ? " " : fraction < 1.0 / 3 ? "." : fraction < 2.0 / 3 ? ":" : fraction < 0.95 ? "=" : "#")
      }
      rows.append(pad(PrintableText.escaping(lane.name), labelWidth) + " |" + bar + "|")
    }
    let endText = TimeText.duration(span)
    let gap = String(repeating: " ", count: Swift.max(1, columns + 2 - 1 - endText.count))
    rows.append(pad("", labelWidth) + " 0" + gap + endText)
    rows.append(pad("", labelWidth) + " " + Self.legend)
    return rows.joined(separator: "\n")
  }

  /// What the glyphs of a lane mean.
  public static let legend = "busy: . <⅓  : <⅔  = <95%  # full or overlapping"

  /// The lane's busy nanoseconds in `[from, to)`, assuming even spread inside a bucket.
  private func busyTime(_ lane: Lane, _ from: Int64, _ to: Int64) -> Int64 {
    var total = 0.0
    var bucket = Int(from / bucketWidth)
    while bucket < Self.bucketCount, bucketStart(bucket) < to {
      let start = bucketStart(bucket)
      let overlap = Swift.min(to, bucketEnd(bucket)) - Swift.max(from, start)
      total += Double(lane.busy[bucket]) * Double(overlap) / Double(bucketWidth)
      bucket += 1
    }
    return Int64(total.rounded())
  }
}

/// `name` cut or padded to `width` characters. A long name keeps its start and, longer, its end,
/// with `…` between: the end is what tells `forEach` rows' actions apart.
///
/// ```swift
/// pad("AppFeature.Action.repos(.element(id:, action: .starTapped))", 40)
/// // "AppFeature.Ac…nt(id:, action: .starTapped))"
/// ```
func pad(_ name: String, _ width: Int) -> String {
  if name.count > width {
    guard width > 1 else { return String(name.prefix(width)) }
    let head = (width - 1) / 3, tail = width - 1 - head
    return String(name.prefix(head)) + "…" + String(name.suffix(tail))
  }
  return name + String(repeating: " ", count: width - name.count)
}

extension Int64 {
  /// `self + other`, or `Int64.max`/`.min` instead of trapping on overflow.
  func saturatingAdd(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self * other` for non-negative values, or `Int64.max` instead of trapping on overflow.
  func saturatingMultiply(_ other: Int64) -> Int64 {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? .max : product
  }

  /// `self * part / whole`, exact and without overflow for `0 <= part <= whole`.
  func scaled(by part: Int, of whole: Int) -> Int64 {
    let product = multipliedFullWidth(by: Int64(part))
    return Int64(whole).dividingFullWidth(product).quotient
  }
}
