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

  @Test func scriptDataEscapesEverywhereInLongRuns() {
    // Runs are copied sixteen bytes at a time: the characters to escape at every position of a
    // run, a separator cut by a chunk's end, and look-alikes (E2 80 A7, E2 81 A8) left as they are.
    func reference(_ raw: [UInt8]) -> [UInt8] {
      var out: [UInt8] = []
      var i = 0
      while i < raw.count {
        switch raw[i] {
        case UInt8(ascii: "<"): out += Array(#"\u003c"#.utf8)
        case UInt8(ascii: ">"): out += Array(#"\u003e"#.utf8)
        case UInt8(ascii: "&"): out += Array(#"\u0026"#.utf8)
        case 0xE2 where i + 2 < raw.count && raw[i + 1] == 0x80 && (raw[i + 2] == 0xA8 || raw[i + 2] == 0xA9):
          out += Array((raw[i + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
          i += 2
        default: out.append(raw[i])
        }
        i += 1
      }
      return out
    }
    let pieces: [[UInt8]] = [
      Array("<".utf8), Array(">".utf8), Array("&".utf8), [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0xE2, 0x80, 0xA7],
      [0xE2, 0x81, 0xA8], Array("é".utf8), [0xE2],
    ]
    for piece in pieces {
      for position in 0..<40 {
        for length in [position + piece.count, position + piece.count + 1, 48, 70]
        where length >= position + piece.count {
          var raw = Array(repeating: UInt8(ascii: "a"), count: length)
          raw.replaceSubrange(position..<(position + piece.count), with: piece)
          var out: [UInt8] = [UInt8(ascii: "!")]
          ScriptData.escape(raw, into: &out)
          #expect(out == [UInt8(ascii: "!")] + reference(raw), "piece \(piece) at \(position) of \(length)")
        }
      }
    }
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
