import Foundation

// CONTRACT STUB — owned by the reflection work (branch `reflection`). Signatures are fixed.

/// How `reflect` walks a value.
public struct ReflectionOptions: Sendable {
  /// Subtrees deeper than this become `.reference(type:)`.
  public var maximumDepth: Int
  /// Field names whose values are replaced by `.redacted` (compared case-insensitively).
  public var redactedFieldNames: Set<String>
  public init(maximumDepth: Int = 64, redactedFieldNames: Set<String> = []) {
    self.maximumDepth = maximumDepth
    self.redactedFieldNames = redactedFieldNames
  }
}

/// Reflects any Swift value into a `Value` tree.
///
/// ```swift
/// reflect(Todo(title: "Milk"))  // .structure(type: "Todo", fields: [...])
/// ```
public func reflect(_ value: Any, options: ReflectionOptions = .init()) -> Value {
  let mirror = Mirror(reflecting: value)
  switch value {
  case let v as String: return .string(v)
  case let v as Int: return .int(Int64(v))
  case let v as Bool: return .bool(v)
  case let v as Double: return .double(v)
  case let v as UUID: return .uuid(v)
  default: break
  }
  let fields = mirror.children.map { Value.Field($0.label, reflect($0.value, options: options)) }
  switch mirror.displayStyle {
  case .collection: return .array(fields.map(\.value))
  case .optional: return fields.first?.value ?? .null
  case .enum:
    let name = mirror.children.first?.label ?? "\(value)"
    return .enumCase(type: "\(type(of: value))", name: name, values: fields.first.map { [Value.Field(nil, $0.value)] } ?? [])
  default: return .structure(type: "\(type(of: value))", fields: fields)
  }
}

/// The readable name of a value's type, as traces and diffs show it: `Todo`, `[Todo]`, `Int?`,
/// `Todos.Action` (module prefixes dropped).
public func typeName(of value: Any) -> String {
  typeName(type(of: value))
}

/// The readable name of a type (see `typeName(of:)`).
public func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}

/// A type that chooses how it appears in traces and diffs, instead of its reflected fields.
///
/// ```swift
/// struct Password: CustomTraceRepresentable {
///   var raw: String
///   var traceValue: Value { .redacted(type: "Password") }
/// }
/// ```
public protocol CustomTraceRepresentable {
  /// The tree shown for this value. `reflect` does not look inside the value when it has one.
  var traceValue: Value { get }
}
