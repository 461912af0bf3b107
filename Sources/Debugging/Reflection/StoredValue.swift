// Reading a value of a type known only at run time from memory, so that struct fields and array
// elements can be reflected in place instead of being copied into `Any` and handed to `Mirror`
// one by one (which resolves each field's type anew on every access and dominates the cost).

/// A concrete type, erased: `StoredValueOf<T>.self` for some `T`.
protocol StoredValue {
  /// The value of this type stored at `address`, copied into an `Any`.
  static func load(from address: UnsafeRawPointer) -> Any
  /// Calls `body` with the address of `value`, which must be of this type.
  static func withAddress<R>(of value: Any, _ body: (UnsafeRawPointer) -> R) -> R
  /// The runtime's name of the case of `value`, an enum of this type (see `EnumCaseName.swift`).
  static func caseName(of value: Any) -> UnsafePointer<CChar>?
  /// The case name and associated value of `value`, an enum of this type whose case carries
  /// values: what `Mirror(reflecting: value).children.first` holds, read without a `Mirror`.
  static func enumPayload(of value: Any) -> (label: String?, value: Any)
}

enum StoredValueOf<T>: StoredValue {
  static func load(from address: UnsafeRawPointer) -> Any {
    address.assumingMemoryBound(to: T.self).pointee
  }

  static func withAddress<R>(of value: Any, _ body: (UnsafeRawPointer) -> R) -> R {
    withUnsafePointer(to: value as! T) { body(UnsafeRawPointer($0)) }
  }

  static func caseName(of value: Any) -> UnsafePointer<CChar>? {
    _swiftEnumCaseName(value as! T)
  }

  static func enumPayload(of value: Any) -> (label: String?, value: Any) {
    var name: UnsafePointer<CChar>? = nil
    var free: ReflectionNameFree? = nil
    let payload = _swiftReflectionChild(of: value as! T, type: T.self, index: 0, outName: &name, outFreeFunc: &free)
    let label = name.flatMap { String(validatingCString: $0) }
    free?(name)
    return (label, payload)
  }
}

/// `StoredValueOf<T>.self` for the type opened from an `Any.Type` (`_openExistential(type, do:)`).
func storedValueType<T>(_ type: T.Type) -> any StoredValue.Type {
  StoredValueOf<T>.self
}
