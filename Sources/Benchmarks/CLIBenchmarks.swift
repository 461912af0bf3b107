import Debugging
import Foundation
import TraceTestSupport

// The `tca-trace` command-line tool, measured as a user runs it: the release-built binary on a
// ~200 MB synthetic todos trace (and a ~1 GB one for the first screen of `show` and memory),
// written to the temporary directory and deleted afterwards. Wall time is the median of 3 runs,
// memory the largest max RSS (via /usr/bin/time). Full `show` renders a structural diff per
// action, so it is measured on the first 5,000 actions. Baselines in the same run: `wc -l` (the I/O
// limit) and `jq -c .kind` on the same file.
//
//   swift build -c release --product tca-trace && swift run -c release Benchmarks cli
func runCLIBenchmarks(filter: String?) {
  guard selected("cli", filter) else { return }
  let tool = builtToolPath()
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("cli: skipped; build the tool first: swift build -c release --product tca-trace")
    return
  }
  let directory = NSTemporaryDirectory() + "tca-trace-cli-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }

  let trace = directory + "/200mb.jsonl"
  let megabytes = writeSyntheticTrace(to: trace, megabytes: 200)
  print(String(format: "cli: synthetic trace %.0f MB", megabytes))
  fflush(nil)
  func rate(_ seconds: Double) -> String { String(format: "%.0f MB/s", megabytes / seconds) }

  let wc = measureCommand("wc -l '\(trace)' > /dev/null")
  report("cli baseline `wc -l`", ours: wc.seconds, extra: "\(rate(wc.seconds)), max RSS \(wc.rss)")
  let jq = measureCommand("jq -c .kind '\(trace)' > /dev/null")
  report("cli baseline `jq -c .kind`", ours: jq.seconds, extra: "\(rate(jq.seconds)), max RSS \(jq.rss)")
  fflush(nil)
  for (name, arguments) in [
    ("timings", "timings"), ("show --labels-only", "show --labels-only"), ("validate", "validate"),
    ("show --format json --labels-only", "show --format json --labels-only"),
    ("show --to 5000 (5,000 action diffs)", "show --to 5000"),
  ] {
    let run = measureCommand("'\(tool)' \(arguments) '\(trace)' > /dev/null", runs: name == "validate" ? 1 : 3)
    if arguments.contains("--to") {
      report(
        "cli tca-trace \(name)", ours: run.seconds,
        extra: String(format: "%.2f ms per action", run.seconds * 1e3 / 5_000) + ", max RSS \(run.rss)")
      continue
    }
    report(
      "cli tca-trace \(name)", ours: run.seconds, baseline: ("jq -c .kind", jq.seconds),
      extra: "\(rate(run.seconds)), max RSS \(run.rss)")
    fflush(nil)
  }

  let big = directory + "/1gb.jsonl"
  let bigMegabytes = writeSyntheticTrace(to: big, megabytes: 1000)
  print(String(format: "cli: synthetic trace %.0f MB", bigMegabytes))
  let screen = measureCommand("'\(tool)' show '\(big)' | head -n 60 > /dev/null", runs: 5)
  report("cli tca-trace show | head -n 60 (first screen, 1 GB)", ours: screen.seconds, extra: "max RSS \(screen.rss)")
  for (name, arguments) in [("timings", "timings"), ("show --labels-only", "show --labels-only")] {
    let run = measureCommand("'\(tool)' \(arguments) '\(big)' > /dev/null", runs: 1)
    report(
      "cli tca-trace \(name) (1 GB)", ours: run.seconds,
      extra: String(format: "%.0f MB/s", bigMegabytes / run.seconds) + ", max RSS \(run.rss)")
    fflush(nil)
  }
}

/// Writes a synthetic todos trace (200 todos at the start, a keyframe every 1,000 actions) of
/// about `megabytes` and returns its size in MB: the writer stops adding actions at that size (the
/// size is not proportional to the number of actions: the state, and so its keyframes, grow).
private func writeSyntheticTrace(to path: String, megabytes: Double) -> Double {
  writeSyntheticTraceFile(
    to: path, actions: Int.max - 1, stateSize: 200, keyframeInterval: 1_000, maximumMegabytes: megabytes)
}
