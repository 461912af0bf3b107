import Debugging
import Foundation

/// Runs `tca-trace state FILE --at SEQ`: rebuilds the state after action SEQ (the last state line
/// at or before it plus the later patches) and prints it, pretty or as JSON for jq.
package struct StateRunner {
  package var file: String
  /// `nil`: after the last action.
  package var seq: Int?
  package var format: OutputFormat
  package var context: CommandContext

  package init(file: String, seq: Int?, format: OutputFormat, context: CommandContext) {
    self.file = file
    self.seq = seq
    self.format = format
    self.context = context
  }

  package func run() throws -> Int32 {
    // Only a regular file is opened again to seek: a FIFO or `/dev/fd/3` is read once, from the start.
    if let seq, file != "-", context.reducer == nil, Platform.kind(ofPath: file) == .regular,
      let state = seekState(after: Int64(seq))
    {
      if state.isCoalesced {
        warnNotCaptured(seq: Int64(seq), line: state.line, lastCaptured: state.lastCaptured, file: file)
      }
      try write(state.json, line: state.line, file: file, checked: true)
      return CommandLineExit.success
    }
    let input = try RecordInput(file: file, context: context)
    input.reader.skipsKeyframeStates = true
    // JSON copies the text of elements never read; the text output parses each in turn.
    input.reader.keepsArraysAsText = true
    var tracker = StateTracker()
    var found: (seq: Int64, line: Int)?
    var reading = MissingAction()
    // Coalesced actions (`"coalesced":true`) carry no state change of their own: the state after
    // them is not known, only the one after the last action whose state was captured.
    var lastCaptured: Int64?
    var foundIsCoalesced = false
    lines: while let line = try input.next() {
      let lineSeq: Int64
      switch line.record {
      case let .state(state):
        // The state the next action starts from, changed outside the reducer: past action N.
        if let seq, state.changedOutside, state.seq == Int64(seq) { break lines }
        lineSeq = state.seq
      case let .action(action): lineSeq = action.seq
      case let .note(note):
        if note.note == .gap { reading.gap = (line.line, note) }
        continue
      case let .end(end):
        reading.endActions = end.actions
        continue
      default: continue
      }
      if let seq, lineSeq > Int64(seq) {
        reading.next = (lineSeq, line.line)
        break
      }
      try tracker.apply(line, file: input.file)
      reading.last = lineSeq
      reading.gap = nil
      found = (lineSeq, line.line)
      if case let .action(action) = line.record, action.coalesced {
        foundIsCoalesced = true
      } else {
        foundIsCoalesced = false
        lastCaptured = lineSeq
      }
    }
    try input.finish()
    guard let found, let state = tracker.state, seq.map({ Int64($0) == found.seq }) ?? true else {
      throw CommandLineExit.nothingFound(
        "\(input.file) has no action \(seq ?? 0)\(reading.reason(for: Int64(seq ?? 0)))")
    }
    if foundIsCoalesced {
      warnNotCaptured(seq: found.seq, line: found.line, lastCaptured: lastCaptured, file: input.file)
    }
    try write(state, line: found.line, file: input.file, checked: false)
    return CommandLineExit.success
  }

  /// The warning for an action whose state the recorder coalesced: the state printed is the last
  /// one captured before it.
  private func warnNotCaptured(seq: Int64, line: Int, lastCaptured: Int64?, file: String) {
    let captured = lastCaptured.map { "the state after action \($0), the last one captured before it" } ?? "no state"
    try? context.errors.line(
      TraceError(
        file: file, line: line, severity: .warning,
        message:
          "the state after action \(seq) was not captured (the recorder coalesced it under load); this is \(captured)"
      ).description)
  }

  /// `checked`: the text output's `state` is known to be in the value form.
  private func write(_ state: JSON, line: Int, file: String, checked: Bool) throws {
    if format == .json {
      try context.output.jsonLine(state)
    } else {
      if !checked {
        do {
          try ValueText.checkValueForm(state)
        } catch {
          throw TraceError.valueForm(error, file: file, line: line, in: .state)
        }
      }
      try ShowTextRenderer(style: context.style).writeDump(of: state, to: context.output)
    }
  }

  /// The state after action `seq` read from the keyframe before it (`KeyframeSeek`), for a large
  /// file; `nil` when anything is not as expected (a bad line, a patch that does not apply, no
  /// action `seq`, a value that is not in the value form): reading from the start then gives the
  /// exact message with its line number.
  private func seekState(after seq: Int64) -> (json: JSON, line: Int, isCoalesced: Bool, lastCaptured: Int64?)? {
    // The header is checked as every reader checks it.
    guard let header = try? TraceReader(path: file), case .success(let first)? = header.next(),
      case .session = first.record,
      // From a whole state at or before action `seq - 1`: a state line changed outside the
      // reducer after action `seq` has seq `seq` too, and is the state after it, not at it.
      seq > 0, let offset = KeyframeSeek.offset(path: file, atOrBefore: seq - 1)
    else { return nil }
    guard case let .success(fd) = Platform.open(file, .read) else { return nil }
    guard Platform.seek(fd, to: offset) else {
      Platform.close(fd)
      return nil
    }
    let lines = LineReader(fileDescriptor: fd, name: file, closesDescriptor: true, chunkSize: 1 << 20)
    var tracker = TraceStateTracker()
    var reached = false
    // Line numbers are counted only when a warning needs one (a coalesced action).
    var linesRead = 0, foundLine = 0
    var lastCaptured: Int64?, foundIsCoalesced = false
    lines: while true {
      let item: Result<TraceRecord, TraceError>??
      do {
        item = try lines.nextLine { view -> Result<TraceRecord, TraceError>? in
          if view.isTruncated { return nil }
          // Another session's line in a file several reducers write (format 2): not ours.
          if KeyframeSeek.hasReducerTag(view.bytes) { return .failure(TraceError(file: file, line: 0, message: "")) }
          return TraceLineRules.recordKeepingArraysAsText(of: view, file: file, keyframes: true)
        }
      } catch {
        return nil
      }
      guard let item else { break }
      linesRead += 1
      // A cut-off last line: its warning comes from the whole read.
      guard let item else { return nil }
      if case let .failure(error) = item, error.message.isEmpty { continue }
      guard case let .success(record) = item else { return nil }
      let recordSeq: Int64
      switch record {
      case let .state(state):
        if state.changedOutside, reached { break lines }
        recordSeq = state.seq
      case let .action(action):
        recordSeq = action.seq
      case .session: return nil
      default: continue
      }
      if recordSeq > seq { break }
      if tracker.consume(record, line: 0) != nil { return nil }
      reached = recordSeq == seq
      if case let .action(action) = record, action.coalesced {
        foundIsCoalesced = true
      } else {
        foundIsCoalesced = false
        lastCaptured = recordSeq
      }
      if reached { foundLine = linesRead }
    }
    guard reached, let state = tracker.state else { return nil }
    // Checked here so that an error is reported from the whole read, with its line.
    if format == .text, (try? ValueText.checkValueForm(state)) == nil { return nil }
    guard foundIsCoalesced else { return (state, 0, false, nil) }
    guard let first = KeyframeSeek.lineNumber(path: file, at: offset) else { return nil }
    return (state, first + foundLine - 1, true, lastCaptured)
  }
}

/// Why `state --at N` found no action N, from what was read around where it would be.
///
/// ```text
/// log.jsonl has no action 9 (the last is 6)
/// log.jsonl has no action 5: it was not recorded (the gap note on line 5 says "writer fell behind: 8 actions dropped"; actions 3 to 10 are missing)
/// log.jsonl has no action 5: the trace jumps from action 2 to action 11 on line 5, with no gap note
/// ```
private struct MissingAction {
  /// The last `state` or `action` line at or before N.
  var last: Int64?
  /// The first `state` or `action` line after N: its seq and line.
  var next: (seq: Int64, line: Int)?
  /// A gap note after `last` (and before `next`).
  var gap: (line: Int, note: TraceNote)?
  /// The `end` line's count of actions.
  var endActions: Int64?

  /// The text after `has no action N`.
  func reason(for seq: Int64) -> String {
    guard let last else { return " (it has no state)" }
    let missing: ClosedRange<Int64>
    if let next {
      guard seq > last, next.seq > last + 1 else { return " (the last is \(last))" }
      guard gap != nil else {
        return ": the trace jumps from action \(last) to action \(next.seq) on line \(next.line), with no gap note"
      }
      missing = (last + 1)...(next.seq - 1)
    } else {
      guard let gap, let end = endActions ?? gap.note.dropped.map({ last + $0 }), seq > last, seq <= end else {
        return " (the last is \(last))"
      }
      missing = (last + 1)...end
    }
    guard let gap else { return " (the last is \(last))" }
    let range =
      missing.count == 1
      ? "action \(missing.lowerBound) is" : "actions \(missing.lowerBound) to \(missing.upperBound) are"
    return ": it was not recorded (the gap note on line \(gap.line) says \"\(gap.note.message)\"; \(range) missing)"
  }
}
