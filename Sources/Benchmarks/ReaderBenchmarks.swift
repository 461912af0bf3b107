import Debugging
import Foundation

// The readers (`show`, `blame`, `state`, `timings`, `validate`, `report`, `export`, `diff`) on
// traces recorded by the runtime (RecordedTraces.swift: Todos with 1,000, 10,000 and 100,000
// todos, two lengths each), each command timed as a whole process next to `jq -c .` and a raw read
// (`cat`) of the same file in the same run. Columns: median wall time of the runs, MB/s, the
// ratio jq ÷ ours (above 1: faster than jq), max RSS; then the scaling rows: the same command on
// the trace four times as long (target ≤ 4.4×) and on the state ten times as large with the
// same script (target ≤ 1.5×), and the cost of one more step of the script — the difference
// between the two lengths over their 600 steps — at each size and its ratio for ten times the
// state: what an action costs once the initial state is read.
//
//   swift build -c release --static-swift-stdlib --product tca-trace   # as README "Install" builds it
//   swift run -c release Benchmarks readers [DIR]    # DIR: where the traces are (recorded if missing)
//
// TCA_TRACE_BENCH_RUNS sets the runs per figure (default 3); TCA_TRACE_BENCH_ONLY=show,blame
// limits the commands (by their row names' first word).
@MainActor
func runReaderBenchmarks(filter: String?) async {
  guard filter == "readers" else { return }
  let tool = builtToolPath()
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("readers: skipped; build the tool first: swift build -c release --product tca-trace")
    return
  }
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  let directory = arguments.first ?? NSTemporaryDirectory() + "tca-trace-recorded"
  await recordTraces(into: directory, specs: RecordedTraceSpec.standard)
  let environment = ProcessInfo.processInfo.environment
  let runs = Int(environment["TCA_TRACE_BENCH_RUNS"] ?? "") ?? 3
  let only = environment["TCA_TRACE_BENCH_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
  let scratch = NSTemporaryDirectory() + "tca-trace-readers-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: scratch) }

  print("readers: \(tool): \(swiftRuntimeLinkage(of: tool))")
  print("readers: trace | command | median | MB/s | jq ÷ ours | max RSS")
  var times: [String: [RecordedTraceSpec: Double]] = [:]
  for spec in RecordedTraceSpec.standard {
    let trace = directory + "/" + spec.fileName
    let megabytes = fileMegabytes(trace)
    let name = "\(spec.todos) todos, \(spec.steps) steps, \(String(format: "%.1f", megabytes)) MB"
    let middle = max(1, recordedActionCount(trace) / 2)
    let commands = readerCommands(tool: tool, trace: trace, scratch: scratch, middle: middle)
      .filter { only?.contains(String($0.name.split(separator: " ")[0])) ?? true }
    let cat = measureCommand("cat '\(trace)' > /dev/null", runs: runs)
    let jq = measureCommand("jq -c . '\(trace)' > /dev/null", runs: runs)
    func row(_ command: String, _ run: (seconds: Double, rss: String)) {
      print(
        String(
          format: "readers: %@ | %@ | %@ | %.0f | %.2f | %@", name, command, formatSeconds(run.seconds),
          megabytes / run.seconds, jq.seconds / run.seconds, run.rss))
      fflush(nil)
    }
    row("cat", cat)
    row("jq -c .", jq)
    for command in commands {
      let run = measureCommand(command.shell, runs: runs)
      row(command.name, run)
      times[command.name, default: [:]][spec] = run.seconds
      if command.name == "report" {
        let page = fileMegabytes(scratch + "/report.html")
        print(String(format: "readers: %@ | report page %.1f MB (%.2f × the trace)", name, page, page / megabytes))
      }
    }
  }
  // The long trace (~100 MB, 1,000 todos, ~180,000 actions): the commands that read every
  // action, next to jq and cat on it; then `state --at` at the first action, the middle, the last.
  let long = directory + "/" + RecordedTraceSpec.long.fileName
  if fileMegabytes(long) > 0 {
    let megabytes = fileMegabytes(long)
    let longRuns = min(runs, 3)
    let cat = measureCommand("cat '\(long)' > /dev/null", runs: longRuns)
    let jq = measureCommand("jq -c . '\(long)' > /dev/null", runs: longRuns)
    func row(_ command: String, _ run: (seconds: Double, rss: String)) {
      print(
        String(
          format: "readers: long trace %.0f MB | %@ | %@ | %.0f | %.2f | %@", megabytes, command,
          formatSeconds(run.seconds), megabytes / run.seconds, jq.seconds / run.seconds, run.rss))
      fflush(nil)
    }
    row("cat", cat)
    row("jq -c .", jq)
    let commands = readerCommands(tool: tool, trace: long, scratch: scratch, middle: 1)
      .filter { !$0.name.hasPrefix("state") && !$0.name.hasPrefix("diff") }
      .filter { only?.contains(String($0.name.split(separator: " ")[0])) ?? true }
    for command in commands {
      row(command.name, measureCommand(command.shell, runs: longRuns))
      if command.name == "report" {
        let page = fileMegabytes(scratch + "/report.html")
        print(
          String(
            format: "readers: long trace %.0f MB | report page %.1f MB (%.2f × the trace)", megabytes, page,
            page / megabytes))
      }
    }
    let last = recordedActionCount(long)
    for seq in [1, last / 2, last - 1] {
      let run = measureCommand("'\(tool)' state --format json --at \(seq) '\(long)' > /dev/null", runs: runs)
      print(
        String(
          format: "readers: long trace %.0f MB | state --at %d | %@ | max RSS %@", fileMegabytes(long), seq,
          formatSeconds(run.seconds), run.rss))
    }
  }
  printPairedStateRatios(tool: tool, directory: directory, scratch: scratch, runs: max(runs, 25))
  print(
    "readers: scaling | command | ×4 length at 1,000 / 10,000 / 100,000 todos (≤ 4.4) | ×10 state 1k→10k / 10k→100k (≤ 1.5)"
      + " | per step at 1,000 / 10,000 / 100,000 todos | per step ×10 state 1k→10k / 10k→100k"
  )
  for (command, figures) in times.sorted(by: { $0.key < $1.key }) {
    func ratio(_ a: RecordedTraceSpec, _ b: RecordedTraceSpec) -> String {
      guard let x = figures[a], let y = figures[b] else { return "-" }
      return String(format: "%.2f×", y / x)
    }
    // Seconds per step: the longer trace's time minus the shorter's, over the steps between.
    func perStep(_ short: RecordedTraceSpec, _ long: RecordedTraceSpec) -> Double? {
      guard let x = figures[short], let y = figures[long] else { return nil }
      return (y - x) / Double(long.steps - short.steps)
    }
    let s = RecordedTraceSpec.standard
    let steps = [perStep(s[0], s[1]), perStep(s[2], s[3]), perStep(s[4], s[5])]
    let stepText = steps.map { $0.map { String(format: "%.1f µs", $0 * 1e6) } ?? "-" }.joined(separator: " / ")
    func stepRatio(_ a: Double?, _ b: Double?) -> String {
      guard let a, let b, a > 0 else { return "-" }
      return String(format: "%.2f×", b / a)
    }
    print(
      "readers: scaling | \(command) | \(ratio(s[0], s[1])) / \(ratio(s[2], s[3])) / \(ratio(s[4], s[5])) | \(ratio(s[0], s[2])) / \(ratio(s[2], s[4]))"
        + " | \(stepText) | \(stepRatio(steps[0], steps[1])) / \(stepRatio(steps[1], steps[2]))"
    )
  }
}

/// The ×10 state ratio of the commands whose target it is (`show`, `show --path`, `blame`), each
/// 10,000-todo run next to its 100,000-todo run (`pairedRatio`): the scaling column above divides
/// medians measured minutes apart, which a drifting machine moves by more than the margin.
private func printPairedStateRatios(tool: String, directory: String, scratch: String, runs: Int) {
  let s = RecordedTraceSpec.standard
  let (small, large) = (directory + "/" + s[2].fileName, directory + "/" + s[4].fileName)
  print("readers: ×10 state, paired | command | 10,000 → 100,000 todos, median of per-pair ratios (≤ 1.5) | medians")
  let smallCommands = readerCommands(tool: tool, trace: small, scratch: scratch, middle: 1)
  let largeCommands = readerCommands(tool: tool, trace: large, scratch: scratch, middle: 1)
  for (a, b) in zip(smallCommands, largeCommands)
  where a.name == "show (text, colour off)" || a.name.hasPrefix("show --path") || a.name.hasPrefix("blame") {
    let paired = pairedRatio(a.shell, b.shell, runs: runs)
    print(
      String(
        format: "readers: ×10 state, paired | %@ | %.3f× (%d pairs) | %@ → %@", a.name, paired.ratio, runs,
        formatSeconds(paired.first), formatSeconds(paired.second)))
    fflush(nil)
  }
}

/// The commands measured on one trace: a row name and the shell command (output to /dev/null).
private func readerCommands(tool: String, trace: String, scratch: String, middle: Int) -> [(
  name: String, shell: String
)] {
  let t = "'\(tool)'", f = "'\(trace)'"
  let start = scratch + "/start.jsonl"
  writeStart(of: trace, to: start)
  return [
    ("show (text, colour off)", "\(t) show --color never \(f) > /dev/null"),
    ("show --path /todos/5/isComplete", "\(t) show --color never --path /todos/5/isComplete \(f) > /dev/null"),
    ("show --format json", "\(t) show --format json \(f) > /dev/null"),
    ("blame /todos/5/isComplete", "\(t) blame --color never \(f) /todos/5/isComplete > /dev/null"),
    ("state --at \(middle)", "\(t) state --format json --at \(middle) \(f) > /dev/null"),
    ("timings", "\(t) timings \(f) > /dev/null"),
    ("show --labels-only", "\(t) show --color never --labels-only \(f) > /dev/null"),
    ("validate", "\(t) validate \(f) > /dev/null"),
    ("report", "\(t) report \(f) -o '\(scratch)/report.html'"),
    ("export", "\(t) export --format perfetto \(f) -o '\(scratch)/trace.json'"),
    ("diff (against itself)", "\(t) diff --color never \(f) \(f) > /dev/null"),
    // A golden run that stopped at its start: every action extra, and the final states compared.
    ("diff (its start against it)", "\(t) diff --color never '\(start)' \(f) > /dev/null"),
  ]
}

/// The trace's first two lines (its header and initial state): a run that did nothing.
private func writeStart(of trace: String, to path: String) {
  guard let input = FileHandle(forReadingAtPath: trace) else { return }
  defer { try? input.close() }
  var bytes: [UInt8] = []
  var newlines = 0
  while newlines < 2, let chunk = try? input.read(upToCount: 1 << 20), !chunk.isEmpty {
    for byte in chunk {
      bytes.append(byte)
      if byte == 0x0A {
        newlines += 1
        if newlines == 2 { break }
      }
    }
  }
  if !FileManager.default.createFile(atPath: path, contents: Data(bytes)) {
    FileHandle.standardError.write(Data("readers: cannot write \(path)\n".utf8))
  }
}

/// The last action's seq in a recorded trace (from its `end` line).
private func recordedActionCount(_ path: String) -> Int {
  guard let handle = FileHandle(forReadingAtPath: path) else { return 0 }
  defer { try? handle.close() }
  let size = (try? handle.seekToEnd()) ?? 0
  try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
  let tail = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
  guard let end = tail.split(separator: "\n").last, let range = end.range(of: "\"actions\":") else { return 0 }
  return Int(end[range.upperBound...].prefix { $0.isNumber }) ?? 0
}
