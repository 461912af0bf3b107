import Debugging
import Foundation
import TraceTestSupport

// Shared by the benchmarks that measure the release-built `tca-trace` binary as a user runs it
// (cli, export, compare): where the binary is, writing a synthetic trace file, file sizes, and
// running a shell command under /usr/bin/time.

/// The `tca-trace` binary built next to this benchmark executable (it may not exist yet).
///
/// ```swift
/// builtToolPath()  // "/…/.build/release/tca-trace"
/// ```
func builtToolPath() -> String {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tca-trace").path
}

/// The size of the file at `path` in MB (10⁶ bytes); 0 when it cannot be read.
///
/// ```swift
/// fileMegabytes("/tmp/200mb.jsonl")  // 201.3
/// ```
func fileMegabytes(_ path: String) -> Double {
  Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
}

/// Writes a synthetic todos trace to `path` (1 MB write buffer) and returns its size in MB.
///
/// ```swift
/// writeSyntheticTraceFile(to: path, actions: 43_000, stateSize: 1_000, keyframeInterval: 100)  // 101.2
/// ```
@discardableResult
func writeSyntheticTraceFile(
  to path: String, actions: Int, stateSize: Int, keyframeInterval: Int, seed: UInt64 = 1,
  maximumMegabytes: Double? = nil
) -> Double {
  let writer = TraceWriter.file(path, bufferSize: 1 << 20)
  SyntheticTrace.write(
    actions: actions, stateSize: stateSize, keyframeInterval: keyframeInterval, seed: seed,
    maximumBytes: maximumMegabytes.map { Int($0 * 1e6) }, to: writer)
  _ = writer.close()
  return fileMegabytes(path)
}

/// Runs a shell command `runs` times under /usr/bin/time: the median wall time and the
/// largest max RSS (`12.3 MB`).
///
/// ```swift
/// measureCommand("wc -l '\(trace)' > /dev/null")  // (seconds: 0.21, rss: "2.1 MB")
/// ```
func measureCommand(_ command: String, runs: Int = 3) -> (seconds: Double, rss: String) {
  var times: [Double] = []
  var rss = 0
  let timeFile = NSTemporaryDirectory() + "tca-trace-bench-time-\(getpid())"
  defer { unlink(timeFile) }
  for _ in 0..<runs {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "/usr/bin/time -o '\(timeFile)' -f '%M' sh -c \"$0\"", command]
    let start = DispatchTime.now().uptimeNanoseconds
    try? process.run()
    process.waitUntilExit()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    let text = (try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? ""
    rss = max(rss, Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? 0)
  }
  times.sort()
  return (times[times.count / 2], String(format: "%.1f MB", Double(rss) / 1024))
}
