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
enum ReportDiffEncoder {
  /// The diff model's JSON text, written straight as bytes (no JSON tree is built per action).
  static func write(_ diff: StateDiff, into bytes: inout [UInt8]) {
    object(diff.root.change, key: diff.root.key, into: &bytes)
  }

  /// `write` as a string.
  static func string(_ diff: StateDiff) -> String {
    var bytes: [UInt8] = []
    write(diff, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A value as it reads in a diff, on as many lines as custom-dump uses.
  static func text(_ value: Value) -> String {
    String(decoding: textBytes(value), as: UTF8.self)
  }

  /// `text(value)` as a JSON string literal appended to `bytes`.
  static func writeText(_ value: Value, into bytes: inout [UInt8]) {
    textBytes(value).withUnsafeBufferPointer { JSONWriter.writeString(utf8: $0, into: &bytes) }
  }

  /// The UTF-8 of `text(value)`.
  private static func textBytes(_ value: Value) -> [UInt8] {
    var lines = TextLines(color: false)
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    // Every line starts with its marker and a space (ASCII): drop those two bytes per line, the
    // lines found with memchr.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.bytes.count)
    lines.bytes.withUnsafeBufferPointer { text in
      guard let base = text.baseAddress else { return }
      var start = 2
      while start < text.count {
        let end =
          memchr(base + start, 0x0A, text.count - start).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1
          } ?? text.count
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
        start = end + 2
      }
    }
    return bytes
  }

  /// Writes JSON object members one after the other, commas between them. The names are
  /// literals, written as bytes (appending a `String`'s UTF-8 view goes byte by byte).
  private struct Members {
    var first = true

    mutating func key(_ name: StaticString, into bytes: inout [UInt8]) {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      bytes.append(UInt8(ascii: "\""))
      name.withUTF8Buffer { bytes.append(contentsOf: $0) }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(UInt8(ascii: ":"))
    }

    mutating func string(_ name: StaticString, _ value: String, into bytes: inout [UInt8]) {
      key(name, into: &bytes)
      JSONWriter.writeString(value, into: &bytes)
    }

    mutating func text(_ name: StaticString, _ value: Value, into bytes: inout [UInt8]) {
      key(name, into: &bytes)
      ReportDiffEncoder.writeText(value, into: &bytes)
    }

    mutating func int(_ name: StaticString, _ value: Int, into bytes: inout [UInt8]) {
      key(name, into: &bytes)
      bytes.appendInteger(Int64(value))
    }
  }

  private static func object(_ change: StateDiff.Change, key: StateDiff.Key, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "{"))
    var members = Members()
    self.members(change, key: key, skipUnchanged: false, into: &bytes, &members)
    bytes.append(UInt8(ascii: "}"))
  }

  private static func members(
    _ change: StateDiff.Change, key: StateDiff.Key, skipUnchanged: Bool, into bytes: inout [UInt8],
    _ members: inout Members
  ) {
    func labelled(_ side: Side) {
      let text = label(key, side: side)
      if !text.isEmpty { members.string("k", text, into: &bytes) }
    }
    switch change {
    case let .unchanged(count):
      if !skipUnchanged { members.int("u", count, into: &bytes) }
    case let .replaced(old, new):
      let oldLabel = label(key, side: .removed)
      if !oldLabel.isEmpty { members.string("k", oldLabel, into: &bytes) }
      members.text("o", old, into: &bytes)
      members.text("n", new, into: &bytes)
      // Only an element's label can differ by side (its index before and after).
      if case let .element(from, to, _) = key, from != to {
        let newLabel = label(key, side: .inserted)
        if newLabel != oldLabel { members.string("kn", newLabel, into: &bytes) }
      }
    case let .inserted(value):
      labelled(.inserted)
      members.text("a", value, into: &bytes)
    case let .removed(value):
      labelled(.removed)
      members.text("d", value, into: &bytes)
    case let .moved(_, _, inner):
      labelled(.moved)
      members.int("m", 1, into: &bytes)
      self.members(inner, key: .root, skipUnchanged: true, into: &bytes, &members)
    case let .nested(.lines, children):
      labelled(.context)
      members.key("l", into: &bytes)
      bytes.append(UInt8(ascii: "["))
      var first = true
      for child in children {
        guard case let .line(_, _, text) = child.key else { continue }
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        let marker: String
        switch child.change {
        case .inserted: marker = "+"
        case .removed: marker = "-"
        default: marker = " "
        }
        bytes.append(contentsOf: "[\"\(marker)\",".utf8)
        JSONWriter.writeString(ValueText.escaped(text), into: &bytes)
        bytes.append(UInt8(ascii: "]"))
      }
      bytes.append(UInt8(ascii: "]"))
    case let .nested(shape, children):
      let (open, close) = brackets(shape)
      labelled(.context)
      members.string("s", open, into: &bytes)
      members.string("e", close, into: &bytes)
      members.key("c", into: &bytes)
      bytes.append(UInt8(ascii: "["))
      for (index, child) in children.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        object(child.change, key: child.key, into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
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
