import ExampleFeatures
import Foundation
import RuntimeTesting
import Testing
import TraceTestSupport

/// Writes `text` to a fresh temporary file named `name` and returns its path (removed when the
/// test process exits).
func replayTraceFile(_ text: String, name: String) -> String {
  traceFile(text, name: name)
}

/// The lines of `Fixtures/counter.jsonl`, each with its `\n`.
func counterLines() -> [String] {
  try! String(contentsOfFile: fixture("counter.jsonl"), encoding: .utf8)
    .split(separator: "\n").map { $0 + "\n" }
}

/// Replays that fail or stop: the first difference, at the call site, with its whole message.
@MainActor @Suite struct TraceReplayFailureTests {
  func counterStore(_ log: FailureLog, count: Int = 0) -> TestStoreOf<Counter> {
    TestStore(initialState: Counter.State(count: count), failureReporter: log.reporter) { Counter() }
  }

  @Test func buggyVariantFailsAtTheFirstSort() async {
    let log = FailureLog()
    let store = TestStore(initialState: Todos.State(), failureReporter: log.reporter) {
      Todos(clock: TestClock(), uuid: .incrementing())
    }
    let report = await store.replay(trace: fixture("todos-sort-bug.jsonl")); let line = #line
    #expect(
      log.failures.map(\.description) == [
        """
        RuntimeTestingTests/TraceReplayFailureTests.swift:\(line):36: \
        Replay of todos-sort-bug.jsonl: the state after #9 Todos.Action.sortCompletedTodos (line 15, from effect 2) \
        differs from the trace; 8 actions matched before it: …

            Todos.State(
              … (1 unchanged),
              todos: [
          ~     [2 → 0, id: UUID(00000000-0000-0000-0000-000000000000)],
                … (2 unchanged)
              ]
            )

        (Recorded: -, Actual: +)
        """
      ])
    #expect(report.description == "todos-sort-bug.jsonl: 8 of 9 actions replayed, then a failure")
  }

  @Test func fixedFeatureAgainstTheBuggyTraceInRunMode() async {
    let log = FailureLog()
    let store = TestStore(initialState: Todos.State(), failureReporter: log.reporter) {
      TodosWithSortBug(clock: TestClock(), uuid: .incrementing())
    }
    await store.replay(trace: fixture("todos.jsonl"), effects: .run)
    #expect(
      log.messages == [
        """
        Replay of todos.jsonl: the state after #9 Todos.Action.sortCompletedTodos (line 15, from effect 2) \
        differs from the trace; 8 actions matched before it: …

            Todos.State(
              … (1 unchanged),
              todos: [
                … (2 unchanged),
          ~     [0 → 2, id: UUID(00000000-0000-0000-0000-000000000000)]
              ]
            )

        (Recorded: -, Actual: +)
        """
      ])
  }

  @Test func initialStateDiffersFirst() async {
    let log = FailureLog()
    await counterStore(log, count: 5).replay(trace: fixture("counter.jsonl"))
    #expect(
      log.messages == [
        """
        Replay of counter.jsonl: the initial state differs from the trace's (line 2): …

            Counter.State(
          -   count: 0
          +   count: 5
            )

        (Recorded: -, Actual: +)
        """
      ])
  }

  @Test func traceOfAnotherFeature() async {
    let log = FailureLog()
    await counterStore(log).replay(trace: fixture("todos.jsonl"))
    #expect(
      log.messages == [
        "Replay of todos.jsonl: the trace is of another feature: its state is Todos.State, this store's is Counter.State."
      ])
  }

  @Test func actionOfAnotherFeature() async {
    var lines = counterLines()
    lines[3] = lines[3].replacingOccurrences(of: #""$enum":"Counter.Action""#, with: #""$enum":"Stepper.Action""#)
    let log = FailureLog()
    await counterStore(log).replay(trace: replayTraceFile(lines.joined(), name: "mixed.jsonl"))
    #expect(
      log.messages == [
        """
        Replay of mixed.jsonl: the trace is of another feature: #2 Counter.Action.incrementButtonTapped (line 4) \
        is a Stepper.Action, this store's actions are Counter.Action.
        """
      ])
  }

  @Test func undecodableActionNamesThePath() async {
    var lines = counterLines()
    lines[3] = lines[3].replacingOccurrences(of: #""incrementButtonTapped":{}"#, with: #""incrementTapped":{}"#)
    let log = FailureLog()
    let report = await counterStore(log).replay(trace: replayTraceFile(lines.joined(), name: "renamed.jsonl"))
    #expect(
      log.messages == [
        """
        Replay of renamed.jsonl: #2 Counter.Action.incrementButtonTapped (line 4) does not decode as Counter.Action: \
        at /: Counter.Action has no case "incrementTapped"; 1 action matched before it.
        """
      ])
    #expect(report == TraceReplayReport(file: "renamed.jsonl", actions: 2, matched: 1, failure: log.messages.first))
  }

  @Test func traceCutMidLineReplaysUpToTheCut() async {
    let lines = counterLines()
    let cut = lines[0...3].joined() + lines[4].prefix(60)
    let log = FailureLog()
    let store = counterStore(log)
    let report = await store.replay(trace: replayTraceFile(cut, name: "cut.jsonl"))
    #expect(log.messages == [])
    #expect(
      log.notes == [
        "Replay of cut.jsonl: the trace ends in a cut-off line (line 5, no newline at the end); replayed every action before it, up to #2."
      ])
    #expect(report.description == "cut.jsonl: 2 of 2 actions replayed, 1 place not checked")
    #expect(store.state.count == 2)
  }

  @Test func gapStopsTheReplayAndSaysWhere() async {
    let lines = counterLines()
    let gap =
      #"{"kind":"note","t":15000000,"note":"gap","message":"writer fell behind: 4 actions dropped","dropped":4}"# + "\n"
    let seven = lines[4].replacingOccurrences(of: #""seq":3"#, with: #""seq":7"#)
    let log = FailureLog()
    let report = await counterStore(log).replay(
      trace: replayTraceFile(lines[0...3].joined() + gap + seven, name: "gap.jsonl"))
    #expect(log.messages == [])
    #expect(
      log.notes == [
        """
        Replay of gap.jsonl: stopped at line 5: the recorder dropped 4 actions there (a gap), so the states after it \
        cannot be reproduced; replayed #1…#2 (2 actions matched), the rest of the trace not replayed.
        """
      ])
    #expect(report == TraceReplayReport(file: "gap.jsonl", actions: 2, matched: 2, unchecked: log.notes))
  }

  /// A child's session (`forEach` rows, `ifLet`) has `state` lines where the state changed
  /// outside the reducer: a store of that reducer stops there and says why.
  @Test func stateChangedOutsideTheReducerStopsTheReplayAndSaysWhere() async {
    let lines = counterLines()
    let changed =
      #"{"kind":"state","seq":2,"changedOutside":true,"t":15000000,"state":{"$type":"Counter.State","count":40}}"#
      + "\n"
    let three = lines[4].replacingOccurrences(of: #""value":1"#, with: #""value":39"#)
    let log = FailureLog()
    let report = await counterStore(log).replay(
      trace: replayTraceFile(lines[0...3].joined() + changed + three, name: "rows.jsonl"))
    #expect(log.messages == [])
    #expect(
      log.notes == [
        """
        Replay of rows.jsonl: stopped at line 5: the state changed outside the recorded reducer before #3 (another \
        forEach element, an ifLet child presented again, or a change by its parent), which this store cannot \
        reproduce; replayed #1…#2 (2 actions matched), the rest of the trace not replayed.
        """
      ])
    #expect(report == TraceReplayReport(file: "rows.jsonl", actions: 2, matched: 2, unchecked: log.notes))
  }

  @Test func badLineFailsWithItsLine() async {
    var lines = counterLines()
    lines[3] = #"{"kind":"action","seq":2,"# + "\n"
    let log = FailureLog()
    await counterStore(log).replay(trace: replayTraceFile(lines.joined(), name: "bad.jsonl"))
    #expect(log.messages == ["Replay of bad.jsonl: line 4: unexpected end of input; 1 action matched before it."])
  }

  @Test func missingFile() async {
    let log = FailureLog()
    await counterStore(log).replay(trace: "/nonexistent/run.jsonl")
    #expect(
      log.messages == [
        "Replay of run.jsonl: cannot read the trace: cannot open '/nonexistent/run.jsonl': No such file or directory"
      ])
  }

  @Test func effectSendsAnotherActionInRunMode() async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(clock: TestClock(), factClient: .failing)
    }
    await store.replay(trace: fixture("numberfact-success.jsonl"), effects: .run)
    #expect(
      log.messages == [
        """
        Replay of numberfact-success.jsonl: an effect sent another action than \
        #3 EffectsBasics.Action.numberFactResponse(.success) (line 9, from effect 2); 2 actions matched before it: …

            EffectsBasics.Action.numberFactResponse(
          -   .success("1 is a good number.")
          +   .failure(
          +     NumbersAPIError()
          +   )
            )

        (Recorded: -, Received: +)
        """
      ])
  }

  /// A file two reducers recorded (format 2): `reducer:` picks one; the first is read by default
  /// and the reader's warning about the other is passed on as a note.
  @Test func aReducerOfSeveralInOneFile() async {
    let lines = counterLines()
    var second = [lines[0].replacingOccurrences(of: #""reducer":"Counter""#, with: #""reducer":"counter2""#)]
    for line in lines[1...4] {
      second.append(
        line.replacingOccurrences(of: #"{"kind":"state","#, with: #"{"kind":"state","reducer":"counter2","#)
          .replacingOccurrences(of: #"{"kind":"action","#, with: #"{"kind":"action","reducer":"counter2","#))
    }
    let path = replayTraceFile(lines[0] + lines[1] + second.joined() + lines[5], name: "two.jsonl")

    let log = FailureLog()
    let report = await counterStore(log).replay(trace: path, reducer: "counter2")
    #expect(log.failures.map(\.message) == [])
    #expect(report == TraceReplayReport(file: "two.jsonl", actions: 3, matched: 3))

    let firstLog = FailureLog()
    let firstReport = await counterStore(firstLog).replay(trace: path)
    #expect(firstLog.messages == [])
    #expect(firstReport.actions == 0)
    #expect(firstLog.notes.count == 1)
    #expect(firstLog.notes.first?.hasPrefix(#"Replay of two.jsonl: this trace also holds reducer "counter2""#) == true)
  }

  /// A state the recorder coalesced into the next line is checked with it, and a note says so.
  @Test func coalescedStatesAreCheckedWithTheNextOne() async {
    var lines = counterLines()
    lines[3] = lines[3].replacingOccurrences(
      of: #""label":"Counter.Action.incrementButtonTapped","#,
      with: #""label":"Counter.Action.incrementButtonTapped","coalesced":true,"#
    )
    .replacingOccurrences(of: #""patch":[{"op":"replace","path":"/count","value":2}]"#, with: #""patch":[]"#)
    let log = FailureLog()
    let report = await counterStore(log).replay(trace: replayTraceFile(lines.joined(), name: "coalesced.jsonl"))
    #expect(log.messages == [])
    #expect(
      log.notes == [
        """
        Replay of coalesced.jsonl: the recorder coalesced the states after #2 into the next one (it fell behind); they \
        are checked together after #3 Counter.Action.decrementButtonTapped (line 5).
        """
      ])
    #expect(report.matched == 3)
  }

  /// Coalesced actions count as matched only once the state that carries theirs matched.
  @Test func coalescedActionsAreNotCountedBeforeTheirStateIsChecked() async {
    var lines = counterLines()
    lines[3] = lines[3].replacingOccurrences(
      of: #""label":"Counter.Action.incrementButtonTapped","#,
      with: #""label":"Counter.Action.incrementButtonTapped","coalesced":true,"#
    )
    .replacingOccurrences(of: #""patch":[{"op":"replace","path":"/count","value":2}]"#, with: #""patch":[]"#)
    lines[4] = lines[4].replacingOccurrences(of: #""value":1"#, with: #""value":5"#)
    let log = FailureLog()
    let report = await counterStore(log).replay(trace: replayTraceFile(lines.joined(), name: "coalesced.jsonl"))
    #expect(log.messages.first?.hasPrefix("Replay of coalesced.jsonl: the state after #3 ") == true)
    #expect(log.messages.first?.contains("; 1 action matched before it: …") == true, "\(log.messages)")
    #expect(report.matched == 1)
  }

  /// After coalesced actions at the end, the state the recorder wrote when it closed checks them.
  @Test func theStateWrittenAtTheCloseChecksTheLastCoalescedActions() async {
    var lines = counterLines()
    lines[4] = lines[4].replacingOccurrences(
      of: #""label":"Counter.Action.decrementButtonTapped","#,
      with: #""label":"Counter.Action.decrementButtonTapped","coalesced":true,"#
    )
    .replacingOccurrences(of: #""patch":[{"op":"replace","path":"/count","value":1}]"#, with: #""patch":[]"#)
    let final = #"{"kind":"state","seq":3,"t":16000000,"state":{"$type":"Counter.State","count":1}}"# + "\n"
    let withFinal = lines[0...4].joined() + final + lines[5]
    let log = FailureLog()
    let report = await counterStore(log).replay(trace: replayTraceFile(withFinal, name: "closed.jsonl"))
    #expect(log.messages == [])
    #expect(
      log.notes == [
        """
        Replay of closed.jsonl: the recorder coalesced the states after #3 (it fell behind); they are checked \
        together against the state it wrote when it closed (line 6).
        """
      ])
    #expect(report.matched == 3)

    let without = FailureLog()
    let unchecked = await counterStore(without).replay(trace: replayTraceFile(lines.joined(), name: "lost.jsonl"))
    #expect(without.messages == [])
    #expect(
      without.notes == [
        """
        Replay of lost.jsonl: the states after #3 were not captured (the recorder coalesced them and closed before \
        a later state); not checked.
        """
      ])
    #expect(unchecked.matched == 2)
  }

  @Test func theTestGoesOnAfterAReplay() async {
    let log = FailureLog()
    let store = counterStore(log)
    await store.replay(trace: fixture("counter.jsonl"))
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    #expect(log.messages == [])
  }
}
