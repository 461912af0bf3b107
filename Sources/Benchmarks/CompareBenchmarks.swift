import Debugging
import Foundation
import TraceAnalysis

// `tca-trace diff` on two ~117 MB synthetic todos traces (43,000 actions, 1,000 todos, a
// keyframe every 100 actions), written to the temporary directory and deleted afterwards:
// identical runs, runs that differ by actions added at the end, identical runs with
// `--timings`, and two kinds of unrelated runs (the worst cases): another seed (the same kinds of
// actions on other todos: every state differs, actions align only here and there) and another
// feature (every label differs: nothing aligns). Baselines in the same run: TraceReader decoding
// both files (the floor for a comparison that looks at every value) and `cmp` (bytes only).
// Wall and CPU-time medians (the CPU time leaves out waiting for a core on a loaded machine).
// Memory: max RSS of the release-built `tca-trace diff` via /usr/bin/time.
//
//   swift build -c release --product tca-trace && swift run -c release Benchmarks compare
//   swift run -c release Benchmarks unrelated   # only the unrelated runs and the similar baseline
func runCompareBenchmarks(filter: String?) {
  guard selected("compare", filter) || selected("unrelated", filter) else { return }
  let onlyUnrelated = !selected("compare", filter)
  let directory = NSTemporaryDirectory() + "tca-trace-compare-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let golden = directory + "/golden.jsonl", current = directory + "/current.jsonl", longer = directory + "/longer.jsonl"
  let other = directory + "/other.jsonl", feature = directory + "/feature.jsonl"
  for (path, actions, seed) in [(golden, 43_000, 1), (current, 43_000, 1), (longer, 43_100, 1), (other, 43_000, 2)] {
    writeSyntheticTraceFile(to: path, actions: actions, stateSize: 1_000, keyframeInterval: 100, seed: UInt64(seed))
  }
  // Another feature: the same trace with every action label and action type renamed.
  _ = measureCommand("sed 's/Todos\\.Action/Notes.Action/g' '\(golden)' > '\(feature)'", runs: 1)
  let megabytes = fileMegabytes(golden)
  print(String(format: "compare: two synthetic traces of %.1f MB each", megabytes))

  let read = medians(runs: 3) {
    for path in [golden, current] {
      for item in try! TraceReader(path: path) { _ = try! item.get() }
    }
  }
  reportBoth("compare baseline: TraceReader over both files", ours: read, baseline: nil, megabytes: 2 * megabytes)
  if !onlyUnrelated {
    let cmp = measureCommand("cmp '\(golden)' '\(current)'", runs: 3)
    report(
      "compare baseline: `cmp` process", ours: cmp.seconds,
      extra: String(format: "%.0f MB/s of both files", 2 * megabytes / cmp.seconds))
  }

  let timings = {
    var o = CompareOptions(); o.timings = true; return o
  }()
  var cases: [(name: String, other: String, options: CompareOptions)] = [("identical", current, CompareOptions())]
  if !onlyUnrelated {
    cases += [("100 extra actions", longer, CompareOptions()), ("identical --timings", current, timings)]
  }
  cases += [
    ("unrelated runs: other seed (every state differs)", other, CompareOptions()),
    ("unrelated runs: other feature (no label in common)", feature, CompareOptions()),
  ]
  for (name, other, options) in cases {
    var comparison: TraceComparison?
    let times = medians(runs: 3) {
      comparison = try! TraceComparator.compare(golden: golden, current: other, options: options)
    }
    let found = comparison.map { "\($0.counts.aligned) aligned, \($0.counts.total) differences" } ?? ""
    reportBoth(
      "compare TraceComparator \(name) (\(found))", ours: times, baseline: ("TraceReader both", read),
      megabytes: 2 * megabytes)
  }

  let tool = builtToolPath()
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("compare: CLI skipped; build the tool first: swift build -c release --product tca-trace")
    return
  }
  var commands = [("identical", "'\(golden)' '\(current)'")]
  if !onlyUnrelated { commands.append(("100 extra actions", "'\(golden)' '\(longer)'")) }
  commands += [
    ("unrelated runs: other seed", "'\(golden)' '\(other)'"),
    ("unrelated runs: other feature", "'\(golden)' '\(feature)'"),
  ]
  for (name, arguments) in commands {
    let run = measureCommand("'\(tool)' diff \(arguments) > /dev/null", runs: 3)
    report(
      "compare cli tca-trace diff \(name)", ours: run.seconds,
      extra: String(format: "%.0f MB/s of both files, max RSS \(run.rss)", 2 * megabytes / run.seconds))
  }
}
