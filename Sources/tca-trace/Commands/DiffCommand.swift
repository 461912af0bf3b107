import Debugging
import TraceAnalysis

/// `tca-trace diff GOLDEN CURRENT`: compares two recorded runs (`TraceComparator`) and exits 1
/// when they behave differently (or, with `--timings`, when a timing regressed).
package enum DiffCommand: TraceCommand {
  package static let name = "diff"
  package static let abstract = "Compare two recorded runs; exit 1 when they behave differently (or got slower)."
  package static let discussion = """
    Aligns the two runs' actions (by label and value), then reports actions missing from the \
    current run, extra ones, aligned actions whose value, resulting state or effects differ, \
    and (with --timings) reducer and effect timing regressions. The first divergence comes \
    first, then a summary.

    Ignored paths are walked in the trace's JSON form of states and actions: todos[*].id, \
    **.timestamp, /todos/*/id; * is one segment, ** any number. A dictionary's entry is named \
    by its key, as blame names it: scores[5], /scores/5, settings["a.b"].

    Exit codes: 0 equivalent, 1 differences or timing regressions, 2 unreadable input.
    """
  package static let arguments = [
    ArgumentSpec("<golden>", help: "The reference trace (e.g. committed with the tests)."),
    ArgumentSpec("<current>", help: "The trace of the run to check; - reads standard input."),
  ]
  package static let options: [OptionSpec] = [.prefix, ignore, timings, threshold, minDifference, window, format]
  package static let ignore = OptionSpec(
    ["--ignore"], value: "<path>",
    help: "Ignore this path in states and actions (repeatable): todos[*].id, **.timestamp.", repeatable: true)
  package static let timings = OptionSpec(
    ["--timings"], help: "Also compare per-label reducer durations and effect lifetimes (p50, p95).")
  package static let threshold = OptionSpec(
    ["--threshold"], value: "<percent>",
    help: "With --timings: slower by more than this is a regression (default: 25%).")
  package static let minDifference = OptionSpec(
    ["--min-difference"], value: "<duration>",
    help: "With --timings: and by at least this much, with its unit (default: 1ms; ns, us, ms or s).")
  package static let window = OptionSpec(
    ["--window"], value: "<actions>", help: "Actions aligned at a time on each side (default: 1024).")
  package static let format = OptionSpec(
    ["--format"], value: "<format>", help: "Output format: text, json, junit or github (default: text).")

  package enum Format: String, CaseIterable, Sendable {
    case text, json, junit, github
  }

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    if arguments.positionals[0] == "-" && arguments.positionals[1] == "-" {
      throw CommandLineExit.usage(
        "<golden> and <current> cannot both be - (standard input is read once)", command: self)
    }
    let format = try arguments.choice(Self.format, as: Format.self) ?? .text
    var options = CompareOptions()
    options.timings = arguments.flag(Self.timings)
    options.collectsCases = format == .junit
    for text in arguments.allValues(Self.ignore) {
      do {
        options.ignore.append(try IgnorePattern(text))
      } catch {
        throw arguments.invalid(
          text, Self.ignore, expected: "a path such as todos[*].id or /todos/*/id (\(error.message))")
      }
    }
    if let text = arguments.value(Self.threshold) {
      guard let threshold = TimingComparison.parseThreshold(text) else {
        throw arguments.invalid(text, Self.threshold, expected: "a percentage such as 25%")
      }
      options.threshold = threshold
    }
    if let duration = try arguments.nanoseconds(Self.minDifference, expected: "a duration such as 1ms, 250us or 500ns")
    {
      options.minimumDifference = duration
    }
    if let window = try arguments.integer(Self.window) {
      guard window >= 2 else { throw arguments.invalid(String(window), Self.window, expected: "at least 2 actions") }
      options.window = window
    }
    context.reducer = arguments.value(OptionSpec.prefix)
    // The readers, and the states they hold, are gone once the runs are compared: rendering
    // does not add to them. The gap notes are taken as the comparison reads the lines.
    let (comparison, gapReports) = try compare(
      arguments.positionals[0], arguments.positionals[1], options: options, context: context)
    switch format {
    case .text: try context.output.line(ComparisonTextRenderer(style: context.style).render(comparison))
    case .json:
      try context.output.jsonLine(ComparisonJSONRenderer().render(comparison))
    case .junit: try context.output.line(ComparisonJUnitRenderer().render(comparison))
    case .github: try context.output.line(ComparisonGitHubRenderer().render(comparison))
    }
    // Never silent: what either trace did not record (regular files only, as when the gap notes
    // were read in a second pass: standard input, a FIFO or `/dev/fd/3` could not be read again).
    let gaps = zip(arguments.positionals.prefix(2), gapReports).flatMap { file, report in
      file != "-" && Platform.kind(ofPath: file) == .regular ? report.warnings(file: file) : []
    }
    if !comparison.warnings.isEmpty || !gaps.isEmpty {
      try context.output.flush()
      for warning in comparison.warnings + gaps { try? context.errors.line(warning.description) }
    }
    return comparison.isEquivalent ? CommandLineExit.success : CommandLineExit.problemsFound
  }

  /// The comparison of the runs in `goldenFile` and `currentFile`, and each trace's gap notes
  /// (golden's first), taken from the lines the comparison reads.
  private static func compare(
    _ goldenFile: String, _ currentFile: String, options: CompareOptions, context: CommandContext
  ) throws -> (TraceComparison, [TraceGapReport]) {
    let golden = try open(goldenFile, context)
    let current = try open(currentFile, context)
    let comparator = TraceComparator(golden: golden, current: current, options: options)
    final class Reports {
      var golden = TraceGapReport(), current = TraceGapReport()
    }
    let reports = Reports()
    comparator.observeLines { isGolden, line in
      guard let event = TraceRecordDecoder.gapEvent(line) else { return }
      if isGolden { reports.golden.add(event) } else { reports.current.add(event) }
    }
    do {
      let comparison = try comparator.run()
      // The two final states are freed by the exit, not after the comparison (a 100,000-row
      // state's teardown is milliseconds of work the exit does anyway).
      ProcessEnd.keep(comparator)
      return (comparison, [reports.golden, reports.current])
    } catch {
      // As every command does: the warnings (a cut-off line) before the error that stopped it.
      for warning in comparator.warnings { try? context.errors.line(warning.description) }
      throw error
    }
  }

  /// Opened as every subcommand opens a trace (`TraceInput`: `-` is standard input, a file that
  /// cannot be opened is `Error: …`, exit 2); the comparator reads the records and keeps the
  /// warnings itself.
  private static func open(_ file: String, _ context: CommandContext) throws(CommandLineExit) -> TraceReader {
    let reader = try RecordInput(file: file, checksSequence: false, context: context).reader
    reader.keepsArraysAsText = true
    return reader
  }
}
