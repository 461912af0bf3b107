import Debugging
import TraceAnalysis

/// Runs `tca-trace timings`: one pass over the trace's summaries (no values are built) into the
/// trace layer's `TimingReportBuilder`, then its report as text, with the timeline as wide as
/// the terminal, or as JSON.
package struct TimingsRunner {
  package var file: String
  package var format: OutputFormat
  package var top: Int
  package var width: Int
  package var context: CommandContext

  package init(file: String, format: OutputFormat, top: Int, width: Int, context: CommandContext) {
    self.file = file
    self.format = format
    self.top = top
    self.width = width
    self.context = context
  }

  package func run() throws -> Int32 {
    let input = try SummaryInput(file: file, reportsGaps: true, context: context)
    // A large file is summarized on every core (`SummarySegments`).
    let (segments, tested) = SummarySegments.start(file: file, context: context)
    defer { segments?.cancel() }
    if let segments { input.read(from: segments.next) }
    var builder = TimingReportBuilder(slowestCount: top)
    while let summary = try input.next() { builder.add(summary) }
    let report = builder.report()
    if format == .json {
      try context.output.jsonLine(TimingsJSON.json(report))
    } else {
      try context.output.line(
        report.renderText(
          timelineColumns: Self.timelineColumns(report, width: width),
          maximumLabelWidth: TimingReport.labelColumnLimit(lineWidth: width)))
    }
    try input.finish()
    if tested, let segments, segments.stretchesRead > 0 { try? context.errors.line(segments.testNote) }
    return CommandLineExit.success
  }

  /// The timeline's bar width so that its rows (`label |bar|`) are `width` characters: the
  /// label column is `report.labelColumnWidth` (labels as printed, escaped), as `renderText` lays
  /// it out; labels are cut only where `width` leaves no room for them.
  package static func timelineColumns(_ report: TimingReport, width: Int) -> Int {
    max(10, width - report.labelColumnWidth(maximum: TimingReport.labelColumnLimit(lineWidth: width)) - 3)
  }
}
