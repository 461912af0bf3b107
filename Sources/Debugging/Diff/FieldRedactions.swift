import Foundation

/// Which shown fields of a plain-struct type are hidden by a recorder's redaction, worked out once
/// for the options last asked about instead of matching a field's name every time it changes (a
/// recorder's live diff asks with the same options for every action; a lookup by name cost about
/// 3,500 instructions, a twentieth of the recorder's work for a one-field change).
///
/// ```swift
/// plan.redactions.isRedacted(2, of: plan.fields, options: options)  // `authToken`: true
/// ```
final class FieldRedactions: @unchecked Sendable {
  private let lock = NSLock()
  // Unchecked Sendable: guarded by `lock`.
  private var known: (names: Set<String>, redaction: TraceRedaction, flags: [Bool])?

  /// Whether field `index` of `fields` is redacted by name under `options`
  /// (`options.isRedactedField(label)`).
  func isRedacted(_ index: Int, of fields: [LiveType.Field], options: ReflectionOptions) -> Bool {
    guard options.redactsByName else { return false }
    lock.lock()
    defer { lock.unlock() }
    if let known, known.names == options.redactedFieldNames, known.redaction == options.redaction {
      return known.flags[index]
    }
    let flags = fields.map { $0.stored.label.map(options.isRedactedField) == true }
    known = (options.redactedFieldNames, options.redaction, flags)
    return flags[index]
  }
}
