import Foundation
import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

/// `ComparisonGitHubRenderer`: workflow commands that text from a trace cannot break out of.
@Suite struct CompareGitHubRendererTests {
  /// A one-action trace whose action has `label` and sets `/n` to `n`.
  func trace(label: String, n: Int) -> String {
    let label = JSONWriter.string(.string(label))
    return """
      {"kind":"session","format":1,"name":"C","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":100,"redacted":[]}
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":10,"duration":5,"label":\(label),"action":{"$enum":"A","tap":{}},"patch":[{"op":"replace","path":"/n","value":\(n)}]}
      {"kind":"end","t":20,"actions":1}

      """
  }

  @Test func aLabelWithCRLFCannotStartAnotherWorkflowCommand() throws {
    let label = "A.tap\r\n::error file=x::injected, 100%"
    let golden = traceFile(trace(label: label, n: 1), name: "golden.jsonl")
    let current = traceFile(trace(label: label, n: 2), name: "current.jsonl")
    let comparison = try TraceComparator.compare(golden: golden, current: current)
    let text = ComparisonGitHubRenderer().render(comparison)
      .replacingOccurrences(of: golden, with: "golden.jsonl").replacingOccurrences(of: current, with: "current.jsonl")
    #expect(
      text == """
        ::error file=golden.jsonl,line=3,title=tca-trace diff%3A state after the action differs::golden seq 1, current seq 1: A.tap%0D%0A::error file=x::injected, 100%25%0A  [%0A-   "n": 1%0A+   "n": 2%0A  ]
        tca-trace diff golden.jsonl current.jsonl: 1 difference
        """)
    #expect(text.split(separator: "\n").count == 2)
  }

  @Test func propertiesEscapeColonsCommasAndLineBreaksScalarByScalar() {
    let renderer = ComparisonGitHubRenderer()
    #expect(renderer.property("a:b,c%\r\nd\ne\rf") == "a%3Ab%2Cc%25%0D%0Ad%0Ae%0Df")
    #expect(renderer.message("a:b,c%\r\nd") == "a:b,c%25%0D%0Ad")
  }
}
