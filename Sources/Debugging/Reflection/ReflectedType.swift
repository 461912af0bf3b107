import Foundation

/// What `Value(reflecting:)` knows about a type before looking at a value of it: how to turn it into a
/// `Value` (a scalar conversion, a fast path for standard collections, or a `Mirror`) and its
/// readable name. Computed once per type from the type alone and cached (see `ReflectedTypeCache`).
final class ReflectedType: @unchecked Sendable {
  enum Kind: Sendable {
    case string, substring, character, unicodeScalar
    case int, bool, double, cgFloat, uuid, date, url, data, decimal
    case signedInteger, unsignedInteger, floatingPoint
    /// `NSString` and `NSNumber` (and subclasses): their Swift value.
    case nsString, nsNumber
    /// `CustomTraceRepresentable`: its `traceValue` is the tree.
    case custom
    /// `AnyHashable`: the value it wraps.
    case anyHashable
    /// `Optional`, `Array`/`ContiguousArray`/`ArraySlice`, `Set`, `Dictionary`: walked directly.
    case optional, array, set, dictionary
    /// A plain struct or a tuple whose stored fields are read in place (see `StoredField`).
    case structure, tuple
    /// An enum without a custom mirror: cases without values skip `Mirror` (see `reflectEnum`).
    case enumeration
    /// Everything else: classes, enums, custom mirrors and structs that `StoredField` cannot
    /// read (weak or unowned fields, missing reflection metadata).
    case mirror
  }

  let kind: Kind
  let name: String
  /// A class: its instances are tracked on the current path so a cycle cannot loop.
  let isClass: Bool
  /// A property wrapper whose storage Mirror shows as `_name`; the field is presented as `name`.
  let isPropertyWrapper: Bool
  /// Reads a value of this type from memory (immutable after `init`; the class is therefore
  /// `@unchecked Sendable`: metatypes are not yet `Sendable`).
  let stored: any StoredValue.Type
  /// The fields of a `.structure` or `.tuple`, in declaration order; empty for other kinds.
  let fields: [StoredField]
  /// The type as a standard container, for the walks in `StandardCollections.swift`.
  let optionalType: (any ReflectableOptional.Type)?
  let arrayType: (any ReflectableArray.Type)?
  /// The `Identifiable` `id` of a struct or class value of this type, type-erased: for a type
  /// whose fields do not show it as `id` (a computed `var id: Repo.ID { repo.id }`), the value's
  /// tree carries it as its first field, `$id` (see `Value.identityLabel`). Nil for other types,
  /// enums, and classes identified by `ObjectIdentifier` (an address, not an identity to trace).
  let identity: ((Any) -> AnyHashable)?
  /// Whether a shown field is a key field (`name`, `key`, `header`, …) beside a value field
  /// (`value`, …): its value may be hidden by what the key says (`ReflectionOptions.secretValuePositions`).
  let hasKeyValueFields: Bool

  init(_ type: Any.Type) {
    var kind = Self.kind(of: type)
    var fields: [StoredField] = []
    switch kind == .mirror ? StoredField.layout(of: type) : nil {
    case let .structure(stored)?: (kind, fields) = (.structure, stored)
    case let .tuple(stored)?: (kind, fields) = (.tuple, stored)
    case nil: if kind == .mirror && isPlainEnum(type) { kind = .enumeration }
    }
    self.kind = kind
    self.fields = fields
    let labels = fields.filter { !$0.isHidden }.compactMap(\.label)
    hasKeyValueFields =
      labels.contains(where: ReflectionOptions.keyLabels.contains)
      && labels.contains(where: ReflectionOptions.valueLabels.contains)
    name = TypeName.of(type: type)
    isClass = type is AnyClass
    isPropertyWrapper = type is any TracePropertyWrapper.Type
    stored = _openExistential(type, do: storedValueType)
    optionalType = type as? any ReflectableOptional.Type
    arrayType = type as? any ReflectableArray.Type
    switch kind {
    case .structure, .mirror:
      identity = (type as? any Identifiable.Type).flatMap { _openExistential($0, do: identityReader) }
    default:
      identity = nil
    }
  }

  private static func kind(of type: Any.Type) -> Kind {
    if let kind = scalarKinds[ObjectIdentifier(type)] { return kind }
    switch type {
    case is any CustomTraceRepresentable.Type: return .custom
    case is any ReflectableOptional.Type: return .optional
    case is any ReflectableArray.Type: return .array
    case is any ReflectableSet.Type: return .set
    case is any ReflectableDictionary.Type: return .dictionary
    case is any BinaryInteger.Type:
      return type is any SignedInteger.Type ? .signedInteger : .unsignedInteger
    case is any BinaryFloatingPoint.Type: return .floatingPoint
    case is NSString.Type: return .nsString
    case is NSNumber.Type: return .nsNumber
    default: return .mirror
    }
  }

  private static let scalarKinds: [ObjectIdentifier: Kind] = [
    ObjectIdentifier(String.self): .string,
    ObjectIdentifier(Substring.self): .substring,
    ObjectIdentifier(Character.self): .character,
    ObjectIdentifier(Unicode.Scalar.self): .unicodeScalar,
    ObjectIdentifier(Int.self): .int,
    ObjectIdentifier(Bool.self): .bool,
    ObjectIdentifier(Double.self): .double,
    ObjectIdentifier(CGFloat.self): .cgFloat,
    ObjectIdentifier(UUID.self): .uuid,
    ObjectIdentifier(Date.self): .date,
    ObjectIdentifier(URL.self): .url,
    ObjectIdentifier(Data.self): .data,
    ObjectIdentifier(Decimal.self): .decimal,
    ObjectIdentifier(AnyHashable.self): .anyHashable,
  ]
}

/// The process-wide cache of `ReflectedType`s, behind a lock. Each `Value(reflecting:)` call also keeps a
/// private copy of the entries it used, so the lock is taken once per type per call.
final class ReflectedTypeCache: @unchecked Sendable {
  static let shared = ReflectedTypeCache()

  private let lock = NSLock()
  private var types: [ObjectIdentifier: ReflectedType] = [:]

  func reflectedType(_ type: Any.Type) -> ReflectedType {
    let key = ObjectIdentifier(type)
    lock.lock()
    let cached = types[key]
    lock.unlock()
    if let cached { return cached }
    let info = ReflectedType(type)
    lock.lock()
    types[key] = info
    lock.unlock()
    return info
  }
}

/// Marks a property wrapper whose storage field `_name` is presented as `name` (e.g. `Redacted`).
protocol TracePropertyWrapper {}

/// Reads `id` from a value of `T` (nil when `T.ID` is `ObjectIdentifier`, or `T` is an enum).
private func identityReader<T: Identifiable>(_ type: T.Type) -> ((Any) -> AnyHashable)? {
  guard T.ID.self != ObjectIdentifier.self, !isPlainEnum(type) else { return nil }
  return { AnyHashable(($0 as! T).id) }
}
