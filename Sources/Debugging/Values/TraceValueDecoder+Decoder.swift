import Foundation

/// The `Decoder` `TraceValueDecoder` hands to `init(from:)`: one value of the tree and the path
/// to it. It is also its own single-value container.
final class ValueTreeDecoder: Decoder, SingleValueDecodingContainer {
  let value: Value
  let codingPath: [any CodingKey]
  let sendableUserInfo: [CodingUserInfoKey: any Sendable]

  init(value: Value, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
    self.value = value
    self.codingPath = codingPath
    self.sendableUserInfo = userInfo
  }

  var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

  /// A decoder for `value` one key further down.
  func child(_ value: Value, key: any CodingKey) -> ValueTreeDecoder {
    ValueTreeDecoder(value: value, codingPath: codingPath + [key], userInfo: sendableUserInfo)
  }

  // MARK: - Decoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard let members = ValueShape.members(of: value) else {
      throw mismatch("a keyed value (struct, enum case or dictionary)")
    }
    return KeyedDecodingContainer(ValueKeyedContainer<Key>(decoder: self, members: members))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard let elements = ValueShape.elements(of: value) else { throw mismatch("an array or set") }
    return ValueUnkeyedContainer(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  // MARK: - Values

  /// `T`, with the Foundation types and raw-value enums read from their trace forms first.
  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    // A nested optional holding `nil`, written as its case (`{"$enum":"Int??","some":{"_0":null}}`):
    // asked for the optional it wraps (by `Optional.init(from:)` or `decodeIfPresent`), the payload.
    if T.self is any ReflectableOptional.Type, case let .enumCase(outer, "some", values) = value, values.count == 1,
      values[0].label == nil, outer != TypeName.of(type: T.self)
    {
      return try ValueTreeDecoder(value: values[0].value, codingPath: codingPath, userInfo: sendableUserInfo)
        .decodeValue(type)
    }
    try refuseMissingValue()
    if let special = try decodeFoundationValue(type) { return special }
    return try T(from: self)
  }

  /// A redacted value or a cut-off reference cannot become a Swift value.
  func refuseMissingValue() throws {
    switch value {
    case .redacted, .reference:
      throw TraceValueDecodingError(
        path: TraceValueDecodingError.pointer(codingPath), message: "found \(ValueShape.describe(value))")
    default:
      return
    }
  }

  /// The error for a value of the wrong shape.
  func mismatch(_ expected: String) -> TraceValueDecodingError {
    if case .redacted = value {
      return TraceValueDecodingError(
        path: TraceValueDecodingError.pointer(codingPath), message: "found \(ValueShape.describe(value))")
    }
    return TraceValueDecodingError(
      path: TraceValueDecodingError.pointer(codingPath),
      message: "expected \(expected), found \(ValueShape.describe(value))")
  }

  // MARK: - SingleValueDecodingContainer

  func decodeNil() -> Bool {
    if case .null = value { return true }
    return false
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case let .bool(b) = value else { throw mismatch("Bool") }
    return b
  }

  func decode(_ type: String.Type) throws -> String {
    switch value {
    case let .string(s): return s
    case let .uuid(u): return u.uuidString
    case let .url(u): return u.absoluteString
    default: throw mismatch("String")
    }
  }

  func decode(_ type: Double.Type) throws -> Double {
    switch value {
    case let .double(d): return d
    case let .int(i): return Double(i)
    case let .uint(u): return Double(u)
    case let .date(d): return d.timeIntervalSinceReferenceDate
    default: throw mismatch("Double")
    }
  }

  func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

  /// An integer of type `I`, exactly: `300` is no `UInt8`.
  private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    let exact: I?
    switch value {
    case let .int(i): exact = I(exactly: i)
    case let .uint(u): exact = I(exactly: u)
    default: throw mismatch(TypeName.of(type: type))
    }
    guard let exact else {
      throw TraceValueDecodingError(
        path: TraceValueDecodingError.pointer(codingPath),
        message: "\(ValueShape.describe(value)) does not fit \(TypeName.of(type: type))")
    }
    return exact
  }
}

/// The coding key of an unkeyed container's element: its index.
struct ValueIndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { intValue.map(String.init) ?? "" }
  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { return nil }
}

/// A structure's fields, an enum case's one key, or a dictionary's entries, by key.
struct ValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ValueTreeDecoder
  let members: [ValueShape.Member]

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    members.compactMap { member in
      member.intKey.flatMap { Key(intValue: $0) } ?? Key(stringValue: member.key)
    }
  }

  func contains(_ key: Key) -> Bool { ValueShape.member(key, in: members) != nil }

  private func child(_ key: Key) throws -> ValueTreeDecoder {
    guard let member = ValueShape.member(key, in: members) else {
      throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
    }
    return decoder.child(member.value, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try child(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { decoder }

  func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

/// An array's or set's elements (or a dictionary's keys and values, a structure's field values)
/// in order.
struct ValueUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ValueTreeDecoder
  let elements: [Value]
  private(set) var currentIndex = 0

  init(decoder: ValueTreeDecoder, elements: [Value]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next<T>(_ type: T.Type) throws -> ValueTreeDecoder {
    guard !isAtEnd else {
      throw TraceValueDecodingError(
        path: TraceValueDecodingError.pointer(codingPath),
        message:
          "expected \(TypeName.of(type: type)) at index \(currentIndex), but there are only \(elements.count) elements")
    }
    defer { currentIndex += 1 }
    return decoder.child(elements[currentIndex], key: ValueIndexKey(intValue: currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, case .null = elements[currentIndex] else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decodeValue(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    try next(type).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Value].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next(Value.self) }
}
