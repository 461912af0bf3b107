import Debugging

/// `tca-trace diff` as text: the first divergence in full, a summary, then the other
/// divergences; timing regressions with both figures. Colour comes from the CLI's `TextStyle`.
///
/// ```text
/// golden.jsonl and current.jsonl differ.
///
/// First divergence: golden seq 3 (line 5), current seq 3 (line 5): Todos.Action.toggle
///   state after the action differs:
///       Todos.State(
///     -   done: true
///     +   done: false
///       )
///
/// Summary: 6 actions in golden.jsonl, 6 in current.jsonl: 6 aligned, 1 state difference.
/// ```
package struct ComparisonTextRenderer {
  package var style: TextStyle

  package init(style: TextStyle = TextStyle(colored: false)) {
    self.style = style
  }

  package func render(_ comparison: TraceComparison) -> String {
    var lines: [String] = []
    let golden = comparison.golden.file, current = comparison.current.file
    if comparison.counts.total == 0 {
      let counts =
        comparison.golden.actions == comparison.current.actions
        ? "\(plural(comparison.golden.actions, "action")) each"
        : "\(comparison.golden.actions) and \(plural(comparison.current.actions, "action"))"
      let regressed = comparison.timings.map { !$0.regressions.isEmpty } ?? false
      lines.append(
        "No behavioural differences: \(golden) and \(current) (\(counts)) behave the same"
          + (regressed ? ", but their timings regressed (below)." : "."))
    } else {
      lines.append(style.paint("\(golden) and \(current) differ.", .heading))
      if let first = comparison.divergences.first {
        lines.append("")
        lines += block(first, heading: "First divergence: ")
      }
      lines.append("")
      lines.append(summary(comparison))
      if comparison.divergences.count > 1 {
        lines.append("")
        lines.append(style.paint("Other differences:", .heading))
        for divergence in comparison.divergences.dropFirst() {
          lines.append("")
          lines += block(divergence, heading: "")
        }
      }
      let hidden = comparison.counts.total - comparison.divergences.count
      if hidden > 0 {
        lines.append("")
        let atLeast = comparison.counts.isExact ? "" : "at least "
        lines.append(
          "… and \(atLeast)\(plural(hidden, "more difference")) not shown (the first \(comparison.divergences.count) are)."
        )
      }
    }
    if let timings = comparison.timings {
      lines.append("")
      lines += timingLines(timings)
    }
    return lines.joined(separator: "\n")
  }

  private func block(_ divergence: Divergence, heading: String) -> [String] {
    var lines = [heading.isEmpty ? where_(divergence) : style.paint(heading, .heading) + where_(divergence)]
    let role: TextStyle.Role
    switch divergence.kind {
    case .missing, .missingEffects: role = .removed
    case .extra, .extraEffects: role = .inserted
    default: role = .warning
    }
    switch divergence.kind {
    case .missing, .extra:
      lines.append("  " + style.paint(divergence.title, role))
    case let .initialState(model), let .action(model), let .state(model), let .finalState(model):
      lines.append("  " + style.paint(divergence.title + ":", role))
      lines += diffLines(model)
    case .effects, .missingEffects, .extraEffects:
      lines.append("  " + style.paint(divergence.title + ":", role))
      lines += divergence.effectLines.map { "    " + PrintableText.escaping($0) }
    }
    return lines
  }

  /// `golden seq 3 (line 5), current seq 3 (line 5): Label`.
  private func where_(_ divergence: Divergence) -> String {
    if case .initialState = divergence.kind { return "the initial state" }
    func side(_ name: String, _ position: TraceComparison.Position?) -> String {
      guard let position else { return "\(name) –" }
      return "\(name) " + style.paint("seq \(position.seq)", .sequence) + " (line \(position.line))"
    }
    let sides = side("golden", divergence.golden) + ", " + side("current", divergence.current)
    if case .finalState = divergence.kind { return "the end, after " + sides }
    return sides + ": " + style.paint(PrintableText.escaping(divergence.label), .label)
  }

  private func diffLines(_ model: StateDiff) -> [String] {
    let text = DiffTextRenderer(options: DiffRenderOptions(color: style.colored)).render(model)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
  }

  private func summary(_ comparison: TraceComparison) -> String {
    let counts = comparison.counts
    var parts = ["\(counts.aligned) aligned"]
    if counts.missing > 0 { parts.append("\(counts.missing) missing") }
    if counts.extra > 0 { parts.append("\(counts.extra) extra") }
    if counts.actionDifferences > 0 { parts.append(plural(counts.actionDifferences, "different action value")) }
    if counts.stateDifferences > 0 || !counts.isExact {
      var notes: [String] = []
      if counts.carriedStateDifferences > 0 {
        notes.append("persisting unchanged after \(plural(counts.carriedStateDifferences, "more action"))")
      }
      if !counts.isExact {
        notes.append(
          "the states also differ after \(plural(counts.statesNotExamined, "more action")), "
            + "not examined beyond the first \(plural(comparison.divergences.count, "difference"))")
      }
      let text = (counts.isExact ? "" : "at least ") + plural(counts.stateDifferences, "state difference")
      parts.append(notes.isEmpty ? text : text + " (" + notes.joined(separator: "; ") + ")")
    }
    if counts.effectDifferences > 0 { parts.append(plural(counts.effectDifferences, "effect difference")) }
    if counts.missingEffects > 0 { parts.append("effects of \(plural(counts.missingEffects, "missing action"))") }
    if counts.extraEffects > 0 { parts.append("effects of \(plural(counts.extraEffects, "extra action"))") }
    return style.paint("Summary:", .heading)
      + " \(plural(comparison.golden.actions, "action")) in \(comparison.golden.file), \(comparison.current.actions) in "
      + "\(comparison.current.file): " + parts.joined(separator: ", ") + "."
  }

  private func timingLines(_ timings: TimingComparison) -> [String] {
    let limits = "over +\(percentText(timings.threshold)) and at least \(TimeText.duration(timings.minimumDifference))"
    let regressions = timings.regressions
    guard !regressions.isEmpty else {
      return ["Timings: no regressions \(limits) (\(plural(timings.rows.count, "figure")) compared)."]
    }
    return [style.paint("Timing regressions (\(limits)):", .heading)]
      + regressions.map { "  " + style.paint($0.description, .error) }
      + ["", style.paint("Timing gate failed: \(plural(regressions.count, "figure")) regressed.", .error)]
  }
}

/// `1 action`, `3 actions`.
func plural(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// 0.25 → `25%`, 0.125 → `12.5%`.
func percentText(_ fraction: Double) -> String {
  let percent = fraction * 100
  return percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
}
