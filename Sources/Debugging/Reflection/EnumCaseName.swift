// The name of an enum value's case, straight from the Swift runtime.
//
// `Mirror` only names cases that carry associated values, and `String(describing:)` prints a
// type's `description` instead of the case name when it is `CustomStringConvertible`. The runtime
// entry point below is the one the standard library's own printing uses (declared the same way in
// its `ReflectionMirror.swift`); it is part of the stable ABI on Apple platforms. The name it
// returns points into the binary's reflection metadata: stable for the life of the process, one
// pointer per case, so it also identifies the case cheaply (see `Reflector.reflectEnum`).

@_silgen_name("swift_EnumCaseName")
func _swiftEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The case name of `value` (`"toggle"` for `Todo.Action.toggle`), or nil when it is not an enum.
func enumCaseName(_ value: Any) -> String? {
  func open<T>(_ value: T) -> String? {
    _swiftEnumCaseName(value).map { String(cString: $0) }
  }
  return _openExistential(value, do: open)
}
