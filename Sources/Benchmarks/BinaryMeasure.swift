import Debugging
import Foundation
import TraceTestSupport

// Shared by the benchmarks that measure the release-built `tca-trace` binary as a user runs it
// (cli, export, compare): where the binary is, writing a synthetic trace file, file sizes, and
// running a shell command under /usr/bin/time.

/// The `tca-trace` binary to measure: `TCA_TRACE_TOOL` when set, else the one built next to this
/// benchmark executable (it may not exist yet).
///
/// ```swift
/// builtToolPath()  // "/…/.build/release/tca-trace"
/// ```
func builtToolPath() -> String {
  if let tool = ProcessInfo.processInfo.environment["TCA_TRACE_TOOL"], !tool.isEmpty { return tool }
  return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tca-trace")
    .path
}

/// How the binary at `path` links the Swift runtime, for the benchmark's header: a dynamically
/// linked one names `libswiftCore.so` (about 3.5 ms more to start on Linux, see README "Install").
///
/// ```swift
/// swiftRuntimeLinkage(of: builtToolPath())  // "Swift runtime linked statically (--static-swift-stdlib)"
/// ```
func swiftRuntimeLinkage(of path: String) -> String {
  guard let binary = FileManager.default.contents(atPath: path) else { return "unreadable" }
  #if os(Linux)
  let dynamic = binary.range(of: Data("libswiftCore.so".utf8)) != nil
  return dynamic
    ? "Swift runtime linked dynamically (plain swift build -c release)"
    : "Swift runtime linked statically (--static-swift-stdlib)"
  #else
  return "Swift runtime from the OS"
  #endif
}

/// The size of the file at `path` in MB (10⁶ bytes); 0 when it cannot be read.
///
/// ```swift
/// fileMegabytes("/tmp/200mb.jsonl")  // 201.3
/// ```
func fileMegabytes(_ path: String) -> Double {
  // The file a symbolic link names (`attributesOfItem` gives the link's own size).
  let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { link in
    link.hasPrefix("/") ? link : (path as NSString).deletingLastPathComponent + "/" + link
  }
  return Double((try? FileManager.default.attributesOfItem(atPath: target ?? path)[.size] as? Int) ?? 0) / 1e6
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

/// Runs a shell command `runs` times (after one run not counted, which warms the file cache):
/// the median wall time and the peak RSS of the command's processes (`12.3 MB`, `peakRSS(of:)`).
///
/// The command is started with `posix_spawn` and reaped with `wait4`, so the wall time is the
/// process's own to the microsecond (Foundation's `Process.waitUntilExit` polls every 50 ms, which
/// made every figure a multiple of 50 ms) and the peak RSS comes from the kernel's accounting.
///
/// ```swift
/// measureCommand("wc -l '\(trace)' > /dev/null")  // (seconds: 0.021, rss: "2.1 MB")
/// ```
func measureCommand(_ command: String, runs: Int = 5) -> (seconds: Double, rss: String) {
  var times: [Double] = []
  for run in 0...runs {
    let (seconds, _) = spawnAndWait(["/bin/sh", "-c", command])
    guard run > 0 else { continue }
    times.append(seconds)
  }
  times.sort()
  return (times[times.count / 2], peakRSS(of: command))
}

/// `first` and `second` run in turns (`runs` pairs, after one of each not timed): the median of
/// each pair's ratio second ÷ first, and each command's median. On a machine whose speed drifts
/// (a shared virtual machine: medians of the same command move 10–40 % between minutes) a ratio
/// of runs taken side by side holds where a ratio of medians taken minutes apart does not.
///
/// ```swift
/// pairedRatio("tca-trace blame small.jsonl /a", "tca-trace blame large.jsonl /a", runs: 25)
/// // (ratio: 1.49, first: 0.0071, second: 0.0106)
/// ```
func pairedRatio(_ first: String, _ second: String, runs: Int) -> (ratio: Double, first: Double, second: Double) {
  var ratios: [Double] = [], firsts: [Double] = [], seconds: [Double] = []
  for run in 0...runs {
    let a = spawnAndWait(["/bin/sh", "-c", first]).seconds
    let b = spawnAndWait(["/bin/sh", "-c", second]).seconds
    guard run > 0, a > 0 else { continue }
    ratios.append(b / a)
    firsts.append(a)
    seconds.append(b)
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  return (median(ratios), median(firsts), median(seconds))
}

/// The peak RSS of `command`'s processes, from one more run under `/usr/bin/time` (not timed).
///
/// `wait4`'s own figure cannot be used: `posix_spawn` starts the child in this process's memory
/// (`vfork`), and the kernel carries this process's peak into the child's at `exec`, so every
/// command would report at least the benchmark's own size. `/usr/bin/time` forks its child, which
/// starts its count afresh.
func peakRSS(of command: String) -> String {
  let report = NSTemporaryDirectory() + "tca-trace-bench-rss-\(getpid()).txt"
  defer { try? FileManager.default.removeItem(atPath: report) }
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return "n/a" }
  _ = spawnAndWait(["/usr/bin/time", "-f", "%M", "-o", report, "/bin/sh", "-c", command])
  guard let text = try? String(contentsOfFile: report, encoding: .utf8),
    let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0) })
  else { return "n/a" }
  return String(format: "%.1f MB", Double(kilobytes) / 1024)
}

/// Runs `arguments` (the first is the executable's path) and waits for it: its wall time in
/// seconds and its peak RSS in KB (the largest of the process and the children it waited for).
private func spawnAndWait(_ arguments: [String]) -> (seconds: Double, peakKilobytes: Int) {
  var pid: pid_t = 0
  let argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  let start = DispatchTime.now().uptimeNanoseconds
  guard posix_spawn(&pid, arguments[0], nil, nil, argv, environ) == 0 else { return (0, 0) }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
  // On Linux the usage `wait4` reports covers the shell and the commands it waited for.
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, usage.ru_maxrss)
}
