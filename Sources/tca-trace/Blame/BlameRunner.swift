import Debugging

/// Runs `tca-trace blame FILE PATH`: every action after which the value at PATH differs from the
/// value before it, with both values — "who changed this?".
///
/// ```text
/// #2      +0.052s   4.2µs  Todos.Action.todos(.element(id:, action: .toggle))
///   - false
///   + true
///
/// 1 action changed todos[id:1].isComplete.
/// ```
///
/// A state written whole after the first (after coalesced actions, or changed outside the reducer)
/// that changed the value is shown too, as `(state after #2000, recorded whole: …)`: it is the only
/// record of those changes.
package struct BlameRunner {
  package var file: String
  package var path: StatePath
  package var format: OutputFormat
  package var context: CommandContext

  package init(file: String, path: StatePath, format: OutputFormat, context: CommandContext) {
    self.file = file
    self.path = path
    self.format = format
    self.context = context
  }

  package func run() throws -> Int32 {
    // Gaps and coalesced states are said at the end, as `show` says them.
    let input = try RecordInput(file: file, reportsGaps: true, context: context)
    input.reader.skipsKeyframeStates = true
    // Blame prints labels and the values at the path, never an action's value.
    input.reader.skipsActionValues = true
    input.reader.keepsArraysAsText = true
    input.readAhead()
    let renderer = ShowTextRenderer(style: context.style)
    // Whether an operation can change the value at the path: it touches the path's part before
    // any `[id:]` (at it, inside or above it), or shifts the elements of an array above it.
    var filter = ShowActionFilter()
    filter.path = path.fixedPointer != nil ? path : (try? StatePath(parsing: path.fixedPrefix.description))
    var tracker = StateTracker()
    var hints: [Int] = []
    var changes = 0
    // States written whole after the first (after coalesced actions, or changed outside the
    // reducer) that changed the value: the only record of those changes.
    var wholeStateChanges = 0
    var lastWasCoalesced = false
    // Whether the path resolved in some state: "never changed" and "never there" read differently.
    var found = false
    /// Where the path is in the state followed so far, and the value there (`nil` when absent).
    func atPath() -> (place: (pointer: JSONPointer, isComplete: Bool)?, value: JSON?) {
      guard let state = tracker.state else { return (nil, nil) }
      let place = path.pointer(in: state, hints: &hints)
      return (place, place.isComplete ? StatePath.value(at: place.pointer, in: state) : nil)
    }
    while let line = try input.next() {
      guard case let .action(action) = line.record else {
        // Effects, notes, the header and the initial state: followed, nothing to compare.
        guard case let .state(snapshot) = line.record, tracker.state != nil else {
          try tracker.apply(line, file: input.file)
          if !found { found = tracker.state.flatMap { path.value(in: $0, hints: &hints) } != nil }
          continue
        }
        let (before, old) = atPath()
        try tracker.apply(line, file: input.file)
        let (after, new) = atPath()
        if !found { found = new != nil }
        guard old != new else { continue }
        wholeStateChanges += 1
        let what =
          snapshot.changedOutside
          ? "state changed outside the reducer after #\(snapshot.seq)"
          : lastWasCoalesced
            ? "state after #\(snapshot.seq), recorded whole: it includes the changes of the coalesced actions"
            : "state after #\(snapshot.seq), recorded whole"
        if format == .json {
          var members: [JSON.Member] = [
            .init("seq", .int(snapshot.seq)), .init("t", .int(snapshot.t)), .init("state", .string(what)),
            .init("path", .string(((new != nil ? after : before)?.pointer ?? JSONPointer(tokens: [])).description)),
          ]
          if let old { members.append(.init("old", old)) }
          if let new { members.append(.init("new", new)) }
          try context.output.jsonLine(.object(members))
          continue
        }
        try context.output.line(context.style.paint("(\(what))", .dim))
        try context.output.line(try side("-", old, at: before?.pointer, line.line, input, renderer))
        try context.output.line(try side("+", new, at: after?.pointer, line.line, input, renderer))
        continue
      }
      lastWasCoalesced = action.coalesced
      // Only the old value at the path is kept while the patch applies, so the state is patched
      // in place (nothing but that value is copied).
      let mayChange =
        action.state != nil || filter.path == nil || filter.touchesPath(action.patch, before: nil, after: nil)
      let (before, old) = mayChange ? atPath() : (nil, nil)
      try tracker.apply(line, file: input.file)
      guard mayChange else { continue }
      let (after, new) = atPath()
      if !found { found = new != nil }
      // A secret replaced by another reads the same on both sides (the redaction marker): the
      // patch replacing the value at the path itself, or a place inside it with a value that
      // hides something (`ReplacedPlaces`: `/services/1/apiKey` for `services[1]`), says it changed.
      let secretReplaced =
        old == new && new != nil
        && (new?.isRedactionMarker == true && action.patch.operations.contains { $0.path == after?.pointer }
          || after.map { after in
            tracker.state.map { state in
              ReplacedPlaces.places(in: action.patch, after: state).contains { $0.starts(with: after.pointer.tokens) }
            } == true
          } == true)
      guard old != new || secretReplaced else { continue }
      changes += 1
      if format == .json {
        var members: [JSON.Member] = [
          .init("seq", .int(action.seq)), .init("t", .int(action.t)), .init("label", .string(action.label)),
          .init("path", .string(((new != nil ? after : before)?.pointer ?? JSONPointer(tokens: [])).description)),
        ]
        if let old { members.append(.init("old", old)) }
        if let new { members.append(.init("new", new)) }
        try context.output.jsonLine(.object(members))
        continue
      }
      try context.output.line(
        renderer.actionLine(
          seq: action.seq, t: action.t, duration: action.duration, label: action.label, effect: action.effect))
      try context.output.line(try side("-", old, at: before?.pointer, line.line, input, renderer))
      try context.output.line(try side("+", new, at: after?.pointer, line.line, input, renderer))
    }
    if format == .text {
      var summary =
        changes > 0
        ? "\(changes) action\(changes == 1 ? "" : "s") changed \(path)."
        : found
          ? "No action changed \(path)."
          : "No state has \(path): the path is not in any state of this trace."
      if wholeStateChanges > 0 {
        summary.removeLast()
        summary +=
          "; \(wholeStateChanges) state\(wholeStateChanges == 1 ? "" : "s") recorded whole changed it\(changes > 0 ? " too" : "")."
      }
      try context.output.line(context.style.paint(summary, .dim))
    }
    try input.finish()
    // Like `grep`: no action changed the path (no state has it, or none changed it) is "nothing found" (exit 1).
    // The state is freed by the exit (`ProcessEnd`).
    ProcessEnd.keep(tracker)
    return changes + wholeStateChanges > 0 ? CommandLineExit.success : CommandLineExit.problemsFound
  }

  /// `  - false`, or `  + (absent)` when the path did not exist on that side.
  /// `pointer`: where the value is in the state (for the error of one not in the value form).
  private func side(
    _ marker: String, _ json: JSON?, at pointer: JSONPointer?, _ line: Int, _ input: RecordInput,
    _ renderer: ShowTextRenderer
  ) throws(TraceError) -> String {
    let text =
      try json.map { json throws(TraceError) in
        renderer.compact(try input.value(json, line: line, in: .state, under: pointer?.description ?? ""))
      } ?? "(absent)"
    return context.style.paint("  \(marker) \(text)", marker == "-" ? .removed : .inserted)
  }
}
