import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

@Suite struct TraceSyntheticTests {
  @Test func smallTraceIsExact() {
    #expect(
      SyntheticTrace.text(actions: 2, stateSize: 2, keyframeInterval: 2) == """
        {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":2,"redacted":["password"]}
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[{"$type":"Todo","id":{"$uuid":"DEADBEEF-0000-4000-8000-000000000000"},"title":"Todo 0","isComplete":true},{"$type":"Todo","id":{"$uuid":"DEADBEEF-0000-4000-8000-000000000001"},"title":"Todo 1","isComplete":false}],"filter":{"$enum":"Filter","all":{}}}}
        {"kind":"action","seq":1,"t":35774,"duration":26153,"label":"Todos.Action.todos(.element(id:, action: .toggle))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction","element":{"id":{"$uuid":"DEADBEEF-0000-4000-8000-000000000000"},"action":{"$enum":"Todo.Action","toggle":{}}}}}},"patch":[{"op":"replace","path":"/todos/0/isComplete","value":false}]}
        {"kind":"action","seq":2,"t":105797,"duration":13034,"label":"Todos.Action.todos(.element(id:, action: .toggle))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction","element":{"id":{"$uuid":"DEADBEEF-0000-4000-8000-000000000001"},"action":{"$enum":"Todo.Action","toggle":{}}}}}},"patch":[{"op":"replace","path":"/todos/1/isComplete","value":true}],"state":{"$type":"Todos.State","todos":[{"$type":"Todo","id":{"$uuid":"DEADBEEF-0000-4000-8000-000000000000"},"title":"Todo 0","isComplete":false},{"$type":"Todo","id":{"$uuid":"DEADBEEF-0000-4000-8000-000000000001"},"title":"Todo 1","isComplete":true}],"filter":{"$enum":"Filter","all":{}}}}
        {"kind":"end","t":119831,"actions":2}

        """)
  }

  @Test func largerTracesValidate() throws {
    let path = traceFile(SyntheticTrace.text(actions: 300, stateSize: 20, keyframeInterval: 7))
    #expect(TraceValidator.validate(try TraceReader(path: path)).map(\.description) == [])
    var builder = TimingReportBuilder()
    for case let .success(event) in try TraceSummaryReader(path: path) { builder.add(event) }
    let report = builder.report()
    #expect(report.actionCount == 300)
    #expect(
      report.effects.map {
        "\($0.label): \($0.started) started, \($0.outputs) outputs, \($0.finished) finished, \($0.cancelled) cancelled, \($0.running) running"
      }
        == ["Todos.Action.addButtonTapped: 30 started, 24 outputs, 24 finished, 6 cancelled, 0 running"])
  }

  /// With a byte budget the writer stops adding actions at that size (the benchmarks' "1 GB"
  /// trace came out at 14.8 GB when the number of actions was extrapolated), and the trace is
  /// still whole: its end line counts the actions written.
  @Test func stopsAtTheByteBudget() throws {
    let writer = TraceWriter.memory()
    SyntheticTrace.write(actions: Int.max - 1, stateSize: 200, keyframeInterval: 100, maximumBytes: 300_000, to: writer)
    let text = writer.text
    #expect(text.utf8.count >= 300_000)
    // Over by at most the last action (a keyframe here: the state, about 25 KB) and its effect lines.
    #expect(text.utf8.count < 300_000 + 40_000)
    let path = traceFile(text)
    #expect(TraceValidator.validate(try TraceReader(path: path)).map(\.description) == [])
    let last = try #require(text.split(separator: "\n").last)
    let actions = text.split(separator: "\n").filter { $0.hasPrefix(#"{"kind":"action""#) }.count
    #expect(last.hasPrefix(#"{"kind":"end","t":"#))
    #expect(last.hasSuffix(#","actions":\#(actions)}"#))
  }
}
