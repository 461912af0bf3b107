import Foundation

/// `dump(Value(json: json), …)` written from the JSON form itself, for the shapes an action's
/// value usually has — enum cases, structures, UUIDs and one-line scalars — without building the
/// `Value` (its arrays, its strings) only to write it and free it: the report writes one per action.
///
/// Any other shape (an array, a dictionary, a multi-line string, a date, an `IndexSet`, a `$id`,
/// anything `Value(json:)` would reject) gives `false` with nothing written: dump the `Value`.
///
/// ```swift
/// var lines = TextLines(color: false)
/// ValueText.dumpJSON(try JSONReader.parse(#"{"$enum":"A","toggle":{"_0":{"$uuid":"…"},"on":true}}"#), into: &lines)
/// ```
/// ```text
///   .toggle(
///     UUID(…),
///     on: true
///   )
/// ```
extension ValueText {
  /// Appends what `dump(Value(json: json), label: "", suffix: "", marker: .context, depth: 0)`
  /// appends and returns `true`, or returns `false` with `lines` as it was (see above).
  package static func dumpJSON(_ json: JSON, into lines: inout TextLines) -> Bool {
    let start = lines.bytes.count
    guard JSONDump.value(json, label: .text(""), suffix: "", depth: 0, into: &lines) else {
      lines.bytes.removeSubrange(start...)
      return false
    }
    return true
  }
}

/// The walk of `dumpJSON`: each function mirrors its case of `ValueText.dump` and returns `false`
/// at a shape it does not take.
private enum JSONDump {
  /// How `dump` treats a value: on its own line (`scalar`, `uuid`), inline as its parent's only
  /// child (those and `bareCase`), or as a container.
  enum Kind {
    case scalar, bareCase, container
    case uuid(UUID)

    var isContainer: Bool {
      if case .container = self { true } else { false }
    }
  }

  /// The kind of `json`, or `nil` for a shape this walk does not take.
  static func kind(_ json: JSON) -> Kind? {
    switch json {
    case .null, .bool, .int, .uint, .double: return .scalar
    case let .string(s): return s.utf8.contains(UInt8(ascii: "\n")) ? nil : .scalar
    case .array: return nil
    case let .object(members):
      guard let first = members.first, case .string = first.value else { return nil }
      switch first.key {
      case "$type":
        guard case .string(let type) = first.value, type != "IndexSet",
          members.count < 2 || members[1].key != Value.identityLabel
        else { return nil }
        return .container
      case "$enum":
        guard members.count == 2, members[1].key.utf8.first != UInt8(ascii: "$"),
          case let .object(values) = members[1].value
        else { return nil }
        return values.isEmpty ? .bareCase : .container
      case "$uuid":
        guard members.count == 1, case let .string(text) = first.value, let uuid = Value.parseUUID(text) else {
          return nil
        }
        return .uuid(uuid)
      default: return nil
      }
    }
  }

  static func value(
    _ json: JSON, label: ValueText.Label, suffix: String, depth: Int, into lines: inout TextLines
  ) -> Bool {
    guard let kind = kind(json) else { return false }
    switch (kind, json) {
    case let (.container, .object(members)):
      guard case let .string(text) = members[0].value else { return false }
      if members[0].key == "$type" {
        return container(
          text, "", members.array[1...], labelled: true, label: label, suffix: suffix, depth: depth, &lines)
      }
      guard case let .object(values) = members[1].value else { return false }
      return container(
        ".", members[1].key, values[...], labelled: false, label: label, suffix: suffix, depth: depth, &lines)
    default:
      lines.start(.context, depth)
      label.write(into: &lines.bytes)
      inline(json, kind, into: &lines.bytes)
      lines.write(suffix)
      lines.finish()
      return true
    }
  }

  /// `writeScalar` of a scalar or a bare case (`kind` said which).
  static func inline(_ json: JSON, _ kind: Kind, into bytes: inout [UInt8]) {
    switch json {
    case .null: bytes.appendUTF8("nil")
    case let .bool(b): bytes.appendUTF8(b ? "true" : "false")
    case let .int(i): bytes.appendUTF8(String(i))
    case let .uint(u): bytes.appendUTF8(String(u))
    case let .double(d): bytes.append(contentsOf: "\(d)".utf8)
    case let .string(s):
      bytes.append(UInt8(ascii: "\""))
      ValueText.writeEscaped(s, into: &bytes)
      bytes.append(UInt8(ascii: "\""))
    case let .object(members):
      switch kind {
      case .bareCase:
        bytes.append(UInt8(ascii: "."))
        bytes.appendUTF8(members[1].key)
      case let .uuid(uuid):
        bytes.appendUTF8("UUID(")
        ValueText.writeUUID(uuid, into: &bytes)
        bytes.append(UInt8(ascii: ")"))
      case .scalar, .container: break
      }
    case .array: break
    }
  }

  /// `container` of `dump`: `type` and `name` begin the value, `(` opens it; a field of an enum
  /// case or tuple (not `labelled`) keyed `_N` at position N has no label.
  static func container(
    _ type: String, _ name: String, _ fields: ArraySlice<JSON.Member>, labelled: Bool, label: ValueText.Label,
    suffix: String, depth: Int, _ lines: inout TextLines
  ) -> Bool {
    func fieldLabel(_ offset: Int, _ key: String) -> String? {
      !labelled && isPositional(key, offset) ? nil : key
    }
    lines.start(.context, depth)
    label.write(into: &lines.bytes)
    lines.write(type)
    lines.write(name)
    lines.write("(")
    if fields.isEmpty {
      lines.write(")")
      lines.write(suffix)
    } else if fields.count == 1, fieldLabel(0, fields[fields.startIndex].key) == nil,
      let kind = kind(fields[fields.startIndex].value), !kind.isContainer
    {
      inline(fields[fields.startIndex].value, kind, into: &lines.bytes)
      lines.write(")")
      lines.write(suffix)
    } else if depth >= ValueText.elisionDepth {
      // (Each field would still have to be checked for `Value(json:)`: not this walk's case.)
      return false
    } else {
      lines.finish()
      let last = fields.count - 1
      for (offset, field) in fields.enumerated() {
        guard
          value(
            field.value, label: .field(fieldLabel(offset, field.key)), suffix: offset == last ? "" : ",",
            depth: depth + 1, into: &lines)
        else { return false }
      }
      lines.start(.context, depth)
      lines.write(")")
      lines.write(suffix)
    }
    lines.finish()
    return true
  }

  /// Whether `key` is `_N` for `N == offset` (as `"_\(offset)"` reads).
  static func isPositional(_ key: String, _ offset: Int) -> Bool {
    var key = key
    return key.withUTF8 { utf8 in
      guard utf8.count >= 2, utf8[0] == UInt8(ascii: "_") else { return false }
      var number = 0
      for byte in utf8[1...] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), number < Int.max / 10 - 10 else { return false }
        number = number * 10 + Int(byte - UInt8(ascii: "0"))
      }
      // `"_\(offset)"` has no leading zero.
      return number == offset && (utf8.count == 2 || utf8[1] != UInt8(ascii: "0"))
    }
  }
}
