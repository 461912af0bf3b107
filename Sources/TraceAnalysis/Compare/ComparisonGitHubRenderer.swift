import Debugging

/// `tca-trace diff --format github`: GitHub Actions workflow commands, one `::error` per
/// divergence and per timing regression, so that each shows as an annotation on the pull
/// request (on the golden file's line when there is one), then a summary line.
///
/// ```text
/// ::error file=golden.jsonl,line=5,title=tca-trace diff%3A state after the action differs::golden seq 3, current seq 3: Todos.Action.toggle%0A  Todos.State(%0A-   done: true%0A+   done: false%0A  )
/// ```
/// Messages escape `%`, `\r` and `\n` (`%25`, `%0D`, `%0A`); properties also `:` and `,`.
package struct ComparisonGitHubRenderer {
  package init() {}

  package func render(_ comparison: TraceComparison) -> String {
    var lines: [String] = []
    for divergence in comparison.divergences {
      var properties: [String] = []
      if let golden = divergence.golden {
        properties.append("file=\(property(comparison.golden.file))")
        properties.append("line=\(golden.line)")
      }
      properties.append("title=\(property("tca-trace diff: \(divergence.title)"))")
      lines.append("::error \(properties.joined(separator: ","))::\(message(Self.message(divergence)))")
    }
    let atLeast = comparison.counts.isExact ? "" : "at least "
    let hidden = comparison.counts.total - comparison.divergences.count
    if hidden > 0 {
      lines.append(
        "::error title=\(property("tca-trace diff"))::\(message("\(atLeast)\(plural(hidden, "more difference")) not shown"))"
      )
    }
    for row in comparison.timings?.regressions ?? [] {
      lines.append("::error title=\(property("tca-trace diff: timing regression"))::\(message(row.description))")
    }
    let verdict =
      comparison.isEquivalent
      ? "no differences"
      : "\(atLeast)\(plural(comparison.counts.total, "difference"))"
        + (comparison.timings.map { ", \(plural($0.regressions.count, "timing regression"))" } ?? "")
    lines.append(message("tca-trace diff \(comparison.golden.file) \(comparison.current.file): \(verdict)"))
    return lines.joined(separator: "\n")
  }

  static func message(_ divergence: Divergence) -> String {
    if case .initialState = divergence.kind {
      return "the initial state\n" + ComparisonJUnitRenderer.detail(divergence)
    }
    let golden = divergence.golden.map { "golden seq \($0.seq)" } ?? "golden –"
    let current = divergence.current.map { "current seq \($0.seq)" } ?? "current –"
    if case .finalState = divergence.kind {
      return "the end, after \(golden), \(current)\n" + ComparisonJUnitRenderer.detail(divergence)
    }
    return "\(golden), \(current): \(divergence.label)\n" + ComparisonJUnitRenderer.detail(divergence)
  }

  /// Escaping for the message part of a workflow command, scalar by scalar (a `\r\n` is one
  /// `Character`, which a `Character`-wise replacement of `\n` would miss).
  func message(_ text: String) -> String {
    escape(text, property: false)
  }

  /// Escaping for a property value (`title=…`).
  func property(_ text: String) -> String {
    escape(text, property: true)
  }

  private func escape(_ text: String, property: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":" where property: out += "%3A"
      case "," where property: out += "%2C"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
