import Foundation
import Testing

@testable import Debugging
@testable import TraceAnalysis

/// The report page's building blocks: `SHA256` (CSP hashes), `ScriptData` (JSON safe inside a
/// script element), `ReportPage` (the policy), `ReportDiffEncoder` (the diff model as data).
@Suite struct ReportWebTests {
  @Test func sha256KnownVectors() {
    #expect(SHA256.base64([]) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    #expect(SHA256.base64(Array("abc".utf8)) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(
      SHA256.digest(twoBlocks).map { String(format: "%02x", $0) }.joined()
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.base64(Array(repeating: UInt8(ascii: "a"), count: 1_000)) == "Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM="
    )
  }

  @Test func scriptDataEscapesWhatCouldEndTheElement() throws {
    let json = JSON.object([.init("<k>", .string("</script><!-- a&b \u{2028}\u{2029} é \u{1F600}"))])
    let text = ScriptData.string(json)
    #expect(text == #"{"\u003ck\u003e":"\u003c/script\u003e\u003c!-- a\u0026b \u2028\u2029 é 😀"}"#)
    #expect(try JSONReader.parse(text) == json)
  }

  @Test func policyAllowsOnlyThePagesOwnScriptAndStyle() {
    let page = String(decoding: ReportPage.head + ReportPage.tail, as: UTF8.self)
    let scriptHash = SHA256.base64(Array(ReportPage.script.utf8))
    let styleHash = SHA256.base64(Array(ReportPage.style.utf8))
    #expect(
      ReportPage.contentSecurityPolicy == """
        default-src 'none'; script-src 'sha256-\(scriptHash)'; style-src 'sha256-\(styleHash)'; img-src data:; base-uri 'none'; form-action 'none'
        """)
    #expect(
      page.contains(#"<meta http-equiv="Content-Security-Policy" content="\#(ReportPage.contentSecurityPolicy)">"#))
    #expect(page.contains("<script>\(ReportPage.script)</script>"))
    #expect(page.contains("<style>\(ReportPage.style)</style>"))
    // Nothing the policy would block, and no way for data to become markup.
    for needle in [
      "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "fetch(",
      "XMLHttpRequest", "https://", " src=", " href=", " style=\"",
    ] {
      #expect(!page.contains(needle), "the page contains \(needle)")
    }
  }

  @Test func diffModelAsData() {
    let old = Value.structure(
      type: "Todo",
      fields: [
        .init("title", .string("Milk")), .init("tags", .array([.string("a"), .string("b")])),
        .init("note", .string("x\ny")),
        .init("done", .bool(false)),
      ])
    let new = Value.structure(
      type: "Todo",
      fields: [
        .init("title", .string("Milk")), .init("tags", .array([.string("b"), .string("a"), .string("c")])),
        .init("note", .string("x\nz")),
        .init("done", .structure(type: "Flag", fields: [.init("on", .bool(true))])),
      ])
    #expect(
      ReportDiffEncoder.string(StateDiff(old, new)) == #"""
        {"s":"Todo(","e":")","c":[{"u":1},{"k":"tags","s":"[","e":"]","c":[{"k":"[0]","a":"\"b\""},{"u":1},{"k":"[1]","o":"\"b\"","n":"\"c\"","kn":"[2]"}]},{"k":"note","l":[[" ","x"],["-","y"],["+","z"]]},{"k":"done","o":"false","n":"Flag(\n  on: true\n)"}]}
        """#)
  }
}
