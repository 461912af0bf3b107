// CONTRACT STUB — owned by the diff work (branch `diff`). Signatures are fixed.

/// The structural difference between two values as text in custom-dump's style, or `nil` when
/// they are equal.
public func diff(_ old: Any, _ new: Any) -> String? {
  let a = reflect(old), b = reflect(new)
  return a == b ? nil : "- \(a)\n+ \(b)"
}
