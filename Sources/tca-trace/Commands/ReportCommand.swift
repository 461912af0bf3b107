import Debugging
import TraceAnalysis

/// `tca-trace report FILE -o report.html`: one self-contained HTML page (`HTMLReportBuilder`) —
/// timeline, filterable action list, each action's value and state diff, timing tables — that
/// opens from disk in any browser, with no network access.
package enum ReportCommand: TraceCommand {
  package static let name = "report"
  package static let abstract = "Write a self-contained HTML report of a trace: timeline, actions, diffs, timings."
  package static let discussion = """
    The page needs no network and runs only its own inline script (a strict Content-Security-Policy);
    everything from the trace is shown as text. Open an action directly with report.html#seq=42.
    The file is created readable by its owner only, like the trace it shows.
    A trace of 16 MB or more is read on every core: the stretches between its keyframes at once.
    """
  package static let arguments = [ArgumentSpec.file]
  package static let options: [OptionSpec] = [.prefix, output, threads]
  package static let output = OptionSpec(
    ["-o", "--output"], value: "<file>", help: "Where to write the page (default: - for standard output).")
  package static let threads = OptionSpec(
    ["--threads"], value: "<n>", help: "Threads that read a large trace (default: one per core; 1 reads on this one).")

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    let destination = try OutputFile(
      path: arguments.value(Self.output) ?? "-", permissions: 0o600, reading: arguments.positionals[0], context: context
    )
    let threads = try arguments.integer(Self.threads)
    if let threads, threads < 1 { throw arguments.invalid(String(threads), Self.threads, expected: "at least 1") }
    // A large file's action details are made on every core (`ReportSegments`).
    let file = arguments.positionals[0]
    // For tests: `TCA_TRACE_REPORT_RANGE_BYTES=2000` cuts any file into ranges of 2,000 bytes (512
    // at least), and stderr says how many stretches were read on how many threads.
    let testRange = Platform.environment("TCA_TRACE_REPORT_RANGE_BYTES").flatMap { Int($0) }.flatMap {
      $0 > 0 ? $0 : nil
    }
    let segments = ReportSegments.start(
      file: file, reducer: context.reducer, maximumLineLength: context.maximumLineLength, threads: threads,
      minimumFileBytes: testRange == nil ? LargeTraceFile.minimumBytes : 0,
      rangeBytes: testRange ?? ReportSegments.rangeBytes)
    try write(file: file, to: destination, segments: segments, context: context)
    if testRange != nil, let segments, segments.stretchesRead > 0 {
      try? context.errors.line("report: \(segments.stretchesRead) stretches read on \(segments.threads) threads")
    }
    return CommandLineExit.success
  }

  /// Writes the page of `file` to `destination`; with `segments`, the actions' details are made on
  /// their threads.
  package static func write(
    file: String, to destination: OutputFile, segments: ReportSegments?, context: CommandContext
  ) throws {
    defer { segments?.cancel() }
    let parallel = segments
    var builder = HTMLReportBuilder()
    // The details are made here (or on the segments' threads), to see each patch's problem.
    builder.detailsMadeElsewhere = true
    var details = ReportActionDetails()
    var detail: [UInt8] = []
    let check = ReportStateCheck()
    try destination.stream(
      from: {
        // The page carries each action's diff, never a state: the state follows the patches, and
        // after a keyframe it is the keyframe's (on one thread as on several).
        let input = try RecordInput(file: file, reportsGaps: true, context: context)
        input.reader.keepsArraysAsText = true
        let reader = input.reader
        input.read(from: check.ending(parallel?.next ?? { reader.next() }, file: input.file))
        return input
      },
      add: { line, bytes in
        switch line.record {
        case .action:
          if let parallel {
            parallel.withDetail {
              check.note($1)
              builder.add(line, precomputed: ($0, $1), into: &bytes)
            }
          } else {
            detail.removeAll(keepingCapacity: true)
            let problem = details.add(line, into: &detail)
            check.note(problem)
            detail.withUnsafeBytes { builder.add(line, precomputed: ($0, problem), into: &bytes) }
          }
        case .state:
          if parallel == nil { details.add(line, into: &detail) }
          builder.add(line, into: &bytes)
        default:
          builder.add(line, into: &bytes)
        }
      },
      finish: { builder.finish(into: &$0) }
    )
  }
}
