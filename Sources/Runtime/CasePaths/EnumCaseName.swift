/// The name of the case an enum value is, for warnings.
///
/// ```swift
/// enumCaseName(of: Root.State.loggedIn(.init()))   // "loggedIn"
/// enumCaseName(of: Root.State.loggedOut)           // "loggedOut"
/// ```
func enumCaseName(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .enum, let label = mirror.children.first?.label { return label }
  return String(describing: value)
}
