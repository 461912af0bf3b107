import Foundation

extension ValueTreeDecoder {
  /// The types whose own `Codable` layout differs from their trace form: `UUID`, `Date`, `URL`,
  /// `Data`, `IndexSet`, and `CaseIterable` raw-value enums (recorded by case name, decoded by
  /// raw value). `nil` for every other type.
  func decodeFoundationValue<T: Decodable>(_ type: T.Type) throws -> T? {
    if type == UUID.self { return try decodeUUID() as? T }
    if type == Date.self { return try decodeDate() as? T }
    if type == URL.self { return try decodeURL() as? T }
    if type == Data.self { return try decodeData() as? T }
    if type == IndexSet.self { return try decodeIndexSet() as? T }
    if case let .enumCase(_, name, values) = value, values.isEmpty,
      let iterable = type as? any CaseIterable.Type, type is any RawRepresentable.Type
    {
      return try rawValueCase(named: name, in: iterable) as? T
    }
    return nil
  }

  private func decodeUUID() throws -> UUID {
    switch value {
    case let .uuid(uuid): return uuid
    case let .string(text):
      guard let uuid = UUID(uuidString: text) else { throw mismatch("UUID") }
      return uuid
    default: throw mismatch("UUID")
    }
  }

  private func decodeDate() throws -> Date {
    switch value {
    case let .date(date): return date
    case let .double(seconds): return Date(timeIntervalSinceReferenceDate: seconds)
    case let .int(seconds): return Date(timeIntervalSinceReferenceDate: Double(seconds))
    default: throw mismatch("Date")
    }
  }

  private func decodeURL() throws -> URL {
    switch value {
    case let .url(url): return url
    case let .string(text):
      guard let url = URL(string: text) else { throw mismatch("URL") }
      return url
    default: throw mismatch("URL")
    }
  }

  private func decodeData() throws -> Data {
    switch value {
    case let .data(data): return data
    case let .array(bytes):
      var data = Data(capacity: bytes.count)
      for (index, byte) in bytes.enumerated() {
        data.append(try child(byte, key: ValueIndexKey(intValue: index)).decode(UInt8.self))
      }
      return data
    default: throw mismatch("Data")
    }
  }

  /// `IndexSet` as reflection records it, `{"$type":"IndexSet","ranges":[{"$type":"Range<Int>",
  /// "lowerBound":0,"upperBound":1}]}`, or as a plain array of integers.
  private func decodeIndexSet() throws -> IndexSet {
    switch value {
    case .array:
      return IndexSet(try [Int](from: self))
    case .structure:
      guard let ranges = value["ranges"] else { throw mismatch("IndexSet (with \"ranges\")") }
      let decoder = child(ranges, key: ValueShapeKey("ranges"))
      var set = IndexSet()
      for range in try [Range<Int>](from: decoder) { set.insert(integersIn: range) }
      return set
    default:
      throw mismatch("IndexSet")
    }
  }

  /// The case of a `CaseIterable` enum whose name (as reflection spells it) is `name`.
  private func rawValueCase(named name: String, in type: any CaseIterable.Type) throws -> Any {
    func find<C: CaseIterable>(_ type: C.Type) -> Any? {
      C.allCases.first { candidate in
        if case let .enumCase(_, caseName, _) = Value(reflecting: candidate) { return caseName == name }
        return false
      }
    }
    guard let found = find(type) else {
      throw TraceValueDecodingError(
        path: TraceValueDecodingError.pointer(codingPath), message: "\(TypeName.of(type: type)) has no case \"\(name)\""
      )
    }
    return found
  }
}

/// A coding key with a name, for paths through values the decoder reads itself.
struct ValueShapeKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { return nil }
}
