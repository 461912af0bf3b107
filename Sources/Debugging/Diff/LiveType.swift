import Foundation

/// What the live diff knows about a type before looking at a value of it, computed once per type
/// and cached (`LiveType.of(_:)`): which walk it takes, and for plain structs where each stored
/// field lives and how many bytes it has, so that fields whose bytes did not change are skipped
/// without being copied, cast or reflected.
///
/// Equal bytes mean equal values for everything a state is made of: a field that holds the same
/// copy-on-write buffer, string or reference as before was not changed in place (a write to a
/// shared buffer copies it first). A class instance is the same instance — the recorder cannot see
/// changes made through it anyway (docs/recording.md).
final class LiveType: @unchecked Sendable {
  enum Walk {
    /// Scalars and types that choose their own trace form: reflected and compared whole.
    case leaf
    /// `Array` of `Equatable` elements (`LiveDiffableArray`).
    case equatableArray
    /// A plain struct: its stored fields, read in place.
    case structure
    /// Everything else: collections, enums, optionals, classes (`Mirror`).
    case other
  }

  /// A stored field of a `.structure`, with its position among the fields a trace shows.
  struct Field {
    let stored: StoredField
    let size: Int
    let position: Int
  }

  let walk: Walk
  let reflected: ReflectedType
  /// `MemoryLayout<T>.size`.
  let size: Int
  /// The shown fields of a `.structure` (observable bookkeeping left out), in order.
  let fields: [Field]
  /// Which of `fields` a recorder's options redact by name.
  let redactions = FieldRedactions()
  /// The `id` of a value of this type, when it is `Identifiable` (a computed `id` too).
  let id: ((Any) -> AnyHashable)?
  /// For a `.structure` whose tree carries its computed `id` as a first field, `$id`: how to
  /// read it (the other fields come after it).
  let computedID: ((Any) -> AnyHashable)?
  /// How to ask a `ChangeTrackingCollection` of this type what was written (no existential casts).
  let tracking: Tracking?

  /// `trackedChange` of two values of this `ChangeTrackingCollection` type, opened.
  struct Tracking {
    let change: (_ differ: LiveDiffer, _ old: Any, _ new: Any, _ depth: Int) -> StateDiff.Change?
  }

  /// The `id` of an `Identifiable` value of this type read where it is stored: whether two stored
  /// values have the same `id` (compared with `ID`'s `==`, no `AnyHashable` made), and the `id`.
  let storedID: StoredID?

  struct StoredID {
    let same: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    let read: (UnsafeRawPointer) -> AnyHashable
  }

  private init(_ type: Any.Type) {
    reflected = ReflectedTypeCache.shared.reflectedType(type)
    size = _openExistential(type, do: byteSize)
    id = (type as? any Identifiable.Type).map { _openExistential($0, do: idReader) }
    storedID = (type as? any Identifiable.Type).map { _openExistential($0, do: storedIDReader) }
    tracking = (type as? any ChangeTrackingCollection.Type).map { _openExistential($0, do: trackingOperations) }
    var identityReader: ((Any) -> AnyHashable)? = nil
    switch reflected.kind {
    case .string, .substring, .character, .unicodeScalar, .int, .bool, .double, .cgFloat, .uuid, .date, .url,
      .data, .decimal, .signedInteger, .unsignedInteger, .floatingPoint, .custom:
      walk = .leaf
      fields = []
    case .structure:
      walk = .structure
      var fields: [Field] = []
      for stored in reflected.fields where !stored.isHidden {
        fields.append(Field(stored: stored, size: _openExistential(stored.type, do: byteSize), position: fields.count))
      }
      self.fields = fields
      if !fields.contains(where: { $0.stored.label == "id" }) { identityReader = reflected.identity }
    default:
      walk = type is any LiveDiffableArray.Type ? .equatableArray : .other
      fields = []
    }
    computedID = identityReader
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var cache: [ObjectIdentifier: LiveType] = [:]

  /// The plan for `type` (made once, then shared by every diff).
  static func of(_ type: Any.Type) -> LiveType {
    let key = ObjectIdentifier(type)
    lock.lock()
    let cached = cache[key]
    lock.unlock()
    if let cached { return cached }
    let plan = LiveType(type)
    lock.lock()
    cache[key] = plan
    lock.unlock()
    return plan
  }
}

private func byteSize<T>(_ type: T.Type) -> Int { MemoryLayout<T>.size }

private func trackingOperations<T: ChangeTrackingCollection>(_ type: T.Type) -> LiveType.Tracking {
  LiveType.Tracking { differ, old, new, depth in differ.trackedChange(old as! T, new as! T, depth: depth) }
}

private func storedIDReader<T: Identifiable>(_ type: T.Type) -> LiveType.StoredID {
  LiveType.StoredID(
    same: { $0.assumingMemoryBound(to: T.self).pointee.id == $1.assumingMemoryBound(to: T.self).pointee.id },
    read: { AnyHashable($0.assumingMemoryBound(to: T.self).pointee.id) })
}

private func idReader<T: Identifiable>(_ type: T.Type) -> (Any) -> AnyHashable {
  { AnyHashable(($0 as! T).id) }
}

extension LiveDiffer {
  /// A plain struct walked field by field where both values are stored: fields with the same bytes
  /// are unchanged without a look, nested plain structs are walked in place, and only changed
  /// fields of other types are copied out and diffed.
  func structureChange(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ plan: LiveType, depth: Int
  ) -> StateDiff.Change {
    if memcmp(a, b, plan.size) == 0 { return .unchanged(count: 1) }
    var nodes = NodeList()
    var changed = false
    var shift = 0
    if let identity = plan.computedID {
      // Shown only when it changed, as `ValueDiffer` does.
      shift = 1
      let stored = plan.reflected.stored
      let oldID = identity(stored.load(from: a)), newID = identity(stored.load(from: b))
      if oldID != newID {
        changed = true
        nodes.append(
          .field(label: Value.identityLabel, position: 0),
          .replaced(old: reflected(oldID.base, depth: depth + 1), new: reflected(newID.base, depth: depth + 1)))
      }
    }
    // `name: "Authorization", value: "…"`: a value field a key field names as a secret.
    var secretValues: Set<Int> = []
    if options.redactsByName, plan.reflected.hasKeyValueFields {
      let labels = plan.fields.map(\.stored.label)
      for side in [a, b] {
        secretValues.formUnion(
          options.secretValuePositions(labels: labels) {
            plan.fields[$0].stored.stored.load(from: side + plan.fields[$0].stored.offset)
          })
      }
    }
    for (index, field) in plan.fields.enumerated() {
      let x = a + field.stored.offset, y = b + field.stored.offset
      let change: StateDiff.Change
      if memcmp(x, y, field.size) == 0 {
        change = .unchanged(count: 1)
      } else if secretValues.contains(index) || plan.redactions.isRedacted(index, of: plan.fields, options: options) {
        // Redacted: compared as shown (`.redacted(type:)`, `nil` as `.null`), never by value.
        change = redactedChange(field.stored.stored.load(from: x), field.stored.stored.load(from: y), depth: depth + 1)
      } else {
        let inner = LiveType.of(field.stored.type)
        if let scalar = Self.scalarChange(x, y, inner.reflected.kind) {
          change = scalar
        } else if inner.walk == .structure, depth + 1 < options.maximumDepth {
          change = structureChange(x, y, inner, depth: depth + 1)
        } else {
          change = self.change(field.stored.stored.load(from: x), field.stored.stored.load(from: y), depth: depth + 1)
        }
      }
      if !change.isUnchanged { changed = true }
      nodes.append(.field(label: field.stored.label, position: field.position + shift), change)
    }
    return changed ? .nested(.structure(type: plan.reflected.name), nodes.nodes) : .unchanged(count: 1)
  }

  /// The change between two stored scalars of the commonest kinds, read in place; nil for other
  /// kinds (and multi-line strings, which are diffed line by line).
  static func scalarChange(_ x: UnsafeRawPointer, _ y: UnsafeRawPointer, _ kind: ReflectedType.Kind) -> StateDiff
    .Change?
  {
    func compare<T: Equatable>(_ type: T.Type, _ value: (T) -> Value) -> StateDiff.Change {
      let a = x.load(as: T.self), b = y.load(as: T.self)
      return a == b ? .unchanged(count: 1) : .replaced(old: value(a), new: value(b))
    }
    switch kind {
    case .bool: return compare(Bool.self, Value.bool)
    case .int: return compare(Int.self) { .int(Int64($0)) }
    case .uuid: return compare(UUID.self, Value.uuid)
    case .string:
      let a = x.load(as: String.self), b = y.load(as: String.self)
      if a == b { return .unchanged(count: 1) }
      if a.utf8.contains(10) || b.utf8.contains(10) { return nil }
      return .replaced(old: .string(a), new: .string(b))
    default: return nil
    }
  }
}

extension LiveType {
  /// Whether two values of this type read the same in every field a trace shows, the padding
  /// between fields aside: the same bytes field by field (a nested structure's fields in turn),
  /// or the same `String`, `Int`, `UUID` or `Bool`. `false` when that is not known (not a plain
  /// struct, or a field of another kind whose bytes differ). Copying an array on write leaves
  /// its elements' padding as it happens to be, so bytes alone would call most of them changed.
  func readsTheSame(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
    if memcmp(a, b, size) == 0 { return true }
    guard walk == .structure else { return false }
    for field in fields {
      let x = a + field.stored.offset, y = b + field.stored.offset
      if memcmp(x, y, field.size) == 0 { continue }
      let inner = LiveType.of(field.stored.type)
      if inner.walk == .structure {
        guard inner.readsTheSame(x, y) else { return false }
        continue
      }
      guard let change = LiveDiffer.scalarChange(x, y, inner.reflected.kind), change.isUnchanged else { return false }
    }
    return true
  }
}
