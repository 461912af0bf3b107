import Debugging
import Foundation
import Testing
import TraceTestSupport

/// Readers that follow the change: `state --at` from the keyframe before the action
/// (KeyframeSeek.swift), `blame` by id when the element moves (StatePath's hints).
@Suite struct ReaderSeekTests {
  /// A synthetic trace above the size where `state --at` seeks (4 MB), keyframes every 100 actions.
  static let large: (directory: TemporaryDirectory, text: String) = {
    let directory = TemporaryDirectory()
    let text = SyntheticTrace.text(actions: 12_000, stateSize: 300, keyframeInterval: 100)
    _ = directory.file("large.jsonl", contents: text)
    return (directory, text)
  }()

  @Test func seekFindsTheKeyframeAtOrBeforeTheAction() throws {
    let text = SampleTraces.todos
    let directory = TemporaryDirectory.withTodos()
    let path = directory.path("todos.jsonl")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    func offset(ofLine number: Int) -> Int { lines.prefix(number - 1).reduce(0) { $0 + $1.utf8.count + 1 } }
    // Actions 1 to 4 start from the initial state (line 2); 5 and 6 from 5's keyframe (line 10).
    for (seq, line) in [(0, 2), (1, 2), (4, 2), (5, 10), (6, 10)] {
      #expect(
        KeyframeSeek.offset(path: path, atOrBefore: Int64(seq), minimumSize: 0) == offset(ofLine: line), "action \(seq)"
      )
    }
  }

  @Test func stateAtSeeksAndGivesWhatReadingFromTheStartGives() throws {
    let (directory, _) = Self.large
    #expect(FileManager.default.fileExists(atPath: directory.path("large.jsonl")))
    #expect(
      (try FileManager.default.attributesOfItem(atPath: directory.path("large.jsonl"))[.size] as? Int ?? 0) > 4 << 20)
    for seq in [0, 1, 99, 100, 101, 5_555, 11_999, 12_000] {
      let expected = try StateReplayer.state(after: Int64(seq), in: TraceReader(path: directory.path("large.jsonl")))
        .get()
      #expect(
        tcaTrace("state", "large.jsonl", "--at", String(seq), "--format", "json", in: directory)
          == ToolRun(stdout: JSONWriter.string(expected) + "\n"), "action \(seq)")
    }
  }

  /// A state changed outside the reducer right after action N (a `changedOutside` state line with
  /// seq N): `state --at N` is the state after action N, not that line, and N + 1 starts from it,
  /// when seeking as when reading from the start (found in QA: the seek started at that line).
  @Test func stateAtSeeksPastAStateChangedOutsideAfterTheAction() throws {
    let (directory, text) = Self.large
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let after150 = try StateReplayer.state(after: 150, in: TraceReader(path: directory.path("large.jsonl"))).get()
    guard case let .object(members) = after150 else {
      Issue.record("not an object")
      return
    }
    let outside = JSON.object(
      JSONMembers(
        members.map { member in
          guard case let .array(todos) = member.value else { return member }
          return JSON.Member(member.key, .array(JSONElements(todos.reversed())))
        }))
    #expect(outside != after150)
    let line150 = try #require(lines.firstIndex { $0.hasPrefix(#"{"kind":"action","seq":150,"#) })
    lines.insert(
      #"{"kind":"state","seq":150,"changedOutside":true,"t":1,"state":\#(JSONWriter.string(outside))}"#, at: line150 + 1
    )
    _ = directory.file("outside.jsonl", contents: lines.joined(separator: "\n"))
    for seq in [149, 150, 151, 170] {
      let expected = try StateReplayer.state(after: Int64(seq), in: TraceReader(path: directory.path("outside.jsonl")))
        .get()
      #expect(
        tcaTrace("state", "outside.jsonl", "--at", String(seq), "--format", "json", in: directory)
          == ToolRun(stdout: JSONWriter.string(expected) + "\n"), "action \(seq)")
    }
    #expect(
      tcaTrace("state", "outside.jsonl", "--at", "150", "--format", "json", in: directory)
        == ToolRun(stdout: JSONWriter.string(after150) + "\n"))
  }

  /// In a file several reducers write (format 2), the other sessions' lines (with their `reducer`
  /// tag) are passed over: `state` reads the first session.
  @Test func stateAtSeeksPastOtherSessionsLines() throws {
    let (directory, text) = Self.large
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let other =
      #"{"kind":"action","reducer":"other","seq":1,"t":5,"duration":1,"label":"x","action":{"$enum":"A","x":{}},"patch":[{"op":"replace","path":"/todos","value":[]}],"state":{"$type":"Todos.State","todos":[]}}"#
    for index in stride(from: lines.count - 2, to: 2, by: -97) { lines.insert(other, at: index) }
    lines.insert(#"{"kind":"state","reducer":"other","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[]}}"#, at: 2)
    lines.insert(
      #"{"kind":"session","format":2,"reducer":"other","name":"Other","prefix":"other","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"redacted":[]}"#,
      at: 2)
    lines[0] = lines[0].replacingOccurrences(of: #""format":1"#, with: #""format":2"#)
    _ = directory.file("mixed.jsonl", contents: lines.joined(separator: "\n"))
    for seq in [1, 150, 7_777] {
      let expected = try StateReplayer.state(after: Int64(seq), in: TraceReader(path: directory.path("large.jsonl")))
        .get()
      #expect(
        tcaTrace("state", "mixed.jsonl", "--at", String(seq), "--format", "json", in: directory)
          == ToolRun(stdout: JSONWriter.string(expected) + "\n"), "action \(seq)")
    }
  }

  /// A coalesced action in a large trace: `state --at` still seeks (it read the whole file before)
  /// and warns with the action's line, counted from the start of the file, as the whole read does.
  @Test func stateAtACoalescedActionSeeksAndWarnsWithItsLine() {
    let blob = String(repeating: "x", count: 2_200_000)
    func state(_ count: Int) -> String { #"{"$type":"Counter.State","count":\#(count),"blob":"\#(blob)"}"# }
    func action(_ seq: Int, _ count: Int?, keyframe: Bool = false) -> String {
      let flag = count == nil ? #""coalesced":true,"# : ""
      let patch = count.map { #"[{"op":"replace","path":"/count","value":\#($0)}]"# } ?? "[]"
      let full = keyframe ? #","state":\#(state(count ?? 0))"# : ""
      return
        #"{"kind":"action","seq":\#(seq),"t":\#(seq * 1000),"duration":100,"label":"Counter.Action.increment",\#(flag)"action":{"$enum":"Counter.Action","increment":{}},"patch":\#(patch)\#(full)}"#
    }
    let lines = [
      NeverSilentTests.header, #"{"kind":"state","seq":0,"t":0,"state":\#(state(0))}"#,
      action(1, 1), action(2, 2), action(3, 3, keyframe: true), action(4, 4), action(5, nil), action(6, nil),
      #"{"kind":"note","t":6500,"note":"info","message":"writer busy: the states of 2 actions (#5–#6) were not captured; #7 carries their changes","coalesced":2}"#,
      action(7, 7),
    ]
    let directory = TemporaryDirectory()
    _ = directory.file("big.jsonl", contents: lines.joined(separator: "\n") + "\n")
    let run = tcaTrace("state", "--at", "6", "--format", "json", "big.jsonl", in: directory)
    #expect(run.stdout == state(4) + "\n")
    #expect(
      run.stderr == """
        big.jsonl:8: warning: the state after action 6 was not captured (the recorder coalesced it under load); \
        this is the state after action 4, the last one captured before it

        """)
    #expect(run.code == 0)
    // It seeks: a bad line before the keyframe of action 3 (line 5) is not read (reading from the
    // start stops at it), yet the line number counts it.
    var broken = lines
    broken[3] = "not json"
    _ = directory.file("broken.jsonl", contents: broken.joined(separator: "\n") + "\n")
    #expect(
      tcaTrace("state", "--at", "6", "--format", "json", "broken.jsonl", in: directory).stderr.hasPrefix(
        "broken.jsonl:8: warning: the state after action 6"))
    #expect(tcaTrace("state", "--at", "2", "--format", "json", "broken.jsonl", in: directory).code == 2)
    #expect(
      KeyframeSeek.offset(path: directory.path("big.jsonl"), atOrBefore: 6)
        == lines.prefix(4).reduce(0) { $0 + $1.utf8.count + 1 })
    #expect(
      KeyframeSeek.lineNumber(
        path: directory.path("big.jsonl"), at: lines.prefix(4).reduce(0) { $0 + $1.utf8.count + 1 }) == 5)
  }

  @Test func stateAtAnActionAfterTheLastSaysSoInALargeTrace() {
    #expect(
      tcaTrace("state", "large.jsonl", "--at", "12001", in: Self.large.directory)
        == ToolRun(stderr: "large.jsonl has no action 12001 (the last is 12000)\n", code: 1))
  }

  /// Keyframe states are skipped while the state follows the patches — except after a note: the
  /// keyframe after a gap is the state to take (its patch is from a state the trace does not have).
  @Test func aKeyframeAfterAGapIsTaken() {
    let directory = TemporaryDirectory()
    let long = String(repeating: "x", count: 5_000)
    _ = directory.file(
      "gap.jsonl",
      contents: """
        \(SampleTraces.header)
        {"kind":"state","seq":0,"t":0,"state":{"$type":"S","n":0,"note":"\(long)"}}
        {"kind":"action","seq":1,"t":1000,"duration":1000,"label":"inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/n","value":1}],"state":{"$type":"S","n":1,"note":"\(long)"}}
        {"kind":"note","t":1500,"note":"gap","message":"writer fell behind: 2 actions dropped","dropped":2}
        {"kind":"action","seq":4,"t":4000,"duration":1000,"label":"set","action":{"$enum":"A","set":{}},"patch":[{"op":"replace","path":"/m","value":9}],"state":{"$type":"S","n":4,"note":"\(long)"}}
        {"kind":"action","seq":5,"t":5000,"duration":1000,"label":"inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/n","value":5}]}

        """)
    #expect(
      tcaTrace("blame", "gap.jsonl", "/n", "--format", "json", in: directory)
        == ToolRun(
          stdout: """
            {"seq":1,"t":1000,"label":"inc","path":"/n","old":0,"new":1}
            {"seq":4,"t":4000,"label":"set","path":"/n","old":1,"new":4}
            {"seq":5,"t":5000,"label":"inc","path":"/n","old":4,"new":5}

            """,
          stderr: "gap.jsonl: warning: 2 actions were not recorded (the writer fell behind): 2 before #4\n"))
  }

  /// A keyframe state that is not valid JSON is still an error, at its column.
  @Test func aBrokenKeyframeStateIsStillAnError() {
    let directory = TemporaryDirectory()
    let long = String(repeating: "x", count: 5_000)
    _ = directory.file(
      "broken.jsonl",
      contents: """
        \(SampleTraces.header)
        {"kind":"state","seq":0,"t":0,"state":{"$type":"S","n":0}}
        {"kind":"action","seq":1,"t":1000,"duration":1000,"label":"inc","action":{"$enum":"A","inc":{}},"patch":[{"op":"replace","path":"/n","value":1}],"state":{"$type":"S","n":1,"note":"\(long)",}}

        """)
    #expect(
      tcaTrace("blame", "broken.jsonl", "/n", in: directory)
        == ToolRun(stderr: "broken.jsonl:3:5183: error: expected a string key, found \"}\"\n", code: 2))
  }

  /// `todos[id:1]` is found again after the element moved (its remembered index is stale) and
  /// after an element was added before it.
  @Test func blameByIdFollowsTheElementWhenItMoves() {
    let directory = TemporaryDirectory()
    let todo = { (id: Int, title: String) in #"{"$type":"Todo","id":\#(id),"title":"\#(title)"}"# }
    _ = directory.file(
      "moves.jsonl",
      contents: """
        \(SampleTraces.header)
        {"kind":"state","seq":0,"t":0,"state":{"$type":"S","todos":[\(todo(1, "a")),\(todo(2, "b")),\(todo(3, "c"))]}}
        {"kind":"action","seq":1,"t":1000,"duration":1000,"label":"rename","action":{"$enum":"A","rename":{}},"patch":[{"op":"replace","path":"/todos/0/title","value":"a1"}]}
        {"kind":"action","seq":2,"t":2000,"duration":1000,"label":"move","action":{"$enum":"A","move":{}},"patch":[{"op":"move","from":"/todos/0","path":"/todos/2"}]}
        {"kind":"action","seq":3,"t":3000,"duration":1000,"label":"rename","action":{"$enum":"A","rename":{}},"patch":[{"op":"replace","path":"/todos/2/title","value":"a2"}]}
        {"kind":"action","seq":4,"t":4000,"duration":1000,"label":"add","action":{"$enum":"A","add":{}},"patch":[{"op":"add","path":"/todos/0","value":\(todo(4, "d"))}]}
        {"kind":"action","seq":5,"t":5000,"duration":1000,"label":"rename","action":{"$enum":"A","rename":{}},"patch":[{"op":"replace","path":"/todos/3/title","value":"a3"}]}

        """)
    #expect(
      tcaTrace("blame", "moves.jsonl", "todos[id:1].title", "--format", "json", in: directory)
        == ToolRun(
          stdout: """
            {"seq":1,"t":1000,"label":"rename","path":"/todos/0/title","old":"a","new":"a1"}
            {"seq":3,"t":3000,"label":"rename","path":"/todos/2/title","old":"a1","new":"a2"}
            {"seq":5,"t":5000,"label":"rename","path":"/todos/3/title","old":"a2","new":"a3"}

            """))
  }
}
