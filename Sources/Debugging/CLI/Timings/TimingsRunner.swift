/// Runs `tca-trace timings`: one pass over the trace's summaries (no values are built), then
/// the report as text or JSON.
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
    var timings = TimingsCollector(top: top)
    while let summary = try input.next() { timings.add(summary) }
    timings.finish()
    if format == .json {
      var bytes: [UInt8] = []
      JSONWriter.write(TimingsJSON.json(timings), into: &bytes)
      try context.output.write(bytes: bytes)
      try context.output.line()
    } else {
      for line in TimingsTextRenderer(style: context.style, width: width).render(timings) { try context.output.line(line) }
    }
    try input.finish()
    return CommandLineExit.success
  }
}
