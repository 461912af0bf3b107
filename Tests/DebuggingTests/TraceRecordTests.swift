import Testing
import TraceTestSupport

@testable import Debugging

@Suite struct TraceRecordTests {
  @Test func roundTripsEveryKind() {
    let lines = sampleTrace.split(separator: "\n").map(String.init)
    let encoded = lines.map(decodeRecord).joined(separator: "\n")
    #expect(
      encoded == """
        {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":42,"keyframeInterval":100,"redacted":[]}
        {"kind":"state","seq":0,"t":0,"state":{"todos":[]}}
        {"kind":"action","seq":1,"t":1000,"duration":500,"label":"Todos.Action.addButtonTapped","action":{"$enum":"Todos.Action","addButtonTapped":{}},"patch":[{"op":"add","path":"/todos/-","value":{"title":"Milk","done":false}}]}
        {"kind":"effect","event":"started","effect":1,"seq":1,"t":1600,"label":"Todos.Action.addButtonTapped"}
        {"kind":"effect","event":"output","effect":1,"seq":2,"t":5000,"label":"Todos.Action.saved"}
        {"kind":"action","seq":2,"t":5100,"duration":300,"label":"Todos.Action.saved","effect":1,"action":{"$enum":"Todos.Action","saved":{}},"patch":[{"op":"replace","path":"/todos/0/done","value":true}]}
        {"kind":"effect","event":"finished","effect":1,"t":6000}
        {"kind":"end","t":7000,"actions":2}
        """)
  }

  @Test func sessionOriginIsOptionalAndKeptAfterTheClock() {
    let withOrigin =
      #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","origin":123456789,"platform":"p","pid":1,"keyframeInterval":1,"redacted":[]}"#
    #expect(decodeRecord(withOrigin) == withOrigin)
    #expect(
      decodeRecord(
        #"{"kind":"session","format":1,"name":"T","prefix":"","origin":-1,"start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":1,"redacted":[]}"#
      )
        == #"error: session: "origin" must not be negative, found -1"#)
  }

  @Test func notesAndKeyframes() {
    #expect(
      decodeRecord(
        #"{"kind":"note","t":5,"note":"gap","message":"writer fell behind: 12 actions dropped","dropped":12}"#)
        == #"{"kind":"note","t":5,"note":"gap","message":"writer fell behind: 12 actions dropped","dropped":12}"#)
    #expect(
      decodeRecord(#"{"kind":"note","t":5,"note":"info","message":"hello"}"#)
        == #"{"kind":"note","t":5,"note":"info","message":"hello"}"#)
    #expect(
      decodeRecord(
        #"{"kind":"action","seq":3,"t":1,"duration":2,"label":"x","action":null,"patch":[],"state":{"n":1}}"#)
        == #"{"kind":"action","seq":3,"t":1,"duration":2,"label":"x","action":null,"patch":[],"state":{"n":1}}"#)
  }

  @Test(arguments: [
    (#"[1]"#, "a trace line must be a JSON object, found array"),
    (#"{"seq":1}"#, #"missing key "kind""#),
    (#"{"kind":7}"#, #""kind" must be a string, found integer"#),
    (#"{"kind":"bogus"}"#, #"unknown kind "bogus""#),
    (#"{"kind":"session","format":3,"name":"x"}"#, "unsupported trace format 3; this tca-trace reads formats 1, 2"),
    (#"{"kind":"session","format":"1"}"#, #"session: "format" must be an integer, found string"#),
    (
      #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":1}"#,
      #"session: missing key "redacted""#
    ),
    (
      #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":1,"redacted":[1]}"#,
      #"session: "redacted[0]" must be a string, found integer"#
    ),
    (#"{"kind":"action","t":1}"#, #"action: missing key "seq""#),
    (#"{"kind":"action","seq":1.5}"#, #"action: "seq" must be an integer, found number"#),
    (#"{"kind":"action","seq":-1}"#, #"action: "seq" must not be negative, found -1"#),
    (#"{"kind":"action","seq":1,"t":1,"duration":1,"label":"x","action":null}"#, #"action: missing key "patch""#),
    (
      #"{"kind":"action","seq":1,"t":1,"duration":1,"label":"x","action":null,"patch":{}}"#,
      #"action: "patch" must be an array, found object"#
    ),
    (
      #"{"kind":"action","seq":1,"t":1,"duration":1,"label":"x","action":null,"patch":[{"op":"frob","path":""}]}"#,
      #"action: patch[0]: unknown op "frob""#
    ),
    (
      #"{"kind":"action","seq":1,"t":1,"duration":1,"label":"x","action":null,"patch":[{"op":"add","path":"/a"}]}"#,
      #"action: patch[0]: missing key "value""#
    ),
    (
      #"{"kind":"action","seq":1,"t":1,"duration":1,"label":"x","action":null,"patch":[{"op":"remove","path":"a"}]}"#,
      #"action: patch[0]: invalid pointer "a": must be empty or start with /"#
    ),
    (#"{"kind":"effect","event":"paused","effect":1,"t":1}"#, #"effect: unknown event "paused""#),
    (#"{"kind":"effect","event":"started","effect":1,"t":1,"seq":1}"#, #"effect: missing key "label""#),
    (#"{"kind":"effect","event":"output","effect":1,"t":1}"#, #"effect: missing key "seq""#),
    (#"{"kind":"note","t":1,"note":"gap","message":"m"}"#, #"note: missing key "dropped""#),
    (#"{"kind":"note","t":1,"note":"oops","message":"m"}"#, #"note: unknown note "oops""#),
    (#"{"kind":"end","t":1}"#, #"end: missing key "actions""#),
    (#"{"kind":"state","seq":0,"t":0}"#, #"state: missing key "state""#),
  ])
  func rejectsBadLines(line: String, message: String) {
    #expect(decodeRecord(line) == "error: \(message)")
  }
}
