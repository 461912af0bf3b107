import Foundation
import Testing

/// A value not in the trace's value form: every command says where it is the same way, as a JSON
/// Pointer from the top of the line that holds it (`at /action/…`, `at /state/…`), or in the
/// state followed (`in the state, at /n`) when the state was built from several lines; `validate`
/// names the line that holds it.
@Suite struct ValueFormErrorTests {
  let directory = TemporaryDirectory()

  /// Action 1's value holds a bad UUID; action 2's patch puts a `$set` that is not an array at /n.
  func trace(actionValue: String = #"{"$enum":"A","x":{"_0":{"$uuid":"q"}}}"#) -> String {
    let header = SampleTraces.todos.split(separator: "\n")[0]
    return [
      String(header),
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","n":0}}"#,
      #"{"kind":"action","seq":1,"t":5,"duration":1,"label":"A.x","action":\#(actionValue),"patch":[{"op":"replace","path":"/n","value":1}]}"#,
      #"{"kind":"action","seq":2,"t":6,"duration":1,"label":"A.y","action":{"$enum":"A","y":{}},"patch":[{"op":"replace","path":"/n","value":{"$set":3}}]}"#,
      #"{"kind":"end","t":7,"actions":2}"#, "",
    ].joined(separator: "\n")
  }

  @Test func eachCommandSaysWhereTheValueIs() {
    _ = directory.file("t.jsonl", contents: trace())
    _ = directory.file("good-action.jsonl", contents: trace(actionValue: #"{"$enum":"A","x":{}}"#))
    func stderr(_ arguments: String...) -> String { tcaTrace(arguments, in: directory).stderr }
    #expect(
      stderr("show", "--color", "never", "t.jsonl")
        == "t.jsonl:3: error: not a value in the trace's value form: at /action/x/_0: invalid UUID \"q\"\n")
    #expect(
      stderr("show", "--color", "never", "good-action.jsonl")
        == """
        good-action.jsonl:4: error: not a value in the trace's value form: in the state before or after this action, at /n: "$set" must be an array

        """)
    #expect(
      stderr("show", "--color", "never", "--full-state", "good-action.jsonl")
        == """
        good-action.jsonl:4: error: not a value in the trace's value form: in the state after this action, at /n: "$set" must be an array

        """)
    #expect(
      stderr("state", "--at", "2", "t.jsonl")
        == "t.jsonl:4: error: not a value in the trace's value form: in the state, at /n: \"$set\" must be an array\n")
    #expect(
      stderr("blame", "--color", "never", "t.jsonl", "/n")
        == "t.jsonl:4: error: not a value in the trace's value form: in the state, at /n: \"$set\" must be an array\n")
    #expect(
      tcaTrace("validate", "t.jsonl", in: directory)
        == ToolRun(
          stdout: """
            t.jsonl:3: error: not a value in the trace's value form: at /action/x/_0: invalid UUID "q"
            t.jsonl:4: error: not a value in the trace's value form: at /patch/0/value: "$set" must be an array
            t.jsonl: 2 problems

            """, code: 1))
  }

  /// A patch whose value is fine but whose place is not: a case's associated values replaced by
  /// a number. `show` and `validate` give `Value(json:)`'s message (show said "unexpected enum
  /// shape"), on the action's line.
  @Test func aPatchThatBreaksAnEnumCaseIsReportedAlike() {
    let header = SampleTraces.todos.split(separator: "\n")[0]
    _ = directory.file(
      "enum.jsonl",
      contents: [
        String(header),
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","route":{"$enum":"Route","detail":{"_0":1}}}}"#,
        #"{"kind":"action","seq":1,"t":5,"duration":1,"label":"A.x","action":null,"patch":[{"op":"replace","path":"/route/detail","value":5}]}"#,
        #"{"kind":"end","t":7,"actions":1}"#, "",
      ].joined(separator: "\n"))
    let message =
      #"not a value in the trace's value form: %@, at /route: associated values of case "detail" must be an object"#
    #expect(
      tcaTrace(["show", "--color", "never", "enum.jsonl"], in: directory).stderr
        == "enum.jsonl:3: error: " + String(format: message, "in the state before or after this action") + "\n")
    #expect(
      tcaTrace("validate", "enum.jsonl", in: directory)
        == ToolRun(
          stdout: "enum.jsonl:3: error: " + String(format: message, "in the state after this action")
            + "\nenum.jsonl: 1 problem\n", code: 1))
  }

  /// A case's values replaced together (`replace /route/detail {…}`) are a change of the case,
  /// not an error: `show` said "unexpected enum shape" (QA).
  @Test func aCasesValuesReplacedTogetherAreShown() {
    let header = SampleTraces.todos.split(separator: "\n")[0]
    _ = directory.file(
      "payload.jsonl",
      contents: [
        String(header),
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","route":{"$enum":"Route","detail":{"_0":1}}}}"#,
        #"{"kind":"action","seq":1,"t":5,"duration":1,"label":"A.x","action":null,"patch":[{"op":"replace","path":"/route/detail","value":{"_0":2}}]}"#,
        #"{"kind":"end","t":7,"actions":1}"#, "",
      ].joined(separator: "\n"))
    let run = tcaTrace(["show", "--color", "never", "payload.jsonl"], in: directory)
    #expect(run.code == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)

        #1      +0.000s     1ns  A.x
            nil
            S(
              route: .detail(
          -     1
          +     2
              )
            )
        end +0.000s: 1 action

        """)
  }

  /// A hand-written patch of a case's `$enum` (renamed, or removed: the object is then a
  /// dictionary) is a valid trace: `show` said "associated values of case "detail" must be an
  /// object", because the untouched values beside the marker became stand-ins (QA). A case
  /// replaced by one of another enum names both types, which would otherwise read the same.
  @Test func aCasesMarkerRenamedOrRemovedIsShown() {
    let header = SampleTraces.todos.split(separator: "\n")[0]
    func show(_ operation: String) -> ToolRun {
      _ = directory.file(
        "marker.jsonl",
        contents: [
          String(header),
          #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","route":{"$enum":"Route","detail":{"_0":1}}}}"#,
          #"{"kind":"action","seq":1,"t":5,"duration":1,"label":"A.x","action":null,"patch":[\#(operation)]}"#,
          #"{"kind":"end","t":7,"actions":1}"#, "",
        ].joined(separator: "\n"))
      return tcaTrace(["show", "--color", "never", "marker.jsonl"], in: directory)
    }
    let heading = """
      Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)

      #1      +0.000s     1ns  A.x
          nil

      """
    let renamed = show(#"{"op":"replace","path":"/route/$enum","value":"Other"}"#)
    #expect(renamed.code == 0 && renamed.stderr == "")
    #expect(
      renamed.stdout == heading + """
            S(
          -   route: Route.detail(1)
          +   route: Other.detail(1)
            )
        end +0.000s: 1 action

        """)
    let removed = show(#"{"op":"remove","path":"/route/$enum"}"#)
    #expect(removed.code == 0 && removed.stderr == "")
    #expect(
      removed.stdout == heading + """
            S(
          -   route: .detail(1)
          +   route: [
          +     "detail": [
          +       "_0": 1
          +     ]
          +   ]
            )
        end +0.000s: 1 action

        """)
  }
}
