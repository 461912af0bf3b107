import Debugging
import Foundation

/// What `tca-trace testgen` writes, and how.
struct TestgenOptions {
  /// What to do with the actions effects sent.
  enum Effects: String, CaseIterable {
    /// `receive` each, with its state assertion (after letting effects run: `advanceClocksUntilReceived`).
    case receive
    /// Skip them (`skipReceivedActions`): only the user's actions are asserted.
    case skip
  }

  /// The reducer's type: `Todos` (default: the trace's session name).
  var feature: String?
  /// The expression that builds the reducer (default: `FEATURE()`).
  var reducer: String?
  /// The test function's name, a Swift identifier (default: from the file name,
  /// `todos-sort-bug.jsonl` → `todosSortBug`); a keyword is written in backticks.
  var testName: String?
  /// Modules to import besides Foundation, RuntimeTesting and Testing.
  var imports: [String] = []
  var from: Int64?
  var to: Int64?
  var effects: Effects = .receive
}

/// Writes a Swift Testing test from a trace, line by line: a `TestStore` built from the trace's
/// initial state (or the state before `--from`), then for every action a `send` (or, for an
/// action an effect sent, a `receive`) with an exhaustive assertion made of the mutations its
/// patch records.
///
/// ```swift
/// var writer = TestgenWriter(file: "todos.jsonl", options: TestgenOptions(reducer: "Todos(clock: TestClock(), uuid: .incrementing())"))
/// for line in lines { try writer.consume(line) }
/// print(try writer.source())
/// ```
struct TestgenWriter {
  let file: String
  /// The file as the command line names it, for errors at a line (as `show` names it).
  let path: String
  let options: TestgenOptions
  private var session: TraceSession?
  private var state: JSON?
  private var initialState: String?
  private var mutations = StateMutationWriter()
  private var body: [String] = []
  /// Where each step (an action's send or receive) starts in `body`.
  private var stepStarts: [Int] = []
  private var firstSeq: Int64?
  private var lastSeq: Int64?
  private var done = false
  /// Whether the last action written had its state coalesced (the next one carries its change).
  private var afterCoalesced = false
  /// Effects started and not yet ended: id → the seq that started it.
  private var running: [Int64: Int64] = [:]
  private var startedBy: [Int64: Int64] = [:]
  /// Long arrays of the initial state, written as helper functions after the test.
  private let hoisting: SwiftLiteral.Hoisting
  /// Assertions too long for a closure, as functions after the test (statements with markers).
  private var stepHelpers: [[String]] = []

  init(file: String, path: String? = nil, options: TestgenOptions) {
    self.file = file
    self.path = path ?? file
    self.options = options
    hoisting = SwiftLiteral.Hoisting(prefix: options.testName ?? Self.testName(for: file))
  }

  /// Takes one line of the trace into account.
  mutating func consume(_ line: TraceLine) throws(CommandLineExit) {
    guard !done else { return }
    switch line.record {
    case let .session(header):
      session = header
    case let .state(snapshot):
      if firstSeq != nil, snapshot.changedOutside {
        // A `state` line after the first action: the reducer's state changed outside it.
        if let to = options.to, snapshot.seq >= to {
          done = true
          return
        }
        throw .failure(
          "\(file):\(line.line): the state changed outside the reducer before #\(snapshot.seq + 1) (another "
            + "forEach element, an ifLet child presented again, or a change by its parent), which a test of this "
            + "reducer cannot reproduce; generate up to it (--to \(snapshot.seq)) or from it (--from \(snapshot.seq + 1))"
        )
      }
      if state == nil {
        mutations.noteNulls(in: snapshot.state)
        if (options.from ?? 0) <= 1 {
          initialState = try literal(snapshot.state, line: line.line, what: "the initial state")
        }
      }
      state = snapshot.state
    case let .action(action):
      try consume(action, line: line.line)
    case let .effect(event):
      guard firstSeq != nil || event.event != .started || (options.from ?? 0) <= (event.seq ?? 0) else { return }
      switch event.event {
      case .started:
        running[event.effect] = event.seq ?? 0
        startedBy[event.effect] = event.seq ?? 0
      case .finished, .cancelled:
        running[event.effect] = nil
      case .output:
        break
      }
    case let .note(note):
      guard note.note == .gap, firstSeq != nil else { return }
      body.append(
        "  // The recorder dropped actions here (\(SwiftLiteral.commentText(note.message))): the states after it may not be reproducible."
      )
    case .end:
      return
    }
  }

  private mutating func consume(_ action: TraceAction, line: Int) throws(CommandLineExit) {
    guard var current = state else {
      throw error(at: line, "action \(action.seq) has a patch but no state before it")
    }
    if let to = options.to, action.seq > to {
      done = true
      return
    }
    // `current` alone holds the state while the patch applies, so it changes in place.
    state = nil
    if let from = options.from, action.seq < from {
      do {
        try action.patch.apply(to: &current)
      } catch {
        throw self.error(at: line, "patch of action \(action.seq) does not apply: \(error.message)")
      }
      state = action.state ?? current
      return
    }
    if firstSeq == nil {
      firstSeq = action.seq
      if initialState == nil {
        initialState = try literal(current, line: line, what: "the state before #\(action.seq)")
      }
    }
    lastSeq = action.seq
    var statements: [String]
    do {
      statements = try mutations.statements(for: action.patch, state: &current)
    } catch {
      throw self.error(at: line, "patch of action \(action.seq) does not apply: \(error.message)")
    }
    // An action whose state the recorder coalesced has no change of its own, and the next one's
    // change includes it: neither can be asserted, so both are sent with exhaustivity off.
    let unasserted = action.coalesced || afterCoalesced
    afterCoalesced = action.coalesced
    if unasserted {
      statements = []
    } else if statements.count > Self.closureStatementLimit, case let .object(members) = current,
      members.first?.key == "$type",
      case let .string(type) = members[0].value, SwiftLiteral.isTypeName(type)
    {
      statements = [hoist(statements, of: action, stateType: type)]
    }
    state = action.state ?? current
    stepStarts.append(body.count)
    guard unasserted else {
      body.append(contentsOf: step(action, statements: statements))
      return
    }
    let why =
      action.coalesced
      ? "its state was not captured (coalesced while the writer was busy)"
      : "its change includes those of the coalesced actions before it"
    body.append("  // #\(action.seq): \(why): not asserted.")
    body.append("  store.exhaustivity = .off")
    body.append(contentsOf: step(action, statements: []))
    body.append("  store.exhaustivity = .on")
  }

  /// A trace whose state cannot be followed, as `show` says it (`StateTracker`), exit 2:
  /// `log.jsonl:9: error: patch of action 7 does not apply: path /todos/7 does not exist`.
  private func error(at line: Int, _ message: String) -> CommandLineExit {
    CommandLineExit(
      message: TraceError(file: path, line: line, message: message).description, toStandardOutput: false,
      code: CommandLineExit.failure)
  }

  /// `await store.send(…) { … }` or its `receive`, with a comment naming the trace's action.
  private func step(_ action: TraceAction, statements: [String]) -> [String] {
    var lines: [String] = []
    let label = SwiftLiteral.commentText(action.label)
    let actionCode: String
    do {
      let call = action.effect != nil && options.effects == .receive ? "  await store.receive(" : "  await store.send("
      actionCode = try SwiftLiteral.expression(of: action.action, indent: "  ", column: call.count)
    } catch {
      return [
        "  // #\(action.seq) \(label): the action cannot be written in Swift (\(SwiftLiteral.commentText(error.reason)));",
        "  // the steps after it may fail.",
      ]
    }
    // A closure of comments only (values the trace does not hold) must still name its argument
    // to compile: `{ _ in`.
    let onlyComments = !statements.isEmpty && statements.allSatisfy { $0.hasPrefix("//") }
    let closure = statements.isEmpty ? "" : onlyComments ? " { _ in" : " {"
    let closing = statements.isEmpty ? [] : ["  }"]
    let assertions = statements.map { "    " + $0.replacingOccurrences(of: "\n", with: "\n    ") }
    guard let effect = action.effect else {
      lines.append("  // #\(action.seq) \(label)")
      lines.append("  await store.send(\(actionCode))\(closure)")
      return lines + assertions + closing
    }
    let origin = startedBy[effect].map { " (started by #\($0))" } ?? ""
    guard let started = startedBy[effect], firstSeq.map({ started >= $0 }) ?? false else {
      lines.append(
        "  // #\(action.seq) \(label), sent by effect \(effect)\(origin), which started before this test: sent here"
      )
      lines.append("  await store.send(\(actionCode))\(closure)")
      return lines + assertions + closing
    }
    switch options.effects {
    case .receive:
      lines.append("  // #\(action.seq) \(label), sent by effect \(effect)\(origin)")
      lines.append("  await store.advanceClocksUntilReceived()")
      lines.append("  await store.receive(\(actionCode))\(closure)")
      return lines + assertions + closing
    case .skip:
      lines.append("  // #\(action.seq) \(label), sent by effect \(effect)\(origin): skipped")
      lines.append("  await store.advanceClocksUntilReceived()")
      lines.append("  await store.skipReceivedActions(strict: false)")
      return lines
    }
  }

  /// More statements than this in one assertion closure go into a function of their own: the
  /// compiler checks a closure's statements together (2,500 moves of a sort take it minutes), a
  /// function's one by one.
  static let closureStatementLimit = 24
  /// Steps per function: a long trace's steps go into functions of this many, called in order
  /// from the test, so that no function body is large enough to exhaust the compiler's memory
  /// (a 1,120-action test in one function went past 17 GB).
  static let stepsPerFunction = 40

  /// `largeTodosStep2(&$0)`, with the statements in `private func largeTodosStep2(_ state: inout Todos.State)`.
  private mutating func hoist(_ statements: [String], of action: TraceAction, stateType: String) -> String {
    let name = "\(testName)Step\(action.seq)"
    var lines = [
      "/// The state change of #\(action.seq) \(SwiftLiteral.commentText(action.label)) (\(statements.count) statements).",
      "private func \(name)(_ state: inout \(stateType)) {",
    ]
    for statement in statements {
      let renamed =
        statement.hasPrefix("$0")
        ? "state" + statement.dropFirst(2)
        : statement.hasPrefix("// $0") ? "// state" + statement.dropFirst(5) : statement
      lines.append("  " + renamed.replacingOccurrences(of: "\n", with: "\n  "))
    }
    lines.append("}")
    stepHelpers.append(lines)
    return "\(name)(&$0)"
  }

  private var testName: String { options.testName ?? Self.testName(for: file) }

  private func literal(_ json: JSON, line: Int, what: String) throws(CommandLineExit) -> String {
    do {
      return try SwiftLiteral.expression(
        of: json, indent: "  ", column: "  let store = TestStore(initialState: ".count, hoisting: hoisting)
    } catch {
      throw .failure("\(file):\(line): \(what) cannot be written in Swift: \(error.reason)")
    }
  }

  /// The whole test file.
  func source() throws(CommandLineExit) -> String {
    guard let session else { throw .failure("\(file): no session header") }
    guard let initialState else {
      if let from = options.from { throw .failure("\(file) has no action \(from) or later") }
      throw .failure("\(file): no initial state")
    }
    let feature = options.feature ?? session.name
    // The session's name is the trace's: written as the reducer's type only when it cannot carry code.
    guard options.feature != nil || SwiftLiteral.isTypeName(feature) else {
      throw .failure(
        "\(file): the session's name \(SwiftLiteral.string(feature)) is not a Swift type name; name the feature with --feature"
      )
    }
    let reducer = options.reducer ?? "\(feature)()"
    let range =
      firstSeq.map { first in
        lastSeq.map { $0 == first } ?? true ? "action #\(first)" : "actions #\(first)…#\(lastSeq!)"
      } ?? "no actions"
    var lines: [String] = [
      "// Generated by `tca-trace testgen` from \(SwiftLiteral.commentText(file)): \(SwiftLiteral.commentText(session.name)), recorded \(SwiftLiteral.commentText(session.start)) on \(SwiftLiteral.commentText(session.platform)),",
      "// \(range). Each step asserts the state change the trace recorded.",
    ]
    let imports = Set(["Foundation", "RuntimeTesting", "Testing"] + options.imports).sorted()
    lines += imports.map { "import \($0)" }
    lines += [
      "",
      "@MainActor @Test func \(SwiftLiteral.identifier(testName))() async {",
      "  let store = TestStore(initialState: \(initialState)) {",
      "    \(reducer)",
      "  }",
    ]
    var parts: [[String]] = []
    if stepStarts.count > Self.stepsPerFunction {
      // Long: the steps in functions of `stepsPerFunction` steps each, called in order.
      let bounds = stride(from: Self.stepsPerFunction, to: stepStarts.count, by: Self.stepsPerFunction).map {
        stepStarts[$0]
      }
      var start = 0
      for end in bounds + [body.count] {
        parts.append(Array(body[start..<end]))
        start = end
      }
      for index in parts.indices { lines.append("  await \(testName)Steps\(index + 1)(store)") }
    } else {
      lines += body.map(mutations.render)
    }
    if !running.isEmpty {
      let origins = running.keys.sorted().map { "effect \($0) (started by #\(running[$0]!))" }.joined(separator: ", ")
      lines.append("  // Still running when the trace \(done ? "part ends" : "ends"): \(origins).")
      lines.append("  await store.skipInFlightEffects()")
    }
    lines.append("}")
    for (index, part) in parts.enumerated() {
      let first = index * Self.stepsPerFunction + 1
      let last = min((index + 1) * Self.stepsPerFunction, stepStarts.count)
      lines += ["", "/// Steps \(first)–\(last) of the trace's \(stepStarts.count)."]
      lines.append("@MainActor private func \(testName)Steps\(index + 1)(_ store: TestStoreOf<\(feature)>) async {")
      lines += part.map(mutations.render)
      lines.append("}")
    }
    for helper in stepHelpers { lines += [""] + helper.map(mutations.render) }
    for helper in hoisting.helpers { lines += ["", helper] }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `todos-sort-bug.jsonl` → `todosSortBug`; a name that does not start with a letter gets `trace`.
  /// A Swift keyword (`enum.jsonl` → `enum`) is written in backticks where it stands alone.
  static func testName(for file: String) -> String {
    let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    let words = stem.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard let first = words.first else { return "replayedTrace" }
    let name =
      first.prefix(1).lowercased() + first.dropFirst()
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return name.first?.isLetter == true ? name : "trace" + name
  }
}
