import Foundation

/// The canonical order (`Value.canonicallyPrecedes` of their reflections) of a dictionary's keys
/// or a set's members, for the live differs: `String`, `Int` and `UUID` values compared as they
/// are (their reflections sort the same), and so are plain structs of such fields read in place
/// (an id as apps write it, swift-tagged's `Tagged<Todo, UUID>`: a struct around a UUID); others
/// by their reflections, made once for `elements`.
///
/// ```swift
/// let order = CanonicalElementOrder(Array(keys), differ: differ, depth: 1)
/// order.precedes("apple", "banana")  // true, nothing reflected
/// ```
struct CanonicalElementOrder<Element: Hashable> {
  let differ: LiveDiffer
  let depth: Int
  private let reflections: [Element: Value]
  /// How elements are compared: `String`, `Int` and `UUID` values as they are (a switch that
  /// code compiled for the element type folds away), plain structs field by field in place,
  /// others by their reflections.
  private enum Comparison: Equatable { case string, int, uuid, fields([PlainField]), reflections }
  private let comparison: Comparison

  /// `elements` are reflected only when the type is not compared directly.
  init(_ elements: @autoclosure () -> [Element], differ: LiveDiffer, depth: Int) {
    self.differ = differ
    self.depth = depth
    // (The element type is the one named: the casts are of a value to its own type.)
    if Element.self == String.self {
      comparison = .string
    } else if Element.self == Int.self {
      comparison = .int
    } else if Element.self == UUID.self {
      comparison = .uuid
    } else if let fields = PlainField.fields(of: Element.self, differ: differ, depth: depth) {
      comparison = .fields(fields)
    } else {
      comparison = .reflections
    }
    var reflections: [Element: Value] = [:]
    if comparison == .reflections {
      for element in elements() { reflections[element] = differ.reflected(element, depth: depth) }
    }
    self.reflections = reflections
  }

  /// Whether the order compares the values themselves, reflecting none.
  var reflectsNone: Bool { comparison != .reflections }

  /// Whether no two of the elements reflected read the same (true when none were).
  var reflectionsAreDistinct: Bool { Set(reflections.values).count == reflections.count }

  /// `element` as the trace shows it.
  func shown(_ element: Element) -> Value {
    reflections[element] ?? differ.reflected(element, depth: depth)
  }

  /// Which run `element` falls in among `sorted` (in this order): how many of them precede it,
  /// by binary search.
  func run(of element: Element, among sorted: [Element]) -> Int {
    var low = 0, high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if precedes(sorted[middle], element) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  func precedes(_ a: Element, _ b: Element) -> Bool {
    switch comparison {
    case .string: return unsafeBitCast(a, to: String.self) < unsafeBitCast(b, to: String.self)
    case .int: return unsafeBitCast(a, to: Int.self) < unsafeBitCast(b, to: Int.self)
    case .uuid: return Value.compareUUIDs(unsafeBitCast(a, to: UUID.self), unsafeBitCast(b, to: UUID.self)) < 0
    case let .fields(fields):
      return withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in PlainField.compare(x, y, fields) < 0 } }
    case .reflections: return Value.canonicallyPrecedes(shown(a), shown(b))
    }
  }
}

/// Whether `a` and `b` have the same bytes: then they are the same value, whatever their `==`
/// says (a `==` by `id` only treats a renamed contact as equal; its bytes differ).
func identicalBits<T>(_ a: T, _ b: T) -> Bool {
  withUnsafeBytes(of: a) { x in
    withUnsafeBytes(of: b) { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
  }
}

/// The reflected change between two values that `==` calls equal but whose bytes differ (equal
/// text in two buffers, or a field `==` ignores); `nil` when they read the same in the trace.
func hiddenChange(_ old: Any, _ new: Any, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
  let a = differ.reflected(old, depth: depth), b = differ.reflected(new, depth: depth)
  guard a != b else { return nil }
  var values = ValueDiffer()
  values.maximumDepth = max(0, differ.options.maximumDepth - depth)
  return values.change(a, b, depth: 0)
}

/// `hiddenChange` for two values `==` calls equal, when their type may hide a change and their
/// bytes differ; `nil` otherwise (the same bytes, or a type whose reflection is its value).
func hiddenChange<T>(between old: T, and new: T, differ: LiveDiffer, depth: Int) -> StateDiff.Change? {
  guard mayHideChanges(T.self), !identicalBits(old, new) else { return nil }
  return hiddenChange(old, new, differ: differ, depth: depth)
}

/// Whether two values that `==` calls equal can still read differently in the trace: not for
/// `String`, `Int`, `UUID` and `Bool`, whose reflection is the value itself compared with the same
/// `==` (so equal strings in two buffers are not reflected to be compared again).
func mayHideChanges<T>(_ type: T.Type) -> Bool {
  !(T.self == String.self || T.self == Int.self || T.self == UUID.self || T.self == Bool.self)
}

/// A field of a plain struct whose reflection sorts as its stored value does (`String`, `Int`,
/// `Bool`, `UUID`): a struct of only such fields, all shown as they are, reflects to a structure
/// whose canonical order is its fields' in declaration order, so two of them are compared where
/// they are stored.
///
/// ```swift
/// struct TaggedID: Hashable { var rawValue: UUID }   // [PlainField(offset: 0, kind: .uuid)]
/// ```
struct PlainField: Equatable {
  enum Kind { case string, int, bool, uuid }
  let offset: Int
  let kind: Kind

  /// The fields of `type` when it is such a struct and the trace shows each field as it is at
  /// `depth`: not redacted (by its name, or as the value a sibling names), not cut by the depth
  /// limit, no field left out (an observable's bookkeeping), no computed `id` shown; else `nil`.
  static func fields(of type: Any.Type, differ: LiveDiffer, depth: Int) -> [PlainField]? {
    let plan = LiveType.of(type)
    let options = differ.options
    guard plan.walk == .structure, plan.computedID == nil, !plan.fields.isEmpty,
      plan.fields.count == plan.reflected.fields.count, options.maximumDepth - depth >= 2
    else { return nil }
    var fields: [PlainField] = []
    for (index, field) in plan.fields.enumerated() {
      let stored = field.stored
      // (By the plan's cached answer: matching a name costs thousands of instructions.)
      guard let label = stored.label, !plan.redactions.isRedacted(index, of: plan.fields, options: options),
        !ReflectionOptions.keyLabels.contains(label), !ReflectionOptions.valueLabels.contains(label)
      else { return nil }
      let kind: Kind
      switch stored.type {
      case is String.Type: kind = .string
      case is Int.Type: kind = .int
      case is Bool.Type: kind = .bool
      case is UUID.Type: kind = .uuid
      default: return nil
      }
      fields.append(PlainField(offset: stored.offset, kind: kind))
    }
    return fields
  }

  /// `Value`'s canonical comparison of two such structs' reflections (-1, 0, 1), from their bytes.
  static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ fields: [PlainField]) -> Int {
    for field in fields {
      let order: Int
      switch field.kind {
      case .string:
        let x = a.load(fromByteOffset: field.offset, as: String.self)
        let y = b.load(fromByteOffset: field.offset, as: String.self)
        order = x == y ? 0 : (x < y ? -1 : 1)
      case .int:
        let x = a.load(fromByteOffset: field.offset, as: Int.self)
        let y = b.load(fromByteOffset: field.offset, as: Int.self)
        order = x == y ? 0 : (x < y ? -1 : 1)
      case .bool:
        let x = a.load(fromByteOffset: field.offset, as: Bool.self)
        let y = b.load(fromByteOffset: field.offset, as: Bool.self)
        order = x == y ? 0 : (x ? 1 : -1)
      case .uuid:
        order = Value.compareUUIDs(
          a.load(fromByteOffset: field.offset, as: UUID.self), b.load(fromByteOffset: field.offset, as: UUID.self))
      }
      if order != 0 { return order }
    }
    return 0
  }
}
