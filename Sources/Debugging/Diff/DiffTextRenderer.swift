/// How a diff is shown as text.
public struct DiffRenderOptions: Sendable {
  /// ANSI colour: removed lines red, inserted green, moved cyan, unchanged runs dim.
  public var color: Bool
  /// How many unchanged lines of a multi-line string are shown around each changed line.
  public var lineContext: Int

  public init(color: Bool = false, lineContext: Int = 2) {
    self.color = color
    self.lineContext = lineContext
  }
}

/// Renders a `StateDiff` as text in the style of custom-dump and TCA's `_printChanges`: `-`/`+`
/// markers, two-space indentation, changed fields shown inside their parents, unchanged siblings
/// collapsed. Array elements carry their indices, and moves are shown as moves:
///
/// ```text
///   AppState(
///     todos: [
/// ~     [3 → 0, id: 4],
///       … (1 unchanged),
///       [2 (was 1), id: 2]: Todo(
///         … (1 unchanged),
/// -       title: "b",
/// +       title: "B",
///         … (1 unchanged)
///       ),
///       … (1 unchanged)
///     ],
/// -   filter: .all
/// +   filter: .done
///   )
/// ```
///
/// Element labels: `[2]` — same index on both sides; `[3 (was 2)]` — shifted by insertions or
/// removals before it; `[3 → 0]` with `~` — moved; removed elements show their old index,
/// inserted ones their new index; `id:` when matched by identity.
public struct DiffTextRenderer {
  public var options: DiffRenderOptions

  public init(options: DiffRenderOptions = .init()) {
    self.options = options
  }

  /// The text of `diff` (empty when the values were equal).
  public func render(_ diff: StateDiff) -> String {
    if diff.isEqual { return "" }
    var lines = TextLines(color: options.color)
    node(diff.root, suffix: "", depth: 0, into: &lines)
    return lines.text
  }

  private func node(_ node: StateDiff.Node, suffix: String, depth: Int, into lines: inout TextLines) {
    change(node.change, key: node.key, marker: .context, suffix: suffix, depth: depth, into: &lines)
  }

  private func change(
    _ change: StateDiff.Change, key: StateDiff.Key, marker: TextLines.Marker,
    suffix: String, depth: Int, into lines: inout TextLines
  ) {
    switch change {
    case let .unchanged(count):
      if marker == .moved {
        lines.append(.moved, depth, label(key, side: .moved).dropLast(2) + suffix)
      } else {
        lines.append(.context, depth, "… (\(count) unchanged)" + suffix, dim: true)
      }
    case let .replaced(old, new):
      ValueText.dump(
        old, label: label(key, side: .removed), suffix: suffix, marker: .removed, depth: depth, into: &lines)
      ValueText.dump(
        new, label: label(key, side: .inserted), suffix: suffix, marker: .inserted, depth: depth, into: &lines)
    case let .inserted(value):
      ValueText.dump(
        value, label: label(key, side: .inserted), suffix: suffix, marker: .inserted, depth: depth, into: &lines)
    case let .removed(value):
      ValueText.dump(
        value, label: label(key, side: .removed), suffix: suffix, marker: .removed, depth: depth, into: &lines)
    case let .moved(_, _, inner):
      self.change(inner, key: key, marker: .moved, suffix: suffix, depth: depth, into: &lines)
    case let .nested(.lines, children):
      lines.append(marker, depth, label(key, side: marker) + "\"\"\"")
      self.lines(children, depth: depth + 1, into: &lines)
      lines.append(marker, depth + 1, "\"\"\"" + suffix)
    case let .nested(childShape, _) where depth >= ValueText.elisionDepth:
      // Past the indentation limit: one line says there is a change below, not where.
      let (open, close) = brackets(childShape)
      lines.append(
        marker, depth,
        label(key, side: marker) + open + "… (changed deeper than \(ValueText.elisionDepth) levels)" + close + suffix)
    case let .nested(childShape, children):
      let (open, close) = brackets(childShape)
      // A changed computed `id` is not a field of the text (see `ValueText.shown`).
      let children = children.filter { child in
        guard case .field(Value.identityLabel?, _) = child.key else { return true }
        return child.change.isUnchanged
      }
      lines.append(marker, depth, label(key, side: marker) + open)
      for (index, child) in children.enumerated() {
        node(child, suffix: index == children.count - 1 ? "" : ",", depth: depth + 1, into: &lines)
      }
      lines.append(marker, depth, close + suffix)
    }
  }

  /// The lines of a multi-line string: changed lines with `options.lineContext` unchanged lines
  /// around them; longer unchanged runs collapse.
  private func lines(_ children: [StateDiff.Node], depth: Int, into lines: inout TextLines) {
    let changed = children.indices.filter { !children[$0].change.isUnchanged }
    var shown = [Bool](repeating: false, count: children.count)
    for index in changed {
      for k in max(0, index - options.lineContext)...min(children.count - 1, index + options.lineContext) {
        shown[k] = true
      }
    }
    var hidden = 0
    func flush() {
      if hidden > 0 {
        lines.append(.context, depth, "… (\(hidden) unchanged line\(hidden == 1 ? "" : "s"))", dim: true)
      }
      hidden = 0
    }
    for (index, child) in children.enumerated() {
      guard case let .line(_, _, text) = child.key else { continue }
      switch child.change {
      case .removed: flush(); lines.append(.removed, depth, ValueText.escaped(text))
      case .inserted: flush(); lines.append(.inserted, depth, ValueText.escaped(text))
      default:
        if shown[index] { flush(); lines.append(.context, depth, ValueText.escaped(text)) } else { hidden += 1 }
      }
    }
    flush()
  }

  private func brackets(_ shape: StateDiff.Shape) -> (String, String) {
    switch shape {
    case let .structure(type): return ("\(type)(", ")")
    case let .enumCase(_, name): return (".\(name)(", ")")
    case .tuple: return ("(", ")")
    case .array, .dictionary: return ("[", "]")
    case .set: return ("Set([", "])")
    case .lines: return ("\"\"\"", "\"\"\"")
    }
  }

  /// The prefix of a node's first line: `title: `, `[3]: `, `"key": `, or nothing.
  private func label(_ key: StateDiff.Key, side: TextLines.Marker) -> String {
    switch key {
    case .root, .member, .line: return ""
    case let .field(label, _): return ValueText.fieldLabel(label)
    case let .entry(key): return ValueText.compact(key) + ": "
    case let .element(old, new, id):
      return StateDiff.Key.elementLabel(old: old, new: new, id: id, side: side) + ": "
    }
  }
}
