/// A property wrapper whose value never appears in a trace, a diff or a dump: it reflects as
/// `.redacted(type:)` and its field keeps its declared name.
///
/// ```swift
/// struct Session { var user = "ada"; @Redacted var token = "s3cr3t" }
/// Value(reflecting: Session())
/// ```
/// ```text
/// .structure(type: "Session", fields: [user: .string("ada"), token: .redacted(type: "String")])
/// ```
///
/// `print`, `dump` and `Mirror` see `<redacted>` and no children.
@propertyWrapper
public struct Redacted<Wrapped>: CustomTraceRepresentable {
  public var wrappedValue: Wrapped

  public init(wrappedValue: Wrapped) {
    self.wrappedValue = wrappedValue
  }

  public var traceValue: Value {
    .redacted(type: TypeName.of(type: Wrapped.self))
  }
}

extension Redacted: TracePropertyWrapper {}

extension Redacted: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension Redacted: Sendable where Wrapped: Sendable {}
extension Redacted: Equatable where Wrapped: Equatable {}
extension Redacted: Hashable where Wrapped: Hashable {}

extension Redacted: Decodable where Wrapped: Decodable {
  public init(from decoder: any Decoder) throws {
    wrappedValue = try Wrapped(from: decoder)
  }
}

extension Redacted: Encodable where Wrapped: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}
