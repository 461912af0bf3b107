import Debugging

extension TimingReport {
  /// The width of the label column `renderText` lays out: the longest label as printed (control
  /// characters escaped), from 6 up to `maximum` (48 by default; `tca-trace timings` allows what
  /// its `--width` leaves beside the statistics), and at least as wide as the heading
  /// `effect lifetime (by origin)` when there are effects. The timeline takes the rest of a line.
  public func labelColumnWidth(maximum: Int = 48) -> Int {
    let labels = (actions.map(\.label) + effects.map(\.label) + slowest.map(\.label)).map(PrintableText.escaping)
    return min(max(labels.map(\.count).max() ?? 0, effects.isEmpty ? 6 : 27), max(maximum, 27))
  }

  /// The widest a label column may be on a line `width` characters wide: what the statistics
  /// (count and seven durations, 8 characters each) leave, and never less than 48.
  public static func labelColumnLimit(lineWidth width: Int) -> Int {
    max(48, width - 8 * 8)
  }

  /// A plain-text rendering (no colour): tables of actions, effects, the slowest actions and the
  /// timeline, `timelineColumns` wide. Labels are printed with control characters escaped.
  ///
  /// ```text
  /// 2 actions, 7.00µs
  ///
  /// action                 count   total     min    mean     p50     p95     p99     max
  /// Todos.Action.add           1   500ns   500ns   500ns   500ns   500ns   500ns   500ns
  /// ```
  public func renderText(timelineColumns: Int = 60, maximumLabelWidth: Int = 48) -> String {
    let width = labelColumnWidth(maximum: maximumLabelWidth)
    func right(_ text: String, _ w: Int = 8) -> String {
      String(repeating: " ", count: max(0, w - text.count)) + text
    }
    func stats(_ s: TimingStatistics?) -> String {
      guard let s else { return ["-", "-", "-", "-", "-", "-", "-"].map { right($0) }.joined() }
      return [s.total, s.min, s.mean, s.p50, s.p95, s.p99, s.max].map { right(TimeText.duration($0)) }.joined()
    }
    let statHeader = ["total", "min", "mean", "p50", "p95", "p99", "max"].map { right($0) }.joined()
    var out = ["\(actionCount) action\(actionCount == 1 ? "" : "s"), \(TimeText.duration(end))", ""]
    out.append(pad("action", width) + right("count") + statHeader)
    for a in actions {
      out.append(pad(PrintableText.escaping(a.label), width) + right(String(a.duration.count)) + stats(a.duration))
    }
    if !effects.isEmpty {
      out.append("")
      out.append(
        pad("effect lifetime (by origin)", width)
          + ["started", "outputs", "cancel", "running"].map { right($0) }.joined()
          + statHeader)
      for e in effects {
        out.append(
          pad(PrintableText.escaping(e.label), width)
            + [e.started, e.outputs, e.cancelled, e.running].map { right(String($0)) }.joined() + stats(e.lifetime))
      }
    }
    if !slowest.isEmpty {
      out.append("")
      out.append("slowest actions")
      let seqWidth = slowest.map { String($0.seq).count }.max() ?? 1
      for s in slowest {
        out.append(
          right(String(s.seq), seqWidth + 2) + right(TimeText.duration(s.duration), 10) + "  "
            + PrintableText.escaping(s.label))
      }
    }
    out.append("")
    out.append(timeline.render(columns: timelineColumns, labelWidth: width, until: end))
    return out.joined(separator: "\n")
  }
}
