import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `tca-trace diff --format json|junit|github` end to end.
@Suite struct DiffFormatTests {
  let directory = DiffTraces.directory()

  @Test func json() {
    #expect(
      tcaTrace("diff", "--format", "json", "golden.jsonl", "changed.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            {"equivalent":false,"golden":{"file":"golden.jsonl","name":"Counter","actions":4},"current":{"file":"changed.jsonl","name":"Counter","actions":4},"counts":{"aligned":4,"missing":0,"extra":0,"actionDifferences":0,"stateDifferences":1,"carriedStateDifferences":2,"statesNotExamined":0,"effectDifferences":0,"missingEffects":0,"extraEffects":0,"total":1,"exact":true},"divergences":[{"kind":"state","title":"state after the action differs","golden":{"seq":2,"line":4},"current":{"seq":2,"line":4},"label":"Counter.Action.increment","changes":[{"path":"/count","change":"replaced","old":2,"new":3}],"diff":{"path":"","change":"nested","shape":"structure","type":"Counter.State","children":[{"path":"/count","field":"count","change":"replaced","old":2,"new":3},{"path":"/fact","field":"fact","change":"unchanged","count":1}]},"text":"  Counter.State(\n-   count: 2,\n+   count: 3,\n    … (1 unchanged)\n  )"}],"warnings":[]}

            """#, code: 1))
  }

  @Test func jsonWithTimingsAndEffects() throws {
    let run = tcaTrace("diff", "--format", "json", "--timings", "two.jsonl", "swapped.jsonl", in: directory)
    #expect(run.code == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let divergences = try #require(object["divergences"] as? [[String: Any]])
    #expect(divergences.map { $0["kind"] as? String } == ["effects", "missing", "extra"])
    let effects = try #require(divergences[0]["effects"] as? [[String: Any]])
    #expect(
      (effects[0]["current"] as? [String: Any])?["outputs"] as? [String] == [DiffTraces.response, DiffTraces.tick])
    let timings = try #require(object["timings"] as? [String: Any])
    #expect(timings["regressions"] as? Int == 0)
    #expect((timings["rows"] as? [Any])?.count == 10)
  }

  @Test func junit() {
    #expect(
      tcaTrace("diff", "--format", "junit", "golden.jsonl", "removed.jsonl", in: directory)
        == ToolRun(
          stdout: """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="tca-trace diff" tests="5" failures="2">
              <testsuite name="golden.jsonl vs removed.jsonl" tests="5" failures="2">
                <testcase classname="Counter" name="initial state"/>
                <testcase classname="Counter" name="seq 1 ↔ 1 Counter.Action.increment"/>
                <testcase classname="Counter" name="seq 2 ↔ – Counter.Action.increment">
                  <failure message="action missing from the current run" type="missing">golden seq 2 (line 4) has no counterpart in the current run</failure>
                </testcase>
                <testcase classname="Counter" name="seq 3 ↔ 2 Counter.Action.factButtonTapped">
                  <failure message="state after the action differs" type="state">  Counter.State(
            -   count: 2,
            +   count: 1,
                … (1 unchanged)
              )</failure>
                </testcase>
                <testcase classname="Counter" name="seq 4 ↔ 3 Counter.Action.factResponse(_:)"/>
              </testsuite>
            </testsuites>

            """, code: 1))
  }

  @Test func effectsOfAMissingActionInEveryFormat() {
    #expect(
      tcaTrace("diff", "--format", "json", "golden.jsonl", "nofact.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            {"equivalent":false,"golden":{"file":"golden.jsonl","name":"Counter","actions":4},"current":{"file":"nofact.jsonl","name":"Counter","actions":2},"counts":{"aligned":2,"missing":2,"extra":0,"actionDifferences":0,"stateDifferences":1,"carriedStateDifferences":0,"statesNotExamined":0,"effectDifferences":0,"missingEffects":1,"extraEffects":0,"total":4,"exact":true},"divergences":[{"kind":"missing","title":"action missing from the current run","golden":{"seq":3,"line":5},"current":null,"label":"Counter.Action.factButtonTapped"},{"kind":"missingEffects","title":"effects missing from the current run","golden":{"seq":3,"line":5},"current":null,"label":"Counter.Action.factButtonTapped","effects":[{"position":1,"golden":{"id":"fact","outputs":["Counter.Action.factResponse(_:)"],"end":"finished"},"current":null}]},{"kind":"missing","title":"action missing from the current run","golden":{"seq":4,"line":8},"current":null,"label":"Counter.Action.factResponse(_:)"},{"kind":"finalState","title":"final state differs","golden":{"seq":4,"line":8},"current":{"seq":2,"line":4},"label":"Counter.Action.factResponse(_:)","changes":[{"path":"/fact","change":"replaced","old":"2 is prime","new":null}],"diff":{"path":"","change":"nested","shape":"structure","type":"Counter.State","children":[{"path":"/count","field":"count","change":"unchanged","count":1},{"path":"/fact","field":"fact","change":"replaced","old":"2 is prime","new":null}]},"text":"  Counter.State(\n    … (1 unchanged),\n-   fact: \"2 is prime\"\n+   fact: nil\n  )"}],"warnings":[]}

            """#, code: 1))
    #expect(
      tcaTrace("diff", "--format", "junit", "golden.jsonl", "nofact.jsonl", in: directory)
        == ToolRun(
          stdout: """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="tca-trace diff" tests="4" failures="2">
              <testsuite name="golden.jsonl vs nofact.jsonl" tests="4" failures="2">
                <testcase classname="Counter" name="initial state"/>
                <testcase classname="Counter" name="seq 1…2 ↔ 1…2: 2 actions, no new difference"/>
                <testcase classname="Counter" name="seq 3 ↔ – Counter.Action.factButtonTapped">
                  <failure message="action missing from the current run" type="missing">golden seq 3 (line 5) has no counterpart in the current run</failure>
                  <failure message="effects missing from the current run" type="missingEffects">golden seq 3 (line 5), missing from the current run, started:
            effect 1: id &quot;fact&quot;, sent Counter.Action.factResponse(_:), finished</failure>
                </testcase>
                <testcase classname="Counter" name="seq 4 ↔ – Counter.Action.factResponse(_:)">
                  <failure message="action missing from the current run" type="missing">golden seq 4 (line 8) has no counterpart in the current run</failure>
                  <failure message="final state differs" type="finalState">  Counter.State(
                … (1 unchanged),
            -   fact: &quot;2 is prime&quot;
            +   fact: nil
              )</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """, code: 1))
    #expect(
      tcaTrace("diff", "--format", "github", "golden.jsonl", "nofact.jsonl", in: directory)
        == ToolRun(
          stdout: """
            ::error file=golden.jsonl,line=5,title=tca-trace diff%3A action missing from the current run::golden seq 3, current –: Counter.Action.factButtonTapped%0Agolden seq 3 (line 5) has no counterpart in the current run
            ::error file=golden.jsonl,line=5,title=tca-trace diff%3A effects missing from the current run::golden seq 3, current –: Counter.Action.factButtonTapped%0Agolden seq 3 (line 5), missing from the current run, started:%0Aeffect 1: id "fact", sent Counter.Action.factResponse(_:), finished
            ::error file=golden.jsonl,line=8,title=tca-trace diff%3A action missing from the current run::golden seq 4, current –: Counter.Action.factResponse(_:)%0Agolden seq 4 (line 8) has no counterpart in the current run
            ::error file=golden.jsonl,line=8,title=tca-trace diff%3A final state differs::the end, after golden seq 4, current seq 2%0A  Counter.State(%0A    … (1 unchanged),%0A-   fact: "2 is prime"%0A+   fact: nil%0A  )
            tca-trace diff golden.jsonl nofact.jsonl: 4 differences

            """, code: 1))
  }

  @Test func effectsOfAnExtraActionInEveryFormat() {
    #expect(
      tcaTrace("diff", "--format", "json", "nofact.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stdout: #"""
            {"equivalent":false,"golden":{"file":"nofact.jsonl","name":"Counter","actions":2},"current":{"file":"golden.jsonl","name":"Counter","actions":4},"counts":{"aligned":2,"missing":0,"extra":2,"actionDifferences":0,"stateDifferences":1,"carriedStateDifferences":0,"statesNotExamined":0,"effectDifferences":0,"missingEffects":0,"extraEffects":1,"total":4,"exact":true},"divergences":[{"kind":"extra","title":"extra action in the current run","golden":null,"current":{"seq":3,"line":5},"label":"Counter.Action.factButtonTapped"},{"kind":"extraEffects","title":"extra effects in the current run","golden":null,"current":{"seq":3,"line":5},"label":"Counter.Action.factButtonTapped","effects":[{"position":1,"golden":null,"current":{"id":"fact","outputs":["Counter.Action.factResponse(_:)"],"end":"finished"}}]},{"kind":"extra","title":"extra action in the current run","golden":null,"current":{"seq":4,"line":8},"label":"Counter.Action.factResponse(_:)"},{"kind":"finalState","title":"final state differs","golden":{"seq":2,"line":4},"current":{"seq":4,"line":8},"label":"Counter.Action.increment","changes":[{"path":"/fact","change":"replaced","old":null,"new":"2 is prime"}],"diff":{"path":"","change":"nested","shape":"structure","type":"Counter.State","children":[{"path":"/count","field":"count","change":"unchanged","count":1},{"path":"/fact","field":"fact","change":"replaced","old":null,"new":"2 is prime"}]},"text":"  Counter.State(\n    … (1 unchanged),\n-   fact: nil\n+   fact: \"2 is prime\"\n  )"}],"warnings":[]}

            """#, code: 1))
    #expect(
      tcaTrace("diff", "--format", "junit", "nofact.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stdout: """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="tca-trace diff" tests="4" failures="2">
              <testsuite name="nofact.jsonl vs golden.jsonl" tests="4" failures="2">
                <testcase classname="Counter" name="initial state"/>
                <testcase classname="Counter" name="seq 1…2 ↔ 1…2: 2 actions, no new difference"/>
                <testcase classname="Counter" name="seq – ↔ 3 Counter.Action.factButtonTapped">
                  <failure message="extra action in the current run" type="extra">current seq 3 (line 5) has no counterpart in the golden run</failure>
                  <failure message="extra effects in the current run" type="extraEffects">current seq 3 (line 5), extra in the current run, started:
            effect 1: id &quot;fact&quot;, sent Counter.Action.factResponse(_:), finished</failure>
                </testcase>
                <testcase classname="Counter" name="seq – ↔ 4 Counter.Action.factResponse(_:)">
                  <failure message="extra action in the current run" type="extra">current seq 4 (line 8) has no counterpart in the golden run</failure>
                  <failure message="final state differs" type="finalState">  Counter.State(
                … (1 unchanged),
            -   fact: nil
            +   fact: &quot;2 is prime&quot;
              )</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """, code: 1))
    #expect(
      tcaTrace("diff", "--format", "github", "nofact.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stdout: """
            ::error title=tca-trace diff%3A extra action in the current run::golden –, current seq 3: Counter.Action.factButtonTapped%0Acurrent seq 3 (line 5) has no counterpart in the golden run
            ::error title=tca-trace diff%3A extra effects in the current run::golden –, current seq 3: Counter.Action.factButtonTapped%0Acurrent seq 3 (line 5), extra in the current run, started:%0Aeffect 1: id "fact", sent Counter.Action.factResponse(_:), finished
            ::error title=tca-trace diff%3A extra action in the current run::golden –, current seq 4: Counter.Action.factResponse(_:)%0Acurrent seq 4 (line 8) has no counterpart in the golden run
            ::error file=nofact.jsonl,line=4,title=tca-trace diff%3A final state differs::the end, after golden seq 2, current seq 4%0A  Counter.State(%0A    … (1 unchanged),%0A-   fact: nil%0A+   fact: "2 is prime"%0A  )
            tca-trace diff nofact.jsonl golden.jsonl: 4 differences

            """, code: 1))
  }

  @Test func junitIsWellFormedXMLWithEscapedText() throws {
    // A payload with every character XML needs escaped, and a timing regression.
    let nasty = #"<b>&amp; \"q\" 'a'</b>"#
    let current = DiffTraces.golden.replacingOccurrences(of: "2 is prime", with: nasty)
      .replacingOccurrences(of: #""t":1000,"duration":2000"#, with: #""t":1000,"duration":5000000"#)
    _ = directory.file("nasty.jsonl", contents: current)
    let run = tcaTrace("diff", "--format", "junit", "--timings", "golden.jsonl", "nasty.jsonl", in: directory)
    #expect(run.code == 1)
    let structure = try XMLStructure(run.stdout)
    // The initial state, seq 1…3 (behaving the same: one test case), seq 4 (two failures), then
    // the eight timing figures.
    #expect(
      structure.elements == ["testsuites", "testsuite"] + Array(repeating: "testcase", count: 3) + [
        "failure", "failure",
      ]
        + Array(repeating: "testcase", count: 6) + ["failure", "testcase", "testcase"])
    #expect(structure.attributes["testsuites"]?["tests"] == "11")
    #expect(structure.attributes["testsuites"]?["failures"] == "2")
    #expect(structure.text.contains(#"+   "<b>&amp; \"q\" 'a'</b>""#))
    #expect(structure.text.contains("reducer Counter.Action.increment p95: 2.00µs → 5.00ms"))
  }

  @Test func github() {
    #expect(
      tcaTrace("diff", "--format", "github", "golden.jsonl", "inserted.jsonl", in: directory)
        == ToolRun(
          stdout: """
            ::error title=tca-trace diff%3A extra action in the current run::golden –, current seq 3: Counter.Action.increment%0Acurrent seq 3 (line 5) has no counterpart in the golden run
            ::error file=golden.jsonl,line=5,title=tca-trace diff%3A state after the action differs::golden seq 3, current seq 4: Counter.Action.factButtonTapped%0A  Counter.State(%0A-   count: 2,%0A+   count: 3,%0A    … (1 unchanged)%0A  )
            tca-trace diff golden.jsonl inserted.jsonl: 2 differences

            """, code: 1))
  }

  @Test func githubEscapesPercentAndTimingRegressions() {
    _ = directory.file(
      "percent.jsonl",
      contents: DiffTraces.golden.replacingOccurrences(of: "2 is prime", with: "100% prime")
        .replacingOccurrences(of: #""t":1000,"duration":2000"#, with: #""t":1000,"duration":5000000"#))
    #expect(
      tcaTrace(
        "diff", "--format", "github", "--timings", "--ignore", "fact", "golden.jsonl", "percent.jsonl", in: directory)
        == ToolRun(
          stdout: """
            ::error file=golden.jsonl,line=8,title=tca-trace diff%3A action value differs::golden seq 4, current seq 4: Counter.Action.factResponse(_:)%0A  .factResponse(%0A-   "2 is prime"%0A+   "100%25 prime"%0A  )
            ::error title=tca-trace diff%3A timing regression::reducer Counter.Action.increment p95: 2.00µs → 5.00ms (+249900%25, +5.00ms)
            tca-trace diff golden.jsonl percent.jsonl: 1 difference, 1 timing regression

            """, code: 1))
  }

  @Test func githubWhenEquivalent() {
    #expect(
      tcaTrace("diff", "--format", "github", "golden.jsonl", "golden.jsonl", in: directory)
        == ToolRun(
          stdout: """
            tca-trace diff golden.jsonl golden.jsonl: no differences

            """))
  }
}

/// The element names (in document order), attributes and text of an XML document, read with
/// Foundation's `XMLParser`; throws when the document is not well-formed.
final class XMLStructure: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var attributes: [String: [String: String]] = [:]
  var text = ""

  struct NotWellFormed: Error {
    var message: String
  }

  init(_ document: String) throws {
    super.init()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw NotWellFormed(message: parser.parserError.map { "\($0)" } ?? "unknown error")
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    elements.append(elementName)
    attributes[elementName] = attributes[elementName] ?? attributeDict
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }
}
