import Debugging

/// Runs `tca-trace validate`: every problem the trace layer's `TraceValidator` finds, each with
/// its line; exit code 1 when there is any (a truncated last line included), 0 when none.
///
/// ```text
/// log.jsonl:7: error: sequence gap: expected seq 3, found 5 with no gap note before it
/// log.jsonl:9: warning: truncated last line (no newline at the end); ignored
/// log.jsonl: 2 problems
/// ```
package struct ValidateRunner {
  package var file: String
  package var format: OutputFormat
  package var context: CommandContext

  package init(file: String, format: OutputFormat, context: CommandContext) {
    self.file = file
    self.format = format
    self.context = context
  }

  package func run() throws -> Int32 {
    let input = try RecordInput(file: file, checksSequence: false, context: context)
    // Without --prefix, every session of a file several reducers wrote, in one pass (standard
    // input too); with it, the one it names.
    let everySession = context.reducer == nil
    var findings: [TraceError]
    if everySession, let found = validateOnEveryCore() {
      findings = found
    } else {
      findings = TraceValidator.validate(input.reader, everySession: everySession)
    }
    let others = everySession ? input.reader.otherReducers : []
    var names: [String] = []
    for name in [input.reader.firstReducer ?? "?"] + others where !names.contains(name) { names.append(name) }
    let reducers = others.isEmpty ? "" : " (reducers " + names.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
    if !others.isEmpty { findings.sort { ($0.line, $0.column ?? 0) < ($1.line, $1.column ?? 0) } }
    if format == .json {
      let list = findings.map { finding in
        var members: [JSON.Member] = [.init("line", .int(Int64(finding.line)))]
        if let column = finding.column { members.append(.init("column", .int(Int64(column)))) }
        members += [.init("severity", .string(finding.severity.rawValue)), .init("message", .string(finding.message))]
        return JSON.object(members)
      }
      try context.output.jsonLine(
        .object([
          .init("file", .string(input.file)), .init("valid", .bool(findings.isEmpty)), .init("problems", .array(list)),
        ]))
    } else {
      for finding in findings {
        try context.output.line(
          context.style.paint(finding.description, finding.severity == .error ? .error : .warning))
      }
      let count = findings.count
      try context.output.line(
        "\(input.file)\(reducers): " + (count == 0 ? "valid" : "\(count) problem\(count == 1 ? "" : "s")"))
    }
    return findings.isEmpty ? CommandLineExit.success : CommandLineExit.problemsFound
  }

  /// The findings of a large file read on every core (`ValidateSegments`) when there are more
  /// than two, or `nil` when it is read as before: on two cores, one reads and decodes while the
  /// other follows the state (`TraceValidator.validate`), which does each line's work once; the
  /// stretches do 15 % more in all (each thread's own stretch start, the lines handed to this
  /// thread for the file's checks), so they win only with a third core (94 MB trace on two
  /// cores: 1.05× the time). For tests: `TCA_TRACE_VALIDATE_RANGE_BYTES=2000` reads any file in
  /// stretches, on two threads, cut at ranges of 2,000 bytes, and stderr says how many were read.
  private func validateOnEveryCore() -> [TraceError]? {
    let testRange = Platform.environment("TCA_TRACE_VALIDATE_RANGE_BYTES").flatMap { Int($0) }.flatMap {
      $0 > 0 ? $0 : nil
    }
    guard testRange != nil || Platform.coreCount > 2,
      let segments = ValidateSegments.start(
        file: file, maximumLineLength: context.maximumLineLength, threads: testRange == nil ? nil : 2,
        minimumFileBytes: testRange == nil ? LargeTraceFile.minimumBytes : 0,
        rangeBytes: testRange ?? ValidateSegments.rangeBytes)
    else { return nil }
    let findings = segments.validate()
    if testRange != nil {
      try? context.errors.line(
        findings == nil
          ? "validate: read again on one thread"
          : "validate: \(segments.stretchesRead) stretches read on \(segments.threads) threads")
    }
    return findings
  }
}
