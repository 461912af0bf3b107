/// Why a JSON line is not a valid trace record: `action: missing key "seq"`.
public struct TraceDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension JSON {
  /// The name of this value's JSON type as used in error messages: `integer`, `string`, …
  var typeDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .int, .uint: return "integer"
    case .double: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

/// The members of one trace line's object, read with exact errors prefixed by the line's kind.
struct TraceFields {
  let context: String
  let members: [JSON.Member]

  func value(_ key: String) -> JSON? {
    for member in members where member.key == key { return member.value }
    return nil
  }

  func fail(_ message: String) -> TraceDecodingError {
    TraceDecodingError(context.isEmpty ? message : "\(context): \(message)")
  }

  func required(_ key: String) throws(TraceDecodingError) -> JSON {
    guard let value = value(key) else { throw fail("missing key \"\(key)\"") }
    return value
  }

  func int(_ key: String) throws(TraceDecodingError) -> Int64 {
    try int(key, required(key))
  }

  func optionalInt(_ key: String) throws(TraceDecodingError) -> Int64? {
    guard let value = value(key) else { return nil }
    return try int(key, value)
  }

  /// A non-negative integer (`seq`, `t`, `duration`, ids, counts).
  func count(_ key: String) throws(TraceDecodingError) -> Int64 {
    try nonNegative(key, int(key))
  }

  func optionalCount(_ key: String) throws(TraceDecodingError) -> Int64? {
    guard let value = try optionalInt(key) else { return nil }
    return try nonNegative(key, value)
  }

  func string(_ key: String) throws(TraceDecodingError) -> String {
    try string(key, required(key))
  }

  func optionalString(_ key: String) throws(TraceDecodingError) -> String? {
    guard let value = value(key) else { return nil }
    return try string(key, value)
  }

  func array(_ key: String) throws(TraceDecodingError) -> [JSON] {
    let value = try required(key)
    guard case let .array(elements) = value else { throw wrongType(key, "an array", value) }
    return elements.array
  }

  func strings(_ key: String) throws(TraceDecodingError) -> [String] {
    var result: [String] = []
    for (index, element) in try array(key).enumerated() {
      guard case let .string(s) = element else { throw wrongType("\(key)[\(index)]", "a string", element) }
      result.append(s)
    }
    return result
  }

  private func int(_ key: String, _ value: JSON) throws(TraceDecodingError) -> Int64 {
    if case let .uint(u) = value { throw fail("\"\(key)\" is out of range, found \(u)") }
    guard case let .int(i) = value else { throw wrongType(key, "an integer", value) }
    return i
  }

  private func string(_ key: String, _ value: JSON) throws(TraceDecodingError) -> String {
    guard case let .string(s) = value else { throw wrongType(key, "a string", value) }
    return s
  }

  private func nonNegative(_ key: String, _ value: Int64) throws(TraceDecodingError) -> Int64 {
    guard value >= 0 else { throw fail("\"\(key)\" must not be negative, found \(value)") }
    return value
  }

  func wrongType(_ key: String, _ expected: String, _ found: JSON) -> TraceDecodingError {
    fail("\"\(key)\" must be \(expected), found \(found.typeDescription)")
  }
}
