extension TraceError {
  /// Whether the unreadable line may have been an action or a state: a JSON syntax error (its
  /// kind is unknown) or a bad `action` or `state` record (a bad record's message starts with its
  /// kind, `action: missing key "t"`).
  var mayHideAStateChange: Bool {
    column != nil || message.hasPrefix("action: ") || message.hasPrefix("state: ")
  }
}

/// The checks of one session of a trace, line after line (`TraceValidator`).
struct ValidationState {

  let file: String
  var findings: [TraceError] = []
  /// The state through the lines, on this thread (`nil` when the stretches' threads follow it:
  /// `TraceValidator.FollowedLines`).
  var following: StateFollowing? = StateFollowing()
  var sawInitialState = false
  var lastSeq: Int64 = 0
  var gapAnnounced = false
  var effects = EffectPhases()
  /// Outputs waiting for their action: seq → (effect, line).
  var pendingOutputs: [Int64: (effect: Int64, line: Int)] = [:]
  var endLine: Int?
  /// A line could not be read since the last full state: what it changed is unknown, so patches
  /// that then fail to apply are its consequence, not new problems.
  var stateUncertain = false
  /// Also check the values of an action's patch for the value form, when the line comes without
  /// a form problem (the reader left that check: `TraceReader.defersChecks`).
  let checksPatchForms: Bool

  init(file: String, checksPatchForms: Bool = false) {
    self.file = file
    self.checksPatchForms = checksPatchForms
  }

  /// After an unreadable line (already reported): it may have been the initial state, the next
  /// action or a patch the following ones build on, so none of these is reported missing for it.
  mutating func skipped() {
    sawInitialState = true
    gapAnnounced = true
    stateUncertain = true
  }

  /// Checks one item of the reader: a line of this session, or the error it was. `formProblem`:
  /// a value of the line not in the trace's value form, reported before the line is checked.
  mutating func take(
    _ item: consuming Result<TraceLine, TraceError>, stateText: TraceLineRules.DeferredState?,
    formProblem: TraceError? = nil
  ) {
    take(item, stateText: stateText, formProblem: formProblem, followed: nil)
  }

  /// Checks one item whose state was followed elsewhere (`StateFollowing` on a stretch's thread):
  /// `problem`, what its patch or keyframe did wrong. An action that held a whole state says so
  /// with a `state` member (its value not read). `lineOffset`: added to the item's line number
  /// (a stretch's lines are numbered from its start).
  mutating func take(
    _ item: consuming Result<TraceLine, TraceError>, lineOffset: Int, followed problem: TraceStateProblem?,
    formProblem: TraceError?
  ) {
    take(item, stateText: nil, formProblem: formProblem, followed: problem, lineOffset: lineOffset)
  }

  private mutating func take(
    _ item: consuming Result<TraceLine, TraceError>, stateText: TraceLineRules.DeferredState?,
    formProblem: TraceError?, followed: TraceStateProblem?, lineOffset: Int = 0
  ) {
    if let formProblem { findings.append(formProblem) }
    switch consume item {
    case var .failure(error):
      if error.line > 0 { error.line += lineOffset }
      findings.append(error)
      if error.severity == .error, error.mayHideAStateChange { skipped() }
    case let .success(line):
      check(line, stateText: stateText, formProblem: formProblem, followed: followed, lineOffset: lineOffset)
    }
  }

  mutating func report(_ line: Int, _ message: String, _ severity: TraceError.Severity = .error) {
    findings.append(TraceError(file: file, line: line, severity: severity, message: message))
  }

  /// `stateText`: the state of a `state` line kept as text (its record holds `.null`), or of a
  /// keyframe (its record's `state` is `nil`).
  ///
  /// The record is switched on once (a record is large: each `if case let` would copy it).
  mutating func check(
    _ item: consuming TraceLine, stateText: TraceLineRules.DeferredState? = nil, formProblem: TraceError? = nil,
    followed: TraceStateProblem? = nil, lineOffset: Int = 0
  ) {
    let line = item.line + lineOffset
    let record = (consume item).record
    // Where this line's findings start: a form problem comes first.
    let first = findings.count
    let kind = record.kind
    if let endLine, kind != .session {
      report(line, "a line after the end line (line \(endLine))")
    }
    // A session that recorded no action has no initial state: its `end` may follow the header.
    if kind != .session, kind != .end, !sawInitialState {
      sawInitialState = true
      if kind != .state {
        report(line, "expected the initial state after the header, found \"\(kind.rawValue)\"")
      }
    }
    switch consume record {
    case .session:
      break
    case let .state(snapshot):
      following?.follow(snapshot, line: line, stateText: stateText)
      stateUncertain = false
    case let .action(action):
      var formProblem = formProblem
      if checksPatchForms, formProblem == nil,
        let problem = TraceLineRules.formProblem(inPatchOf: action, line: line, file: file)
      {
        findings.insert(problem, at: first)
        formProblem = problem
      }
      let problem =
        following?.follow(action, line: line, stateText: stateText, formProblem: formProblem) ?? followed
      if let problem, !stateUncertain { report(line, problem.message) }
      if stateText != nil || action.state != nil { stateUncertain = false }
      checkSequence(action, line: line)
      checkOutput(for: action, line: line)
    case let .effect(event):
      checkEffect(event, line: line)
    case let .note(note):
      if note.note == .gap { gapAnnounced = true }
    case let .end(end):
      endLine = line
      if end.actions != lastSeq { report(line, "end says \(end.actions) actions, but the last action is \(lastSeq)") }
    }
  }

  mutating func checkSequence(_ action: TraceAction, line: Int) {
    let expected = lastSeq + 1
    if action.seq > expected, !gapAnnounced {
      report(line, "sequence gap: expected seq \(expected), found \(action.seq) with no gap note before it")
    } else if action.seq < expected {
      report(line, "sequence out of order: expected seq \(expected), found \(action.seq)")
    }
    lastSeq = max(lastSeq, action.seq)
    gapAnnounced = false
  }

  mutating func checkOutput(for action: TraceAction, line: Int) {
    // Sorted only when an output is left behind (the usual one waits for this very action).
    if pendingOutputs.keys.contains(where: { $0 < action.seq }) {
      for (seq, output) in pendingOutputs.sorted(by: { $0.key < $1.key }) where seq < action.seq {
        report(output.line, "effect \(output.effect): output for seq \(seq) is not followed by action \(seq)")
        pendingOutputs[seq] = nil
      }
    }
    if let output = pendingOutputs.removeValue(forKey: action.seq), action.effect != output.effect {
      let found = action.effect.map { "effect \($0)" } ?? "no effect"
      report(line, "action \(action.seq): sent by effect \(output.effect) (line \(output.line)), but it names \(found)")
    } else if let effect = action.effect, effects[effect] == nil {
      report(line, "action \(action.seq): sent by effect \(effect), which was never started")
    }
  }

  mutating func checkEffect(_ event: TraceEffectEvent, line: Int) {
    let id = event.effect
    // Built only for a problem (most events have none).
    var name: String { "effect \(id): \(event.event.rawValue)" }
    switch (event.event, effects[id]) {
    case (.started, nil): effects[id] = .running
    case (.started, _): report(line, "effect \(id): started twice")
    case (_, nil): report(line, "\(name), but it was never started")
    case (_, .ended): report(line, "\(name), but it had already ended")
    case (.output, .running):
      if let seq = event.seq {
        if seq <= lastSeq {
          report(line, "effect \(id): output for seq \(seq), but action \(seq) came before it")
        } else {
          pendingOutputs[seq] = (id, line)
        }
      }
    case (.finished, .running), (.cancelled, .running): effects[id] = .ended
    }
  }

  mutating func finish() {
    for (seq, output) in pendingOutputs.sorted(by: { $0.key < $1.key }) {
      report(output.line, "effect \(output.effect): output for seq \(seq) is not followed by action \(seq)")
    }
    findings = findings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(
      \.element)
  }
}
