import Debugging
import Foundation

// `tca-trace show --path`, which follows the state to decide which actions changed a path, on a
// synthetic todos trace of 150,000 actions, ~125 MB (200 todos at the start, more as it goes; a keyframe
// every 1,000 actions). Baseline in the same run: `show --labels-only` without a path (no state at all).
// Set TCA_TRACE_BENCH_OTHER_TOOL to another build of the tool (say, of main) to time it too.
//
//   swift build -c release --product tca-trace && swift run -c release Benchmarks cli-path
func runCLIPathBenchmarks(filter: String?) {
  guard selected("cli-path", filter) else { return }
  let tool = builtToolPath()
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("cli-path: skipped; build the tool first: swift build -c release --product tca-trace")
    return
  }
  let directory = NSTemporaryDirectory() + "tca-trace-cli-path-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let trace = directory + "/150k.jsonl"
  let megabytes = writeSyntheticTraceFile(to: trace, actions: 150_000, stateSize: 200, keyframeInterval: 1_000)
  print(String(format: "cli-path: synthetic trace %.0f MB", megabytes))
  fflush(nil)
  func rate(_ seconds: Double) -> String { String(format: "%.0f MB/s", megabytes / seconds) }

  let labels = measureCommand("'\(tool)' show --labels-only '\(trace)' > /dev/null")
  report("cli-path baseline `show --labels-only`", ours: labels.seconds, extra: rate(labels.seconds))
  var tools = [("tca-trace", tool)]
  if let other = ProcessInfo.processInfo.environment["TCA_TRACE_BENCH_OTHER_TOOL"] {
    tools.append(("other tool", other))
  }
  for (toolName, path) in tools {
    for arguments in [
      "show --labels-only --path todos", "show --labels-only --path /todos/0/title", "show --path todos --to 20000",
    ] {
      let run = measureCommand("'\(path)' \(arguments) '\(trace)' > /dev/null")
      let extra =
        arguments.contains("--to")
        ? String(format: "%.2f ms per action", run.seconds * 1e3 / 20_000) : rate(run.seconds)
      report(
        "cli-path \(toolName) \(arguments)", ours: run.seconds, baseline: ("show --labels-only", labels.seconds),
        extra: "\(extra), max RSS \(run.rss)")
      fflush(nil)
    }
  }
}
