import Testing

/// Labels, app names and effect ids are read from the trace, untrusted: `show` and `blame` print
/// them with control characters escaped (ShowTextRenderer.swift, `PrintableText`), so that a
/// label can neither clear the screen, set the terminal's title nor start a new line.
@Suite struct LabelEscapingTests {
  static let trace = #"""
    {"kind":"session","format":1,"name":"Evil\u001b]0;pwned\u0007App","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux\r\nx86_64","pid":1,"keyframeInterval":5,"redacted":[]}
    {"kind":"state","seq":0,"t":0,"state":{"n":0}}
    {"kind":"action","seq":1,"t":1000000,"duration":5100,"label":"Evil\u001b[2J\u001b]0;pwned\u0007.label\nsecond line","action":{"$enum":"App.Action","tap":{}},"patch":[{"op":"replace","path":"/n","value":1}]}
    {"kind":"effect","event":"started","effect":1,"t":1000010,"seq":1,"label":"Evil\u001b[2J\u001b]0;pwned\u0007.label\nsecond line","id":"save\u001b[1m"}
    {"kind":"effect","event":"finished","effect":1,"t":2000000}
    {"kind":"note","t":2500000,"note":"info","message":"moved\u009b2J"}
    {"kind":"end","t":3000000,"actions":1}

    """#

  let directory = TemporaryDirectory()

  init() {
    _ = directory.file("evil.jsonl", contents: Self.trace)
  }

  @Test func show() {
    #expect(
      tcaTrace("show", "evil.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            Evil\u{1b}]0;pwned\u{7}App — recorded 2026-11-21T19:33:07.123Z on Linux\r\nx86_64, pid 1 (trace format 1)

            #1      +0.001s  5.10µs  Evil\u{1b}[2J\u{1b}]0;pwned\u{7}.label\nsecond line
                App.Action.tap
                [
              -   "n": 0
              +   "n": 1
                ]
              effect 1 started (cancellable: save\u{1b}[1m)
            effect 1 finished at +0.002s after 1000µs (started by #1 Evil\u{1b}[2J\u{1b}]0;pwned\u{7}.label\nsecond line)
            note +0.002s info: moved\u{9b}2J
            end +0.003s: 1 action

            """#))
  }

  @Test func showLabelsOnly() {
    #expect(
      tcaTrace("show", "--labels-only", "evil.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            #1      +0.001s  5.10µs  Evil\u{1b}[2J\u{1b}]0;pwned\u{7}.label\nsecond line

            """#))
  }

  @Test func blame() {
    #expect(
      tcaTrace("blame", "evil.jsonl", "n", in: directory)
        == ToolRun(
          stdout: #"""
            #1      +0.001s  5.10µs  Evil\u{1b}[2J\u{1b}]0;pwned\u{7}.label\nsecond line
              - 0
              + 1
            1 action changed n.

            """#))
  }

  /// A state's strings are the app's data, as untrusted as its labels: DEL, C1 (a one-byte CSI,
  /// NEL) and the bidirectional overrides were printed raw (QA); ESC already was escaped.
  @Test func stateStrings() {
    _ = directory.file(
      "strings.jsonl",
      contents: [
        Self.trace.split(separator: "\n")[0],
        #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","note":"A\u001b[31mRED\u009b31mC1\u007fDEL\u202eRTL\u0085NEL"}}"#,
        #"{"kind":"end","t":1,"actions":0}"#, "",
      ].joined(separator: "\n"))
    #expect(
      tcaTrace("state", "strings.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            S(
              note: "A\u{1b}[31mRED\u{9b}31mC1\u{7f}DEL\u{202e}RTL\u{85}NEL"
            )

            """#))
  }
}
