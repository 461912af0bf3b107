/// The shapes of values checked before (`JSONElementTemplate`, made `withForms`), to check the next
/// values of the same shape by them: the action values a trace repeats under one label (a toggle
/// of a row: the same keys and nesting, another UUID) are checked with a few `memcmp`s and their
/// strings' checks instead of a state machine step per byte. A value of another shape is checked
/// byte by byte and becomes its key's template. For one thread (a reader's `QuickKeys`).
///
/// ```swift
/// let templates = JSONValueTemplates()
/// templates.template(for: labelHash)            // nil the first time
/// templates.remember(value, count: n, for: labelHash)  // a value the scan accepted
/// ```
final class JSONValueTemplates {
  /// How many shapes are kept (by the key's hash), and the longest value kept as one.
  static let slots = 64
  static let longest = 4096

  private struct Entry {
    var key: UInt64 = 0
    var bytes: UnsafeMutablePointer<UInt8>?
    var template: JSONElementTemplate?
  }
  private let entries: UnsafeMutablePointer<Entry>

  init() {
    entries = .allocate(capacity: Self.slots)
    entries.initialize(repeating: Entry(), count: Self.slots)
  }

  deinit {
    for k in 0..<Self.slots { entries[k].bytes?.deallocate() }
    entries.deinitialize(count: Self.slots)
    entries.deallocate()
  }

  /// The template last remembered for `key`, if any.
  func template(for key: UInt64) -> JSONElementTemplate? {
    let entry = entries + Int(truncatingIfNeeded: key % UInt64(Self.slots))
    return entry.pointee.key == key ? entry.pointee.template : nil
  }

  /// Makes the value at `value` (`count` bytes, which the scan accepted with the value form's
  /// rules) the template for `key`, in a copy of its own.
  func remember(_ value: UnsafePointer<UInt8>, count: Int, for key: UInt64) {
    guard count >= JSONElementTemplate.smallest, count <= Self.longest else { return }
    let entry = entries + Int(truncatingIfNeeded: key % UInt64(Self.slots))
    entry.pointee.template = nil
    entry.pointee.bytes?.deallocate()
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
    copy.initialize(from: value, count: count)
    entry.pointee = Entry(
      key: key, bytes: copy, template: JSONElementTemplate(element: copy, count: count, withForms: true))
  }

  /// A hash of `bytes` (a label) for `template(for:)` (`JSONStringTable.headTailHash`: its
  /// length and first and last eight bytes, which tell a trace's labels apart; two that collide
  /// only share a slot). Never 0, the key of an empty slot.
  static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    JSONStringTable.headTailHash(UnsafeRawBufferPointer(bytes)) | 1
  }

}
