// Direct walks over the standard library's containers: faster than their `Mirror`s (a dictionary's
// mirror wraps every entry in a tuple that needs a mirror of its own) and type-erased through
// small internal protocols, which `ReflectedType` detects once per type.

protocol ReflectableOptional {
  var wrappedAny: Any? { get }
}

extension Optional: ReflectableOptional {
  var wrappedAny: Any? {
    switch self {
    case let .some(wrapped): return wrapped
    case .none: return nil
    }
  }
}

protocol ReflectableArray {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value]
}

extension Array: ReflectableArray {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value] {
    var values: [Value] = []
    values.reserveCapacity(count)
    for element in self { values.append(reflector.reflect(element, depth: depth)) }
    return values
  }
}

extension ContiguousArray: ReflectableArray {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value] {
    var values: [Value] = []
    values.reserveCapacity(count)
    for element in self { values.append(reflector.reflect(element, depth: depth)) }
    return values
  }
}

extension ArraySlice: ReflectableArray {
  func reflectElements(_ reflector: inout Reflector, depth: Int) -> [Value] {
    var values: [Value] = []
    values.reserveCapacity(count)
    for element in self { values.append(reflector.reflect(element, depth: depth)) }
    return values
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
    for (key, value) in self {
      entries.append(Debugging.Value.Entry(reflector.reflect(key, depth: depth), reflector.reflect(value, depth: depth)))
    }
    return entries
  }
}
