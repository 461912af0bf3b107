@_spi(Reflection) import Swift

/// A stored field of a plain struct: where it lives in the struct's memory, its type, and the
/// label traces show for it. Read from the runtime's field metadata once per type, so reflecting
/// a struct reads its fields in place with no `Mirror`.
///
/// Uses the standard library's `_forEachField` (SPI `Reflection`, the same field metadata
/// `Mirror` reads). A struct qualifies only when every field is a strong reference or a value:
/// weak and unowned storage cannot be read as a plain value, so such structs (and classes,
/// enums, tuples and custom mirrors) keep using `Mirror`.
struct StoredField {
  /// The presented label (`token` for a property wrapper's `_token`).
  let label: String
  let offset: Int
  let type: Any.Type
  /// Bookkeeping of a macro-observable type (`_$id`, `_$observationRegistrar`): not shown.
  let isHidden: Bool

  /// The fields of `type` when it is a struct whose fields can all be read in place, else nil.
  static func fields(of type: Any.Type) -> [StoredField]? {
    guard _openExistential(type, do: isPlainStruct) else { return nil }
    var raw: [(label: String, offset: Int, type: Any.Type)] = []
    let complete = _forEachField(of: type) { name, offset, fieldType, _ in
      raw.append((String(cString: name), offset, fieldType))
      return true
    }
    guard complete else { return nil }
    let isObservable = raw.contains { $0.label.hasPrefix("_$") }
    return raw.map { field in
      var label = field.label
      let isHidden = label.hasPrefix("_$")
      if !isHidden, label.hasPrefix("_"), isObservable || field.type is any TracePropertyWrapper.Type {
        label.removeFirst()
      }
      return StoredField(label: label, offset: field.offset, type: field.type, isHidden: isHidden)
    }
  }
}

/// A struct without a custom mirror whose stored fields are all values or strong references:
/// `_forEachFieldWithKeyPath` refuses weak and unowned fields.
private func isPlainStruct<T>(_ type: T.Type) -> Bool {
  guard !(type is any CustomReflectable.Type) else { return false }
  // The metadata kind of `T`, read as the kind of the one field of `Probe<T>`.
  var kind: _MetadataKind? = nil
  _forEachField(of: Probe<T>.self) { _, _, _, fieldKind in
    kind = fieldKind
    return false
  }
  return kind == .struct && _forEachFieldWithKeyPath(of: type) { _, _ in true }
}

private struct Probe<T> {
  var value: T
}
