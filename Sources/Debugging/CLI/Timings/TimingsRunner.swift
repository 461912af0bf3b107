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
    let input = try SummaryInput(file: file, context: context)
    var builder = TimingReportBuilder(slowestCount: top)
    while let summary = try input.next() { builder.add(summary) }
    let report = builder.report()
    if format == .json {
      var bytes: [UInt8] = []
      JSONWriter.write(TimingsJSON.json(report), into: &bytes)
      try context.output.write(bytes: bytes)
      try context.output.line()
    } else {
      try context.output.line(report.renderText(timelineColumns: Self.timelineColumns(report, width: width)))
    }
    try input.finish()
    return CommandLineExit.success
  }

  /// The timeline's bar width so that its rows (`label |bar|`) are `width` characters: the
  /// label column is as wide as the longest label, 6 to 48 (as `renderText` lays it out).
  package static func timelineColumns(_ report: TimingReport, width: Int) -> Int {
    let labels = report.actions.map(\.label) + report.effects.map(\.label) + report.slowest.map(\.label)
    let labelWidth = min(max(labels.map(\.count).max() ?? 0, 6), 48)
    return max(10, width - labelWidth - 3)
  }
}
