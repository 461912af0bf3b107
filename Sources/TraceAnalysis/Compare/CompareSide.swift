import Debugging

/// Reads one of the two traces for the comparison, one action at a time: follows its effects,
/// feeds its timings, and keeps the state after the last action the comparison took with the
/// trace layer's `TraceStateTracker`.
///
/// A step is handed out once the next action (or the end) was read, so that the effects its
/// reducer started (the `started` lines after it) are attached. Bad lines (errors) are thrown
/// with their location; warnings (a truncated last line) are kept in `warnings`.
final class CompareSide {
  let reader: TraceReader
  let mask: IgnoreMask
  private(set) var session: TraceSession?
  private(set) var initialState: JSON?
  private(set) var warnings: [TraceError] = []
  private(set) var actionCount = 0
  /// Actions taken by the comparison so far.
  private(set) var advanced = 0
  private(set) var isAtEnd = false
  /// Effects started by steps still being compared, by id.
  private(set) var effects: [Int64: EffectHistory] = [:]
  var timings: TimingReportBuilder?
  /// Called with every line read, in order (`TraceComparator.observeLines`).
  var observer: ((TraceLine) -> Void)?
  private var tracker = TraceStateTracker()
  private var pending: CompareStep?

  init(reader: TraceReader, mask: IgnoreMask, timings: Bool) {
    self.reader = reader
    self.mask = mask
    self.timings = timings ? TimingReportBuilder(slowestCount: 0) : nil
  }

  var file: String { reader.file }

  /// Reads the header and the initial state.
  func start() throws(TraceError) {
    while session == nil || initialState == nil {
      guard let line = try nextLine() else { break }
      if case let .session(header) = line.record { session = header }
      if case let .state(state) = line.record { initialState = state.state }
      if line.record.kind == .action {
        // A trace without an initial state: its first action's patch has nothing to apply to
        // (reported when the comparison takes it).
        try consume(line)
        return
      }
      if let problem = tracker.consume(line.record, line: line.line) {
        throw TraceError(file: file, line: problem.line, message: problem.message)
      }
    }
  }

  /// Forgets the initial state once it was compared, so that the tracked state is the only
  /// reference to it and the first patch changes it in place instead of copying it.
  func releaseInitialState() {
    initialState = nil
  }

  /// The next complete action, or `nil` at the end of the trace.
  func next() throws(TraceError) -> CompareStep? {
    while !isAtEnd {
      guard let line = try nextLine() else {
        isAtEnd = true
        break
      }
      if let step = try consume(line) { return step }
    }
    defer { pending = nil }
    return pending
  }

  /// The state after the last action taken (the initial state before any).
  var state: JSON? { tracker.state }

  /// Takes the next action in trace order: applies its patch (or keyframe) to the state and
  /// returns the state after it. A patch that does not apply is an error at its line.
  func advance(past step: CompareStep) throws(TraceError) -> JSON {
    advanced += 1
    let record = TraceRecord.action(
      TraceAction(
        seq: step.seq, t: 0, duration: 0, label: step.label, action: .null, patch: step.rawPatch,
        state: step.keyframeState()))
    if let problem = tracker.consume(record, line: step.line) {
      throw TraceError(file: file, line: problem.line, message: problem.message)
    }
    return tracker.state ?? .null
  }

  /// Forgets the effects of a step that was compared or left unaligned.
  func release(_ ids: [Int64]) {
    for id in ids { effects.removeValue(forKey: id) }
  }

  /// Whether every effect in `ids` has ended (or the trace is over).
  func settled(_ ids: [Int64]) -> Bool {
    isAtEnd || ids.allSatisfy { effects[$0].map { $0.end != .running } ?? true }
  }

  func history(_ id: Int64) -> EffectHistory { effects[id] ?? EffectHistory() }

  private func nextLine() throws(TraceError) -> TraceLine? {
    while let item = reader.next() {
      switch item {
      case let .success(line):
        timings?.add(line.record, line: line.line)
        observer?(line)
        return line
      case let .failure(error):
        guard error.severity == .warning else { throw error }
        warnings.append(error)
      }
    }
    return nil
  }

  /// Takes a line into account; returns the previous step when this line starts a new one.
  @discardableResult
  private func consume(_ line: TraceLine) throws(TraceError) -> CompareStep? {
    switch line.record {
    case let .action(action):
      let step = CompareStep(line: line.line, action: action, mask: mask)
      actionCount += 1
      defer { pending = step }
      return pending
    case let .state(snapshot):
      // A full state after the action being read: a keyframe of that action.
      if snapshot.seq == pending?.seq { pending?.keyframe = snapshot.state }
      return nil
    case let .effect(event):
      switch event.event {
      case .started:
        guard event.seq == pending?.seq else { return nil }
        pending?.effects.append(event.effect)
        effects[event.effect] = EffectHistory(cancellationID: event.id)
      case .output:
        effects[event.effect]?.outputs.append(event.label ?? "?")
      case .finished:
        effects[event.effect]?.end = .finished
      case .cancelled:
        effects[event.effect]?.end = .cancelled
      }
      return nil
    case .session, .note, .end:
      return nil
    }
  }
}
