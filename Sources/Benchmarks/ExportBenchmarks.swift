import Debugging
import Foundation
import TraceTestSupport

// `tca-trace export` and `tca-trace report` (issue 7), measured as a user runs them: the
// release-built binary on a ~200 MB synthetic todos trace written to the temporary directory and
// deleted afterwards. Wall time is the median of 3 runs, memory the largest max RSS (via
// /usr/bin/time). Baselines in the same run: `wc -l` (the I/O limit), `jq -c .kind` and
// `tca-trace timings` (the summary reader alone). Then a 100,000-action trace's report, its size,
// and (when chromium is installed) how long headless Chromium takes to load it and select an
// action in its middle.
//
//   swift build -c release --product tca-trace && swift run -c release Benchmarks export
func runExportBenchmarks(filter: String?) {
  guard selected("export", filter) else { return }
  let tool = builtToolPath()
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("export: skipped; build the tool first: swift build -c release --product tca-trace")
    return
  }
  let directory = NSTemporaryDirectory() + "tca-trace-export-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }

  let trace = directory + "/200mb.jsonl"
  let megabytes = exportSyntheticTrace(to: trace, megabytes: 200)
  print(String(format: "export: synthetic trace %.0f MB", megabytes))
  func rate(_ seconds: Double) -> String { String(format: "%.0f MB/s", megabytes / seconds) }
  let wc = measureCommand("wc -l '\(trace)' > /dev/null")
  report("export baseline `wc -l`", ours: wc.seconds, extra: "\(rate(wc.seconds)), max RSS \(wc.rss)")
  let jq = measureCommand("jq -c .kind '\(trace)' > /dev/null")
  report("export baseline `jq -c .kind`", ours: jq.seconds, extra: "\(rate(jq.seconds)), max RSS \(jq.rss)")
  let timings = measureCommand("'\(tool)' timings '\(trace)' > /dev/null")
  report(
    "export baseline `tca-trace timings`", ours: timings.seconds,
    extra: "\(rate(timings.seconds)), max RSS \(timings.rss)")
  let export = measureCommand("'\(tool)' export --format perfetto '\(trace)' -o '\(directory)/trace.json'")
  report(
    "export tca-trace export --format perfetto", ours: export.seconds, baseline: ("jq -c .kind", jq.seconds),
    extra: "\(rate(export.seconds)), max RSS \(export.rss), output \(exportSize(directory + "/trace.json"))")
  let html = measureCommand("'\(tool)' report '\(trace)' -o '\(directory)/report.html'", runs: 1)
  report(
    "export tca-trace report", ours: html.seconds, baseline: ("jq -c .kind", jq.seconds),
    extra: "\(rate(html.seconds)), max RSS \(html.rss), output \(exportSize(directory + "/report.html"))")
  try? FileManager.default.removeItem(atPath: trace)

  let small = directory + "/100k.jsonl"
  writeSyntheticTraceFile(to: small, actions: 100_000, stateSize: 50, keyframeInterval: 100)
  let page = directory + "/100k.html"
  let small100k = measureCommand("'\(tool)' report '\(small)' -o '\(page)'", runs: 1)
  report(
    "export tca-trace report (100,000 actions)", ours: small100k.seconds,
    extra: "trace \(exportSize(small)), page \(exportSize(page)), max RSS \(small100k.rss)")
  if FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") {
    let load = measureCommand(
      "chromium --headless --no-sandbox --disable-gpu --user-data-dir='\(directory)/profile' --virtual-time-budget=5000 "
        + "--dump-dom 'file://\(page)#seq=50000' 2>/dev/null | grep -c '\"selected\":50000' > /dev/null", runs: 1)
    report(
      "export headless chromium: load the 100,000-action page and show #seq=50000", ours: load.seconds,
      extra: "max RSS \(load.rss) (browser process)")
  }
}

/// Writes a synthetic todos trace of about `megabytes` (the writer stops at that size) and returns
/// its size in MB.
private func exportSyntheticTrace(to path: String, megabytes: Double) -> Double {
  writeSyntheticTraceFile(
    to: path, actions: Int.max - 1, stateSize: 200, keyframeInterval: 100, maximumMegabytes: megabytes)
}

private func exportSize(_ path: String) -> String {
  String(format: "%.1f MB", fileMegabytes(path))
}
