import Foundation

/// How values read in diffs: custom-dump's style (`Todo(`, `.toggle`, `[0]: …`, `"Milk"`),
/// written as UTF-8 bytes straight into the text being built.
package enum ValueText {
  /// The deepest indentation level written: a container that would open deeper than this is
  /// shown on one line as `[…]`, `Todo(…)`, `.case(…)`, so the output of `show`, `state` and
  /// `diff` stays proportional to the trace however deep a state nests (each level costs two
  /// columns of indentation on every line below it).
  package static let elisionDepth = 32

  /// What comes before a value on its first line: `title: `, `[3]: `, `"key": `, or a text.
  package enum Label {
    case text(String)
    /// A field's `label: `, or nothing for an unlabelled one.
    case field(String?)
    /// An array element's `[3]: `.
    case index(Int)
    /// A dictionary entry's `key: `, the key in its compact form.
    case entry(Value)

    /// Whether the label writes nothing (an unlabelled value inlines into its container).
    var isEmpty: Bool {
      switch self {
      case let .text(text): text.isEmpty
      case let .field(label): label == nil
      case .index, .entry: false
      }
    }

    func write(into bytes: inout [UInt8]) {
      switch self {
      case let .text(text): bytes.appendUTF8(text)
      case let .field(label?):
        bytes.appendUTF8(label)
        bytes.appendUTF8(": ")
      case .field(nil): break
      case let .index(index):
        bytes.append(UInt8(ascii: "["))
        bytes.appendUTF8(String(index))
        bytes.appendUTF8("]: ")
      case let .entry(key):
        ValueText.writeCompact(key, into: &bytes)
        bytes.appendUTF8(": ")
      }
    }
  }

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
    dump(value, label: .text(label), suffix: suffix, marker: marker, depth: depth, into: &lines)
  }

  /// `qualified`: an enum case is written with its type (`Route.detail(1)`, not `.detail(1)`), for
  /// a case replaced by one of another enum that would read the same.
  package static func dump(
    _ value: Value, label: Label, suffix: String, marker: TextLines.Marker, depth: Int, qualified: Bool = false,
    into lines: inout TextLines
  ) {
    func line(_ pieces: String...) {
      lines.start(marker, depth)
      label.write(into: &lines.bytes)
      for piece in pieces { lines.write(piece) }
      lines.finish()
    }
    if isIndexSet(value) || isScalar(value) {
      lines.start(marker, depth)
      label.write(into: &lines.bytes)
      writeScalar(value, into: &lines.bytes)
      lines.write(suffix)
      lines.finish()
      return
    }
    switch value {
    case let .structure(type, fields):
      // `shown(fields)`, without an array of its own.
      let from = fields.first?.label == Value.identityLabel ? 1 : 0
      container(type, "", "(", ")", fields.count - from) {
        (Label.field(fields[from + $0].label), fields[from + $0].value)
      }
    case let .enumCase(type, name, values):
      let dot = qualified ? type + "." : "."
      if values.isEmpty {
        line(dot, name, suffix)
      } else {
        container(dot, name, "(", ")", values.count) { (Label.field(values[$0].label), values[$0].value) }
      }
    case let .tuple(fields):
      container("", "", "(", ")", fields.count) { (Label.field(fields[$0].label), fields[$0].value) }
    case let .array(elements):
      container("", "", "[", "]", elements.count) { (Label.index($0), elements[$0]) }
    case let .set(members):
      container("", "", "Set([", "])", members.count) { (Label.field(nil), members[$0]) }
    case let .dictionary(entries):
      if entries.isEmpty {
        line("[:]", suffix)
      } else {
        container("", "", "[", "]", entries.count) { (Label.entry(entries[$0].key), entries[$0].value) }
      }
    case let .string(string):
      // A multi-line string (one line is a scalar, above).
      line("\"\"\"")
      for text in LineDiffer.lines(string) {
        lines.start(marker, depth + 1)
        writeEscaped(text, into: &lines.bytes)
        lines.finish()
      }
      lines.append(marker, depth + 1, "\"\"\"" + suffix)
    default:
      lines.start(marker, depth)
      label.write(into: &lines.bytes)
      writeCompact(value, into: &lines.bytes)
      lines.write(suffix)
      lines.finish()
    }

    /// `type`, `name` and `open` begin the value (`Todo(`, `.loaded(`, `[`), `close` ends it;
    /// `child(i)` is the label and value of each of its `count` children.
    func container(
      _ type: String, _ name: String, _ open: StaticString, _ close: StaticString, _ count: Int,
      _ child: (Int) -> (Label, Value)
    ) {
      lines.start(marker, depth)
      label.write(into: &lines.bytes)
      lines.write(type)
      lines.write(name)
      lines.write(open)
      if count == 0 {
        lines.write(close)
        lines.write(suffix)
      } else if count == 1, case let (only, value) = child(0), only.isEmpty, isScalar(value) || isBareCase(value) {
        writeScalar(value, into: &lines.bytes)
        lines.write(close)
        lines.write(suffix)
      } else if depth >= elisionDepth {
        lines.write("…")
        lines.write(close)
        lines.write(suffix)
      } else {
        lines.finish()
        for index in 0..<count {
          let (childLabel, value) = child(index)
          dump(
            value, label: childLabel, suffix: index == count - 1 ? "" : ",", marker: marker, depth: depth + 1,
            into: &lines)
        }
        lines.start(marker, depth)
        lines.write(close)
        lines.write(suffix)
      }
      lines.finish()
    }
  }

  /// The fields a text shows: a computed `id` (`$id`) is the element's identity, shown in element
  /// labels (`[3 → 0, id: 7]`), not as a field.
  static func shown(_ fields: [Value.Field]) -> [Value.Field] {
    guard fields.first?.label == Value.identityLabel else { return fields }
    return Array(fields.dropFirst())
  }

  /// An enum case without associated values (`.active`): one line inside its parent
  /// (`filterPicked(.active)`, not three).
  static func isBareCase(_ value: Value) -> Bool {
    if case let .enumCase(_, _, values) = value { return values.isEmpty }
    return false
  }

  static func fieldLabel(_ label: String?) -> String {
    label.map { $0 + ": " } ?? ""
  }

  /// A one-line form of any value: `Todo(id: 1, title: "Milk")`, `[1, 2]`, `.toggle`.
  package static func compact(_ value: Value) -> String {
    var bytes: [UInt8] = []
    writeCompact(value, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `compact(value)` appended to `bytes`.
  package static func writeCompact(_ value: Value, into bytes: inout [UInt8]) {
    func fields(_ fields: [Value.Field]) {
      for (index, field) in fields.enumerated() {
        if index > 0 { bytes.appendUTF8(", ") }
        Label.field(field.label).write(into: &bytes)
        writeCompact(field.value, into: &bytes)
      }
    }
    func values(_ values: [Value]) {
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.appendUTF8(", ") }
        writeCompact(value, into: &bytes)
      }
    }
    if isIndexSet(value) {
      writeScalar(value, into: &bytes)
      return
    }
    switch value {
    case let .structure(type, f):
      bytes.appendUTF8(type)
      bytes.append(UInt8(ascii: "("))
      fields(shown(f))
      bytes.append(UInt8(ascii: ")"))
    case let .enumCase(_, name, v):
      bytes.append(UInt8(ascii: "."))
      bytes.appendUTF8(name)
      if !v.isEmpty {
        bytes.append(UInt8(ascii: "("))
        fields(v)
        bytes.append(UInt8(ascii: ")"))
      }
    case let .tuple(f):
      bytes.append(UInt8(ascii: "("))
      fields(f)
      bytes.append(UInt8(ascii: ")"))
    case let .array(a):
      bytes.append(UInt8(ascii: "["))
      values(a)
      bytes.append(UInt8(ascii: "]"))
    case let .set(a):
      bytes.appendUTF8("Set([")
      values(a)
      bytes.appendUTF8("])")
    case let .dictionary(e):
      if e.isEmpty {
        bytes.appendUTF8("[:]")
        return
      }
      bytes.append(UInt8(ascii: "["))
      for (index, entry) in e.enumerated() {
        if index > 0 { bytes.appendUTF8(", ") }
        writeCompact(entry.key, into: &bytes)
        bytes.appendUTF8(": ")
        writeCompact(entry.value, into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    default:
      if isScalar(value) { writeScalar(value, into: &bytes) } else { bytes.append(UInt8(ascii: "?")) }
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

  static func isIndexSet(_ value: Value) -> Bool {
    guard case let .structure("IndexSet", fields) = value else { return false }
    return indexSet(.structure(type: "IndexSet", fields: fields)) != nil
  }

  /// Whether `value` is written on one line by `writeScalar`: not a container, not a multi-line
  /// string (an `IndexSet` is one line too).
  static func isScalar(_ value: Value) -> Bool {
    switch value {
    case let .string(s): return !s.utf8.contains(UInt8(ascii: "\n"))
    case .int, .uint, .double, .bool, .uuid, .date, .url, .data, .null, .redacted, .reference: return true
    case .structure: return isIndexSet(value)
    default: return false
    }
  }

  /// The text of a scalar, or `nil` for containers and multi-line strings.
  static func scalar(_ value: Value) -> String? {
    guard isScalar(value) else { return nil }
    var bytes: [UInt8] = []
    writeScalar(value, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text of a scalar (`isScalar`) or of a bare enum case (`.active`).
  static func writeScalar(_ value: Value, into bytes: inout [UInt8]) {
    if let indexSet = indexSet(value) {
      bytes.appendUTF8(indexSet)
      return
    }
    switch value {
    case let .string(s):
      bytes.append(UInt8(ascii: "\""))
      writeEscaped(s, into: &bytes)
      bytes.append(UInt8(ascii: "\""))
    case let .int(i): bytes.appendUTF8(String(i))
    case let .uint(u): bytes.appendUTF8(String(u))
    case let .double(d): bytes.append(contentsOf: "\(d)".utf8)
    case let .bool(b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
    case let .uuid(u):
      bytes.appendUTF8("UUID(")
      writeUUID(u, into: &bytes)
      bytes.append(UInt8(ascii: ")"))
    case let .date(d):
      bytes.append(contentsOf: "Date(\(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(d)))".utf8)
    case let .url(u): bytes.append(contentsOf: "URL(\(u.absoluteString))".utf8)
    case let .data(d): bytes.append(contentsOf: "Data(\(d.count) bytes)".utf8)
    case .null: bytes.appendUTF8("nil")
    case let .redacted(type): bytes.append(contentsOf: "<redacted \(type)>".utf8)
    case let .reference(type): bytes.append(contentsOf: "<reference \(type)>".utf8)
    case let .enumCase(_, name, values) where values.isEmpty:
      bytes.append(UInt8(ascii: "."))
      bytes.appendUTF8(name)
    default: break
    }
  }

  /// `uuidString`'s form (upper case, `8-4-4-4-12`) without formatting through Foundation: the 36
  /// bytes written on the stack, appended at once.
  static func writeUUID(_ uuid: UUID, into bytes: inout [UInt8]) {
    let hex: StaticString = "0123456789ABCDEF"
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &text) { out in
      withUnsafeBytes(of: uuid.uuid) { raw in
        var o = 0
        for i in 0..<16 {
          if i == 4 || i == 6 || i == 8 || i == 10 {
            out[o] = UInt8(ascii: "-")
            o += 1
          }
          out[o] = hex.utf8Start[Int(raw[i] >> 4)]
          out[o + 1] = hex.utf8Start[Int(raw[i] & 0x0F)]
          o += 2
        }
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: out[0..<36]))
    }
  }

  /// `s` with `"`, `\` and control characters escaped as in a Swift string literal.
  package static func escaped(_ s: String) -> String {
    var bytes: [UInt8] = []
    writeEscaped(s, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `escaped(s)` appended to `bytes`.
  package static func writeEscaped(_ s: String, into bytes: inout [UInt8]) {
    let utf8 = s.utf8
    // Most texts need no escape: one pass to check, one copy. A text with a quote, a backslash,
    // a control character or a byte past ASCII (maybe DEL, C1 or a bidirectional control, which
    // a terminal would act on: `PrintableText`) is looked at closer.
    if !utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      bytes.append(contentsOf: utf8)
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": bytes.append(contentsOf: "\\\"".utf8)
      case "\\": bytes.append(contentsOf: "\\\\".utf8)
      case "\n": bytes.append(contentsOf: "\\n".utf8)
      case "\r": bytes.append(contentsOf: "\\r".utf8)
      case "\t": bytes.append(contentsOf: "\\t".utf8)
      case _ where PrintableText.isControl(scalar):
        bytes.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".utf8)
      default: bytes.append(contentsOf: UTF8.encode(scalar)!)
      }
    }
  }
}
