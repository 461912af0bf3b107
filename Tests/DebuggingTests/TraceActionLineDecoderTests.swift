import Testing

@testable import Debugging

// Action lines are decoded without the tree of the whole line (`TraceActionLineDecoder`): each
// line it takes must give the record the general reader gives, and each line it cannot vouch for
// must be left to the general reader (`nil`), so errors keep their exact text.

@Suite struct TraceActionLineDecoderTests {
  private static func decoded(_ line: String, keepsState: Bool = true) -> TraceAction? {
    var line = line
    return line.withUTF8 { TraceActionLineDecoder.decode(UnsafeRawBufferPointer($0), keepsState: keepsState) }
  }

  private static func general(_ line: String) throws -> TraceAction? {
    guard case let .action(action) = try TraceRecord(json: JSONReader.parse(line)) else { return nil }
    return action
  }

  @Test(arguments: [
    #"{"kind":"action","seq":3,"t":1200,"duration":40,"label":"Todos.Action.add","action":{"$enum":"Todos.Action","add":{}},"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"A.b","effect":7,"coalesced":true,"action":"b","patch":[{"op":"replace","path":"/todos/3/isComplete","value":true},{"op":"move","from":"/todos/0","path":"/todos/2"}]}"#,
    #"{"kind":"action","seq":2,"t":5,"duration":6,"label":"x \"q\" \u00e9","coalesced":false,"action":null,"patch":[{"op":"remove","path":"/a~1b"}],"state":{"count":-3,"big":18446744073709551615}}"#,
    #" { "patch" : [ ] , "action" : [1, 2.5] , "label" : "" , "duration" : 9 , "t" : 8 , "seq" : 7 , "kind" : "action" } "#,
    #"{"kind":"action","seq":0,"t":0,"duration":0,"label":"L","action":{},"patch":[],"unknown":1}"#,
  ])
  func theGeneralReadersRecord(line: String) throws {
    let general = try Self.general(line)
    if line.contains("unknown") {
      // A key it does not know (a later minor version's) goes the general way.
      #expect(Self.decoded(line) == nil)
      #expect(general?.seq == 0)
    } else {
      #expect(Self.decoded(line) == general)
      #expect(general != nil)
    }
  }

  @Test func aKeyframesStateIsLeftOutWhenAsked() throws {
    let line =
      #"{"kind":"action","seq":4,"t":1,"duration":2,"label":"K","action":"k","patch":[],"state":{"todos":[1,2,3]}}"#
    var expected = try #require(try Self.general(line))
    #expect(Self.decoded(line, keepsState: true) == expected)
    expected.state = nil
    #expect(Self.decoded(line, keepsState: false) == expected)
  }

  @Test(arguments: [
    // Repeated, missing or mistyped members, bad JSON inside a value or around it: the general
    // reader decides (and words the error).
    #"{"kind":"action","kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"action":1,"patch":[]}"#,
    #"{"kind":"action","seq":-1,"t":0,"duration":0,"label":"L","action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":1.5,"label":"L","action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":18446744073709551616,"duration":0,"label":"L","action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":7,"action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","effect":null,"action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","coalesced":1,"action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":{"a":1,"a":2},"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[{"op":"nope"}]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":{}}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[]} x"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[]"#,
    #"{"kind":"state","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[],"st\u0061te":1}"#,
  ])
  func linesItCannotVouchForGoTheGeneralWay(line: String) {
    #expect(Self.decoded(line) == nil)
  }

  @Test func theReaderGivesTheGeneralErrorForALineTheDecoderLeaves() {
    let view = #"{"kind":"action","seq":1,"t":0,"duration":1.5,"label":"L","action":1,"patch":[]}"#
    var bytes = Array(view.utf8)
    let result = bytes.withUnsafeMutableBytes { buffer in
      TraceLineRules.record(
        of: LineReader.View(number: 12, bytes: UnsafeRawBufferPointer(buffer), isTruncated: false), file: "t.jsonl")
    }
    guard case let .failure(error) = result else {
      Issue.record("expected an error, got \(result)")
      return
    }
    #expect(error.description == #"t.jsonl:12: error: action: "duration" must be an integer, found number"#)
  }
}

@Suite struct TraceEffectLineDecoderTests {
  private static func decoded(_ line: String) -> TraceEffectEvent? {
    var line = line
    return line.withUTF8 { TraceEffectLineDecoder.decode(UnsafeRawBufferPointer($0)) }
  }

  @Test(arguments: [
    #"{"kind":"effect","event":"started","effect":1,"seq":1,"t":15,"label":"Todos.Action.todos","id":"Todos.CancelID.todoCompletion"}"#,
    #"{"kind":"effect","event":"output","effect":1,"seq":2,"t":16,"label":"x \"q\" \u00e9"}"#,
    #"{"kind":"effect","event":"finished","effect":1,"t":17}"#,
    #" { "t" : 18 , "effect" : 2 , "event" : "cancelled" , "kind" : "effect" , "seq" : 4 } "#,
  ])
  func theGeneralReadersRecord(line: String) throws {
    guard case let .effect(general) = try TraceRecord(json: JSONReader.parse(line)) else {
      Issue.record("not an effect line: \(line)")
      return
    }
    #expect(Self.decoded(line) == general)
  }

  @Test(arguments: [
    #"{"kind":"effect","event":"started","effect":1,"t":15,"label":"L"}"#,
    #"{"kind":"effect","event":"output","effect":1,"seq":2,"t":16}"#,
    #"{"kind":"effect","event":"gone","effect":1,"t":17}"#,
    #"{"kind":"effect","event":"finished","effect":-1,"t":17}"#,
    #"{"kind":"effect","event":"finished","effect":1}"#,
    #"{"kind":"effect","event":"finished","effect":1,"t":17,"t":18}"#,
    #"{"kind":"effect","event":"finished","effect":1,"t":17,"id":4}"#,
    #"{"kind":"effect","event":"finished","effect":1,"t":17,"extra":[1]}"#,
    #"{"kind":"effect","event":"finished","effect":1,"t":17} x"#,
    #"{"kind":"note","event":"finished","effect":1,"t":17}"#,
  ])
  func linesItCannotVouchForGoTheGeneralWay(line: String) {
    #expect(Self.decoded(line) == nil)
  }
}

@Suite struct TraceActionLineDecoderActionSkippingTests {
  private static func decoded(_ line: String) -> TraceAction? {
    var line = line
    return line.withUTF8 {
      TraceActionLineDecoder.decode(UnsafeRawBufferPointer($0), keepsState: false, keepsAction: false)
    }
  }

  @Test func theActionValueIsLeftOutAndEverythingElseRead() throws {
    let line =
      #"{"kind":"action","seq":3,"t":1200,"duration":40,"label":"Todos.Action.add","effect":2,"action":{"$enum":"Todos.Action","add":{"n":[1,2.5,"x"]}},"patch":[{"op":"replace","path":"/n","value":1}]}"#
    guard case var .action(expected) = try TraceRecord(json: JSONReader.parse(line)) else {
      Issue.record("not an action line")
      return
    }
    expected.action = .null
    #expect(Self.decoded(line) == expected)
  }

  @Test(arguments: [
    // What the general reader rejects inside the action value leaves the line to it.
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":{"a":1,"a":2},"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":[18446744073709551616],"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":[1e999],"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":["\ud800"],"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":{"a":[}},"patch":[]}"#,
  ])
  func aBadActionValueGoesTheGeneralWay(line: String) {
    #expect(Self.decoded(line) == nil)
  }
}

@Suite struct TracePatchDecoderTests {
  private static func decoded(_ patch: String) -> JSONPatch? {
    var patch = patch
    return patch.withUTF8 { TracePatchDecoder.decode(UnsafeRawBufferPointer($0)) }
  }

  @Test(arguments: [
    #"[]"#,
    #"[ ]"#,
    #"[{"op":"replace","path":"/todos/3/isComplete","value":true}]"#,
    #"[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":{"$uuid":"00000000-0000-0000-0000-000000000001"}}},{"op":"remove","path":"/a~1b/~0"}]"#,
    #"[ { "path" : "/x" , "op" : "move" , "from" : "/y" } , {"op":"copy","from":"","path":"/z"},{"op":"test","path":"","value":null}]"#,
    #"[{"op":"replace","path":"/s","value":"é \"q\" \u00e9"}]"#,
    // Names, pointers and values written as the recorder writes them (read from their bytes)
    // and written other ways (read the exact way).
    #"[{"op":"r\u0065place","path":"/a\u002fb/é","value":false},{"op":"test","path":"/n","value":null}]"#,
    #"[{"op":"move","from":"/x~1y/0","path":"/todos/-"},{"op":"copy","from":"/a","path":"/b~0"}]"#,
    #"[{"op":"add","path":"","value":"plain"},{"op":"add","path":"/","value":"tab\t"},{"op":"add","path":"/a","value":[1,{"b":true}]}]"#,
    #"[{"op":"remove","path":"/a","from":"not a pointer"},{"op":"replace","path":"/a","value":-12}]"#,
    // As the recorder writes them (read in one pass), with every kind of value.
    #"[{"op":"replace","path":"/todos/3/isCompleté","value":"Todo é"},{"op":"add","path":"/n","value":-1.5e3}]"#,
    #"[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":{"$uuid":"00000000-0000-0000-0000-000000000001"},"tags":[1,null,false]}}]"#,
    #"[{"op":"replace","path":"/big","value":18446744073709551615},{"op":"replace","path":"/e","value":[]},{"op":"test","path":"/t","value":true}]"#,
    #"[{"op":"move","from":"/todos/1","path":"/todos/0"},{"op":"copy","path":"/b","from":"/a"},{"op":"remove","path":""}]"#,
  ])
  func theGeneralReadersPatch(patch: String) throws {
    #expect(Self.decoded(patch) == (try JSONPatch(json: JSONReader.parse(patch))))
  }

  @Test(arguments: [
    #"[{"op":"replace","path":"/a","value":1,"extra":2}]"#,
    #"[{"op":"replace","path":"/a","path":"/b","value":1}]"#,
    #"[{"op":"replace","path":3,"value":1}]"#,
    #"[{"op":"remove","path":"/a","from":{"k":1,"k":2}}]"#,
    #"[{"op":"nope","path":"/a"}]"#,
    #"[{"op":"add","path":"/a"}]"#,
    #"[{"op":"move","path":"/a"}]"#,
    #"[{"op":"replace","path":"a","value":1}]"#,
    #"[{"op":"replace","path":"/a~2","value":1}]"#,
    #"[{"op":"move","from":"a","path":"/a"}]"#,
    #"[{"op":"move","from":3,"path":"/a"}]"#,
    #"[{"op":"remove","path":"/a","from":"\q"}]"#,
    #"[{"op":"Replace","path":"/a","value":1}]"#,
    #"[{"op":7,"path":"/a","value":1}]"#,
    #"[{"op":"replace","path":"/a","value":"\ud800"}]"#,
    #"[{"op":"replace","path":"/a","value":12x}]"#,
    #"[{"op":"add","path":"/a","value":1,"value":2}]"#,
    #"[{"op":"replace","path":"/a","value":{"k":1,"k":2}}]"#,
    #"[{"op":"replace","path":"/a","value":1e999}]"#,
    #"[{"op":"move","from":"junk","path":"/a"}]"#,
    #"[{"op":"replace","path":"/a","value":1]"#,
    #"[{"op":"replace","path":"/a","value":{"k":1,"k":2}}]"#,
    #"[{"op":"replace","path":"/a","value":1}] x"#,
    #"[{"op":"replace","path":"/a","value":1},]"#,
    #"[1]"#,
    #"{}"#,
  ])
  func patchesItCannotVouchForGoTheGeneralWay(patch: String) {
    #expect(Self.decoded(patch) == nil)
  }

  /// Read where it starts in a line: the patch and where it ends, what follows left to the caller.
  @Test func aPatchInsideALine() {
    func read(_ text: String, from start: Int) -> String {
      var text = text
      return text.withUTF8 { utf8 in
        guard let (patch, end) = TracePatchDecoder.decode(utf8.baseAddress!, from: start, end: utf8.count, keys: nil)
        else { return "nil" }
        return "\(patch.operations.count) operations, then " + String(decoding: utf8[end...], as: UTF8.self)
      }
    }
    let line = #"{"patch":[{"op":"remove","path":"/a"},{ "op" : "add", "path" : "/b", "value" : 1 }],"state":{}}"#
    #expect(read(line, from: 9) == #"2 operations, then ,"state":{}}"#)
    #expect(read(#"x[] ,1"#, from: 1) == "0 operations, then  ,1")
    #expect(read(#"x[{"op":"remove","path":"/a"}"#, from: 1) == "nil")
    #expect(read(#"x[{"op":"remove","path":"/a"},]"#, from: 1) == "nil")
    #expect(read(#"x{}"#, from: 1) == "nil")
    #expect(TracePatchDecoder.decode(UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
  }

  @Test func valuesKeepTheReadersDepthLimitAtTheirDepthInTheLine() {
    // A line is an object (depth 1); `action` values and patch values nest below it, and the
    // reader allows 512 levels in all.
    func nested(_ levels: Int) -> String {
      String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    }
    func line(action: Int, patchValue: Int) -> String {
      #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":"#
        + nested(action) + #","patch":[{"op":"add","path":"/a","value":"# + nested(patchValue) + "}]}"
    }
    func fast(_ text: String) -> TraceAction? {
      var text = text
      return text.withUTF8 { TraceActionLineDecoder.decode(UnsafeRawBufferPointer($0), keepsState: true) }
    }
    func general(_ text: String) -> Bool { (try? JSONReader.parse(text)) != nil }
    for (action, patchValue) in [(511, 1), (512, 1), (1, 509), (1, 510)] {
      let text = line(action: action, patchValue: patchValue)
      #expect((fast(text) != nil) == general(text), "action \(action) levels, patch value \(patchValue)")
    }
    #expect(general(line(action: 511, patchValue: 1)))
    #expect(!general(line(action: 512, patchValue: 1)))
    #expect(general(line(action: 1, patchValue: 509)))
    #expect(!general(line(action: 1, patchValue: 510)))
  }
}

/// `validate`'s reading (`decodeForChecking`, `keepsText: false`): what it keeps is the general
/// reader's, what it leaves out is checked all the same.
@Suite struct TraceLineDecodersForCheckingTests {
  private static func checked(_ line: String) -> (action: TraceAction, keyframe: String?)? {
    var line = line
    return line.withUTF8 { utf8 in
      let bytes = UnsafeRawBufferPointer(utf8)
      return TraceActionLineDecoder.decodeForChecking(bytes, keys: nil).map { decoded in
        (decoded.action, decoded.keyframe.map { String(decoding: bytes[$0.range], as: UTF8.self) })
      }
    }
  }

  @Test func theLabelAndActionAreLeftOutAndAKeyframesStateGivenAsText() throws {
    let line =
      #"{"kind":"action","seq":4,"t":1,"duration":2,"label":"Todos.Action.add","effect":3,"action":{"add":{}},"patch":[{"op":"add","path":"/todos/-","value":1}],"state":{"todos": [1]}}"#
    guard case var .action(expected) = try TraceRecord(json: JSONReader.parse(line)) else {
      Issue.record("not an action line")
      return
    }
    expected.label = ""
    expected.action = .null
    expected.state = nil
    let decoded = try #require(Self.checked(line))
    #expect(decoded.action == expected)
    #expect(decoded.keyframe == #"{"todos": [1]}"#)
    let plain = #"{"kind":"action","seq":5,"t":1,"duration":2,"label":"L\u0041","action":1,"patch":[]}"#
    #expect(Self.checked(plain)?.action.seq == 5)
    #expect(Self.checked(plain)?.action.label == "")
    #expect(Self.checked(plain)?.keyframe == nil)
  }

  @Test(arguments: [
    // What the general reader rejects in a value left out leaves the line to it, with its error.
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[],"state":{"a":1,"a":2}}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":1,"patch":[],"state":[1e999]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":7,"action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"\q","action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"\ud800","action":1,"patch":[]}"#,
    #"{"kind":"action","seq":1,"t":0,"duration":0,"label":"L","action":{"a":1,"a":2},"patch":[]}"#,
  ])
  func aBadValueLeftOutGoesTheGeneralWay(line: String) {
    #expect(Self.checked(line) == nil)
  }

  /// Lines as the recorder writes them are read in one pass (`CompactLine`), written any other
  /// way member by member: the same record either way.
  @Test func linesAsTheRecorderWritesThemAndOtherwise() throws {
    let todos = (0..<200).map { JSON.object([.init("id", .int(Int64($0))), .init("done", .bool(false))]) }
    let patch = try JSONPatch(
      json: JSONReader.parse(
        #"[{"op":"replace","path":"/todos/3/done","value":true},{"op":"move","from":"/a/1","path":"/a/0"}]"#))
    let actions = [
      TraceAction(
        seq: 7, t: 120, duration: 3, label: "Todos.Action.add", action: .object([.init("add", .object([]))]),
        patch: patch),
      TraceAction(
        seq: 8, t: 130, duration: 0, label: "x", action: .string("é"), effect: 4, patch: JSONPatch(), coalesced: true),
      TraceAction(
        seq: 9, t: 140, duration: 1, label: "k", action: .null, patch: patch,
        state: .object([.init("todos", .array(JSONElements(todos)))])),
      TraceAction(
        seq: 10, t: 150, duration: 1, label: "k", action: .null, patch: JSONPatch(),
        state: .object([.init("n", .int(1))])),
    ]
    for action in actions {
      let written = JSONWriter.string(TraceRecord.action(action).json)
      var expected = action
      expected.label = ""
      expected.action = .null
      expected.state = nil
      let keyframe = action.state.map(JSONWriter.string)
      for line in [written, written.replacingOccurrences(of: #","patch":"#, with: #", "patch" : "#)] {
        let decoded = try #require(Self.checked(line), "\(line.prefix(80))")
        #expect(decoded.action == expected)
        #expect(decoded.keyframe == keyframe)
      }
    }
  }

  @Test func effectLinesAsTheRecorderWritesThemAndOtherwise() throws {
    let events = [
      TraceEffectEvent(event: .started, effect: 1, t: 15, seq: 1, label: "Todos.Action.add", id: "Todos.CancelID"),
      TraceEffectEvent(event: .output, effect: 1, t: 16, seq: 2, label: "Tödös \"q\""),
      TraceEffectEvent(event: .finished, effect: 1, t: 17),
      TraceEffectEvent(event: .cancelled, effect: 12, t: 18, label: "late"),
    ]
    for event in events {
      let written = JSONWriter.string(TraceRecord.effect(event).json)
      var leftOut = event
      leftOut.label = event.label.map { _ in "" }
      leftOut.id = event.id.map { _ in "" }
      for line in [written, written.replacingOccurrences(of: #","t":"#, with: #" , "t" : "#)] {
        #expect(Self.effect(line, keepsText: true) == event, "\(line)")
        #expect(Self.effect(line) == leftOut, "\(line)")
      }
    }
  }

  private static func effect(_ line: String, keepsText: Bool = false) -> TraceEffectEvent? {
    var line = line
    return line.withUTF8 { TraceEffectLineDecoder.decode(UnsafeRawBufferPointer($0), keepsText: keepsText) }
  }

  private static func effect(_ line: String) -> TraceEffectEvent? {
    var line = line
    return line.withUTF8 { TraceEffectLineDecoder.decode(UnsafeRawBufferPointer($0), keepsText: false) }
  }

  @Test func anEffectsLabelAndIdAreCheckedAndLeftOut() throws {
    #expect(
      Self.effect(
        #"{"kind":"effect","event":"started","effect":1,"seq":1,"t":15,"label":"Todos.Action.todos","id":"Todos.CancelID"}"#
      ) == TraceEffectEvent(event: .started, effect: 1, t: 15, seq: 1, label: "", id: ""))
    #expect(
      Self.effect(#"{"kind":"effect","event":"c\u0061ncelled","effect":2,"t":16}"#)
        == TraceEffectEvent(event: .cancelled, effect: 2, t: 16, seq: nil, label: nil, id: nil))
    #expect(Self.effect(#"{"kind":"effect","event":"output","effect":1,"seq":2,"t":16,"label":7}"#) == nil)
    #expect(Self.effect(#"{"kind":"effect","event":"output","effect":1,"seq":2,"t":16,"label":"\x"}"#) == nil)
    #expect(Self.effect(#"{"kind":"effect","event":"finished","effect":1,"t":17,"id":[]}"#) == nil)
    #expect(Self.effect(#"{"kind":"effect","event":"Finished","effect":1,"t":17}"#) == nil)
  }
}
