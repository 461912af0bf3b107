import Foundation

/// How `TraceValueDecoder` reads a `Value` as a container, and how its errors name what they
/// found. One place, so that decoding and error messages agree on the tree's shape.
enum ValueShape {
  /// One member of a value read as a keyed container.
  struct Member {
    var key: String
    var intKey: Int?
    var value: Value
  }

  /// The members of a structure (its fields), an enum case (one member, the case, holding its
  /// associated values as a tuple), a tuple, or a dictionary with `String` or integer keys;
  /// `nil` for anything else. Unlabelled fields are `_0`, `_1` … as in Swift's synthesised
  /// `Codable`.
  static func members(of value: Value) -> [Member]? {
    switch value {
    case let .structure(_, fields), let .tuple(fields):
      return fields.enumerated().map { position, field in
        Member(key: field.label ?? "_\(position)", intKey: nil, value: field.value)
      }
    case let .enumCase(_, name, values):
      return [Member(key: name, intKey: nil, value: .tuple(values))]
    case let .dictionary(entries):
      var members: [Member] = []
      members.reserveCapacity(entries.count)
      for entry in entries {
        switch entry.key {
        case let .string(key): members.append(Member(key: key, intKey: Int(key), value: entry.value))
        case let .int(key): members.append(Member(key: String(key), intKey: Int(exactly: key), value: entry.value))
        case let .uint(key): members.append(Member(key: String(key), intKey: Int(exactly: key), value: entry.value))
        default: return nil
        }
      }
      return members
    default:
      return nil
    }
  }

  /// The elements of a value read as an unkeyed container: an array or set; a dictionary as
  /// `[key, value, key, value …]` (how `Dictionary` decodes keys other than `String` and `Int`);
  /// the field values of a structure or tuple in order (how `Range` decodes); `Data`'s bytes.
  static func elements(of value: Value) -> [Value]? {
    switch value {
    case let .array(elements), let .set(elements):
      return elements
    case let .dictionary(entries):
      var flat: [Value] = []
      flat.reserveCapacity(entries.count * 2)
      for entry in entries {
        flat.append(entry.key)
        flat.append(entry.value)
      }
      return flat
    case let .structure(_, fields), let .tuple(fields):
      return fields.map(\.value)
    case let .data(data):
      return data.map { .int(Int64($0)) }
    default:
      return nil
    }
  }

  /// The value a coding key leads to from `value`, as the decoder's containers read it.
  static func child(of value: Value, key: any CodingKey) -> Value? {
    if let index = key.intValue, case .array = value, let elements = elements(of: value) {
      return elements.indices.contains(index) ? elements[index] : nil
    }
    if let members = members(of: value), let member = member(key, in: members) {
      return member.value
    }
    if let index = key.intValue, let elements = elements(of: value), elements.indices.contains(index) {
      return elements[index]
    }
    return nil
  }

  /// The member `key` names: by integer first (dictionary keys), then by name.
  static func member(_ key: any CodingKey, in members: [Member]) -> Member? {
    if let int = key.intValue, let member = members.first(where: { $0.intKey == int }) { return member }
    let name = key.stringValue
    return members.first { $0.key == name }
  }

  /// What a value is, for messages: `string "Milk"`, `integer 7`, `Todo.State`,
  /// `Todo.Action.checkBoxToggled`, `array of 3`, `null`.
  static func describe(_ value: Value) -> String {
    switch value {
    case let .structure(type, _): return type
    case let .enumCase(type, name, _): return "\(type).\(name)"
    case .tuple: return "a tuple"
    case let .array(elements): return "array of \(elements.count)"
    case let .set(elements): return "set of \(elements.count)"
    case let .dictionary(entries): return "dictionary of \(entries.count)"
    case let .string(s): return "string \(quoted(s))"
    case let .int(i): return "integer \(i)"
    case let .uint(u): return "integer \(u)"
    case let .double(d): return "number \(d)"
    case let .bool(b): return "\(b)"
    case let .uuid(u): return "UUID \(u.uuidString)"
    case let .date(d): return "date \(d.timeIntervalSinceReferenceDate)"
    case let .url(u): return "URL \(quoted(u.absoluteString))"
    case let .data(d): return "data of \(d.count) bytes"
    case .null: return "null"
    case let .redacted(type): return "a redacted \(type) (the trace does not hold its value)"
    case let .reference(type):
      return "a reference to \(type) (a cycle or the depth limit: the trace does not hold its value)"
    }
  }

  /// `"text"`, shortened past 40 characters.
  static func quoted(_ text: String) -> String {
    let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "\"" + short.replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
