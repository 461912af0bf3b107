import Debugging

/// Runs `tca-trace show`: reads the trace line by line and prints each shown action as it goes,
/// so the first screen of a gigabyte trace appears at once and memory stays bounded (the current
/// state and the effects still running).
package final class ShowRunner {
  package let options: ShowOptions
  package let context: CommandContext
  // One thread runs `show`, a line at a time: no dynamic exclusivity check per access.
  /// The effects still running, by id, with the action that started them.
  @exclusivity(unchecked) private var origins: [Int64: EffectOrigin] = [:]
  /// The sequence number of the last action shown; its `started` effects are shown too.
  @exclusivity(unchecked) private var lastShown: Int64 = -1
  /// Whether an action at or after `--from` has been read (notes before it are not shown).
  @exclusivity(unchecked) private var reachedFrom = false
  /// Whether the last action read was coalesced (its state not captured).
  @exclusivity(unchecked) private var lastWasCoalesced = false
  /// How many actions (or, with `--full-state`, the initial state) were shown.
  @exclusivity(unchecked) private var shownCount = 0

  package init(options: ShowOptions, context: CommandContext) {
    self.options = options
    self.context = context
  }

  /// After this many lines, the rest are read ahead (`TraceInput.readAhead()`) for the full
  /// text: 19 % less time for `show` on a trace of 260,000 lines, and no thread for a trace of a
  /// few thousand.
  static let readAheadAfterLines = 4096

  package func run() throws -> Int32 {
    if options.labelsOnly && options.filter.path == nil { return try runLabels() }
    let input = try RecordInput(file: options.file, follow: options.follow, reportsGaps: true, context: context)
    let renderer = ShowTextRenderer(style: context.style)
    let output = context.output
    let json = options.format == .json
    let needsState = !options.labelsOnly && (!json || options.fullState) || options.filter.needsState
    // The state follows the patches; keyframes are printed only as records (JSON).
    input.reader.skipsKeyframeStates = !json
    // The elements of a large array are parsed when read (only the text of the whole state after
    // each action reads them all: it parses them at once).
    input.reader.keepsArraysAsText = json || !options.fullState
    var tracker = StateTracker()

    var linesRead = 0
    // Only the full text: with `--path`, `--label` or `--format json` the second thread costs
    // more than it saves (28–38 % more time on the 94 MB trace: the lines it decodes are freed
    // on this one).
    let readsAhead = !json && !options.labelsOnly && options.filter.path == nil && options.filter.label == nil
    // In tests, `TCA_TRACE_READ_AHEAD_AFTER=50` reads ahead after 50 lines (0: never).
    let readAheadAfter =
      Platform.environment("TCA_TRACE_READ_AHEAD_AFTER").flatMap { Int($0) } ?? Self.readAheadAfterLines
    while let line = try input.next() {
      // A long trace's lines are read and decoded on the other core from here on (a short one
      // would pay more for the thread than it gains).
      linesRead += 1
      if linesRead == readAheadAfter, readsAhead { input.readAhead() }
      switch line.record {
      case let .session(session):
        if json {
          try writeJSON(line.record.json)
        } else if !options.labelsOnly {
          try output.line(renderer.header(session))
        }
      case let .state(snapshot):
        let before = tracker.state
        if needsState { try tracker.apply(line, file: input.file) }
        // A state written whole after an action that was shown (the state after the last coalesced
        // actions, or one changed outside the reducer): what it changed is shown under that action.
        if !json, !options.labelsOnly, !options.fullState, snapshot.seq == lastShown, let before,
          let after = tracker.state
        {
          try showWholeState(
            snapshot, before: before, after: after, line: line.line, file: input.file, renderer: renderer)
        }
        // A later `state` line (changed outside the reducer) is the state the next action starts
        // from: its diff shows the change; `--full-state` prints the state after each action.
        if options.fullState, !json, snapshot.seq == 0, let state = tracker.state,
          options.filter.accepts(seq: 0, t: 0, label: "")
        {
          shownCount += 1
          try output.line()
          try output.line(renderer.actionLine(seq: 0, t: 0, duration: 0, label: "initial state", effect: nil))
          try output.line(renderer.value(try input.value(state, line: line.line, under: "/state")))
        }
      case let .action(action):
        if options.filter.isPast(seq: action.seq, t: action.t) && !options.follow {
          try input.finish()
          return try exitCode()
        }
        if action.seq >= (options.filter.from ?? 0) { reachedFrom = true }
        lastWasCoalesced = action.coalesced
        // Only the full text output needs the whole state before the action (its diff); `--path`
        // keeps what it compares, so applying the patch does not copy the state.
        let pathCheck =
          options.filter.path == nil
          ? nil
          : ShowPathCheck(
            filter: options.filter, patch: action.patch, isKeyframe: action.state != nil, before: tracker.state)
        // The text diff is taken from the patch and the places it touches (`ActionChange`), so
        // the state is not shared while the patch applies in place; only a patch that may change
        // an object's shape keeps the whole state before it.
        let noTextDiff =
          options.labelsOnly || json || options.fullState || action.patch.operations.isEmpty
          || !options.filter.accepts(seq: action.seq, t: action.t, label: action.label)
          || pathCheck?.cannotChange == true
        let stateChange = noTextDiff ? nil : ActionChange(patch: action.patch, before: tracker.state)
        if needsState { try tracker.apply(line, file: input.file) }
        let shown =
          options.filter.accepts(seq: action.seq, t: action.t, label: action.label)
          && pathCheck?.changed(after: tracker.state) ?? true
        lastShown = shown ? action.seq : -1
        if shown {
          shownCount += 1
          try show(action, change: stateChange, after: tracker.state, line: line, input: input, renderer: renderer)
        }
      case let .effect(event):
        try effect(event, renderer: renderer)
      case let .note(note):
        if options.labelsOnly || !options.filter.acceptsContext(t: note.t, reachedFrom: reachedFrom) { break }
        try json ? writeJSON(line.record.json) : output.line(renderer.noteLine(note))
      case let .end(end):
        if options.labelsOnly || !options.filter.acceptsContext(t: end.t, reachedFrom: reachedFrom) { break }
        try json ? writeJSON(line.record.json) : output.line(renderer.endLine(end))
      }
      if options.follow { try output.flush() }
    }
    // The effects of shown actions that never ended, said once the trace is read (in the order
    // they started).
    if !json, !options.labelsOnly {
      for (effect, origin) in origins.sorted(by: { $0.key < $1.key }) where origin.shown {
        try output.line(renderer.stillRunningLine(effect: effect, origin: origin))
      }
    }
    try input.finish()
    // The state is freed by the exit (`ProcessEnd`).
    ProcessEnd.keep(tracker)
    return try exitCode()
  }

  /// Like `grep`, and as `blame` and `state` do: filters that no action passes are "nothing
  /// found" (exit 1, with a line that says so in the text output), not an error (2); without
  /// filters an empty session is shown and is fine (0).
  private func exitCode() throws -> Int32 {
    guard options.filter.selects, shownCount == 0 else { return CommandLineExit.success }
    if options.format == .text, !options.labelsOnly {
      try context.output.line()
      try context.output.line(context.style.paint("No action matched the filters.", .dim))
    }
    return CommandLineExit.problemsFound
  }

  /// `--labels-only` without `--path`: the summary reader, which builds no values (the fast path).
  private func runLabels() throws -> Int32 {
    let input = try SummaryInput(file: options.file, follow: options.follow, reportsGaps: true, context: context)
    // A large file is summarized on every core (`SummarySegments`); a followed one here.
    let (segments, tested) = options.follow ? (nil, false) : SummarySegments.start(file: options.file, context: context)
    defer { segments?.cancel() }
    if let segments { input.read(from: segments.next) }
    let renderer = ShowTextRenderer(style: context.style)
    let json = options.format == .json
    while let summary = try input.next() {
      if json, summary.kind == .session, let session = input.reader.session ?? segments?.session {
        try writeJSON(TraceRecord.session(session).json)
      }
      guard summary.kind == .action, let seq = summary.seq, let t = summary.t else { continue }
      if options.filter.isPast(seq: seq, t: t) && !options.follow { break }
      let label = summary.label ?? ""
      guard options.filter.accepts(seq: seq, t: t, label: label) else { continue }
      let duration = summary.duration ?? 0
      if json {
        var members: [JSON.Member] = [
          .init("kind", .string("action")), .init("seq", .int(seq)), .init("t", .int(t)),
          .init("duration", .int(duration)),
          .init("label", .string(label)),
        ]
        if let effect = summary.effect { members.append(.init("effect", .int(effect))) }
        try writeJSON(.object(members))
      } else {
        try context.output.append { bytes in
          renderer.appendActionLine(
            seq: seq, t: t, duration: duration, label: label, effect: summary.effect, to: &bytes)
          bytes.append(UInt8(ascii: "\n"))
        }
      }
      shownCount += 1
      if options.follow { try context.output.flush() }
    }
    try input.finish()
    if tested, let segments, segments.stretchesRead > 0 { try? context.errors.line(segments.testNote) }
    return try exitCode()
  }

  private func show(
    _ action: TraceAction, change: ActionChange?, after: JSON?, line: TraceLine, input: RecordInput,
    renderer: ShowTextRenderer
  ) throws {
    let output = context.output
    if options.format == .json {
      var record = action
      if options.labelsOnly {
        try writeJSON(
          .object([
            .init("kind", .string("action")), .init("seq", .int(action.seq)), .init("t", .int(action.t)),
            .init("duration", .int(action.duration)),
            .init("label", .string(action.label)),
          ]))
        return
      }
      if options.fullState { record.state = after }
      try writeJSON(TraceRecord.action(record).json)
      return
    }
    if options.labelsOnly {
      try output.line(
        renderer.actionLine(
          seq: action.seq, t: action.t, duration: action.duration, label: action.label, effect: action.effect))
      return
    }
    let actionValue = try input.value(action.action, line: line.line, under: "/action")
    try output.append { bytes in
      bytes.append(UInt8(ascii: "\n"))
      renderer.appendActionLine(
        seq: action.seq, t: action.t, duration: action.duration, label: action.label, effect: action.effect,
        to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
      renderer.appendAction(actionValue, to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
    if options.fullState {
      if let after {
        try output.line(
          renderer.value(try input.value(after, line: line.line, in: .stateAfterAction, under: "")))
      }
    } else if action.coalesced && action.patch.operations.isEmpty {
      try output.line(renderer.coalesced())
    } else if action.patch.operations.isEmpty {
      try output.line(renderer.stateChange(StateDiff(root: .init(key: .root, change: .unchanged(count: 1)))))
    } else if let change, let after {
      let diff: StateDiff?
      do {
        diff = try change.diff(after: after)
      } catch {
        throw TraceError.valueForm(
          error, file: input.file, line: line.line, in: .stateAroundAction)
      }
      if let diff {
        try output.append { bytes in
          renderer.appendStateChange(diff, to: &bytes)
          bytes.append(UInt8(ascii: "\n"))
        }
      }
    }
  }

  /// The change a state line written whole makes to the state followed so far, under the action
  /// it follows (nothing when it changes nothing; one line when it changed outside the reducer):
  ///
  /// ```text
  ///   (State after #2000, recorded whole: it includes the changes of the coalesced actions)
  ///     Board.State(
  ///   -   counter: 7
  ///   +   counter: 667
  ///     )
  /// ```
  private func showWholeState(
    _ snapshot: TraceState, before: JSON, after: JSON, line: Int, file: String, renderer: ShowTextRenderer
  ) throws {
    // Changed outside: said in one line (a `forEach` row's store takes another row's state before
    // each of its actions; the whole state replaced would be noise).
    if snapshot.changedOutside {
      try context.output.line(
        "  " + renderer.style.paint("(State changed outside the reducer after #\(snapshot.seq))", .dim))
      return
    }
    let diff: StateDiff
    do {
      diff = try JSONStateDiff.diff(before, after)
    } catch {
      throw TraceError.valueForm(error.error, file: file, line: line, in: .stateAroundLine)
    }
    if case .unchanged = diff.root.change { return }
    let heading =
      lastWasCoalesced
      ? "(State after #\(snapshot.seq), recorded whole: it includes the changes of the coalesced actions)"
      : "(State after #\(snapshot.seq), recorded whole)"
    try context.output.append { bytes in
      bytes.appendUTF8("  " + renderer.style.paint(heading, .dim))
      bytes.append(UInt8(ascii: "\n"))
      renderer.appendStateChange(diff, to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
  }

  private func effect(_ event: TraceEffectEvent, renderer: ShowTextRenderer) throws {
    if event.event == .started, let seq = event.seq {
      origins[event.effect] = EffectOrigin(seq: seq, t: event.t, label: event.label ?? "", shown: seq == lastShown)
    }
    guard let origin = origins[event.effect] else { return }
    if event.event == .finished || event.event == .cancelled { origins[event.effect] = nil }
    guard origin.shown else { return }
    if options.format == .json {
      if !options.labelsOnly { try writeJSON(TraceRecord.effect(event).json) }
    } else if !options.labelsOnly, event.event != .output {
      try context.output.append { bytes in
        renderer.appendEffectLine(event, origin: origin, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
    }
  }

  private func writeJSON(_ json: JSON) throws(OutputClosed) {
    try context.output.jsonLine(json)
  }
}
