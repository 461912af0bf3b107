// The standard collections ``StorageUnsharer`` gives storage of their own. `reserveCapacity(count)`
// copies a buffer exactly when it is shared (and changes nothing when it is not); collections
// smaller than `StorageUnsharer.minimumCount` are left shared (the app copies them in no time).
// Then the elements' own storage is unshared in place, when their type holds any.

extension Array: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    unshareArray(address.assumingMemoryBound(to: Self.self), using: unsharer, depth: depth)
  }
}

extension ContiguousArray: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    unshareArray(address.assumingMemoryBound(to: Self.self), using: unsharer, depth: depth)
  }
}

extension Dictionary: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  /// Keys cannot be mutated in place, so only the values' storage is unshared.
  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    let dictionary = address.assumingMemoryBound(to: Self.self)
    guard !dictionary.pointee.isEmpty else { return }
    if dictionary.pointee.count >= StorageUnsharer.minimumCount {
      dictionary.pointee.reserveCapacity(dictionary.pointee.count)
    }
    guard let plan = unsharer.elementPlan(Value.self, depth: depth) else { return }
    var index = dictionary.pointee.values.startIndex
    while index != dictionary.pointee.values.endIndex {
      unsharer.unshareElement(&dictionary.pointee.values[index], plan: plan, depth: depth)
      dictionary.pointee.values.formIndex(after: &index)
    }
  }
}

extension Set: UnshareableStorage {
  static func holdsStorage(using _: StorageUnsharer) -> Bool { true }

  /// Elements cannot be mutated in place: only the set's own storage is unshared.
  static func unshare(at address: UnsafeMutableRawPointer, using _: StorageUnsharer, depth _: Int) {
    let set = address.assumingMemoryBound(to: Self.self)
    guard set.pointee.count >= StorageUnsharer.minimumCount else { return }
    set.pointee.reserveCapacity(set.pointee.count)
  }
}

extension Optional: UnshareableStorage {
  static func holdsStorage(using unsharer: StorageUnsharer) -> Bool {
    !unsharer.plan(for: Wrapped.self).isEmpty
  }

  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int) {
    let optional = address.assumingMemoryBound(to: Self.self)
    guard optional.pointee != nil, let plan = unsharer.elementPlan(Wrapped.self, depth: depth) else { return }
    unsharer.unshareElement(&optional.pointee!, plan: plan, depth: depth)
  }
}

/// `Array` and `ContiguousArray`: their own buffer when large enough, then their elements' storage.
private func unshareArray<Storage: RangeReplaceableCollection & MutableCollection>(
  _ array: UnsafeMutablePointer<Storage>, using unsharer: StorageUnsharer, depth: Int
) {
  guard !array.pointee.isEmpty else { return }
  if array.pointee.count >= StorageUnsharer.minimumCount { array.pointee.reserveCapacity(array.pointee.count) }
  guard let plan = unsharer.elementPlan(Storage.Element.self, depth: depth) else { return }
  _ = array.pointee.withContiguousMutableStorageIfAvailable {
    unsharer.unshareElements(of: $0, plan: plan, depth: depth)
  }
}
