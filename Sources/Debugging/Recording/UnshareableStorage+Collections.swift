// The standard collections ``StorageUnsharer`` gives storage of their own. `reserveCapacity(count)`
// copies a buffer exactly when it is shared (and changes nothing when it is not), then the
// elements' own storage is unshared in place.

extension Array: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    let array = address.assumingMemoryBound(to: Self.self)
    guard !array.pointee.isEmpty else { return }
    array.pointee.reserveCapacity(array.pointee.count)
    array.pointee.withUnsafeMutableBufferPointer { unsharer.unshareElements(of: $0, depth: depth) }
  }
}

extension ContiguousArray: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    let array = address.assumingMemoryBound(to: Self.self)
    guard !array.pointee.isEmpty else { return }
    array.pointee.reserveCapacity(array.pointee.count)
    array.pointee.withUnsafeMutableBufferPointer { unsharer.unshareElements(of: $0, depth: depth) }
  }
}

extension Dictionary: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  /// Keys cannot be mutated in place, so only the values' storage is unshared.
  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    let dictionary = address.assumingMemoryBound(to: Self.self)
    guard !dictionary.pointee.isEmpty else { return }
    dictionary.pointee.reserveCapacity(dictionary.pointee.count)
    guard !unsharer.plan(for: Value.self).isEmpty else { return }
    var index = dictionary.pointee.values.startIndex
    while index != dictionary.pointee.values.endIndex {
      unsharer.unshareElement(&dictionary.pointee.values[index], depth: depth)
      dictionary.pointee.values.formIndex(after: &index)
    }
  }
}

extension Set: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  /// Elements cannot be mutated in place: only the set's own storage is unshared.
  static func unshare(at address: UnsafeMutableRawPointer, using _: StorageUnsharer, depth _: Int) {
    let set = address.assumingMemoryBound(to: Self.self)
    guard !set.pointee.isEmpty else { return }
    set.pointee.reserveCapacity(set.pointee.count)
  }
}

extension Optional: UnshareableStorage {
  static func holdsStorage(using unsharer: StorageUnsharer) -> Bool {
    !unsharer.plan(for: Wrapped.self).isEmpty
  }

  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    let optional = address.assumingMemoryBound(to: Self.self)
    guard optional.pointee != nil else { return }
    unsharer.unshareElement(&optional.pointee!, depth: depth)
  }
}
