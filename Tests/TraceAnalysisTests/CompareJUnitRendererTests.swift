import Foundation
import Testing

@testable import Debugging
@testable import TraceAnalysis

#if canImport(FoundationXML)
import FoundationXML
import TraceTestSupport
#endif

/// `ComparisonJUnitRenderer`: attributes keep line breaks as character references; actions that
/// behave the same (and those beyond the detail limit) are one test case per run.
@Suite struct CompareJUnitRendererTests {
  func junit(_ golden: [String], _ current: [String], detailLimit: Int = 200) throws -> String {
    let support = CompareTraceComparatorTests()
    let goldenPath = traceFile(support.labelTrace(golden), name: "golden.jsonl")
    let currentPath = traceFile(support.labelTrace(current), name: "current.jsonl")
    var options = CompareOptions()
    options.collectsCases = true
    options.detailLimit = detailLimit
    let comparison = try TraceComparator.compare(golden: goldenPath, current: currentPath, options: options)
    return ComparisonJUnitRenderer().render(comparison)
      .replacingOccurrences(of: goldenPath, with: "golden.jsonl").replacingOccurrences(
        of: currentPath, with: "current.jsonl")
  }

  @Test func actionsThatBehaveTheSameAreOneTestCasePerRun() throws {
    let golden = (1...250).map { "a\($0)" }
    var current = golden
    current[100] = "b101"
    let xml = try junit(golden, current)
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="tca-trace diff" tests="5" failures="2">
          <testsuite name="golden.jsonl vs current.jsonl" tests="5" failures="2">
            <testcase classname="L" name="initial state"/>
            <testcase classname="L" name="seq 1…100 ↔ 1…100: 100 actions, no new difference"/>
            <testcase classname="L" name="seq 101 ↔ – a101">
              <failure message="action missing from the current run" type="missing">golden seq 101 (line 103) has no counterpart in the current run</failure>
            </testcase>
            <testcase classname="L" name="seq – ↔ 101 b101">
              <failure message="extra action in the current run" type="extra">current seq 101 (line 103) has no counterpart in the golden run</failure>
            </testcase>
            <testcase classname="L" name="seq 102…250 ↔ 102…250: 149 actions, no new difference"/>
          </testsuite>
        </testsuites>
        """)
    let structure = try CompareXMLStructure(xml)
    #expect(
      structure.elements == [
        "testsuites", "testsuite", "testcase", "testcase", "testcase", "failure", "testcase", "failure", "testcase",
      ])
  }

  @Test func actionsThatDifferBeyondTheDetailLimitAreOneFailingTestCasePerRun() throws {
    let xml = try junit((0..<10).map { "a\($0)" }, (0..<10).map { "b\($0)" } + ["c"], detailLimit: 2)
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="tca-trace diff" tests="4" failures="3">
          <testsuite name="golden.jsonl vs current.jsonl" tests="4" failures="3">
            <testcase classname="L" name="initial state"/>
            <testcase classname="L" name="seq 1 ↔ – a0">
              <failure message="action missing from the current run" type="missing">golden seq 1 (line 3) has no counterpart in the current run</failure>
            </testcase>
            <testcase classname="L" name="seq 2 ↔ – a1">
              <failure message="action missing from the current run" type="missing">golden seq 2 (line 4) has no counterpart in the current run</failure>
            </testcase>
            <testcase classname="L" name="seq 3…10 ↔ 1…11: 19 more differing actions">
              <failure message="differs" type="difference">details beyond the first 2 differences are left out</failure>
            </testcase>
          </testsuite>
        </testsuites>
        """)
    let structure = try CompareXMLStructure(xml)
    #expect(
      structure.elements == [
        "testsuites", "testsuite", "testcase", "testcase", "failure", "testcase", "failure", "testcase", "failure",
      ])
  }

  @Test func aLabelWithLineBreaksStaysIntactInTheNameAttribute() throws {
    let label = "A.tap\r\nsecond\tline"
    let golden = traceFile(CompareGitHubRendererTests().trace(label: label, n: 1), name: "golden.jsonl")
    let current = traceFile(CompareGitHubRendererTests().trace(label: label, n: 2), name: "current.jsonl")
    var options = CompareOptions()
    options.collectsCases = true
    let comparison = try TraceComparator.compare(golden: golden, current: current, options: options)
    let xml = ComparisonJUnitRenderer().render(comparison)
      .replacingOccurrences(of: golden, with: "golden.jsonl").replacingOccurrences(of: current, with: "current.jsonl")
    #expect(
      xml == """
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

/// The element names of an XML document in order, read with Foundation's `XMLParser`; throws
/// when the document is not well-formed.
final class CompareXMLStructure: NSObject, XMLParserDelegate {
  var elements: [String] = []

  struct NotWellFormed: Error {
    var message: String
  }

  init(_ document: String) throws {
    super.init()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = self
    guard parser.parse() else { throw NotWellFormed(message: parser.parserError.map { "\($0)" } ?? "unknown error") }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    elements.append(elementName)
  }
}
