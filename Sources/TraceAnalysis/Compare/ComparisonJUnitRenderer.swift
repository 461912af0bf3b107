import Debugging

/// `tca-trace diff --format junit`: JUnit XML for CI dashboards, bounded on long runs. The
/// initial state first, then, in trace order: one passing `<testcase>` per run of consecutive
/// actions without a new difference (`seq 4…43 ↔ 4…43: 40 actions, no new difference`: equal, or
/// carrying an earlier state difference), one failing `<testcase>` per action with a divergence
/// shown in detail (with the diff text), and one per run of actions that differ beyond the detail
/// limit (`seq 300…340 ↔ 298…338: 41 more differing actions`); with `--timings`, one more per
/// timing figure.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="tca-trace diff" tests="7" failures="1">
///   <testsuite name="golden.jsonl vs current.jsonl" tests="7" failures="1">
///     <testcase classname="Todos" name="initial state"/>
///     <testcase classname="Todos" name="seq 3 ↔ 3 Todos.Action.toggle">
///       <failure message="state after the action differs" type="state">…diff…</failure>
///     </testcase>
/// ```
/// Text is escaped for XML (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`); characters XML 1.0
/// does not allow (ANSI escapes, other control characters) are written as `?`.
package struct ComparisonJUnitRenderer {
  package init() {}

  package func render(_ comparison: TraceComparison) -> String {
    let byOrder = Dictionary(grouping: comparison.divergences, by: \.order)
    let classname = comparison.golden.name.isEmpty ? "tca-trace" : comparison.golden.name
    var cases: [String] = []
    var failures = 0
    for group in Self.groups(comparison.cases ?? [], detailed: Set(byOrder.keys)) {
      let item = group.first
      var body: [String] = []
      let name: String
      if group.count > 1 {
        name =
          "seq \(span(group.golden)) ↔ \(span(group.current)): "
          + (item.failed ? "\(group.count) more differing actions" : "\(group.count) actions, no new difference")
      } else {
        name = item.label.isEmpty ? "initial state" : "seq \(seq(item.golden)) ↔ \(seq(item.current)) \(item.label)"
      }
      if item.failed {
        failures += 1
        let divergences = byOrder[item.order] ?? []
        if divergences.isEmpty {
          body.append(
            #"      <failure message="differs" type="difference">details beyond the first \#(comparison.divergences.count) differences are left out</failure>"#
          )
        }
        for divergence in divergences {
          body.append(
            "      <failure message=\"\(attribute(divergence.title))\" type=\"\(divergence.kindName)\">"
              + escape(Self.detail(divergence)) + "</failure>")
        }
      }
      cases.append(testcase(classname, name, body))
    }
    for row in comparison.timings?.rows ?? [] {
      let name = "timing \(row.measure.rawValue) \(row.statistic) \(row.label)"
      var body: [String] = []
      if row.isRegression {
        failures += 1
        body.append("      <failure message=\"timing regression\" type=\"timing\">\(escape(row.description))</failure>")
      }
      cases.append(testcase(classname, name, body))
    }
    let suite = "\(attribute(comparison.golden.file)) vs \(attribute(comparison.current.file))"
    return
      ([
        #"<?xml version="1.0" encoding="UTF-8"?>"#,
        #"<testsuites name="tca-trace diff" tests="\#(cases.count)" failures="\#(failures)">"#,
        #"  <testsuite name="\#(suite)" tests="\#(cases.count)" failures="\#(failures)">"#,
      ] + cases + ["  </testsuite>", "</testsuites>"]).joined(separator: "\n")
  }

  /// Consecutive compared actions shown as one test case: those without a new difference, and
  /// those that differ beyond the detail limit (no divergence kept); the initial state and an
  /// action with a kept divergence stay on their own.
  struct Group {
    var first: TraceComparison.Case
    var count = 1
    /// The first and last position of each side in the group (`nil` when that side has none).
    /// (Not a `ClosedRange`: sequence numbers of a damaged trace need not increase.)
    var golden: (first: Int64, last: Int64)?
    var current: (first: Int64, last: Int64)?

    init(_ item: TraceComparison.Case) {
      first = item
      golden = item.golden.map { ($0.seq, $0.seq) }
      current = item.current.map { ($0.seq, $0.seq) }
    }

    mutating func add(_ item: TraceComparison.Case) {
      count += 1
      if let seq = item.golden?.seq { golden = (golden?.first ?? seq, seq) }
      if let seq = item.current?.seq { current = (current?.first ?? seq, seq) }
    }
  }

  static func groups(_ cases: [TraceComparison.Case], detailed: Set<Int>) -> [Group] {
    var groups: [Group] = []
    var open = false
    for item in cases {
      let joins = !item.label.isEmpty && !detailed.contains(item.order)
      if joins, open, let last = groups.last, last.first.failed == item.failed {
        groups[groups.count - 1].add(item)
      } else {
        groups.append(Group(item))
      }
      open = joins
    }
    return groups
  }

  /// `5…44`, `7` or `–`.
  private func span(_ range: (first: Int64, last: Int64)?) -> String {
    guard let range else { return "–" }
    return range.first == range.last ? String(range.first) : "\(range.first)…\(range.last)"
  }

  private func seq(_ position: TraceComparison.Position?) -> String {
    position.map { String($0.seq) } ?? "–"
  }

  private func testcase(_ classname: String, _ name: String, _ body: [String]) -> String {
    let open = "    <testcase classname=\"\(attribute(classname))\" name=\"\(attribute(name))\""
    guard !body.isEmpty else { return open + "/>" }
    return ([open + ">"] + body + ["    </testcase>"]).joined(separator: "\n")
  }

  /// The text of a divergence without its heading: the diff, or the effects.
  static func detail(_ divergence: Divergence) -> String {
    switch divergence.kind {
    case .missing:
      "golden seq \(divergence.golden?.seq ?? 0) (line \(divergence.golden?.line ?? 0)) has no counterpart in the current run"
    case .extra:
      "current seq \(divergence.current?.seq ?? 0) (line \(divergence.current?.line ?? 0)) has no counterpart in the golden run"
    case let .initialState(model), let .action(model), let .state(model), let .finalState(model):
      DiffTextRenderer().render(model)
    case .effects: divergence.effectLines.joined(separator: "\n")
    case .missingEffects:
      "golden seq \(divergence.golden?.seq ?? 0) (line \(divergence.golden?.line ?? 0)), missing from the current run, started:\n"
        + divergence.effectLines.joined(separator: "\n")
    case .extraEffects:
      "current seq \(divergence.current?.seq ?? 0) (line \(divergence.current?.line ?? 0)), extra in the current run, started:\n"
        + divergence.effectLines.joined(separator: "\n")
    }
  }

  /// XML escaping for an attribute value: also line breaks and tabs as character references, which
  /// a parser would otherwise normalise to spaces (a label spanning lines kept intact).
  func attribute(_ text: String) -> String {
    escape(text).replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
  }

  /// XML text and attribute escaping.
  func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case "\r": result += "&#13;"
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "?"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
