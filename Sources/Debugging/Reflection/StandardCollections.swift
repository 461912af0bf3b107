// Direct walks over the standard library's containers: faster than their `Mirror`s (a dictionary's
// mirror wraps every entry in a tuple that needs a mirror of its own) and type-erased through
// small internal protocols, which `ReflectedType` detects once per type.

protocol ReflectableOptional {
  var wrappedAny: Any? { get }
  /// `.null`, or the tree of the wrapped value, for the optional stored at `address`.
  static func reflectWrapped(at address: UnsafeRawPointer, _ reflector: inout Reflector, depth: Int) -> Value
}

extension Optional: ReflectableOptional {
  static func reflectWrapped(at address: UnsafeRawPointer, _ reflector: inout Reflector, depth: Int) -> Value {
    guard case let .some(wrapped) = address.assumingMemoryBound(to: Self.self).pointee else { return .null }
    let value = withUnsafePointer(to: wrapped) {
      reflector.reflect(at: UnsafeRawPointer($0), Wrapped.self, depth: depth)
    }
    return value == .null ? Value.some(value, type: TypeName.of(type: Self.self)) : value
  }

  var wrappedAny: Any? {
    switch self {
    case let .some(wrapped): return wrapped
    case .none: return nil
    }
  }
}

protocol ReflectableArray {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value]
  /// The trees of the elements of the array stored at `address`, read in place.
  static func reflectElements(at address: UnsafeRawPointer, _ reflector: inout Reflector, depth: Int) -> [Value]
}

extension ReflectableArray {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value] {
    withUnsafePointer(to: self) { Self.reflectElements(at: UnsafeRawPointer($0), &reflector, depth: depth) }
  }
}

/// The trees of the elements in `buffer`, each read in place.
private func reflectElements<Element>(
  _ buffer: UnsafeBufferPointer<Element>, _ reflector: inout Reflector, depth: Int
) -> [Value] {
  guard let base = buffer.baseAddress else { return [] }
  var values: [Value] = []
  values.reserveCapacity(buffer.count)
  for index in 0..<buffer.count {
    values.append(reflector.reflect(at: UnsafeRawPointer(base + index), Element.self, depth: depth))
  }
  return values
}

extension Array: ReflectableArray {
  static func reflectElements(at address: UnsafeRawPointer, _ reflector: inout Reflector, depth: Int) -> [Value] {
    address.assumingMemoryBound(to: Self.self).pointee.withUnsafeBufferPointer {
      Debugging.reflectElements($0, &reflector, depth: depth)
    }
  }
}

extension ContiguousArray: ReflectableArray {
  static func reflectElements(at address: UnsafeRawPointer, _ reflector: inout Reflector, depth: Int) -> [Value] {
    address.assumingMemoryBound(to: Self.self).pointee.withUnsafeBufferPointer {
      Debugging.reflectElements($0, &reflector, depth: depth)
    }
  }
}

extension ArraySlice: ReflectableArray {
  static func reflectElements(at address: UnsafeRawPointer, _ reflector: inout Reflector, depth: Int) -> [Value] {
    address.assumingMemoryBound(to: Self.self).pointee.withUnsafeBufferPointer {
      Debugging.reflectElements($0, &reflector, depth: depth)
    }
  }
}

protocol ReflectableSet {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value]
}

extension Set: ReflectableSet {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value] {
    var values: [Value] = []
    values.reserveCapacity(count)
    for element in self { values.append(reflector.reflect(element, depth: depth)) }
    return values
  }
}

protocol ReflectableDictionary {
  func reflectEntries(_ reflector: inout Reflector, depth: Int) -> [Debugging.Value.Entry]
}

extension Dictionary: ReflectableDictionary {
  func reflectEntries(_ reflector: inout Reflector, depth: Int) -> [Debugging.Value.Entry] {
    var entries: [Debugging.Value.Entry] = []
    entries.reserveCapacity(count)
    let redactsKeys = !reflector.options.redaction.words.isEmpty
    for (key, value) in self {
      let reflectedKey = reflector.reflect(key, depth: depth)
      if redactsKeys, reflector.options.isRedactedKey(reflected: reflectedKey) {
        // `"Authorization": "Bearer …"`: the key stays, the value never reaches the trace.
        entries.append(Debugging.Value.Entry(reflectedKey, reflector.options.redactedPresentation(of: value)))
        continue
      }
      entries.append(Debugging.Value.Entry(reflectedKey, reflector.reflect(value, depth: depth)))
    }
    return entries
  }
}

extension Value {
  /// `Optional.some(x)` as the trace writes it: `x` itself, except when `x` is `nil` (a nested
  /// optional holding `nil`, `Int??.some(nil)`), which would read as the outer `nil`: then the
  /// case, `{"$enum":"Int??","some":{"_0":null}}`.
  static func some(_ wrapped: Value, type: String) -> Value {
    guard case .null = wrapped else { return wrapped }
    return .enumCase(type: type, name: "some", values: [Value.Field(nil, .null)])
  }
}
