import Testing
import TraceTestSupport

@testable import Debugging

/// A state kept as text (`TraceStateTracker.consume(stateText:seq:)`, `LazyState`) against the
/// same state built as a tree: the same problems for every patch, and the same state after it.
@Suite struct LazyStateTests {
  static let todos = (0..<300).map { #"{"id":\#($0),"title":"Todo \#($0)","done":false,"tags":["a","b"]}"# }
  static let stateText = #"{"filter":"all","todos":["# + todos.joined(separator: ",") + #"],"empty":{},"none":[]}"#

  /// Each action's problem (or "ok") from both trackers, then whether their states are equal.
  func follow(_ patches: [String], keyframe: String? = nil) throws -> [String] {
    var built = TraceStateTracker(verifiesKeyframes: true)
    var lazy = TraceStateTracker(verifiesKeyframes: true)
    var indexed = TraceStateTracker(verifiesKeyframes: true)
    built.consume(.state(TraceState(seq: 0, t: 0, state: try JSONReader.parse(Self.stateText))), line: 2)
    lazy.consume(stateText: StateText(Array(Self.stateText.utf8)), seq: 0)
    // The same with the root and the todos (at least 4 KB each) indexed when checked.
    let text = Array(Self.stateText.utf8)
    var children = JSONChildIndex()
    text.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      let checked = parser.quickCheckValue(children: &children)
      #expect(checked)
    }
    #expect(children.containers.count == 2)
    indexed.consume(stateText: StateText(text), children: children, seq: 0)
    var results: [String] = []
    for (k, patch) in patches.enumerated() {
      let state = k == patches.count - 1 ? keyframe.map { try? JSONReader.parse($0) } ?? nil : nil
      let action = TraceAction(
        seq: Int64(k + 1), t: 1, duration: 1, label: "a", action: .null, effect: nil,
        patch: try JSONPatch(json: JSONReader.parse(patch)), state: state, coalesced: false)
      let expected = built.consume(.action(action), line: k + 3)
      let found = lazy.consume(.action(action), line: k + 3)
      #expect(found == expected, "\(patch)")
      if state != nil, let keyframe {
        // The keyframe kept as text (`validate`): the same problem, and then the same state.
        var keyframeAsText = action
        keyframeAsText.state = nil
        let text = Array(keyframe.utf8)
        #expect(indexed.consume(keyframeAsText, keyframeText: StateText(text), line: k + 3) == expected, "\(patch)")
      } else {
        #expect(indexed.consume(.action(action), line: k + 3) == expected, "\(patch)")
      }
      results.append(found?.message ?? "ok")
    }
    #expect(lazy.builtState() == built.builtState(), "\(patches)")
    #expect(indexed.builtState() == built.builtState(), "\(patches)")
    return results
  }

  @Test func changesInsideTheStateAreFollowedLazily() throws {
    #expect(
      try follow([
        #"[{"op":"replace","path":"/todos/5/done","value":true}]"#,
        #"[{"op":"move","from":"/todos/1","path":"/todos/250"},{"op":"move","from":"/todos/250","path":"/todos/0"}]"#,
        #"[{"op":"add","path":"/todos/-","value":{"id":300,"sub":{"n":1}}},{"op":"add","path":"/todos/0","value":1}]"#,
        #"[{"op":"replace","path":"/todos/301/sub/n","value":2},{"op":"add","path":"/todos/301/sub/m","value":[]}]"#,
        #"[{"op":"remove","path":"/todos/7"},{"op":"remove","path":"/todos/7/tags/0"},{"op":"add","path":"/x","value":1}]"#,
        #"[{"op":"add","path":"/empty/k","value":"v"},{"op":"add","path":"/none/0","value":"v"}]"#,
        #"[{"op":"add","path":"/todos/301","value":"at the end"},{"op":"replace","path":"/filter","value":"done"}]"#,
      ]) == ["ok", "ok", "ok", "ok", "ok", "ok", "ok"])
  }

  @Test func patchesThatDoNotApplyGiveTheTreesMessage() throws {
    #expect(
      try follow([#"[{"op":"remove","path":"/todos/300"}]"#]) == [
        "patch of action 1 does not apply: path /todos/300 does not exist"
      ])
    #expect(
      try follow([#"[{"op":"replace","path":"/todos/5/nothing","value":1}]"#]) == [
        "patch of action 1 does not apply: path /todos/5/nothing does not exist"
      ])
    #expect(
      try follow([#"[{"op":"replace","path":"/todos/5/title/x","value":1}]"#]) == [
        "patch of action 1 does not apply: path /todos/5/title/x does not exist"
      ])
    #expect(
      try follow([#"[{"op":"add","path":"/todos/302","value":1}]"#]) == [
        "patch of action 1 does not apply: path /todos/302 does not exist"
      ])
    #expect(
      try follow([#"[{"op":"replace","path":"/todos/05","value":1}]"#]) == [
        "patch of action 1 does not apply: path /todos/05 does not exist"
      ])
    #expect(
      try follow([#"[{"op":"move","from":"/todos/3","path":"/todos/300"}]"#]) == [
        "patch of action 1 does not apply: path /todos/300 does not exist"
      ])
    #expect(
      try follow([#"[{"op":"remove","path":""}]"#]) == [
        "patch of action 1 does not apply: cannot remove the whole document"
      ])
    #expect(
      try follow([#"[{"op":"move","from":"/todos","path":"/todos/0"}]"#]) == [
        "patch of action 1 does not apply: cannot move /todos into its own child /todos/0"
      ])
    // A failure after operations applied lazily, then a patch with no state before it.
    #expect(
      try follow([
        #"[{"op":"replace","path":"/todos/5/done","value":true},{"op":"remove","path":"/todos/5/done/x"}]"#,
        #"[{"op":"replace","path":"/todos/5/done","value":true}]"#,
      ]) == ["patch of action 1 does not apply: path /todos/5/done/x does not exist", "ok"])
  }

  @Test func operationsLeftToTheTreeGiveTheSameResult() throws {
    #expect(
      try follow([
        #"[{"op":"replace","path":"/todos/0/done","value":true},{"op":"copy","from":"/todos/0","path":"/todos/-"}]"#,
        #"[{"op":"move","from":"/todos/0","path":"/first"},{"op":"move","from":"/todos/3","path":"/todos/3"}]"#,
        #"[{"op":"test","path":"/first/done","value":true},{"op":"replace","path":"","value":{"a":1}}]"#,
        #"[{"op":"test","path":"/a","value":2}]"#,
      ]) == ["ok", "ok", "ok", "patch of action 4 does not apply: test failed: the value at /a differs"])
  }

  @Test func aKeyframeIsComparedWithTheLazilyPatchedState() throws {
    var changed = try JSONReader.parse(Self.stateText)
    try JSONPatch(json: JSONReader.parse(#"[{"op":"replace","path":"/todos/5/done","value":true}]"#)).apply(
      to: &changed)
    let keyframe = JSONWriter.string(changed)
    #expect(try follow([#"[{"op":"replace","path":"/todos/5/done","value":true}]"#], keyframe: keyframe) == ["ok"])
    #expect(
      try follow([#"[{"op":"replace","path":"/todos/6/done","value":true}]"#], keyframe: keyframe) == [
        "keyframe state of action 1 differs from the state its patch gives"
      ])
    // Written another way (spaces, an escape): the same state.
    let spaced = keyframe.replacingOccurrences(of: #""done":true"#, with: #""done" : true"#)
      .replacingOccurrences(of: #""Todo 7""#, with: #""Todo \u0037""#)
    #expect(try follow([#"[{"op":"replace","path":"/todos/5/done","value":true}]"#], keyframe: spaced) == ["ok"])
    // Operations left to the tree, and a patch that does not apply, before a keyframe.
    #expect(
      try follow(
        [#"[{"op":"copy","from":"/todos/0","path":"/copy"},{"op":"remove","path":"/copy"}]"#], keyframe: Self.stateText)
        == ["ok"])
    #expect(
      try follow([#"[{"op":"remove","path":"/todos/300"}]"#], keyframe: Self.stateText) == [
        "patch of action 1 does not apply: path /todos/300 does not exist"
      ])
    #expect(
      try follow([#"[{"op":"replace","path":"/filter","value":"done"}]"#], keyframe: #"{"filter":"done"}"#) == [
        "keyframe state of action 1 differs from the state its patch gives"
      ])
  }

  @Test func validatesATraceWithALargeStateAsBefore() throws {
    let header = sampleTrace.split(separator: "\n")[0]
    func action(_ seq: Int, _ patch: String) -> String {
      #"{"kind":"action","seq":\#(seq),"t":1,"duration":1,"label":"a","action":null,"patch":\#(patch)}"#
    }
    let state = #"{"kind":"state","seq":0,"t":0,"state":"# + Self.stateText + "}"
    let text =
      [
        String(header), state, action(1, #"[{"op":"replace","path":"/todos/5/done","value":true}]"#),
        action(2, #"[{"op":"remove","path":"/todos/300"}]"#), action(3, "[]"),
        #"{"kind":"end","t":2,"actions":3}"#,
      ].joined(separator: "\n") + "\n"
    let reader = try TraceReader(path: traceFile(text))
    #expect(
      TraceValidator.validate(reader).map(\.description) == [
        "\(reader.file):4: error: patch of action 2 does not apply: path /todos/300 does not exist"
      ])
    // A duplicate key or a number out of range in the large state: the reader's error, located.
    for (bad, at, message) in [
      (#""done":false,"done":true"#, #""done":true"#, #"duplicate key "done""#),
      (#""done":1e400"#, "1e400", "number out of range"),
    ] {
      let broken = state.replacingOccurrences(
        of: #""title":"Todo 250","done":false"#, with: #""title":"Todo 250","# + bad)
      let found = try #require(broken.range(of: at))
      let column = broken.utf8.distance(from: broken.startIndex, to: found.lowerBound) + 1
      let trace = [String(header), broken, action(1, "[]"), #"{"kind":"end","t":2,"actions":1}"#].joined(
        separator: "\n")
      let brokenReader = try TraceReader(path: traceFile(trace + "\n"))
      #expect(
        TraceValidator.validate(brokenReader).map(\.description) == [
          "\(brokenReader.file):2:\(column): error: \(message)"
        ])
    }
  }

  @Test func theCheckIndexesTheMembersAndElementsOfLargeContainers() throws {
    let text = Array((#"{"a":["# + (0..<2000).map { "\($0)" }.joined(separator: ",") + #"],"b":{"c":[1]}}"#).utf8)
    var children = JSONChildIndex()
    text.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
      let checked = parser.quickCheckValue(children: &children)
      #expect(checked && parser.index == buffer.count)
    }
    func slice(_ range: Range<Int>?) -> String { range.map { String(decoding: text[$0], as: UTF8.self) } ?? "-" }
    let root = try #require(children.containers[0])
    #expect(root.map { slice($0.key) } == ["a", "b"])
    #expect(root.map { slice($0.value).prefix(6) } == ["[0,1,2", #"{"c":["#])
    let elements = try #require(children.containers[5])
    #expect(elements.map { slice($0.value) } == (0..<2000).map { "\($0)" })
    #expect(elements.allSatisfy { $0.key == nil })
    // {"c":[1]} and [1] are small: read again if ever expanded.
    #expect(children.containers.count == 2)
    // A child is 16 bytes (a 1,000,000-row array keeps a million), and a node 24 (what a move in
    // an expanded array shifts per element before the array is chunked).
    #expect(MemoryLayout<JSONChildIndex.Child>.stride == 16)
    #expect(MemoryLayout<LazyState.Node>.stride <= 24)
  }

  @Test func theCheckAcceptsOnlyWhatTheReaderReads() {
    func check(_ text: String) -> Bool { check(Array(text.utf8)) }
    func check(_ bytes: [UInt8]) -> Bool {
      bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer.baseAddress!, count: buffer.count)
        let checked = parser.quickCheckValue()
        if checked {
          // The value checked (a corrupted text may end before its end) is one the reader reads.
          #expect((try? JSONReader.parse(Array(bytes[..<parser.index]))) != nil, "\(bytes)")
        }
        return checked
      }
    }
    #expect(check(Self.stateText))
    #expect(check(#"{"a":1} ,"#) && !check(#"{"a":1,"a":1} ,"#))
    #expect(check(#"{"a":[1,-2,0.5,1e10,-1.5E-400,123456789012345678,"x\n\u00e9",true,null,{}],"b":{"a":1}}"#))
    #expect(!check(#"{"a":1,"b":2,"a":3}"#))
    #expect(!check(#"{"a":1,"\u0061":2}"#))
    #expect(!check("1234567890123456789"))
    #expect(!check("1e309"))
    #expect(check("[" + (0..<33).map { #"{"k\#($0)":0}"# }.joined(separator: ",") + "]"))
    #expect(!check("{" + (0..<33).map { #""k\#($0)":0"# }.joined(separator: ",") + "}"))
    #expect(!check(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
    // Every corruption of a small state: accepted only if the reader reads it.
    let bytes = Array(#"{"a":[1,{"b":"c","d":[true,null]}],"e":-0.5e3}"#.utf8)
    for position in bytes.indices {
      for replacement: UInt8 in [0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x30, 0x65, 0x61, 0x64, 0x00, 0xFF] {
        var corrupted = bytes
        corrupted[position] = replacement
        _ = check(corrupted)
      }
    }
  }
}
