import Debugging
import Foundation

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
/// ReportDiffEncoder.string(StateDiff(.structure(type: "T", fields: [.init("x", .int(1))]),
///                                    .structure(type: "T", fields: [.init("x", .int(2))])))
/// ```
/// ```text
/// {"s":"T(","e":")","c":[{"k":"x","o":"1","n":"2"}]}
/// ```
struct ReportDiffEncoder {
  /// Reused for every text and label written (no buffer is allocated per value).
  private var lines = TextLines(color: false)
  private var label: [UInt8] = []
  private var otherLabel: [UInt8] = []
  /// While a spine is written: each open level's unchanged run after its changed child (-1: none).
  private var closings: [Int] = []

  init() {}

  /// The diff model's JSON text, written straight as bytes (no JSON tree is built per action).
  mutating func write(_ diff: StateDiff, into bytes: inout [UInt8]) {
    object(diff.root.change, key: diff.root.key, into: &bytes)
  }

  /// `write(spine.diff)` without building the diff: each level written as its nested node, with
  /// its unchanged runs around the next.
  mutating func write(_ spine: DiffSpine, into bytes: inout [UInt8]) {
    var key = StateDiff.Key.root
    for level in spine.levels {
      bytes.append(UInt8(ascii: "{"))
      var members = Members()
      let shape: StateDiff.Shape
      let before: Int?, after: Int?
      switch level {
      case let .structure(type, _, _, runBefore, runAfter):
        shape = .structure(type: type)
        (before, after) = (runBefore?.count, runAfter?.count)
      case let .element(index, count, _):
        shape = .array
        (before, after) = (index > 0 ? index : nil, count - index - 1 > 0 ? count - index - 1 : nil)
      }
      openContainer(key, shape, into: &bytes, &members)
      if let before {
        Self.append(#"{"u":"#, to: &bytes)
        bytes.appendInteger(Int64(before))
        Self.append("},", to: &bytes)
      }
      // The next level (or the leaf) is written next; the closing below waits for it.
      closings.append(after ?? -1)
      key = level.childKey
    }
    object(spine.leaf, key: key, into: &bytes)
    while let after = closings.popLast() {
      if after >= 0 {
        Self.append(#",{"u":"#, to: &bytes)
        bytes.appendInteger(Int64(after))
        bytes.append(UInt8(ascii: "}"))
      }
      Self.append("]}", to: &bytes)
    }
  }

  /// `write` as a string.
  static func string(_ diff: StateDiff) -> String {
    var encoder = ReportDiffEncoder()
    var bytes: [UInt8] = []
    encoder.write(diff, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A value as it reads in a diff, on as many lines as custom-dump uses.
  static func text(_ value: Value) -> String {
    var encoder = ReportDiffEncoder()
    var text: [UInt8] = []
    encoder.forEachLine(of: value) { text.append(contentsOf: $0) }
    return String(decoding: text, as: UTF8.self)
  }

  /// `text(value)` as a JSON string literal appended to `bytes`.
  mutating func writeText(_ value: Value, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    forEachLine(of: value) { JSONStringBody.append($0, to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// `writeText(Value(json: json))` when `ValueText.dumpJSON` takes the value's shape (no `Value`
  /// is built); `false`, with nothing written, otherwise.
  mutating func writeText(json: JSON, into bytes: inout [UInt8]) -> Bool {
    lines.removeAll()
    guard ValueText.dumpJSON(json, into: &lines) else { return false }
    bytes.append(UInt8(ascii: "\""))
    forEachWrittenLine { JSONStringBody.append($0, to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
    return true
  }

  /// Hands over the lines of `text(value)` in order, each with its line break but the last:
  /// custom-dump's lines without their marker and the space after it (two ASCII bytes; the lines
  /// found with memchr).
  private mutating func forEachLine(of value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    lines.removeAll()
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    forEachWrittenLine(body)
  }

  /// `forEachLine` of the lines in `lines`.
  private func forEachWrittenLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    lines.bytes.withUnsafeBufferPointer { text in
      guard let base = text.baseAddress else { return }
      var start = 2
      while start < text.count {
        let end =
          memchr(base + start, 0x0A, text.count - start).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1
          } ?? text.count
        body(UnsafeBufferPointer(rebasing: text[start..<end]))
        start = end + 2
      }
    }
  }

  /// Writes JSON object members one after the other, commas between them. The names are
  /// literals with their quotes and colon (`"k":`), written as bytes.
  private struct Members {
    var first = true

    mutating func key(_ name: StaticString, into bytes: inout [UInt8]) {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      ReportDiffEncoder.append(name, to: &bytes)
    }

    mutating func int(_ name: StaticString, _ value: Int, into bytes: inout [UInt8]) {
      key(name, into: &bytes)
      bytes.appendInteger(Int64(value))
    }
  }

  private mutating func object(_ change: StateDiff.Change, key: StateDiff.Key, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "{"))
    var members = Members()
    self.members(change, key: key, skipUnchanged: false, into: &bytes, &members)
    bytes.append(UInt8(ascii: "}"))
  }

  /// `"k":label`, unless the label is empty.
  /// A container's node up to its children: its label, opening and closing text (`s`, `e`), and
  /// the `[` of its children (`c`), which the caller writes and closes.
  private mutating func openContainer(
    _ key: StateDiff.Key, _ shape: StateDiff.Shape, into bytes: inout [UInt8], _ members: inout Members
  ) {
    labelled(key, side: .context, into: &bytes, &members)
    members.key(#""s":"#, into: &bytes)
    Self.writeOpening(shape, into: &bytes)
    members.key(#""e":"#, into: &bytes)
    Self.writeClosing(shape, into: &bytes)
    members.key(#""c":"#, into: &bytes)
    bytes.append(UInt8(ascii: "["))
  }

  private mutating func labelled(
    _ key: StateDiff.Key, side: Side, into bytes: inout [UInt8], _ members: inout Members
  ) {
    switch key {
    case .root, .member, .line: return
    case .field(nil, _): return
    case let .field(label?, _):
      guard !label.isEmpty else { return }
      members.key(#""k":"#, into: &bytes)
      JSONStringBody.appendQuoted(label, to: &bytes)
    case .entry, .element:
      Self.writeLabel(key, side: side, into: &label)
      guard !label.isEmpty else { return }
      members.key(#""k":"#, into: &bytes)
      Self.appendQuoted(label, to: &bytes)
    }
  }

  private mutating func members(
    _ change: StateDiff.Change, key: StateDiff.Key, skipUnchanged: Bool, into bytes: inout [UInt8],
    _ members: inout Members
  ) {
    switch change {
    case let .unchanged(count):
      if !skipUnchanged { members.int(#""u":"#, count, into: &bytes) }
    case let .replaced(old, new):
      labelled(key, side: .removed, into: &bytes, &members)
      members.key(#""o":"#, into: &bytes)
      writeText(old, into: &bytes)
      members.key(#""n":"#, into: &bytes)
      writeText(new, into: &bytes)
      // Only an element's label can differ by side (its index before and after).
      if case let .element(from, to, _) = key, from != to {
        Self.writeLabel(key, side: .removed, into: &label)
        Self.writeLabel(key, side: .inserted, into: &otherLabel)
        if otherLabel != label {
          members.key(#""kn":"#, into: &bytes)
          Self.appendQuoted(otherLabel, to: &bytes)
        }
      }
    case let .inserted(value):
      labelled(key, side: .inserted, into: &bytes, &members)
      members.key(#""a":"#, into: &bytes)
      writeText(value, into: &bytes)
    case let .removed(value):
      labelled(key, side: .removed, into: &bytes, &members)
      members.key(#""d":"#, into: &bytes)
      writeText(value, into: &bytes)
    case let .moved(_, _, inner):
      labelled(key, side: .moved, into: &bytes, &members)
      members.int(#""m":"#, 1, into: &bytes)
      self.members(inner, key: .root, skipUnchanged: true, into: &bytes, &members)
    case let .nested(.lines, children):
      labelled(key, side: .context, into: &bytes, &members)
      members.key(#""l":"#, into: &bytes)
      bytes.append(UInt8(ascii: "["))
      var first = true
      for child in children {
        guard case let .line(_, _, text) = child.key else { continue }
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        let marker: StaticString
        switch child.change {
        case .inserted: marker = #"["+","#
        case .removed: marker = #"["-","#
        default: marker = #"[" ","#
        }
        Self.append(marker, to: &bytes)
        label.removeAll(keepingCapacity: true)
        ValueText.writeEscaped(text, into: &label)
        Self.appendQuoted(label, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
      }
      bytes.append(UInt8(ascii: "]"))
    case let .nested(shape, children):
      openContainer(key, shape, into: &bytes, &members)
      for (index, child) in children.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        object(child.change, key: child.key, into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
  }

  private typealias Side = TextLines.Marker

  /// Appends a short literal byte by byte (cheaper than a generic copy for a few bytes).
  fileprivate static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
    let start = literal.utf8Start
    for i in 0..<literal.utf8CodeUnitCount { bytes.append(start[i]) }
  }

  private static func appendQuoted(_ text: [UInt8], to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    text.withUnsafeBufferPointer { JSONStringBody.append($0, to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The opening of a nested value, as a JSON string: `"Todo("`, `".loaded("`, `"["`.
  private static func writeOpening(_ shape: StateDiff.Shape, into bytes: inout [UInt8]) {
    func literal(_ text: StaticString) {
      Self.append(text, to: &bytes)
    }
    switch shape {
    case let .structure(type):
      bytes.append(UInt8(ascii: "\""))
      JSONStringBody.append(type, to: &bytes)
      literal(#"(""#)
    case let .enumCase(_, name):
      literal(#""."#)
      JSONStringBody.append(name, to: &bytes)
      literal(#"(""#)
    case .tuple: literal(#""(""#)
    case .array, .dictionary: literal(#""[""#)
    case .set: literal(#""Set([""#)
    case .lines: literal(#""\"\"\"""#)
    }
  }

  /// The closing of a nested value, as a JSON string: `")"`, `"]"`.
  private static func writeClosing(_ shape: StateDiff.Shape, into bytes: inout [UInt8]) {
    let text: StaticString
    switch shape {
    case .structure, .enumCase, .tuple: text = #"")""#
    case .array, .dictionary: text = #""]""#
    case .set: text = #""])""#
    case .lines: text = #""\"\"\"""#
    }
    Self.append(text, to: &bytes)
  }

  /// A node's label without the `: ` (as `DiffTextRenderer` writes it), replacing `label`:
  /// `title`, `[3 (was 2)]`, `[3 → 0, id: 4]`, `"key"`.
  private static func writeLabel(_ key: StateDiff.Key, side: Side, into label: inout [UInt8]) {
    label.removeAll(keepingCapacity: true)
    switch key {
    case .root, .member, .line: break
    case let .field(text, _): if let text { label.appendUTF8(text) }
    case let .entry(key): ValueText.writeCompact(key, into: &label)
    case let .element(old, new, id):
      StateDiff.Key.writeElementLabel(old: old, new: new, id: id, side: side, into: &label)
    }
  }
}
