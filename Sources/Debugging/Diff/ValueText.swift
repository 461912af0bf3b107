import Foundation

/// Lines of text being built for a diff or a dump: a marker column (`-`, `+`, `~` or space),
/// then two spaces of indentation per level.
package struct TextLines {
  package enum Marker: Character {
    case context = " ", removed = "-", inserted = "+", moved = "~"

    var text: String {
      switch self {
      case .context: " "
      case .removed: "-"
      case .inserted: "+"
      case .moved: "~"
      }
    }
  }

  var color: Bool
  package private(set) var text = ""

  /// The spaces after a line's marker at `depth` (the first 40 depths made once).
  private static let indentations = (0..<40).map { String(repeating: " ", count: 1 + 2 * $0) }
  private static func indentation(_ depth: Int) -> String {
    depth < indentations.count ? indentations[depth] : String(repeating: " ", count: 1 + 2 * depth)
  }

  package init(color: Bool) {
    self.color = color
  }

  package mutating func append(_ marker: Marker, _ depth: Int, _ content: String, dim: Bool = false) {
    let role: TextStyle.Role? =
      switch marker {
      case .removed: .removed
      case .inserted: .inserted
      case .moved: .moved
      case .context: dim ? .dim : nil
      }
    if !text.isEmpty { text += "\n" }
    if color, let role { text += TextStyle.start(role) }
    text += marker.text
    text += Self.indentation(depth)
    text += content
    if color, role != nil { text += TextStyle.end }
  }
}

/// How values read in diffs: custom-dump's style (`Todo(`, `.toggle`, `[0]: …`, `"Milk"`).
package enum ValueText {
  /// The deepest indentation level written: a container that would open deeper than this is
  /// shown on one line as `[…]`, `Todo(…)`, `.case(…)`, so the output of `show`, `state` and
  /// `diff` stays proportional to the trace however deep a state nests (each level costs two
  /// columns of indentation on every line below it).
  package static let elisionDepth = 32

  /// Appends `value` as lines at `depth`, the first line starting with `label`, the last ending
  /// with `suffix` (a comma between siblings).
  ///
  /// ```text
  /// todo: Todo(
  ///   id: 1,
  ///   title: "Milk"
  /// ),
  /// ```
  package static func dump(
    _ value: Value, label: String, suffix: String, marker: TextLines.Marker, depth: Int, into lines: inout TextLines
  ) {
    func container(_ open: String, _ close: String, _ children: [(String, Value)]) {
      if children.isEmpty {
        lines.append(marker, depth, label + open + close + suffix)
      } else if children.count == 1, children[0].0.isEmpty,
        let inline = scalar(children[0].1) ?? bareCase(children[0].1)
      {
        lines.append(marker, depth, label + open + inline + close + suffix)
      } else if depth >= elisionDepth {
        lines.append(marker, depth, label + open + "…" + close + suffix)
      } else {
        lines.append(marker, depth, label + open)
        for (index, (childLabel, child)) in children.enumerated() {
          dump(
            child, label: childLabel, suffix: index == children.count - 1 ? "" : ",", marker: marker, depth: depth + 1,
            into: &lines)
        }
        lines.append(marker, depth, close + suffix)
      }
    }
    if let indexSet = indexSet(value) {
      lines.append(marker, depth, label + indexSet + suffix)
      return
    }
    switch value {
    case let .structure(type, fields):
      container("\(type)(", ")", shown(fields).map { (fieldLabel($0.label), $0.value) })
    case let .enumCase(_, name, values):
      if values.isEmpty {
        lines.append(marker, depth, label + "." + name + suffix)
      } else {
        container(".\(name)(", ")", values.map { (fieldLabel($0.label), $0.value) })
      }
    case let .tuple(fields):
      container("(", ")", fields.map { (fieldLabel($0.label), $0.value) })
    case let .array(elements):
      container("[", "]", elements.enumerated().map { ("[\($0.offset)]: ", $0.element) })
    case let .set(members):
      container("Set([", "])", members.map { ("", $0) })
    case let .dictionary(entries):
      if entries.isEmpty {
        lines.append(marker, depth, label + "[:]" + suffix)
      } else {
        container("[", "]", entries.map { (compact($0.key) + ": ", $0.value) })
      }
    case let .string(string) where string.contains("\n"):
      lines.append(marker, depth, label + "\"\"\"")
      for line in LineDiffer.lines(string) { lines.append(marker, depth + 1, escaped(line)) }
      lines.append(marker, depth + 1, "\"\"\"" + suffix)
    default:
      lines.append(marker, depth, label + (scalar(value) ?? compact(value)) + suffix)
    }
  }

  /// The fields a text shows: a computed `id` (`$id`) is the element's identity, shown in element
  /// labels (`[3 → 0, id: 7]`), not as a field.
  static func shown(_ fields: [Value.Field]) -> [Value.Field] {
    guard fields.first?.label == Value.identityLabel else { return fields }
    return Array(fields.dropFirst())
  }

  /// `.active` for an enum case without associated values: one line inside its parent
  /// (`filterPicked(.active)`, not three).
  static func bareCase(_ value: Value) -> String? {
    if case let .enumCase(_, name, values) = value, values.isEmpty { return "." + name }
    return nil
  }

  static func fieldLabel(_ label: String?) -> String {
    label.map { $0 + ": " } ?? ""
  }

  /// A one-line form of any value: `Todo(id: 1, title: "Milk")`, `[1, 2]`, `.toggle`.
  package static func compact(_ value: Value) -> String {
    func fields(_ fields: [Value.Field]) -> String {
      fields.map { fieldLabel($0.label) + compact($0.value) }.joined(separator: ", ")
    }
    if let indexSet = indexSet(value) { return indexSet }
    switch value {
    case let .structure(type, f): return "\(type)(\(fields(shown(f))))"
    case let .enumCase(_, name, v): return v.isEmpty ? ".\(name)" : ".\(name)(\(fields(v)))"
    case let .tuple(f): return "(\(fields(f)))"
    case let .array(a): return "[" + a.map(compact).joined(separator: ", ") + "]"
    case let .set(a): return "Set([" + a.map(compact).joined(separator: ", ") + "])"
    case let .dictionary(e):
      return e.isEmpty
        ? "[:]" : "[" + e.map { compact($0.key) + ": " + compact($0.value) }.joined(separator: ", ") + "]"
    default: return scalar(value) ?? "?"
    }
  }

  /// `IndexSet([0, 3..<5])` for an `IndexSet` (stored as its ranges): each range as its only
  /// integer or as `lower..<upper`; nil for other values.
  static func indexSet(_ value: Value) -> String? {
    guard case let .structure("IndexSet", fields) = value, fields.count == 1, fields[0].label == "ranges",
      case let .array(ranges) = fields[0].value
    else { return nil }
    var parts: [String] = []
    for range in ranges {
      guard case let .structure(_, bounds) = range, bounds.count == 2, case let .int(lower) = bounds[0].value,
        case let .int(upper) = bounds[1].value
      else { return nil }
      parts.append(upper == lower + 1 ? String(lower) : "\(lower)..<\(upper)")
    }
    return "IndexSet([" + parts.joined(separator: ", ") + "])"
  }

  /// The text of a scalar, or `nil` for containers and multi-line strings.
  static func scalar(_ value: Value) -> String? {
    if let indexSet = indexSet(value) { return indexSet }
    switch value {
    case let .string(s): return s.contains("\n") ? nil : "\"" + escaped(s) + "\""
    case let .int(i): return String(i)
    case let .uint(u): return String(u)
    case let .double(d): return "\(d)"
    case let .bool(b): return b ? "true" : "false"
    case let .uuid(u): return "UUID(\(u.uuidString))"
    case let .date(d): return "Date(\(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(d)))"
    case let .url(u): return "URL(\(u.absoluteString))"
    case let .data(d): return "Data(\(d.count) bytes)"
    case .null: return "nil"
    case let .redacted(type): return "<redacted \(type)>"
    case let .reference(type): return "<reference \(type)>"
    default: return nil
    }
  }

  /// `s` with `"`, `\` and control characters escaped as in a Swift string literal.
  package static func escaped(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
