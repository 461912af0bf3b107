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

/// Frees a child's name that the runtime made for `_swiftReflectionChild` (nil when it needs none).
typealias ReflectionNameFree = @convention(c) (UnsafePointer<CChar>?) -> Void

/// Child `index` of `value` as `Mirror.children` gives it: for an enum whose case carries values,
/// index 0 is the case's payload, named by the case. The runtime entry point behind `Mirror`
/// (declared the same way in the standard library's `ReflectionMirror.swift`); calling it
/// directly skips building a `Mirror`: on the recorder's worker a `Mirror` per action was a
/// fifth of the time per action.
///
/// ```swift
/// _swiftReflectionChild(of: Action.toggle(index: 3), type: Action.self, index: 0, outName: &name, outFreeFunc: &free)
/// // 3, name "toggle"
/// ```
@_silgen_name("swift_reflectionMirror_subscript")
func _swiftReflectionChild<T>(
  of value: T, type: Any.Type, index: Int, outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<ReflectionNameFree?>
) -> Any
