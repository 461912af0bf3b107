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
    String(decoding: renderUTF8(diff), as: UTF8.self)
  }

  /// `render(diff)` as UTF-8 bytes.
  package func renderUTF8(_ diff: StateDiff) -> [UInt8] {
    if diff.isEqual { return [] }
    var lines = TextLines(color: options.color)
    node(diff.root, suffix: "", depth: 0, into: &lines)
    return lines.bytes
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
        lines.start(.moved, depth)
        writeLabel(key, side: .moved, colon: false, into: &lines.bytes)
        lines.write(suffix)
        lines.finish()
      } else {
        lines.start(.context, depth, dim: true)
        lines.write("… (")
        lines.writeInteger(count)
        lines.write(" unchanged)")
        lines.write(suffix)
        lines.finish()
      }
    case let .replaced(old, new):
      // A case replaced by one of another enum (a hand-written patch of its `$enum`) names both types.
      var qualified = false
      if case let .enumCase(oldType, _, _) = old, case let .enumCase(newType, _, _) = new {
        qualified = oldType != newType
      }
      ValueText.dump(
        old, label: label(key, side: .removed), suffix: suffix, marker: .removed, depth: depth, qualified: qualified,
        into: &lines)
      ValueText.dump(
        new, label: label(key, side: .inserted), suffix: suffix, marker: .inserted, depth: depth, qualified: qualified,
        into: &lines)
    case let .inserted(value):
      ValueText.dump(
        value, label: label(key, side: .inserted), suffix: suffix, marker: .inserted, depth: depth, into: &lines)
    case let .removed(value):
      ValueText.dump(
        value, label: label(key, side: .removed), suffix: suffix, marker: .removed, depth: depth, into: &lines)
    case let .moved(_, _, inner):
      self.change(inner, key: key, marker: .moved, suffix: suffix, depth: depth, into: &lines)
    case let .nested(.lines, children):
      lines.start(marker, depth)
      writeLabel(key, side: marker, into: &lines.bytes)
      lines.write("\"\"\"")
      lines.finish()
      self.lines(children, depth: depth + 1, into: &lines)
      lines.append(marker, depth + 1, "\"\"\"" + suffix)
    case let .nested(childShape, _) where depth >= ValueText.elisionDepth:
      // Past the indentation limit: one line says there is a change below, not where.
      lines.start(marker, depth)
      writeLabel(key, side: marker, into: &lines.bytes)
      writeOpening(childShape, into: &lines)
      lines.write("… (changed deeper than \(ValueText.elisionDepth) levels)")
      lines.write(closing(childShape))
      lines.write(suffix)
      lines.finish()
    case let .nested(childShape, children):
      // A changed computed `id` is not a field of the text (see `ValueText.shown`).
      func hidden(_ child: StateDiff.Node) -> Bool {
        guard case .field(Value.identityLabel?, _) = child.key else { return false }
        return !child.change.isUnchanged
      }
      let children = children.contains(where: hidden) ? children.filter { !hidden($0) } : children
      lines.start(marker, depth)
      writeLabel(key, side: marker, into: &lines.bytes)
      writeOpening(childShape, into: &lines)
      lines.finish()
      for (index, child) in children.enumerated() {
        node(child, suffix: index == children.count - 1 ? "" : ",", depth: depth + 1, into: &lines)
      }
      lines.start(marker, depth)
      lines.write(closing(childShape))
      lines.write(suffix)
      lines.finish()
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
    func line(_ marker: TextLines.Marker, _ text: String) {
      lines.start(marker, depth)
      ValueText.writeEscaped(text, into: &lines.bytes)
      lines.finish()
    }
    func flush() {
      if hidden > 0 {
        lines.append(.context, depth, "… (\(hidden) unchanged line\(hidden == 1 ? "" : "s"))", dim: true)
      }
      hidden = 0
    }
    for (index, child) in children.enumerated() {
      guard case let .line(_, _, text) = child.key else { continue }
      switch child.change {
      case .removed: flush(); line(.removed, text)
      case .inserted: flush(); line(.inserted, text)
      default:
        if shown[index] { flush(); line(.context, text) } else { hidden += 1 }
      }
    }
    flush()
  }

  /// A nested value's opening: `Todo(`, `.loaded(`, `(`, `[`, `Set([`, `"""`.
  private func writeOpening(_ shape: StateDiff.Shape, into lines: inout TextLines) {
    switch shape {
    case let .structure(type):
      lines.write(type)
      lines.write("(")
    case let .enumCase(_, name):
      lines.write(".")
      lines.write(name)
      lines.write("(")
    case .tuple: lines.write("(")
    case .array, .dictionary: lines.write("[")
    case .set: lines.write("Set([")
    case .lines: lines.write("\"\"\"")
    }
  }

  /// A nested value's closing: `)`, `]`, `])`, `"""`.
  private func closing(_ shape: StateDiff.Shape) -> StaticString {
    switch shape {
    case .structure, .enumCase, .tuple: ")"
    case .array, .dictionary: "]"
    case .set: "])"
    case .lines: "\"\"\""
    }
  }

  /// The prefix of a node's first line: `title: `, `[3]: `, `"key": `, or nothing.
  private func label(_ key: StateDiff.Key, side: TextLines.Marker) -> ValueText.Label {
    switch key {
    case .root, .member, .line: return .field(nil)
    case let .field(label, _): return .field(label)
    case let .entry(key): return .entry(key)
    case .element:
      var bytes: [UInt8] = []
      writeLabel(key, side: side, into: &bytes)
      return .text(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// The label written straight into the text; without `colon`, a field's or entry's label
  /// without its `: ` (a moved element's line is its label alone).
  private func writeLabel(_ key: StateDiff.Key, side: TextLines.Marker, colon: Bool = true, into bytes: inout [UInt8]) {
    switch key {
    case .root, .member, .line: return
    case let .field(label, _):
      guard let label else { return }
      bytes.appendUTF8(label)
    case let .entry(key): ValueText.writeCompact(key, into: &bytes)
    case let .element(old, new, id):
      StateDiff.Key.writeElementLabel(old: old, new: new, id: id, side: side, into: &bytes)
    }
    if colon { bytes.appendUTF8(": ") }
  }
}
