import Foundation

// The naming and redaction rules `Value(reflecting:)` applies to fields, public so that another walker —
// the diff engine, which reads `Mirror`s lazily and skips `Equatable` subtrees — presents the
// same names and hides the same values:
//
// ```swift
// for child in TraceChild.children(of: state, options: options) {  // or Mirror(…).traceChildren(options:)
//   if child.isRedacted { /* show .redacted(type: TypeName.of(child.value)), never child.value */ }
//   else if let custom = child.value as? any CustomTraceRepresentable { /* use custom.traceValue */ }
//   else { /* walk child.value under child.label */ }
// }
// ```

extension ReflectionOptions {
  /// Whether a field called `label` is hidden by `redactedFieldNames`: compared
  /// case-insensitively, ignoring one leading `_` (property-wrapper and observable storage).
  ///
  /// ```swift
  /// ReflectionOptions(redactedFieldNames: ["password"]).isRedactedField("Password")  // true
  /// ReflectionOptions(redactedFieldNames: ["token"]).isRedactedField("_token")       // true
  /// ```
  public func isRedactedField(_ label: String) -> Bool {
    guard redactsByName else { return false }
    var name = Substring(label)
    if name.utf8.first == UInt8(ascii: "_") { name = name.dropFirst() }
    if !lowercasedRedactedNames.isEmpty, lowercasedRedactedNames.contains(name.lowercased()) { return true }
    return redaction.matches(String(name))
  }

  /// Whether a dictionary entry under the `String` key `key` is redacted (by `redaction`'s words).
  public func isRedactedKey(_ key: String) -> Bool {
    !redaction.words.isEmpty && redaction.matches(key)
  }

  /// Whether a dictionary entry under a key that reads as `key` is redacted: a string, or a case
  /// without values (`[Field: String]`'s `.password`, as a login form keys its fields), whose
  /// words include a secret word.
  ///
  /// ```swift
  /// options.isRedactedKey(reflected: .enumCase(type: "Field", name: "password", values: []))  // true
  /// ```
  public func isRedactedKey(reflected key: Value) -> Bool {
    switch key {
    case let .string(name): return isRedactedKey(name)
    case let .enumCase(_, name, values) where values.isEmpty: return isRedactedKey(name)
    case let .enumCase(_, name, values):
      // `.custom("password")`: the case's name, or its one string value.
      if isRedactedKey(name) { return true }
      return values.count == 1 && isRedactedKey(reflected: values[0].value)
    case let .structure(_, fields) where fields.count == 1:
      // An id type around a string (`Tagged<Field, String>`): its one field.
      return isRedactedKey(reflected: fields[0].value)
    default: return false
    }
  }

  /// Labels of fields that name what a sibling value field holds (`name: "Authorization"`).
  static let keyLabels: Set<String> = [
    "name", "key", "header", "headerName", "field", "fieldName", "param", "parameter",
  ]
  /// Labels of the fields a secret-naming sibling hides (`value: "Bearer …"`).
  static let valueLabels: Set<String> = ["value", "values", "content", "data"]

  /// Among `fields` (label, value), the positions of the value fields that a key field names as a
  /// secret: `setHeader(name: "Cookie", value: "…")`, `URLQueryItem(name: "token", value: "…")`,
  /// `(key: "apiKey", value: "…")`. Empty when no key field holds a secret-like word.
  public func secretValuePositions(labels: [String?], value: (Int) -> Any) -> [Int] {
    guard !redaction.words.isEmpty, labels.count >= 2 else { return [] }
    var namesSecret = false
    for (position, label) in labels.enumerated() {
      guard let label, Self.keyLabels.contains(label) else { continue }
      if let key = Self.keyText(value(position)), isRedactedKey(key) {
        namesSecret = true
        break
      }
    }
    guard namesSecret else { return [] }
    return labels.indices.filter { labels[$0].map(Self.valueLabels.contains) ?? false }
  }

  /// What a key field names: a string, or a case without values by its name
  /// (`textChanged(field: .password, value: …)` names a password as `field: "password"` does).
  private static func keyText(_ value: Any) -> String? {
    if let string = value as? String { return string }
    if let string = value as? Substring { return String(string) }
    if let optional = value as? String? { return optional }
    var value = value
    while let optional = value as? any ReflectableOptional {
      guard let wrapped = optional.wrappedAny else { return nil }
      value = wrapped
    }
    guard Mirror(reflecting: value).displayStyle == .enum, Mirror(reflecting: value).children.isEmpty else {
      return nil
    }
    return enumCaseName(value)
  }

  /// Whether an associated value of a case named for a secret carries it: plain data, and for a
  /// labelled value (`passwordChanged(to: String)`, not `tokenReceived(String, expires: Int)`'s
  /// `expires`) a string or bytes.
  static func isSecretCarrier(label: String?, _ value: Any) -> Bool {
    guard isPlainData(value) else { return false }
    guard label != nil else { return true }
    var value = value
    while let optional = value as? any ReflectableOptional {
      guard let wrapped = optional.wrappedAny else { return true }
      value = wrapped
    }
    return !(value is Int)
  }

  /// A string, `Data`, bytes, or an array or dictionary of strings, optional or not.
  static func isPlainData(_ value: Any) -> Bool {
    var value = value
    while let optional = value as? any ReflectableOptional {
      guard let wrapped = optional.wrappedAny else { return true }
      value = wrapped
    }
    return value is String || value is Substring || value is Data || value is [UInt8] || value is [String]
      || value is [String: String] || value is Int
  }

  /// Whether any field name is redacted (a cheap test before `isRedactedField(_:)`).
  var redactsByName: Bool { !lowercasedRedactedNames.isEmpty || !redaction.words.isEmpty }

  /// How a redacted `value` is shown: `nil` stays `.null` (so setting or clearing a secret is
  /// still a change), anything else is `.redacted(type:)` with the wrapped value's type.
  public func redactedPresentation(of value: Any) -> Value {
    var value = value
    while let optional = value as? any ReflectableOptional {
      guard let wrapped = optional.wrappedAny else { return .null }
      value = wrapped
    }
    return .redacted(type: TypeName.of(value))
  }
}

/// A child of a value as traces present it.
public struct TraceChild {
  /// The presented label: `nil` for unlabelled tuple elements and associated values (`.0`),
  /// `token` for a property wrapper's storage `_token`.
  public var label: String?
  /// The child itself. When `isRedacted`, show `.redacted(type: TypeName.of(value))` instead.
  public var value: Any
  /// Hidden by name (`ReflectionOptions.redactedFieldNames`). `@Redacted` values are not flagged
  /// here: they are `CustomTraceRepresentable` and present themselves as `.redacted`.
  public var isRedacted: Bool
}

extension Mirror {
  /// The children as `Value(reflecting:)` presents them as fields: `.0`-style labels become `nil`;
  /// `_$`-prefixed bookkeeping of macro-observable types is dropped and their `_name` storage is
  /// shown as `name`; a `@Redacted` wrapper's `_name` is shown as `name`; fields named in
  /// `options.redactedFieldNames` are flagged.
  ///
  /// ```swift
  /// struct Session { var user = "ada"; @Redacted var token = "s3cr3t" }
  /// Mirror(reflecting: Session()).traceChildren().map(\.label)  // ["user", "token"]
  /// ```
  public func traceChildren(options: ReflectionOptions = .init()) -> [TraceChild] {
    var result: [TraceChild] = []
    var underscored: [Int] = []
    var isObservable = false
    for child in children {
      guard var label = child.label, label.utf8.first != UInt8(ascii: ".") else {
        result.append(TraceChild(label: nil, value: child.value, isRedacted: false))
        continue
      }
      if label.utf8.first == UInt8(ascii: "_") {
        if label.utf8.dropFirst().first == UInt8(ascii: "$") {
          isObservable = true
          continue
        }
        if type(of: child.value) is any TracePropertyWrapper.Type {
          label.removeFirst()
        } else {
          underscored.append(result.count)
        }
      }
      result.append(TraceChild(label: label, value: child.value, isRedacted: options.isRedactedField(label)))
    }
    if isObservable {
      for index in underscored { result[index].label?.removeFirst() }
    }
    for position in options.secretValuePositions(labels: result.map(\.label), value: { result[$0].value }) {
      result[position].isRedacted = true
    }
    return result
  }
}

extension TraceChild {
  /// The children of `value` as `Value(reflecting:)` presents them: the same as
  /// `Mirror(reflecting: value).traceChildren(options:)`, but plain structs and tuples are read in
  /// place from their field metadata, which is many times faster than a `Mirror` (a mirror
  /// resolves each field's type again on every access).
  ///
  /// ```swift
  /// TraceChild.children(of: Todo(title: "Milk")).map(\.label)  // ["id", "title", "isComplete"]
  /// ```
  public static func children(of value: Any, options: ReflectionOptions = .init()) -> [TraceChild] {
    let info = ReflectedTypeCache.shared.reflectedType(type(of: value))
    guard info.kind == .structure || info.kind == .tuple else {
      return Mirror(reflecting: value).traceChildren(options: options)
    }
    var children = info.stored.withAddress(of: value) { address in
      info.fields.compactMap { field -> TraceChild? in
        guard !field.isHidden else { return nil }
        let isRedacted = field.label.map(options.isRedactedField) ?? false
        return TraceChild(
          label: field.label, value: field.stored.load(from: address + field.offset), isRedacted: isRedacted)
      }
    }
    for position in options.secretValuePositions(labels: children.map(\.label), value: { children[$0].value }) {
      children[position].isRedacted = true
    }
    return children
  }
}

extension Value {
  /// The case name of an enum value, even when the enum is `CustomStringConvertible` (`Mirror`
  /// names only cases with associated values); nil for other values.
  ///
  /// ```swift
  /// Value.caseName(of: Todo.Action.toggle)  // "toggle"
  /// ```
  public static func caseName(of value: Any) -> String? {
    guard Mirror(reflecting: value).displayStyle == .enum else { return nil }
    return enumCaseName(value)
  }
}
