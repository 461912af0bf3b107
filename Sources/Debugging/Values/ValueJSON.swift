import Foundation

/// The JSON form of a `Value` (docs/log-format.md, "Values: the JSON form of a Swift value"):
/// plain JSON a reader can walk by field name, with `$`-keys carrying Swift's shape.
///
/// ```swift
/// Value.structure(type: "Todo", fields: [.init("title", .string("Milk")), .init("done", .bool(false))]).json
/// ```
/// ```text
/// {"$type":"Todo","title":"Milk","done":false}
/// ```
extension Value {
  /// The JSON form of this value (docs/log-format.md).
  public var json: JSON {
    switch self {
    case let .structure(type, fields):
      var members = [JSON.Member("$type", .string(type))]
      members.reserveCapacity(fields.count + 1)
      for (i, field) in fields.enumerated() { members.append(.init(field.key(at: i), field.value.json)) }
      return .object(members)
    case let .enumCase(type, name, values):
      return .object([.init("$enum", .string(type)), .init(name, .object(Value.members(values)))])
    case let .tuple(fields):
      return .object([.init("$tuple", .object(Value.members(fields)))])
    case let .array(elements):
      return .array(elements.map(\.json))
    case let .set(elements):
      return .object([.init("$set", .array(elements.map(\.json)))])
    case let .dictionary(entries):
      if let keys = Value.plainKeys(entries) {
        return .object(zip(keys, entries).map { JSON.Member($0, $1.value.json) })
      }
      return .object([.init("$dict", .array(entries.map { .array([$0.key.json, $0.value.json]) }))])
    case let .string(s): return .string(s)
    case let .int(i): return .int(i)
    case let .uint(u): return u <= UInt64(Int64.max) ? .int(Int64(u)) : .uint(u)
    case let .double(d):
      return d.isFinite ? .double(d) : .object([.init("$double", .string(Value.nonFiniteName(d)))])
    case let .bool(b): return .bool(b)
    case let .uuid(u): return .object([.init("$uuid", .string(Value.uuidText(u)))])
    case let .date(date):
      let t = date.timeIntervalSinceReferenceDate
      return .object([
        .init("$date", .string(Value.iso8601(t))),
        .init("$t", t.isFinite ? .double(t) : .object([.init("$double", .string(Value.nonFiniteName(t)))])),
      ])
    case let .url(url): return .object([.init("$url", .string(url.absoluteString))])
    case let .data(data): return .object([.init("$data", .string(Value.base64(data)))])
    case .null: return .null
    case let .redacted(type): return .object([.init("$redacted", .string(type))])
    case let .reference(type): return .object([.init("$ref", .string(type))])
    }
  }

  static func members(_ fields: [Field]) -> [JSON.Member] {
    fields.enumerated().map { JSON.Member($1.key(at: $0), $1.value.json) }
  }

  /// The keys of a dictionary that can be written as a plain object: all `String`, none starting
  /// with `$`; `nil` otherwise.
  static func plainKeys(_ entries: [Entry]) -> [String]? {
    var keys: [String] = []
    keys.reserveCapacity(entries.count)
    for entry in entries {
      guard case let .string(key) = entry.key, key.utf8.first != 0x24 else { return nil }
      keys.append(key)
    }
    return keys
  }

  /// Whether a dictionary key can be a member name of a plain object: a `String` not starting
  /// with `$`.
  static func isPlainKey(_ key: Value) -> Bool {
    guard case let .string(key) = key else { return false }
    return key.utf8.first != 0x24
  }

  static func nonFiniteName(_ d: Double) -> String {
    d.isNaN ? "nan" : d < 0 ? "-inf" : "inf"
  }
}

extension Value.Field {
  /// The JSON key of this field at position `index`: its label, or `_0`, `_1` … when unlabelled.
  func key(at index: Int) -> String {
    label ?? "_\(index)"
  }
}

extension JSON {
  /// Whether this is a value the recorder hid: `{"$redacted":"String"}` (`Value.redacted`).
  package var isRedactionMarker: Bool {
    guard case let .object(members) = self else { return false }
    return members.first?.key == "$redacted"
  }
}
