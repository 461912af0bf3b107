@_spi(Reflection) import Swift

/// A stored field of a plain struct, or an element of a tuple: where it lives in the value's
/// memory, its type, and the label traces show for it. Read from the runtime's field metadata
/// once per type, so reflecting a struct or tuple reads its fields in place with no `Mirror`.
///
/// Uses the standard library's `_forEachField` (SPI `Reflection`, the same field metadata
/// `Mirror` reads). A struct qualifies only when every field is a strong reference or a value:
/// weak and unowned storage cannot be read as a plain value, so such structs (and classes,
/// enums and custom mirrors) keep using `Mirror`.
struct StoredField {
  /// The presented label (`token` for a property wrapper's `_token`; nil for a tuple's `.1`).
  let label: String?
  let offset: Int
  let type: Any.Type
  /// Copies the field out of memory into an `Any`.
  let stored: any StoredValue.Type
  /// Bookkeeping of a macro-observable type (`_$id`, `_$observationRegistrar`): not shown.
  let isHidden: Bool

  init(label: String?, offset: Int, type: Any.Type, isHidden: Bool) {
    self.label = label
    self.offset = offset
    self.type = type
    self.stored = _openExistential(type, do: storedValueType)
    self.isHidden = isHidden
  }

  enum Layout {
    case structure([StoredField])
    case tuple([StoredField])
  }

  /// The fields of `type` when it is a struct or tuple whose fields can all be read in place.
  static func layout(of type: Any.Type) -> Layout? {
    guard let kind = _openExistential(type, do: plainKind), kind != .enum else { return nil }
    var raw: [(label: String, offset: Int, type: Any.Type)] = []
    let complete = _forEachField(of: type) { name, offset, fieldType, _ in
      raw.append((String(cString: name), offset, fieldType))
      return true
    }
    guard complete else { return nil }
    if kind == .tuple {
      return .tuple(
        raw.map { element in
          let label = element.label.isEmpty || element.label.hasPrefix(".") ? nil : element.label
          return StoredField(label: label, offset: element.offset, type: element.type, isHidden: false)
        })
    }
    let isObservable = raw.contains { $0.label.hasPrefix("_$") }
    return .structure(
      raw.map { field in
        var label = field.label
        let isHidden = label.hasPrefix("_$")
        if !isHidden, label.hasPrefix("_"), isObservable || field.type is any TracePropertyWrapper.Type {
          label.removeFirst()
        }
        return StoredField(label: label, offset: field.offset, type: field.type, isHidden: isHidden)
      })
  }
}

/// Whether `type` is an enum without a custom mirror (not `Optional`, which is walked directly).
func isPlainEnum(_ type: Any.Type) -> Bool {
  _openExistential(type, do: plainKind) == .enum
}

/// `.struct` for a struct without a custom mirror whose stored fields are all values or strong
/// references (`_forEachFieldWithKeyPath` refuses weak and unowned fields), `.tuple` for a tuple,
/// `.enum` for an enum without a custom mirror, nil for anything else.
private func plainKind<T>(_ type: T.Type) -> _MetadataKind? {
  guard !(type is any CustomReflectable.Type) else { return nil }
  switch metadataKind(type) {
  case .tuple: return .tuple
  case .enum: return .enum
  case .struct: return _forEachFieldWithKeyPath(of: type) { _, _ in true } ? .struct : nil
  default: return nil
  }
}

/// The runtime's metadata kind of `T` (`.struct`, `.enum`, `.optional`, `.tuple`, `.class`, …),
/// read as the kind of the one field of `Probe<T>`.
func metadataKind<T>(_ type: T.Type) -> _MetadataKind? {
  var kind: _MetadataKind? = nil
  _forEachField(of: Probe<T>.self) { _, _, _, fieldKind in
    kind = fieldKind
    return false
  }
  return kind
}

private struct Probe<T> {
  var value: T
}
