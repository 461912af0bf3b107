import Debugging
import Foundation

// `tca-trace diff` on two ~100 MB synthetic todos traces (43,000 actions, 1,000 todos, a
// keyframe every 100 actions), written to the temporary directory and deleted afterwards:
// identical runs, runs that differ by actions added at the end, identical runs with
// `--timings`, and two unrelated runs (another seed: every state differs, the worst case). Baselines in the same run: TraceReader decoding both files (the floor for a
// comparison that looks at every value) and `cmp` (bytes only). Memory: max RSS of the
// release-built `tca-trace diff` via /usr/bin/time.
//
//   swift build -c release --product tca-trace && swift run -c release Benchmarks compare
func runCompareBenchmarks(filter: String?) {
  guard selected("compare", filter) else { return }
  let directory = NSTemporaryDirectory() + "tca-trace-compare-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let golden = directory + "/golden.jsonl", current = directory + "/current.jsonl", longer = directory + "/longer.jsonl"
  let other = directory + "/other.jsonl"
  for (path, actions, seed) in [(golden, 43_000, 1), (current, 43_000, 1), (longer, 43_100, 1), (other, 43_000, 2)] {
    writeSyntheticTraceFile(to: path, actions: actions, stateSize: 1_000, keyframeInterval: 100, seed: UInt64(seed))
  }
  let megabytes = fileMegabytes(golden)
  print(String(format: "compare: two synthetic traces of %.1f MB each", megabytes))
  func rate(_ seconds: Double) -> String { String(format: "%.0f MB/s of both files", 2 * megabytes / seconds) }

  let read = median(runs: 3) {
    for path in [golden, current] {
      for item in try! TraceReader(path: path) { _ = try! item.get() }
    }
  }
  report("compare baseline: TraceReader over both files", ours: read, extra: rate(read))
  let cmp = measureCommand("cmp '\(golden)' '\(current)'", runs: 3)
  report("compare baseline: `cmp` process", ours: cmp.seconds, extra: rate(cmp.seconds))

  for (name, other, options) in [
    ("identical", current, CompareOptions()),
    ("100 extra actions", longer, CompareOptions()),
    ("identical --timings", current, { var o = CompareOptions(); o.timings = true; return o }()),
    ("other run (different seed: the worst case, every action differs)", other, CompareOptions()),
  ] {
    var comparison: TraceComparison?
    let seconds = median(runs: name.hasPrefix("other") ? 1 : 3) {
      comparison = try! TraceComparator.compare(golden: golden, current: other, options: options)
    }
    let found = comparison.map { "\($0.counts.aligned) aligned, \($0.counts.total) differences" } ?? ""
    report("compare TraceComparator \(name)", ours: seconds, baseline: ("TraceReader both", read), extra: "\(rate(seconds)), \(found)")
  }

  let tool = builtToolPath()
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("compare: CLI skipped; build the tool first: swift build -c release --product tca-trace")
    return
  }
  for (name, arguments) in [("identical", "'\(golden)' '\(current)'"), ("100 extra actions", "'\(golden)' '\(longer)'")] {
    let run = measureCommand("'\(tool)' diff \(arguments) > /dev/null", runs: 3)
    report("compare cli tca-trace diff \(name)", ours: run.seconds, extra: "\(rate(run.seconds)), max RSS \(run.rss)")
  }
}
