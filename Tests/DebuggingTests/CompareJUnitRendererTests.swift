@testable import Debugging
import Foundation
import Testing

/// `ComparisonJUnitRenderer`: attributes keep line breaks as character references.
@Suite struct CompareJUnitRendererTests {
  @Test func aLabelWithLineBreaksStaysIntactInTheNameAttribute() throws {
    let label = "A.tap\r\nsecond\tline"
    let golden = traceFile(CompareGitHubRendererTests().trace(label: label, n: 1), name: "golden.jsonl")
    let current = traceFile(CompareGitHubRendererTests().trace(label: label, n: 2), name: "current.jsonl")
    var options = CompareOptions()
    options.collectsCases = true
    let comparison = try TraceComparator.compare(golden: golden, current: current, options: options)
    let xml = ComparisonJUnitRenderer().render(comparison)
      .replacingOccurrences(of: golden, with: "golden.jsonl").replacingOccurrences(of: current, with: "current.jsonl")
    #expect(xml == """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="tca-trace diff" tests="2" failures="1">
        <testsuite name="golden.jsonl vs current.jsonl" tests="2" failures="1">
          <testcase classname="C" name="initial state"/>
          <testcase classname="C" name="seq 1 ↔ 1 A.tap&#13;&#10;second&#9;line">
            <failure message="state after the action differs" type="state">  [
      -   &quot;n&quot;: 1
      +   &quot;n&quot;: 2
        ]</failure>
          </testcase>
        </testsuite>
      </testsuites>
      """)
  }
}
