import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `validate` refuses a patch whose value is fine but whose place is not: the state it leaves is
/// one `show` cannot read (`PatchFormCheck`). Reported on the action's line, with the JSON Pointer
/// in the state; the state is followed on, so nothing else is reported for it. The same whether
/// the state is kept as text (a large state line) or as a tree.
@Suite struct TraceValidatorPatchFormTests {
  func validate(_ lines: [String]) throws -> String {
    let reader = try TraceReader(path: traceFile(lines.joined(separator: "\n") + "\n"))
    return TraceValidator.validate(reader).map { $0.description.replacingOccurrences(of: reader.file, with: "t.jsonl") }
      .joined(separator: "\n")
  }

  let header = String(sampleTrace.split(separator: "\n")[0])
  static let uuid = #"{"$uuid":"00000000-0000-0000-0000-000000000005"}"#
  static let date = #"{"$date":"2001-01-01T00:00:00Z","$t":0}"#

  /// A state with one of each container a patch can break, and a pad that makes its line large
  /// enough to be kept as text (`large`) or not.
  func trace(_ patches: [String], large: Bool) -> [String] {
    let pad = large ? String(repeating: "x", count: 6_000) : "x"
    let state = """
      {"$type":"S","id":\(Self.uuid),"due":\(Self.date),"start":\(Self.date),"names":{"a":1},\
      "scores":{"$dict":[[1,"one"],[2,"two"]]},"tags":{"$set":["a"]},\
      "route":{"$enum":"Route","detail":{"_0":1}},"pair":{"$tuple":{"_0":1,"_1":2}},"list":[1,2,3],"pad":"\(pad)"}
      """
    var lines = [header, #"{"kind":"state","seq":0,"t":0,"state":\#(state)}"#]
    for (i, patch) in patches.enumerated() {
      lines.append(
        #"{"kind":"action","seq":\#(i + 1),"t":\#(i + 1),"duration":1,"label":"a","action":null,"patch":\#(patch)}"#)
    }
    lines.append(#"{"kind":"end","t":99,"actions":\#(patches.count)}"#)
    return lines
  }

  static let breaking = [
    #"[{"op":"replace","path":"/id/$uuid","value":"zz"}]"#,
    #"[{"op":"add","path":"/names/$x","value":1}]"#,
    #"[{"op":"remove","path":"/due/$t"}]"#,
    #"[{"op":"move","from":"/list/0","path":"/id/more"}]"#,
    #"[{"op":"add","path":"/scores/$dict/-","value":[3]}]"#,
    #"[{"op":"add","path":"/scores/$dict/0/-","value":"extra"}]"#,
    #"[{"op":"remove","path":"/scores/$dict/1/0"}]"#,
    #"[{"op":"replace","path":"/route/detail","value":5}]"#,
    #"[{"op":"replace","path":"/tags/$set","value":{"a":1}}]"#,
    #"[{"op":"replace","path":"/$type","value":7}]"#,
    #"[{"op":"replace","path":"/start/$t","value":"soon"}]"#,
  ]

  static let expected = """
    t.jsonl:3: error: not a value in the trace's value form: in the state after this action, at /id: invalid UUID "zz"
    t.jsonl:4: error: not a value in the trace's value form: in the state after this action, at /names: a "$" key must come first, found "$x"
    t.jsonl:5: error: not a value in the trace's value form: in the state after this action, at /due: "$date" needs "$t" (seconds since 2001) after it
    t.jsonl:6: error: not a value in the trace's value form: in the state after this action, at /id: unexpected key "more" in a "$uuid" object
    t.jsonl:7: error: not a value in the trace's value form: in the state after this action, at /scores: "$dict" entries must be [key, value] pairs
    t.jsonl:8: error: not a value in the trace's value form: in the state after this action, at /scores: "$dict" entries must be [key, value] pairs
    t.jsonl:9: error: not a value in the trace's value form: in the state after this action, at /scores: "$dict" entries must be [key, value] pairs
    t.jsonl:10: error: not a value in the trace's value form: in the state after this action, at /route: associated values of case "detail" must be an object
    t.jsonl:11: error: not a value in the trace's value form: in the state after this action, at /tags: "$set" must be an array
    t.jsonl:12: error: not a value in the trace's value form: in the state after this action, at /: "$type" must be a string
    t.jsonl:13: error: not a value in the trace's value form: in the state after this action, at /start: "$t" of "2001-01-01T00:00:00Z" must be a number
    """

  /// One action per broken rule, each reported once (the ones after it build on a state already
  /// broken elsewhere, and are checked where they change it).
  @Test(arguments: [false, true]) func eachPlaceAPatchBreaksIsReported(large: Bool) throws {
    let output = try validate(trace(Self.breaking, large: large))
    #expect(output == Self.expected)
  }

  /// The state followed as a tree, after an operation the text is not followed through (`copy`).
  @Test func aStateFollowedAsATreeIsCheckedToo() throws {
    let copy = #"{"op":"copy","from":"/list/0","path":"/list/-"}"#
    let patches = Self.breaking.map { "[\(copy)," + $0.dropFirst() }
    let expected = Self.expected
    let asText = try validate(trace(patches, large: true)), asTree = try validate(trace(patches, large: false))
    #expect(asText == expected)
    #expect(asTree == expected)
  }

  /// What the recorder writes: members of sets and dictionaries by their places, fields of cases
  /// and tuples, rows moved, whole values replaced. Valid, as text or as a tree.
  @Test(arguments: [false, true]) func theRecordersPatchesAreValid(large: Bool) throws {
    let patches = [
      #"[{"op":"add","path":"/tags/$set/1","value":"b"},{"op":"remove","path":"/tags/$set/0"}]"#,
      #"[{"op":"add","path":"/scores/$dict/2","value":[3,"three"]},{"op":"replace","path":"/scores/$dict/0/1","value":"uno"}]"#,
      #"[{"op":"remove","path":"/scores/$dict/1"},{"op":"move","from":"/scores/$dict/1","path":"/scores/$dict/0"}]"#,
      #"[{"op":"replace","path":"/route/detail/_0","value":2},{"op":"add","path":"/pair/$tuple/_2","value":3}]"#,
      #"[{"op":"replace","path":"/route","value":{"$enum":"Route","list":{}}}]"#,
      #"[{"op":"add","path":"/names/b","value":2},{"op":"remove","path":"/names/a"},{"op":"move","from":"/list/2","path":"/list/0"}]"#,
      #"[{"op":"replace","path":"/id","value":\#(Self.uuid)},{"op":"replace","path":"/due/$t","value":1.5}]"#,
      #"[{"op":"add","path":"/$lazy","value":1},{"op":"remove","path":"/$lazy"},{"op":"replace","path":"/$type","value":"T"}]"#,
    ]
    #expect(try validate(trace(patches, large: large)) == "")
  }

  /// A patch whose value is not in the form has that reported; where it goes is not checked again.
  @Test func aBadValueIsReportedOnce() throws {
    let patches = [#"[{"op":"replace","path":"/id/$uuid","value":{"$uuid":1}}]"#]
    #expect(
      try validate(trace(patches, large: true)) == """
        t.jsonl:3: error: not a value in the trace's value form: at /patch/0/value: "$uuid" must be a string
        """)
  }

  /// One action on a small state (a tree) or a large one (text): `validate`'s whole output.
  func validate(state: String, patch: String, large: Bool) throws -> String {
    let pad = large ? #","pad":""# + String(repeating: "x", count: 6_000) + "\"" : ""
    let state = state.dropLast() + pad + "}"
    return try validate([
      header, #"{"kind":"state","seq":0,"t":0,"state":\#(state)}"#,
      #"{"kind":"action","seq":1,"t":1,"duration":1,"label":"a","action":null,"patch":\#(patch)}"#,
      #"{"kind":"end","t":99,"actions":1}"#,
    ])
  }

  /// QA's cases: a value copied or moved into an object member named `-`; a move to an index at
  /// or before its source's container; a `$enum` or `$tuple` key removed, so the fields become a
  /// dictionary's values; pointers as `Value(json:)` gives them (no `$dict`).
  @Test(arguments: [false, true]) func valuesMovedOrFieldsUncoveredAreChecked(large: Bool) throws {
    let cases: [(state: String, patch: String, error: String)] = [
      (
        #"{"$type":"S","names":{"a":1},"e":{"$enum":"E","c":{"$x":1}}}"#,
        #"[{"op":"copy","from":"/e/c","path":"/names/-"}]"#, #"at /names/-: unknown marker "$x""#
      ),
      (
        #"{"$type":"S","names":{"a":1},"pair":{"$tuple":{"_0":1,"$a":2}}}"#,
        #"[{"op":"move","from":"/pair/$tuple","path":"/names/-"}]"#,
        #"at /names/-: a "$" key must come first, found "$a""#
      ),
      (
        #"{"$type":"S","arr":[{"$date":"2001-01-01T00:00:00Z","$t":0}]}"#,
        #"[{"op":"move","from":"/arr/0/$t","path":"/arr/0"}]"#,
        #"at /arr/1: "$date" needs "$t" (seconds since 2001) after it"#
      ),
      (
        #"{"$type":"S","e":{"$enum":"E","c":{"$x":1}}}"#, #"[{"op":"remove","path":"/e/$enum"}]"#,
        #"at /e/c: unknown marker "$x""#
      ),
      (
        #"{"$type":"S","pair":{"$tuple":{"_0":1,"$a":2}}}"#, #"[{"op":"move","from":"/pair/$tuple","path":"/pair/t"}]"#,
        #"at /pair/t: a "$" key must come first, found "$a""#
      ),
      (
        #"{"$type":"S","d":{"$dict":[[1,{"$uuid":"00000000-0000-0000-0000-000000000001"}]]}}"#,
        #"[{"op":"add","path":"/d/$dict/0/1/x","value":1}]"#, #"at /d/0/1: unexpected key "x" in a "$uuid" object"#
      ),
      // Review: a broken value a later operation of the action shifted, moved or made `-` miss.
      (
        #"{"$type":"S","items":[{"$uuid":"00000000-0000-0000-0000-000000000005"}]}"#,
        #"[{"op":"replace","path":"/items/0/$uuid","value":"zz"},{"op":"add","path":"/items/0","value":1}]"#,
        #"at /items/1: invalid UUID "zz""#
      ),
      (
        #"{"$type":"S","a":{"$uuid":"00000000-0000-0000-0000-000000000005"}}"#,
        #"[{"op":"replace","path":"/a/$uuid","value":"zz"},{"op":"move","from":"/a","path":"/b"}]"#,
        #"at /b: invalid UUID "zz""#
      ),
      (
        #"{"$type":"S","d":{"$dict":[[1,"a"]]}}"#,
        #"[{"op":"add","path":"/d/$dict/-","value":[3]},{"op":"add","path":"/d/$dict/-","value":[4,"b"]}]"#,
        #"at /d: "$dict" entries must be [key, value] pairs"#
      ),
      // Review: a value put at a key named `$tuple` that is not a tuple's, taken as fields on its line.
      (
        #"{"$type":"S","s":{"$type":"T","x":1}}"#, #"[{"op":"add","path":"/s/$tuple","value":{"$a":1}}]"#,
        #"at /s/$tuple: unknown marker "$a""#
      ),
    ]
    for (state, patch, error) in cases {
      let output = try validate(state: state, patch: patch, large: large)
      #expect(
        output == "t.jsonl:3: error: not a value in the trace's value form: in the state after this action, \(error)",
        "\(patch)")
    }
  }

  /// Valid: a tuple's fields copied or put where fields go (their keys may start with `$`), and a
  /// state out of the form only between two operations of one action (readers see it after).
  @Test(arguments: [false, true]) func fieldsInTheirPlaceAndMendedStatesAreValid(large: Bool) throws {
    let cases: [(state: String, patch: String)] = [
      (
        #"{"$type":"S","pair":{"$tuple":{"_0":1,"$a":2}}}"#,
        #"[{"op":"copy","from":"/pair/$tuple","path":"/pair/$tuple"}]"#
      ),
      (
        #"{"$type":"S","pair":{"$tuple":{"_0":1}}}"#,
        #"[{"op":"replace","path":"/pair/$tuple","value":{"_0":1,"$a":2}}]"#
      ),
      (
        #"{"$type":"S","d":{"$dict":[[1,2]]}}"#,
        #"[{"op":"add","path":"/d/$dict/0/-","value":3},{"op":"remove","path":"/d/$dict/0/2"}]"#
      ),
    ]
    for (state, patch) in cases {
      let output = try validate(state: state, patch: patch, large: large)
      #expect(output == "", "\(patch)")
    }
  }
}
