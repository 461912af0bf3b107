/// The text `show` prints, one piece at a time, so that it can be streamed.
///
/// ```swift
/// ShowTextRenderer(style: TextStyle(colored: false)).actionLine(action)
/// ```
/// ```text
/// #3      +0.052s   5.1µs  Todos.Action.todos(.element(id:, action: .toggle))  (from effect 1)
/// ```
package struct ShowTextRenderer {
  package var style: TextStyle

  package init(style: TextStyle) {
    self.style = style
  }

  /// `Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)`
  package func header(_ session: TraceSession) -> String {
    let name = session.prefix.isEmpty ? session.name : "\(session.name) (\(session.prefix))"
    return style.paint(name, .heading)
      + " — recorded \(session.start) on \(session.platform), pid \(session.pid) (trace format \(session.format))"
  }

  /// The first line of an action: sequence number, time offset, duration, label and its sender.
  package func actionLine(seq: Int64, t: Int64, duration: Int64, label: String, effect: Int64?) -> String {
    let number = "#\(seq)"
    var line = style.paint(number, .sequence) + pad(number, 6) + pad(TimeText.offset(t), 9, left: true) + TimeText.offset(t)
      + pad(TimeText.duration(duration), 8, left: true) + TimeText.duration(duration) + "  " + style.paint(label, .label)
    if let effect { line += style.paint("  (from effect \(effect))", .dim) }
    return line
  }

  /// The value of an action or a state as indented lines, in custom-dump's style.
  package func value(_ value: Value, indent: String = "  ") -> String {
    var lines = TextLines(color: false)
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    return indented(lines.text, indent)
  }

  /// An action value, its enum type in front as TCA prints it: `Todos.Action.todos(`.
  package func action(_ value: Value, indent: String = "  ") -> String {
    let text = self.value(value, indent: indent)
    guard case let .enumCase(type, _, _) = value, !type.isEmpty,
      let dot = text.firstIndex(where: { $0 != " " }), text[dot] == "."
    else { return text }
    return text[..<dot] + type + text[dot...]
  }

  /// A value on its own, from the first column: what `tca-trace state` prints.
  ///
  /// ```text
  /// Todos.State(
  ///   todos: []
  /// )
  /// ```
  package func dump(_ value: Value) -> String {
    var lines = TextLines(color: false)
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    return lines.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.dropFirst(2) }.joined(separator: "\n")
  }

  /// A value on one line: `Todo(id: 1, title: "Milk")`, `false`.
  package func compact(_ value: Value) -> String {
    ValueText.compact(value)
  }

  /// The structural diff between two states, or `(No state changes)`.
  package func stateChange(_ diff: StateDiff, indent: String = "  ") -> String {
    if diff.isEqual { return indent + style.paint("(No state changes)", .dim) }
    return indented(DiffTextRenderer(options: DiffRenderOptions(color: style.colored)).render(diff), indent)
  }

  /// An effect event, linked to the action that started it.
  ///
  /// ```text
  ///   effect 1 started (cancellable: search)
  /// effect 1 finished at +0.300s after 248ms (started by #3 Search.Action.queryChanged)
  /// ```
  package func effectLine(_ event: TraceEffectEvent, origin: EffectOrigin?) -> String {
    switch event.event {
    case .started:
      let id = event.id.map { " (cancellable: \($0))" } ?? ""
      return "  " + style.paint("effect \(event.effect) started\(id)", .dim)
    case .output:
      return style.paint("effect \(event.effect) sent #\(event.seq ?? 0)", .dim)
    case .finished, .cancelled:
      var line = "effect \(event.effect) \(event.event.rawValue) at \(TimeText.offset(event.t))"
      if let origin {
        line += " after \(TimeText.duration(max(0, event.t - origin.t))) (started by #\(origin.seq) \(origin.label))"
      }
      return style.paint(line, event.event == .cancelled ? .warning : .dim)
    }
  }

  /// `note +1.200s gap: writer fell behind: 12 actions dropped`
  package func noteLine(_ note: TraceNote) -> String {
    style.paint("note \(TimeText.offset(note.t)) \(note.note.rawValue): \(note.message)", note.note == .info ? .dim : .warning)
  }

  /// `end +2.000s: 42 actions`
  package func endLine(_ end: TraceEnd) -> String {
    style.paint("end \(TimeText.offset(end.t)): \(end.actions) action\(end.actions == 1 ? "" : "s")", .dim)
  }

  /// Spaces that pad `text` to `width` columns (after it, or before it when `left`).
  private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    String(repeating: " ", count: max(left ? 1 : 0, width - text.count))
  }

  private func indented(_ text: String, _ indent: String) -> String {
    indent + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
  }
}

/// The action that started an effect, remembered until the effect ends.
package struct EffectOrigin: Sendable, Equatable {
  package var seq: Int64
  package var t: Int64
  package var label: String
  /// Whether that action was shown (effect events follow their action's filter).
  package var shown: Bool
}
