import Debugging

/// Encodes a `StateDiff` as the compact JSON the report's script renders: the model's tree as it
/// is, with each node's label and each value already written as text (custom-dump style, as the
/// terminal shows values), so the page never interprets trace data as anything but text.
///
/// A node is an object: `k` its label (`title`, `[3, id: 7]`, `"key"`; absent for none) and its
/// change: `{"u":2}` unchanged run, `{"o":…,"n":…}` replaced (`kn`: the new side's label when it
/// differs), `{"a":…}` inserted, `{"d":…}` removed, `{"s":"Todo(","e":")","c":[…]}` nested,
/// `{"m":1,…}` moved (with its inner change), `{"l":[[" ","line"],["-","old"],["+","new"]]}` a
/// multi-line string compared line by line.
///
/// ```swift
/// JSONWriter.string(ReportDiffEncoder.encode(StateDiff(.structure(type: "T", fields: [.init("x", .int(1))]),
///                                                      .structure(type: "T", fields: [.init("x", .int(2))]))))
/// ```
/// ```text
/// {"s":"T(","e":")","c":[{"k":"x","o":"1","n":"2"}]}
/// ```
enum ReportDiffEncoder {
  static func encode(_ diff: StateDiff) -> JSON {
    .object(node(diff.root))
  }

  /// A value as it reads in a diff, on as many lines as custom-dump uses.
  static func text(_ value: Value) -> String {
    var lines = TextLines(color: false)
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    // Every line starts with its marker and a space (ASCII): drop those two bytes per line.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.text.utf8.count)
    var skip = 2
    for byte in lines.text.utf8 {
      if skip > 0 {
        skip -= 1
        continue
      }
      bytes.append(byte)
      if byte == 0x0A { skip = 2 }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func node(_ node: StateDiff.Node) -> [JSON.Member] {
    change(node.change, key: node.key)
  }

  private static func change(_ change: StateDiff.Change, key: StateDiff.Key) -> [JSON.Member] {
    func labelled(_ side: Side, _ rest: [JSON.Member]) -> [JSON.Member] {
      let text = label(key, side: side)
      return text.isEmpty ? rest : [.init("k", .string(text))] + rest
    }
    switch change {
    case let .unchanged(count):
      return [.init("u", .int(Int64(count)))]
    case let .replaced(old, new):
      var members = labelled(.removed, [.init("o", .string(text(old))), .init("n", .string(text(new)))])
      let newLabel = label(key, side: .inserted)
      if newLabel != label(key, side: .removed) { members.append(.init("kn", .string(newLabel))) }
      return members
    case let .inserted(value):
      return labelled(.inserted, [.init("a", .string(text(value)))])
    case let .removed(value):
      return labelled(.removed, [.init("d", .string(text(value)))])
    case let .moved(_, _, inner):
      let rest = self.change(inner, key: .root).filter { $0.key != "u" }
      return labelled(.moved, [.init("m", .int(1))] + rest)
    case let .nested(.lines, children):
      let lines: [JSON] = children.compactMap { child in
        guard case let .line(_, _, text) = child.key else { return nil }
        let marker: String
        switch child.change {
        case .inserted: marker = "+"
        case .removed: marker = "-"
        default: marker = " "
        }
        return .array([.string(marker), .string(ValueText.escaped(text))])
      }
      return labelled(.context, [.init("l", .array(lines))])
    case let .nested(shape, children):
      let (open, close) = brackets(shape)
      return labelled(
        .context,
        [
          .init("s", .string(open)), .init("e", .string(close)), .init("c", .array(children.map { .object(node($0)) })),
        ])
    }
  }

  private typealias Side = TextLines.Marker

  private static func brackets(_ shape: StateDiff.Shape) -> (String, String) {
    switch shape {
    case let .structure(type): return ("\(type)(", ")")
    case let .enumCase(_, name): return (".\(name)(", ")")
    case .tuple: return ("(", ")")
    case .array, .dictionary: return ("[", "]")
    case .set: return ("Set([", "])")
    case .lines: return ("\"\"\"", "\"\"\"")
    }
  }

  /// A node's label without the `: ` (as `DiffTextRenderer` writes it): `title`, `[3 (was 2)]`,
  /// `[3 → 0, id: 4]`, `"key"`.
  private static func label(_ key: StateDiff.Key, side: Side) -> String {
    switch key {
    case .root, .member, .line: return ""
    case let .field(label, _): return label ?? ""
    case let .entry(key): return ValueText.compact(key)
    case let .element(old, new, id):
      return StateDiff.Key.elementLabel(old: old, new: new, id: id, side: side)
    }
  }
}
