/// The text of `tca-trace timings`: reducer statistics per label, effects per originating
/// action, the slowest actions and a timeline as wide as the terminal.
///
/// ```text
/// Reducers (3 actions)         count     total       min      mean       p50       p95       p99       max
/// Todos.Action.addButtonTapped     1     5.1µs     5.1µs     5.1µs     5.1µs     5.1µs     5.1µs     5.1µs
/// ```
package struct TimingsTextRenderer {
  package var style: TextStyle
  package var width: Int

  package init(style: TextStyle, width: Int) {
    self.style = style
    self.width = width
  }

  package func render(_ timings: TimingsCollector) -> [String] {
    var lines: [String] = []
    let reducers = timings.labels.sorted { ($0.value.total, $1.key) > ($1.value.total, $0.key) }
    let effects = timings.effects.sorted { ($0.value.started, $1.key) > ($1.value.started, $0.key) }
    let labelWidth = min(48, max(32, (reducers.map(\.key) + effects.map(\.key)).map(\.count).max() ?? 0))

    let noun = timings.actionCount == 1 ? "action" : "actions"
    lines.append(row(style.paint("Reducers (\(timings.actionCount) \(noun))", .heading), labelWidth,
      ["count", "total", "min", "mean", "p50", "p95", "p99", "max"], plain: "Reducers (\(timings.actionCount) \(noun))"))
    for (label, stats) in reducers {
      lines.append(row(label, labelWidth, [String(stats.count)] + [stats.total, stats.min, stats.mean,
        stats.percentile(50), stats.percentile(95), stats.percentile(99), stats.max].map(TimeText.duration)))
    }

    lines.append("")
    if effects.isEmpty {
      lines.append(style.paint("Effects: none", .heading))
    } else {
      let title = "Effects (by originating action)"
      lines.append(row(style.paint(title, .heading), labelWidth,
        ["started", "outputs", "cancel", "running", "min", "mean", "p50", "p95", "max"], plain: title))
      for (label, stats) in effects {
        let running = stats.started - stats.finished - stats.cancelled
        let life = stats.lifetime
        let lifetimes = life.count == 0 ? Array(repeating: "-", count: 5)
          : [life.min, life.mean, life.percentile(50), life.percentile(95), life.max].map(TimeText.duration)
        lines.append(row(label, labelWidth, [stats.started, stats.outputs, stats.cancelled, running].map(String.init) + lifetimes))
      }
      lines.append("  (min … max: effect lifetimes, from start to finish or cancellation)")
    }
    if !timings.running.isEmpty {
      lines.append("")
      lines.append(style.paint("Still running at the end (\(timings.running.count))", .heading))
      for effect in timings.running.values.sorted(by: { $0.effect < $1.effect }).prefix(10) {
        lines.append("  effect \(effect.effect) started by #\(effect.seq) \(effect.label) at \(TimeText.offset(effect.t))")
      }
      if timings.running.count > 10 { lines.append("  … and \(timings.running.count - 10) more") }
    }

    if !timings.slowest.isEmpty {
      lines.append("")
      lines.append(style.paint("Slowest actions", .heading))
      let seqWidth = timings.slowest.map { "#\($0.seq)".count }.max() ?? 0
      for action in timings.slowest {
        let seq = "#\(action.seq)"
        let duration = TimeText.duration(action.duration)
        lines.append("  " + style.paint(seq, .sequence) + String(repeating: " ", count: seqWidth - seq.count)
          + String(repeating: " ", count: max(1, 9 - duration.count)) + duration + "  " + action.label)
      }
    }

    lines.append("")
    lines += timeline(timings)
    return lines
  }

  /// `reducers |#  .  #|` and `effects  |==-  2|` over the whole trace.
  private func timeline(_ timings: TimingsCollector) -> [String] {
    let barWidth = max(10, width - 11)
    let span = max(timings.end, 1)
    let column = TimeText.duration(Int64((Double(span) / Double(barWidth)).rounded(.up)))
    var lines = [style.paint("Timeline", .heading) + " +0.000s … \(TimeText.offset(span)), 1 column ≈ \(column)"]
    let reducers = timings.reducerTimeline.columns(span: span, width: barWidth).map { busy -> Character in
      busy <= 0 ? " " : busy < 0.5 ? "." : "#"
    }
    let effects = timings.effectTimeline.columns(span: span, width: barWidth).map { alive -> Character in
      if alive <= 0 { return " " }
      if alive < 0.95 { return "-" }
      let count = Int(alive.rounded())
      return count <= 1 ? "=" : count <= 9 ? Character(String(count)) : "+"
    }
    lines.append("reducers |" + String(reducers) + "|")
    lines.append("effects  |" + String(effects) + "|")
    lines.append(style.paint("  # busy, . briefly busy; = one effect alive, - less than one on average, 2-9 that many, + more", .dim))
    return lines
  }

  /// A label padded (or cut with `…`) to `labelWidth`, then right-aligned columns of 9.
  private func row(_ label: String, _ labelWidth: Int, _ cells: [String], plain: String? = nil) -> String {
    let visible = plain ?? label
    var text = label
    if visible.count > labelWidth {
      text = String(visible.prefix(labelWidth - 1)) + "…"
    } else {
      text += String(repeating: " ", count: labelWidth - visible.count)
    }
    for cell in cells {
      text += String(repeating: " ", count: max(1, 9 - cell.count)) + cell
    }
    return text
  }
}
