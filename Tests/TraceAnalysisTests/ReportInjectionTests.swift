import Foundation
import Testing

@testable import Debugging
@testable import TraceAnalysis

/// `Fixtures/Handwritten/injection.jsonl`: a valid trace whose strings are markup and script (`<img onerror>`,
/// `</script>`, `"><svg onload>`, `javascript:` URLs, U+2028/U+2029, NUL), in labels, values,
/// dictionary keys, the session name, a cancellation id and a note. The report must show all of
/// it as text (checked here on the page's bytes, and in a real browser by scripts/browser-check.sh).
@Suite struct ReportInjectionTests {
  static let img = "<img src=x onerror=alert(1)>"
  static let closeScript = "</script><script>alert(1)</script>"
  static let svg = "\"><svg onload=alert(1)>"

  /// The fixture, written with the trace layer.
  static func trace() -> String {
    let writer = TraceWriter.memory()
    func state(html: String, items: [String], link: String, notes: [(String, String)]) -> JSON {
      .object([
        .init("$type", .string("Evil.State")), .init("html", .string(html)),
        .init("items", .array(items.map(JSON.string))),
        .init("link", .object([.init("$url", .string(link))])),
        .init("notes", .object(notes.map { .init($0.0, .string($0.1)) })),
      ])
    }
    func action(_ name: String, _ value: JSON) -> JSON {
      .object([.init("$enum", .string("Evil.Action")), .init(name, .object([.init("_0", value)]))])
    }
    func replace(_ path: String, _ value: JSON) -> JSONPatch {
      JSONPatch([.replace(path: try! JSONPointer(path), value: value)])
    }
    writer.append(
      .session(
        TraceSession(
          format: 1, name: "Evil<script>alert(1)</script>", prefix: img, start: "2026-11-21T20:00:00.000Z",
          platform: svg, pid: 7,
          keyframeInterval: 4)))
    writer.append(
      .state(TraceState(seq: 0, t: 0, state: state(html: "safe", items: [], link: "https://example.com", notes: []))))
    let steps: [(label: String, value: JSON, patch: JSONPatch)] = [
      ("Evil.Action.setHTML(\(img))", action("setHTML", .string(img)), replace("/html", .string(img))),
      (
        "Evil.Action.setHTML(\(closeScript))", action("setHTML", .string(closeScript)),
        replace("/html", .string(closeScript))
      ),
      (
        "Evil.Action.add(\(svg))", action("add", .string(svg)),
        JSONPatch([.add(path: try! JSONPointer("/items/-"), value: .string(svg))])
      ),
      (
        "Evil.Action.open(javascript:alert(1))",
        action("open", .object([.init("$url", .string("javascript:alert(1)"))])),
        replace("/link", .object([.init("$url", .string("javascript:alert(1)"))]))
      ),
      (
        "Evil.Action.separators", action("separators", .string("line\u{2028}sep\u{2029}para\u{0}nul")),
        replace("/html", .string("line\u{2028}sep\u{2029}para\u{0}nul"))
      ),
      (
        "Evil.Action.note(<!--)", action("note", .string("<!-- &lt;b&gt; ${alert(1)}")),
        JSONPatch([.add(path: JSONPointer(tokens: ["notes", img]), value: .string("<!-- &lt;b&gt; ${alert(1)}"))])
      ),
      (
        "Evil.Action.multiline", action("multiline", .string("a\n\(closeScript)\nb")),
        replace("/html", .string("a\n\(closeScript)\nb"))
      ),
    ]
    var t: Int64 = 1_000_000
    var html = "safe", items: [String] = [], link = "https://example.com", notes: [(String, String)] = []
    for (offset, step) in steps.enumerated() {
      let seq = Int64(offset + 1)
      switch offset {
      case 0: html = img
      case 1: html = closeScript
      case 2: items.append(svg)
      case 3: link = "javascript:alert(1)"
      case 4: html = "line\u{2028}sep\u{2029}para\u{0}nul"
      case 5: notes.append((img, "<!-- &lt;b&gt; ${alert(1)}"))
      default: html = "a\n\(closeScript)\nb"
      }
      let keyframe = seq % 4 == 0 ? state(html: html, items: items, link: link, notes: notes) : nil
      writer.append(
        .action(
          TraceAction(
            seq: seq, t: t, duration: 20_000, label: step.label, action: step.value, patch: step.patch, state: keyframe)
        ))
      t += 1_000_000
    }
    writer.append(
      .effect(TraceEffectEvent(event: .started, effect: 1, t: t - 900_000, seq: 7, label: steps[6].label, id: img)))
    writer.append(.note(TraceNote(t: t - 800_000, note: .info, message: closeScript)))
    writer.append(
      .effect(TraceEffectEvent(event: .output, effect: 1, t: t, seq: 8, label: "Evil.Action.response(\(svg))")))
    writer.append(
      .action(
        TraceAction(
          seq: 8, t: t, duration: 30_000, label: "Evil.Action.response(\(svg))",
          action: action("response", .string(img)), effect: 1,
          patch: replace("/items/0", .string(closeScript)))))
    writer.append(.effect(TraceEffectEvent(event: .finished, effect: 1, t: t + 100_000)))
    writer.append(.end(TraceEnd(t: t + 200_000, actions: 8)))
    return writer.text
  }

  static let fixturePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Handwritten/injection.jsonl").path

  /// Rewrite the fixture with `TCA_TRACE_WRITE_FIXTURES=1 swift test --filter ReportInjectionTests`.
  @Test func fixtureIsCurrentAndValid() throws {
    let text = Self.trace()
    if ProcessInfo.processInfo.environment["TCA_TRACE_WRITE_FIXTURES"] == "1" {
      try text.write(toFile: Self.fixturePath, atomically: true, encoding: .utf8)
    }
    #expect(try String(contentsOfFile: Self.fixturePath, encoding: .utf8) == text)
    #expect(TraceValidator.validate(try TraceReader(path: Self.fixturePath)).map(\.description) == [])
  }

  /// The page's bytes: the strings only ever appear escaped inside the JSON data blocks.
  @Test func payloadsAreEscapedInThePage() throws {
    var builder = HTMLReportBuilder(chunkSize: 3)
    var bytes: [UInt8] = []
    for case let .success(line) in try TraceReader(path: Self.fixturePath) { builder.add(line, into: &bytes) }
    builder.finish(into: &bytes)
    let page = String(decoding: bytes, as: UTF8.self)
    for needle in ["<img", "<svg onload", "alert(1)</script>", "<!--", "\u{2028}", "\u{2029}", "&lt;b"] {
      #expect(!page.contains(needle), "page contains \(needle)")
    }
    #expect(page.contains(#"\u003cimg src=x onerror=alert(1)\u003e"#))
    #expect(page.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"#))
    #expect(page.contains(#"line\u2028sep\u2029para\\u{0}nul"#))
    #expect(page.contains(#"\u0026lt;b\u0026gt;"#))
    // Only the page's own script and the data blocks: 3 chunks of actions, the index, the script.
    #expect(page.components(separatedBy: "<script").count - 1 == 5)
    #expect(page.components(separatedBy: #"<script type="application/json""#).count - 1 == 4)
  }
}
