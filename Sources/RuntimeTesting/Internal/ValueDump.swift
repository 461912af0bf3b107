import Debugging

/// Values as failure messages show them, in the diff engine's custom-dump style, so that a dumped
/// action reads exactly like the same action inside a diff.
enum ValueDump {
  /// `value` on one or more lines, a top-level enum case with its type:
  ///
  /// ```text
  /// EffectsBasics.Action.numberFactResponse(
  ///   .success("1 is a good number.")
  /// )
  /// ```
  static func text(_ value: Any) -> String {
    let reflected = Value(reflecting: value)
    var text = lines(of: reflected)
    if case let .enumCase(type, _, _) = reflected { text = type + text }
    return text
  }

  /// `values` as a numbered list: `[\n  [0]: …,\n  [1]: …\n]`.
  static func list(_ values: [Any]) -> String {
    var list = "["
    for (index, value) in values.enumerated() {
      let item = indent(text(value), by: 2, skippingFirstLine: true)
      list += "\n  [\(index)]: " + item + (index == values.count - 1 ? "" : ",")
    }
    return list + "\n]"
  }

  /// The diff engine's text of `value` as if it had been inserted, without the `+` column.
  private static func lines(of value: Value) -> String {
    let diff = StateDiff(root: .init(key: .root, change: .inserted(value)))
    let rendered = DiffTextRenderer().render(diff)
    return rendered.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.dropFirst(2) }
      .joined(separator: "\n")
  }

  /// Every line of `text` indented by `count` spaces.
  static func indent(_ text: String, by count: Int, skippingFirstLine: Bool = false) -> String {
    let pad = String(repeating: " ", count: count)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
      .map { index, line in
        (skippingFirstLine && index == 0) || line.isEmpty ? String(line) : pad + line
      }
      .joined(separator: "\n")
  }

  /// The structural diff of two values indented for a message, or `nil` when the diff engine
  /// sees no difference (a custom `==`). Top-level enum cases carry their type, as in a dump:
  ///
  /// ```text
  ///   - Relay.Action.pong
  ///   + Relay.Action.ping
  /// ```
  static func diff(_ expected: Any, _ actual: Any) -> String? {
    guard let text = StateDiff.text(expected, actual) else { return nil }
    guard case let .enumCase(type, _, _) = Value(reflecting: expected) else { return indent(text, by: 2) }
    let typed = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      // A line at depth 0 is its marker, one space, then the value: `- .pong`.
      line.dropFirst(2).first == "." ? line.prefix(2) + type + line.dropFirst(2) : line
    }
    return indent(typed.joined(separator: "\n"), by: 2)
  }

  /// `1.0`, `0.25`: a duration in seconds as TCA's messages show it.
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return "\(Double(seconds) + Double(attoseconds) / 1e18)"
  }

  /// `1 action`, `2 actions`.
  static func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }
}
