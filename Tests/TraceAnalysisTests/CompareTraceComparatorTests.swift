import Foundation
import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

/// `TraceComparator` on generated traces: windows, invariants, the model.
@Suite struct CompareTraceComparatorTests {
  /// A trace of actions with the given labels that change nothing (empty patches).
  func labelTrace(_ labels: [String]) -> String {
    var lines = [
      #"{"kind":"session","format":1,"name":"L","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":100,"redacted":[]}"#,
      #"{"kind":"state","seq":0,"t":0,"state":{"n":0}}"#,
    ]
    for (index, label) in labels.enumerated() {
      lines.append(
        #"{"kind":"action","seq":\#(index + 1),"t":\#(index * 10),"duration":5,"label":"\#(label)","action":{"$enum":"A","\#(label)":{}},"patch":[]}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func compare(_ golden: String, _ current: String, window: Int = 1_024) throws -> TraceComparison {
    var options = CompareOptions()
    options.window = window
    options.collectsCases = true
    return try TraceComparator.compare(golden: traceFile(golden), current: traceFile(current), options: options)
  }

  @Test func syntheticTraceEqualsItselfInSmallWindows() throws {
    let text = SyntheticTrace.text(actions: 2_000, stateSize: 20, keyframeInterval: 50)
    let comparison = try compare(text, text, window: 16)
    #expect(comparison.isEquivalent)
    #expect(comparison.counts.aligned == 2_000)
    #expect(comparison.cases?.count == 2_001)
  }

  @Test func insertionsSmallerThanTheWindowAreFoundExactly() throws {
    let golden = (0..<200).map { "a\($0 % 7)" }
    var current = golden
    current.insert(contentsOf: (0..<10).map { "x\($0)" }, at: 120)
    current.remove(at: 40)
    let comparison = try compare(labelTrace(golden), labelTrace(current), window: 16)
    #expect(comparison.counts.extra == 10)
    #expect(comparison.counts.missing == 1)
    #expect(comparison.counts.aligned == 199)
    #expect(comparison.divergences.map(\.kindName) == ["missing"] + Array(repeating: "extra", count: 10))
    #expect(comparison.divergences.first?.golden == TraceComparison.Position(seq: 41, line: 43))
  }

  @Test func blocksLongerThanTheWindowAreFoundByReadingAhead() throws {
    // 40 inserted and, later, 50 removed actions with a window of 16.
    let golden = (0..<400).map { "a\($0 % 5)" }
    var current = golden
    current.removeSubrange(250..<300)
    current.insert(contentsOf: (0..<40).map { "x\($0)" }, at: 100)
    let comparison = try compare(labelTrace(golden), labelTrace(current), window: 16)
    #expect(comparison.counts.extra == 40)
    #expect(comparison.counts.missing == 50)
    #expect(comparison.counts.aligned == 350)
  }

  @Test func blocksBeyondTheLookaheadKeepTheCountsConsistent() throws {
    // 400 inserted actions with a window of 4 (a lookahead of 64): the alignment may not resume
    // at the best place, but every action is accounted for exactly once.
    let golden = (0..<300).map { "a\($0 % 5)" }
    var current = golden
    current.insert(contentsOf: (0..<400).map { "x\($0)" }, at: 100)
    let comparison = try compare(labelTrace(golden), labelTrace(current), window: 4)
    #expect(comparison.counts.aligned + comparison.counts.missing == 300)
    #expect(comparison.counts.aligned + comparison.counts.extra == 700)
    #expect(comparison.counts.extra >= 400)
  }

  @Test func windowsShrinkWhereRunsAreUnrelatedAndGrowBackWhereTheyAlign() throws {
    // 300 golden actions replaced by 300 others: windows of 256 that are mostly edits shrink
    // (256, 128, then 64), so Myers stays cheap, and the alignment is still exact; the window
    // that aligns the one changed action near the end grows back to 128.
    let golden = (0..<600).map { "a\($0)" }
    let current = golden[..<100] + (0..<300).map { "x\($0)" } + golden[400..<550] + ["z"] + golden[551...]
    var options = CompareOptions()
    options.window = 256
    let goldenPath = traceFile(labelTrace(golden), name: "golden.jsonl")
    let currentPath = traceFile(labelTrace(Array(current)), name: "current.jsonl")
    let comparator = TraceComparator(
      golden: try TraceReader(path: goldenPath), current: try TraceReader(path: currentPath), options: options)
    let comparison = try comparator.run()
    #expect(comparison.counts.aligned == 299)
    #expect(comparison.counts.missing == 301)
    #expect(comparison.counts.extra == 301)
    #expect(comparator.span == 128)
    // Unrelated all along: the windows end at the minimum.
    let unrelated = TraceComparator(
      golden: try TraceReader(path: goldenPath),
      current: try TraceReader(path: traceFile(labelTrace((0..<600).map { "y\($0)" }))),
      options: options)
    let all = try unrelated.run()
    #expect(all.counts.missing == 600 && all.counts.extra == 600 && all.counts.aligned == 0)
    #expect(unrelated.span == 64)
  }

  @Test func keyframesOfActionsReadAheadAreKept() throws {
    // Action a30's patch does not apply (as after a gap): only its keyframe rebuilds the state.
    // With a window of 4, the 20 extra actions are found by reading ahead, past a30, whose
    // keyframe is then held as text.
    func trace(_ labels: [String]) -> String {
      labelTrace(labels).replacingOccurrences(
        of: #""label":"a30","action":{"$enum":"A","a30":{}},"patch":[]"#,
        with: #""label":"a30","action":{"$enum":"A","a30":{}},"patch":[{"op":"remove","path":"/gone"}],"state":{"n":7}"#
      )
    }
    let golden = (0..<40).map { "a\($0)" }
    let current = golden[..<5] + (0..<20).map { "x\($0)" } + golden[5...]
    let comparison = try compare(trace(golden), trace(Array(current)), window: 4)
    #expect(comparison.counts.extra == 20)
    #expect(comparison.counts.aligned == 40)
    #expect(comparison.counts.total == 20)
  }

  @Test func differentSeedsDiffer() throws {
    let golden = SyntheticTrace.text(actions: 300, stateSize: 10, seed: 1)
    let current = SyntheticTrace.text(actions: 300, stateSize: 10, seed: 2)
    let comparison = try compare(golden, current, window: 32)
    #expect(!comparison.isEquivalent)
    #expect(comparison.counts.aligned + comparison.counts.missing == 300)
    #expect(comparison.counts.aligned + comparison.counts.extra == 300)
  }

  /// A counter trace: each action sets `/count` to the given value.
  func counterTrace(_ steps: [(label: String, count: Int)]) -> String {
    var lines = labelTrace([]).split(separator: "\n").map(String.init)
    for (index, step) in steps.enumerated() {
      lines.append(
        #"{"kind":"action","seq":\#(index + 1),"t":\#(index * 10),"duration":5,"label":"\#(step.label)","action":{"$enum":"A","\#(step.label)":{}},"patch":[{"op":"replace","path":"/n","value":\#(step.count)}]}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aPersistingStateDifferenceIsShownOnce() throws {
    let golden = (1...200).map { (label: "increment", count: $0) }
    let current = [(label: "reset", count: 100)] + (1...200).map { (label: "increment", count: 100 + $0) }
    let comparison = try compare(counterTrace(golden), counterTrace(current))
    #expect(comparison.counts.extra == 1)
    #expect(comparison.counts.stateDifferences == 1)
    #expect(comparison.counts.carriedStateDifferences == 199)
    #expect(comparison.divergences.map(\.kindName) == ["extra", "state"])
    #expect(
      comparison.divergences.last.map { ComparisonJUnitRenderer.detail($0) } == """
          [
        -   "n": 1
        +   "n": 101
          ]
        """)
  }

  /// A todo list trace: `add` inserts a todo at the front, `rename` sets the first one's title.
  func listTrace(_ steps: [(label: String, title: String)]) -> String {
    var lines = labelTrace([]).split(separator: "\n").map(String.init)
    lines[1] = #"{"kind":"state","seq":0,"t":0,"state":{"todos":[]}}"#
    for (index, step) in steps.enumerated() {
      let patch =
        step.label == "add"
        ? #"{"op":"add","path":"/todos/0","value":{"title":""}}"#
        : #"{"op":"replace","path":"/todos/0/title","value":"\#(step.title)"}"#
      lines.append(
        #"{"kind":"action","seq":\#(index + 1),"t":\#(index * 10),"duration":5,"label":"\#(step.label)","action":{"$enum":"A","\#(step.label)":{"_0":"\#(step.title)"}},"patch":[\#(patch)]}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aStateDifferenceMovedByTheSamePatchInBothRunsIsShownOnce() throws {
    // One renamed todo; the two todos added in front of it afterwards move it to /todos/1 and
    // /todos/2 in both runs: the same difference, carried, not three.
    let golden = listTrace([("add", ""), ("rename", "Eggs"), ("add", ""), ("add", "")])
    let current = listTrace([("add", ""), ("rename", "Spam"), ("add", ""), ("add", "")])
    let comparison = try compare(golden, current)
    #expect(comparison.divergences.map(\.kindName) == ["action", "state"])
    #expect(comparison.counts.stateDifferences == 1)
    #expect(comparison.counts.carriedStateDifferences == 2)
    #expect(
      comparison.divergences.last.map { ComparisonJUnitRenderer.detail($0) } == """
          [
            "todos": [
              [0]: [
        -       "title": "Eggs"
        +       "title": "Spam"
              ]
            ]
          ]
        """)
  }

  @Test func sameActionsAtDifferentStatesEndInAFinalStateDifference() throws {
    let golden = (1...200).map { (label: "increment", count: $0) }
    let current = (1...201).map { (label: "increment", count: $0) }
    let comparison = try compare(counterTrace(golden), counterTrace(current))
    #expect(comparison.divergences.map(\.kindName) == ["extra", "finalState"])
    #expect(comparison.divergences.last?.golden == TraceComparison.Position(seq: 200, line: 202))
    #expect(comparison.divergences.last?.current == TraceComparison.Position(seq: 201, line: 203))
  }

  @Test func detailLimitKeepsTheFirstDivergences() throws {
    let golden = (0..<50).map { "a\($0)" }
    let current = (0..<50).map { "b\($0)" }
    var options = CompareOptions()
    options.detailLimit = 3
    let comparison = try TraceComparator.compare(
      golden: traceFile(labelTrace(golden)), current: traceFile(labelTrace(current)), options: options)
    #expect(comparison.counts.total == 100)
    #expect(comparison.divergences.map(\.label) == ["a0", "a1", "a2"])
  }

  @Test func beyondTheDetailNodeLimitDifferingStatesAreCountedNotExamined() throws {
    // Action k sets a[k] to k in the golden run and to 100 + k in the current one: after each
    // action the states differ at one more place, so each difference is new and its diff has k
    // changed places. With 5 places allowed, the diffs of actions 1, 2 and 3 (1 + 2 + 3) are kept.
    func trace(offset: Int) -> String {
      var lines = [
        #"{"kind":"session","format":1,"name":"L","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":100,"redacted":[]}"#,
        #"{"kind":"state","seq":0,"t":0,"state":{"a":[0,0,0,0,0,0,0,0,0,0,0]}}"#,
      ]
      for k in 1...10 {
        lines.append(
          #"{"kind":"action","seq":\#(k),"t":\#(k * 10),"duration":5,"label":"set","action":{"$enum":"A","set":{}},"patch":[{"op":"replace","path":"/a/\#(k)","value":\#(offset + k)}]}"#
        )
      }
      return lines.joined(separator: "\n") + "\n"
    }
    var options = CompareOptions()
    options.detailNodeLimit = 5
    let comparison = try TraceComparator.compare(
      golden: traceFile(trace(offset: 0)), current: traceFile(trace(offset: 100)), options: options)
    #expect(comparison.divergences.map(\.kindName) == ["state", "state", "state"])
    // The 3 kept, and the final states (whose differing places were not compared after them).
    #expect(comparison.counts.stateDifferences == 4)
    #expect(comparison.counts.statesNotExamined == 7)
    #expect(!comparison.counts.isExact)

    options.detailNodeLimit = 1_000
    let whole = try TraceComparator.compare(
      golden: traceFile(trace(offset: 0)), current: traceFile(trace(offset: 100)), options: options)
    #expect(whole.counts.stateDifferences == 10)
    #expect(whole.counts.isExact)
  }

  @Test func beyondTheDetailLimitDifferingStatesAreCountedNotExamined() throws {
    // The first state difference is shown; after it (the detail limit of 1 reached) the states
    // are only compared for equality: 4 differ (new or carried is not looked for), then the runs
    // agree again.
    let golden = (1...10).map { (label: "increment", count: $0) }
    let current = [101, 102, 103, 104, 105, 6, 7, 8, 9, 10].map { (label: "increment", count: $0) }
    var options = CompareOptions()
    options.detailLimit = 1
    let goldenPath = traceFile(counterTrace(golden), name: "golden.jsonl")
    let currentPath = traceFile(counterTrace(current), name: "current.jsonl")
    let comparison = try TraceComparator.compare(golden: goldenPath, current: currentPath, options: options)
    #expect(comparison.counts.statesNotExamined == 4)
    #expect(!comparison.counts.isExact)
    let text = ComparisonTextRenderer().render(comparison)
      .replacingOccurrences(of: goldenPath, with: "golden.jsonl").replacingOccurrences(
        of: currentPath, with: "current.jsonl")
    #expect(
      text == """
        golden.jsonl and current.jsonl differ.

        First divergence: golden seq 1 (line 3), current seq 1 (line 3): increment
          state after the action differs:
              [
            -   "n": 1
            +   "n": 101
              ]

        Summary: 10 actions in golden.jsonl, 10 in current.jsonl: 10 aligned, at least 1 state difference (the states also differ after 4 more actions, not examined beyond the first 1 difference).
        """)
  }

  @Test func patchThatDoesNotApplyIsAnError() throws {
    var lines = labelTrace(["a"]).split(separator: "\n").map(String.init)
    lines[2] = lines[2].replacingOccurrences(of: #""patch":[]"#, with: #""patch":[{"op":"remove","path":"/todos/7"}]"#)
    let path = traceFile(lines.joined(separator: "\n") + "\n")
    #expect(
      throws: TraceError(file: path, line: 3, message: "patch of action 1 does not apply: path /todos/7 does not exist")
    ) {
      try TraceComparator.compare(golden: path, current: path)
    }
  }
}

/// `JSONDifferencePaths`: where two JSON values differ.
@Suite struct CompareJSONDifferencePathsTests {
  @Test func paths() throws {
    let old = try JSONReader.parse(#"{"a":1,"b":[1,2],"c":{"d/e":true},"f":"x"}"#)
    let new = try JSONReader.parse(#"{"a":2,"b":[1],"c":{"d/e":false},"g":"x"}"#)
    #expect(JSONDifferencePaths.paths(old, new) == ["/a", "/b/1", "/c/d~1e", "/f", "/g"])
    #expect(JSONDifferencePaths.paths(old, new, limit: 2) == ["/a", "/b/1"])
    #expect(JSONDifferencePaths.paths(old, old) == [])
    #expect(JSONDifferencePaths.paths(.int(1), .string("1")) == [""])
  }

  /// Two states read lazily that differ in one row: that row's path, and the other rows are
  /// compared as text, not built (a comparison after every action of two diverged runs).
  @Test func pathsInStatesReadLazily() throws {
    func state(checked: Int) throws -> JSON {
      var text =
        #"{"todos":["# + (0..<300).map { #"{"id":\#($0),"done":\#($0 == checked)}"# }.joined(separator: ",") + "]}"
      return try text.withUTF8 { try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer($0), fromDepth: 1) }
    }
    let old = try state(checked: 7), new = try state(checked: 250)
    #expect(JSONDifferencePaths.paths(old, new) == ["/todos/7/done", "/todos/250/done"])
    guard case let .array(rows)? = old["todos"], case let .array(newRows)? = new["todos"] else {
      Issue.record("no todos")
      return
    }
    #expect(rows.pendingText(at: 100, lacks: "xyz") && newRows.pendingText(at: 100, lacks: "xyz"))
  }
}
