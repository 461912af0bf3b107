import Debugging
import Foundation
import TraceAnalysis
import TraceTestSupport

// Trace reading speed on a ~100 MB synthetic todos trace (1,000 todos, keyframe every 100
// actions) written to /tmp and deleted afterwards. Baselines in the same run: a raw read(2) +
// memchr newline count (the I/O limit, what `wc -l` does), the `wc -l` and `jq -c .kind`
// processes, and Foundation's JSONSerialization on every line.
//
// Parts can be run alone: `trace io`, `trace summary`, `trace full`, `trace replay`, `trace line`.
func runTraceToolBenchmarks(filter: String?) {
  let parts = ["trace io", "trace summary", "trace full", "trace replay", "trace line"]
  guard parts.contains(where: { selected($0, filter) }) else { return }
  func part(_ name: String) -> Bool { selected(name, filter) }
  let path = NSTemporaryDirectory() + "tca-trace-bench-\(getpid()).jsonl"
  defer { unlink(path) }
  let writer = TraceWriter.file(path)
  SyntheticTrace.write(actions: 43_000, stateSize: 1_000, keyframeInterval: 100, to: writer)
  writer.close()
  let megabytes = fileMegabytes(path)
  func rate(_ seconds: Double) -> String { String(format: "%.0f MB/s", megabytes / seconds) }
  print(String(format: "trace: synthetic file %.1f MB", megabytes))

  let raw = median(runs: 5) { _ = rawNewlineCount(path) }
  report("trace raw read(2)+memchr newline count", ours: raw, extra: rate(raw))
  if part("trace io") {
    let wc = median(runs: 3) { run("/usr/bin/wc", ["-l", path]) }
    report("trace `wc -l` process", ours: wc, extra: rate(wc))
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") {
      let jq = median(runs: 1) { run("/usr/bin/jq", ["-c", ".kind", path]) }
      report("trace `jq -c .kind` process", ours: jq, extra: rate(jq))
    }

    let lines = median(runs: 5) {
      let reader = try! LineReader(path: path)
      var count = 0
      while try! reader.nextLine({ _ in true }) != nil { count += 1 }
    }
    report("trace LineReader", ours: lines, baseline: ("raw read", raw), extra: rate(lines))
  }
  if part("trace summary") {

    let summaries = median(runs: 3) {
      for item in try! TraceSummaryReader(path: path) { _ = try! item.get() }
    }
    report("trace TraceSummaryReader", ours: summaries, baseline: ("raw read", raw), extra: rate(summaries))

    let timings = median(runs: 3) {
      var builder = TimingReportBuilder()
      for case let .success(event) in try! TraceSummaryReader(path: path) { builder.add(event) }
      _ = builder.report().renderText()
    }
    report("trace timings (summaries + TimingReport)", ours: timings, extra: rate(timings))
  }
  if part("trace full") {

    let full = median(runs: 3) {
      for item in try! TraceReader(path: path) { _ = try! item.get() }
    }
    let foundation = median(runs: 1) {
      let reader = try! LineReader(path: path)
      while try! reader.nextLine({ view in
        _ = try! JSONSerialization.jsonObject(with: Data(view.bytes), options: [])
      }) != nil {}
    }
    report(
      "trace TraceReader (full decode)", ours: full, baseline: ("JSONSerialization per line", foundation),
      extra: rate(full))
  }
  if part("trace replay") {

    let replay = median(runs: 3) {
      _ = try! StateReplayer.state(after: 42_999, in: TraceReader(path: path)).get()
    }
    report("trace StateReplayer to the last action", ours: replay, extra: rate(replay))
  }
  guard part("trace line") else { return }

  // One 100 MB line: linear time, memory of about twice the line.
  let longPath = path + ".long"
  defer { unlink(longPath) }
  _ = FileManager.default.createFile(
    atPath: longPath, contents: Data(repeating: UInt8(ascii: "x"), count: 100_000_000) + Data([10]))
  let long = median(runs: 3) {
    let reader = try! LineReader(path: longPath)
    precondition(try! reader.nextLine({ $0.bytes.count }) == 100_000_000)
  }
  report("trace LineReader one 100 MB line", ours: long, extra: String(format: "%.0f MB/s", 100 / long))
}

/// Counts newlines with plain read(2) into 64 KB and memchr: the I/O limit.
private func rawNewlineCount(_ path: String) -> Int {
  let fd = open(path, O_RDONLY)
  defer { close(fd) }
  let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
  defer { buffer.deallocate() }
  var count = 0
  while true {
    let n = read(fd, buffer, 1 << 16)
    if n <= 0 { break }
    var p = buffer
    var left = n
    while left > 0, let found = memchr(p, 10, left) {
      count += 1
      let advance = p.distance(to: found) + 1
      p = found + 1
      left -= advance
    }
  }
  return count
}

private func run(_ executable: String, _ arguments: [String]) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  try? process.run()
  process.waitUntilExit()
}
