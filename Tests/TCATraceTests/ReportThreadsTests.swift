import Foundation
import Testing
import TraceTestSupport

/// `report` on several threads (ReportSegments.swift): the page, the warnings, the errors and the
/// exit code are the ones a read on one thread gives, whatever stretches the file is cut into.
/// (Before, the report skipped keyframes and followed the patches: on a trace whose keyframes
/// agree with its patches, as the recorder writes them, the page is the same.)
/// `TCA_TRACE_REPORT_RANGE_BYTES` cuts these small traces into ranges of a few kilobytes, and
/// the tool then says on stderr how many stretches it read on how many threads.
@Suite struct ReportThreadsTests {
  let directory = TemporaryDirectory()
  /// 400 actions on 30 todos, a keyframe every 25 actions: 37 kB in 11 lines a range.
  let lines = SyntheticTrace.text(actions: 400, stateSize: 30, keyframeInterval: 25)
    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  static let environment = ["TCA_TRACE_REPORT_RANGE_BYTES": "3000"]

  /// The report of `text` on one thread and on three.
  func reports(_ text: String, environment: [String: String] = environment) -> (one: ToolRun, three: ToolRun) {
    _ = directory.file("t.jsonl", contents: text)
    return (
      tcaTrace(["report", "--threads", "1", "t.jsonl"], in: directory, environment: environment),
      tcaTrace(["report", "--threads", "3", "t.jsonl"], in: directory, environment: environment)
    )
  }

  @Test func theSamePageAsOneThread() {
    let (one, three) = reports(lines.joined(separator: "\n"))
    #expect(one.code == 0 && one.stderr.isEmpty)
    #expect(one.stdout.contains(#""actions":{"seq":[1,2,3,4,5,6,7,8,9,10,"#))
    #expect(three.stdout == one.stdout)
    #expect(three.stderr == "report: 17 stretches read on 3 threads\n")
    #expect(three.code == 0)
  }

  @Test func aBadLineEndsTheReportWhereOneThreadEndsIt() {
    var bad = lines
    bad[200] = #"{"kind":"action","seq":"#
    let (one, three) = reports(bad.joined(separator: "\n"))
    #expect(one.stderr == "t.jsonl:201:24: error: unexpected end of input\n")
    #expect(one.code == 2)
    #expect(three == one)
  }

  /// A patch that does not apply ends the report at its line, as it ends `show`, on one thread
  /// as on several: no page, exit 2.
  @Test func aPatchThatDoesNotApplyEndsTheReportWhereOneThreadEndsIt() throws {
    var changed = lines
    let patched = try #require(
      changed.indices.first { $0 > 100 && changed[$0].contains(#""op":"replace","path":"/todos/"#) })
    changed[patched] = changed[patched].replacingOccurrences(of: #""path":"/todos/"#, with: #""path":"/nothing/"#)
    let (one, three) = reports(changed.joined(separator: "\n"))
    #expect(
      one
        == ToolRun(
          stderr: "t.jsonl:105: error: patch of action 80 does not apply: path /nothing/5/isComplete does not exist\n",
          code: 2))
    #expect(three == one)
  }

  @Test func warningsAndKeyframesAsOneThreadSeesThem() throws {
    var changed = lines
    // A repeated action (a warning), a keyframe that differs from its patch, and a cut-off last
    // line.
    changed.insert(changed[250], at: 250)
    let keyframe = try #require(changed.indices.first { $0 > 300 && changed[$0].contains(#""state":{"#) })
    changed[keyframe] = changed[keyframe].replacingOccurrences(of: #""isComplete":false"#, with: #""isComplete":true"#)
    var text = changed.joined(separator: "\n")
    text.removeLast(40)
    let (one, three) = reports(text)
    #expect(one.stdout.contains(#""problems":[]"#))
    #expect(one.stderr.contains("t.jsonl:252: warning: duplicated sequence number"))
    #expect(one.stderr.hasSuffix("warning: truncated last line (no newline at the end); ignored\n"))
    #expect(three.stdout == one.stdout)
    #expect(three.stderr == one.stderr + "report: 17 stretches read on 3 threads\n")
  }

  @Test func anotherReducersLinesAreCountedOverEveryStretch() {
    // Lines of a second reducer (format 2) in two stretches far apart: skipped by each thread,
    // named once at the end with their total.
    let other = MultiReducerCommandTests.trace.split(separator: "\n").map(String.init)
    var mixed = lines
    mixed.insert(other[6], at: 300)
    mixed.insert(contentsOf: [other[2], other[3], other[5]], at: 100)
    let (one, three) = reports(mixed.joined(separator: "\n"))
    #expect(
      one.stderr
        == "t.jsonl: warning: this trace also holds reducer \"other\" (4 lines not read); select one with --prefix other\n"
    )
    #expect(three.stdout == one.stdout)
    #expect(three.stderr == one.stderr + "report: 17 stretches read on 3 threads\n")
  }

  @Test func threadsMustBeOneOrMore() {
    _ = directory.file("t.jsonl", contents: lines.joined(separator: "\n"))
    #expect(
      tcaTrace("report", "--threads", "0", "t.jsonl", in: directory)
        == ToolRun(
          stderr: """
            Error: The value '0' is invalid for '--threads <n>': expected at least 1
            Usage: tca-trace report [<options>] <file>
              See 'tca-trace report --help' for more information.

            """, code: 2))
  }

  @Test func aTraceWithoutKeyframesIsOneStretch() {
    // Nowhere to start another stretch: the first thread reads it all, and each other range is
    // searched only up to the next (not to the end of the file, once per range).
    let text = SyntheticTrace.text(actions: 300, stateSize: 30, keyframeInterval: 0)
    let (one, three) = reports(text)
    #expect(one.code == 0 && one.stderr.isEmpty)
    #expect(three.stdout == one.stdout)
    #expect(three.stderr == "report: 1 stretches read on 3 threads\n")
  }

  /// A counter: action k sets `/n` to k; every fifth carries a keyframe whose key is
  /// `keyframeKey(k)` as written (a reader takes `"state" :` and `"st\u0061te":` as `state`);
  /// `before(k)` are lines written just before action k.
  func counter(format: Int = 1, keyframeKey: (Int) -> String, before: (Int) -> [String] = { _ in [] }) -> String {
    var lines = [
      #"{"kind":"session","format":\#(format),"name":"C","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":0,"redacted":[]}"#,
      #"{"kind":"state","seq":0,"t":0,"state":{"n":0}}"#,
    ]
    for k in 1...60 {
      lines += before(k)
      let keyframe = k % 5 == 0 ? ",\(keyframeKey(k)){\"n\":\(k)}" : ""
      lines.append(
        #"{"kind":"action","seq":\#(k),"t":\#(k),"duration":0,"label":"Counter.Action.set","action":{},"patch":[{"op":"replace","path":"/n","value":\#(k)}]\#(keyframe)}"#
      )
    }
    lines.append(#"{"kind":"end","t":61,"actions":60}"#)
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func keyframesWrittenAnyWayAJSONReaderTakesThem() {
    // Each thread finds where its stretch starts as the reader of the stretch before finds where
    // it ends: a key with a space before its colon, or with an escape, is the same key.
    let keys = [#""state" :"#, #""st\u0061te":"#, #""state":"#]
    let text = counter(keyframeKey: { keys[($0 / 5) % 3] })
    for (range, stretches) in [(512, 13), (800, 11), (1200, 8)] {
      let (one, three) = reports(text, environment: ["TCA_TRACE_REPORT_RANGE_BYTES": "\(range)"])
      #expect(one.code == 0 && one.stderr.isEmpty)
      #expect(one.stdout.contains(#""seq":[\#((1...60).map(String.init).joined(separator: ","))]"#))
      #expect(three.stdout == one.stdout, "ranges of \(range) bytes")
      #expect(three.stderr == "report: \(stretches) stretches read on 3 threads\n")
    }
  }

  @Test func anotherReducersLineJustBeforeAKeyframe() {
    // Where a stretch ends is where its last line starts, not where the other reducer's line
    // skipped before it starts: no line is read by two threads.
    let other = #"{"kind":"note","reducer":"other","t":1,"message":"m"}"#
    let text = counter(format: 2, keyframeKey: { _ in #""state":"# }, before: { $0 % 5 == 0 ? [other] : [] })
    // (With ranges of 800 and 1,200 bytes, such a line starts just before a range's start.)
    for (range, stretches) in [(512, 13), (800, 12), (1200, 8)] {
      let (one, three) = reports(text, environment: ["TCA_TRACE_REPORT_RANGE_BYTES": "\(range)"])
      #expect(
        one.stderr
          == "t.jsonl: warning: this trace also holds reducer \"other\" (12 lines not read); select one with --prefix other\n"
      )
      #expect(one.stdout.contains(#""seq":[\#((1...60).map(String.init).joined(separator: ","))]"#))
      #expect(three.stdout == one.stdout, "ranges of \(range) bytes")
      #expect(three.stderr == one.stderr + "report: \(stretches) stretches read on 3 threads\n")
    }
  }

  @Test func anotherReducersLineJustAfterAKeyframe() {
    // The first line a stretch reads after its keyframe is another reducer's: skipped and
    // counted, as one reader does (`SummarySegments` once read such a line as the first's).
    let other = #"{"kind":"note","reducer":"other","t":1,"message":"m"}"#
    let text = counter(format: 2, keyframeKey: { _ in #""state":"# }, before: { $0 % 5 == 1 && $0 > 1 ? [other] : [] })
    for range in [512, 800, 1200] {
      let (one, three) = reports(text, environment: ["TCA_TRACE_REPORT_RANGE_BYTES": "\(range)"])
      #expect(
        one.stderr
          == "t.jsonl: warning: this trace also holds reducer \"other\" (11 lines not read); select one with --prefix other\n"
      )
      #expect(three.stdout == one.stdout, "ranges of \(range) bytes")
      #expect(three.stderr.hasPrefix(one.stderr + "report: "), "ranges of \(range) bytes")
    }
  }
}
