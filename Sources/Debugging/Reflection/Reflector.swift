import Foundation

/// The walker behind `Value(reflecting:options:)`: one per call, holding the options, the class instances
/// on the current path (for cycles) and a private copy of the type cache.
struct Reflector {
  let options: ReflectionOptions
  /// False to walk every struct and tuple with `Mirror` (tests compare the two walks).
  var readsInPlace = true
  private var instancesOnPath: Set<ObjectIdentifier> = []
  private var types: [ObjectIdentifier: ReflectedType] = [:]
  /// Cases met so far (the runtime's name pointer identifies a case; the linker may share one
  /// string between types): their name when they carry no values.
  private var casesWithoutValues: [EnumCase: String] = [:]
  private var casesWithValues: Set<EnumCase> = []

  private struct EnumCase: Hashable {
    let type: ObjectIdentifier
    let name: UnsafePointer<CChar>
  }

  init(options: ReflectionOptions) {
    self.options = options
  }

  // MARK: - Values

  /// The tree of `value`, found `depth` levels below the root.
  mutating func reflect(_ value: Any, depth: Int) -> Value {
    let type = type(of: value)
    // The commonest leaves first: a pointer comparison each, no cache lookup.
    if type == String.self { return .string(value as! String) }
    if type == Int.self { return .int(Int64(value as! Int)) }
    if type == Bool.self { return .bool(value as! Bool) }
    if type == UUID.self { return .uuid(value as! UUID) }
    if type == Double.self { return .double(value as! Double) }

    let info = reflectedType(type)
    switch info.kind {
    case .custom:
      return (value as! any CustomTraceRepresentable).traceValue
    case .anyHashable:
      return reflect((value as! AnyHashable).base, depth: depth)
    case .optional:
      guard let wrapped = (value as! any ReflectableOptional).wrappedAny else { return .null }
      return Value.some(reflect(wrapped, depth: depth), type: info.name)
    case .array:
      guard depth < options.maximumDepth else { return .reference(type: info.name) }
      return .array((value as! any ReflectableArray).reflectElements(&self, depth: depth + 1))
    case .set:
      guard depth < options.maximumDepth else { return .reference(type: info.name) }
      let elements = (value as! any ReflectableSet).reflectElements(&self, depth: depth + 1)
      return .set(elements.sorted(by: Value.canonicallyPrecedes))
    case .dictionary:
      guard depth < options.maximumDepth else { return .reference(type: info.name) }
      let entries = (value as! any ReflectableDictionary).reflectEntries(&self, depth: depth + 1)
      return .dictionary(entries.sorted { Value.canonicallyPrecedes($0.key, $1.key) })
    case .structure, .tuple:
      guard readsInPlace else { return reflectMirror(of: value, info, depth: depth) }
      guard depth < options.maximumDepth else { return .reference(type: info.name) }
      return info.stored.withAddress(of: value) { reflectStored(at: $0, info, depth: depth) }
    case .enumeration:
      return reflectEnum(value, info, depth: depth)
    case .mirror:
      return reflectMirror(of: value, info, depth: depth)
    case .url where !options.redaction.words.isEmpty:
      return .url(Self.redactingSecrets(in: value as! URL, options))
    default:
      return Self.scalar(value, info.kind)!
    }
  }

  /// An enum value: a case without values straight from its name, with no `Mirror`; the first
  /// value of each case tells which cases have values.
  private mutating func reflectEnum(_ value: Any, _ info: ReflectedType, depth: Int) -> Value {
    guard readsInPlace, let name = info.stored.caseName(of: value) else {
      return reflectMirror(of: value, info, depth: depth)
    }
    let caseName = EnumCase(type: ObjectIdentifier(info), name: name)
    if let name = casesWithoutValues[caseName] {
      return .enumCase(type: info.name, name: name, values: [])
    }
    if casesWithValues.contains(caseName) {
      // A case met before with values: its payload read from the runtime as `Mirror` reads it,
      // without building one (what `reflectMirror` does for an enum value with a payload).
      guard depth < options.maximumDepth else { return .reference(type: info.name) }
      return reflectEnumCase(info.stored.enumPayload(of: value), of: value, info, depth: depth)
    }
    let result = reflectMirror(of: value, info, depth: depth)
    if !casesWithValues.contains(caseName) {
      if case let .enumCase(_, name, values) = result, values.isEmpty {
        casesWithoutValues[caseName] = name
      } else {
        casesWithValues.insert(caseName)
      }
    }
    return result
  }

  // MARK: - Values in memory

  /// The tree of the value of type `type` stored at `address` (a struct field, an array element).
  /// Plain structs, arrays and optionals are walked in place; other values are copied into an
  /// `Any` and reflected as above.
  mutating func reflect(at address: UnsafeRawPointer, _ type: Any.Type, depth: Int) -> Value {
    if type == String.self { return .string(address.assumingMemoryBound(to: String.self).pointee) }
    if type == Int.self { return .int(Int64(address.assumingMemoryBound(to: Int.self).pointee)) }
    if type == Bool.self { return .bool(address.assumingMemoryBound(to: Bool.self).pointee) }
    if type == UUID.self { return .uuid(address.assumingMemoryBound(to: UUID.self).pointee) }
    if type == Double.self { return .double(address.assumingMemoryBound(to: Double.self).pointee) }

    let info = reflectedType(type)
    guard readsInPlace else { return reflect(info.stored.load(from: address), depth: depth) }
    switch info.kind {
    case .structure, .tuple:
      guard depth < options.maximumDepth else { return .reference(type: info.name) }
      return reflectStored(at: address, info, depth: depth)
    case .optional:
      return info.optionalType!.reflectWrapped(at: address, &self, depth: depth)
    case .array:
      guard depth < options.maximumDepth else { return .reference(type: info.name) }
      return .array(info.arrayType!.reflectElements(at: address, &self, depth: depth + 1))
    default:
      return reflect(info.stored.load(from: address), depth: depth)
    }
  }

  /// `.structure` or `.tuple` from the stored fields of the value at `address`.
  private mutating func reflectStored(at address: UnsafeRawPointer, _ info: ReflectedType, depth: Int) -> Value {
    var fields = reflectStoredFields(at: address, info, depth: depth + 1)
    if info.kind == .tuple { return .tuple(fields) }
    if let identity = info.identity {
      addIdentity(identity(info.stored.load(from: address)), to: &fields, depth: depth + 1)
    }
    return .structure(type: info.name, fields: fields)
  }

  /// Puts `id` first as `$id`, unless a field already shows it as `id`.
  private mutating func addIdentity(_ id: AnyHashable, to fields: inout [Value.Field], depth: Int) {
    guard !fields.contains(where: { $0.label == "id" }) else { return }
    fields.insert(Value.Field(Value.identityLabel, reflect(id.base, depth: depth)), at: 0)
  }

  private mutating func reflectStoredFields(at address: UnsafeRawPointer, _ info: ReflectedType, depth: Int) -> [Value
    .Field]
  {
    var fields: [Value.Field] = []
    fields.reserveCapacity(info.fields.count)
    let redactsByName = options.redactsByName
    for field in info.fields where !field.isHidden {
      if redactsByName, let label = field.label, options.isRedactedField(label) {
        let hidden = field.stored.load(from: address + field.offset)  // its dynamic type, as `Mirror` gives
        fields.append(Value.Field(label, options.redactedPresentation(of: hidden)))
      } else {
        fields.append(Value.Field(field.label, reflect(at: address + field.offset, field.type, depth: depth)))
      }
    }
    if redactsByName, info.hasKeyValueFields {
      let shown = info.fields.filter { !$0.isHidden }
      for position in options.secretValuePositions(
        labels: fields.map(\.label), value: { shown[$0].stored.load(from: address + shown[$0].offset) })
      {
        fields[position].value = options.redactedPresentation(
          of: shown[position].stored.load(from: address + shown[position].offset))
      }
    }
    return fields
  }

  mutating func reflectedType(_ type: Any.Type) -> ReflectedType {
    let key = ObjectIdentifier(type)
    if let info = types[key] { return info }
    let info = ReflectedTypeCache.shared.reflectedType(type)
    types[key] = info
    return info
  }

  // MARK: - Mirrors

  private mutating func reflectMirror(of value: Any, _ info: ReflectedType, depth: Int) -> Value {
    var instance: ObjectIdentifier? = nil
    if info.isClass {
      let identifier = ObjectIdentifier(value as AnyObject)
      if instancesOnPath.contains(identifier) { return .reference(type: info.name) }
      instance = identifier
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum, mirror.children.isEmpty {
      return .enumCase(type: info.name, name: enumCaseName(value) ?? "\(value)", values: [])
    }
    guard depth < options.maximumDepth else { return .reference(type: info.name) }
    if let instance { instancesOnPath.insert(instance) }
    defer { if let instance { instancesOnPath.remove(instance) } }

    switch mirror.displayStyle {
    case .enum:
      return reflectEnumCase(mirror.children.first!, of: value, info, depth: depth)
    case .tuple:
      return .tuple(reflectFields(mirror, depth: depth + 1))
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .null }
      return Value.some(reflect(wrapped, depth: depth), type: info.name)
    case .collection:
      return .array(mirror.children.map { reflect($0.value, depth: depth + 1) })
    case .set:
      return .set(mirror.children.map { reflect($0.value, depth: depth + 1) }.sorted(by: Value.canonicallyPrecedes))
    case .dictionary:
      return .dictionary(reflectEntries(mirror, depth: depth + 1))
    case .class:
      var fields: [Value.Field] = []
      var superclass = mirror.superclassMirror
      var ancestors: [Mirror] = []
      while let ancestor = superclass {
        ancestors.append(ancestor)
        superclass = ancestor.superclassMirror
      }
      for ancestor in ancestors.reversed() { fields += reflectFields(ancestor, depth: depth + 1) }
      fields += reflectFields(mirror, depth: depth + 1)
      if let identity = info.identity { addIdentity(identity(value), to: &fields, depth: depth + 1) }
      return .structure(type: info.name, fields: fields)
    default:
      var fields = reflectFields(mirror, depth: depth + 1)
      if let identity = info.identity { addIdentity(identity(value), to: &fields, depth: depth + 1) }
      return .structure(type: info.name, fields: fields)
    }
  }

  /// `.enumCase` with the case's associated values (`child`: the first child of the value's
  /// `Mirror`, the case name and its payload): the payload tuple's elements (labelled when the
  /// case declares labels), or the single payload as one unlabelled value.
  private mutating func reflectEnumCase(
    _ child: (label: String?, value: Any), of value: Any, _ info: ReflectedType, depth: Int
  ) -> Value {
    let name = child.label ?? enumCaseName(value) ?? "\(value)"
    let payload = reflectedType(type(of: child.value))
    if options.redactsByName, options.isRedactedKey(name) {
      // `setCookie(String)`: the case's words say what its unlabelled plain data is.
      let elements =
        payload.kind == .tuple
        ? Mirror(reflecting: child.value).children.map { ($0.label?.first == "." ? nil : $0.label, $0.value) }
        : [(nil, child.value)]
      if elements.contains(where: { ReflectionOptions.isSecretCarrier(label: $0.0, $0.1) }) {
        return .enumCase(
          type: info.name, name: name,
          values: elements.map { label, element in
            let hidden =
              ReflectionOptions.isSecretCarrier(label: label, element) || label.map(options.isRedactedField) == true
            return Value.Field(
              label, hidden ? options.redactedPresentation(of: element) : reflect(element, depth: depth + 1))
          })
      }
    }
    if payload.kind == .tuple && readsInPlace {
      let values = payload.stored.withAddress(of: child.value) {
        reflectStoredFields(at: $0, payload, depth: depth + 1)
      }
      return .enumCase(type: info.name, name: name, values: values)
    }
    if case .tuple = payload.kind {
      return .enumCase(
        type: info.name, name: name, values: reflectFields(Mirror(reflecting: child.value), depth: depth + 1))
    }
    return .enumCase(type: info.name, name: name, values: [Value.Field(nil, reflect(child.value, depth: depth + 1))])
  }

  /// The children of a struct, class, tuple or payload as fields, with the presentation rules of
  /// `Mirror.traceChildren(options:)` applied (labels, observable storage, redaction by name).
  private mutating func reflectFields(_ mirror: Mirror, depth: Int) -> [Value.Field] {
    var fields: [Value.Field] = []
    var underscored: [Int] = []
    var isObservable = false
    for child in mirror.children {
      guard var label = child.label else {
        fields.append(Value.Field(nil, reflect(child.value, depth: depth)))
        continue
      }
      switch label.utf8.first {
      case UInt8(ascii: "."):  // unlabelled tuple element `.0`
        fields.append(Value.Field(nil, reflect(child.value, depth: depth)))
        continue
      case UInt8(ascii: "_"):
        if label.utf8.dropFirst().first == UInt8(ascii: "$") {  // `_$observationRegistrar`, `_$id`
          isObservable = true
          continue
        }
        if reflectedType(type(of: child.value)).isPropertyWrapper {
          label.removeFirst()
        } else {
          underscored.append(fields.count)
        }
      default:
        break
      }
      if options.redactsByName && options.isRedactedField(label) {
        fields.append(Value.Field(label, options.redactedPresentation(of: child.value)))
      } else {
        fields.append(Value.Field(label, reflect(child.value, depth: depth)))
      }
    }
    if isObservable {
      for index in underscored { fields[index].label?.removeFirst() }
    }
    if options.redactsByName {
      let values = mirror.children.filter { !($0.label?.hasPrefix("_$") ?? false) }.map(\.value)
      if values.count == fields.count {
        for position in options.secretValuePositions(labels: fields.map(\.label), value: { values[$0] }) {
          fields[position].value = options.redactedPresentation(of: values[position])
        }
      }
    }
    return fields
  }

  /// Entries of a custom dictionary mirror: each child is a `(key, value)` pair.
  private mutating func reflectEntries(_ mirror: Mirror, depth: Int) -> [Value.Entry] {
    var entries: [Value.Entry] = []
    for child in mirror.children {
      let pair = Array(Mirror(reflecting: child.value).children)
      if pair.count == 2 {
        let key = reflect(pair[0].value, depth: depth)
        if options.isRedactedKey(reflected: key) {
          entries.append(Value.Entry(key, options.redactedPresentation(of: pair[1].value)))
          continue
        }
        entries.append(Value.Entry(key, reflect(pair[1].value, depth: depth)))
      } else {
        entries.append(Value.Entry(.string(child.label ?? ""), reflect(child.value, depth: depth)))
      }
    }
    return entries.sorted { Value.canonicallyPrecedes($0.key, $1.key) }
  }
}
