import Foundation

/// Runs `body` `runs` times (after one warm-up) and returns the median wall time in seconds.
///
/// ```swift
/// let seconds = median(runs: 9) { _ = try! JSONReader.parse(bytes) }
/// ```
func median(runs: Int = 9, _ body: () -> Void) -> Double {
  body()
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  samples.sort()
  return samples[samples.count / 2]
}

/// `12.3 ms`, `45 µs`, `1.20 s`.
func formatSeconds(_ s: Double) -> String {
  if s >= 1 { return String(format: "%.2f s", s) }
  if s >= 1e-3 { return String(format: "%.2f ms", s * 1e3) }
  return String(format: "%.1f µs", s * 1e6)
}

/// Prints one benchmark row: name, our median, baseline median and the ratio.
func report(_ name: String, ours: Double, baseline: (name: String, seconds: Double)? = nil, extra: String = "") {
  var line = "\(name): \(formatSeconds(ours))"
  if let baseline {
    line +=
      " | \(baseline.name): \(formatSeconds(baseline.seconds)) | ratio \(String(format: "%.2f", baseline.seconds / ours))x"
  }
  if !extra.isEmpty { line += " | \(extra)" }
  print(line)
}

/// Whether a benchmark named `name` should run under `filter`.
func selected(_ name: String, _ filter: String?) -> Bool {
  guard let filter else { return true }
  return name.localizedCaseInsensitiveContains(filter)
}
