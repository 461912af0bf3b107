@_spi(Reflection) import Swift

/// Copies a value so that the copy has its own storage for every array, dictionary and set it
/// holds (in struct fields, tuple elements, optionals and the elements of those collections), and
/// the original's storage is referenced by the original alone again.
///
/// The recorder keeps the last state to diff the next one against. While that copy shares the
/// store's buffers, the reducer's next in-place mutation of a large array has to copy the buffer
/// on the app's thread (copy-on-write). Unsharing the kept copy when the worker is idle moves that
/// copy to the worker:
///
/// ```swift
/// let unsharer = StorageUnsharer()
/// let kept = unsharer.unshared(state)        // equal to `state`, with its own buffers
/// state.todos[0].isComplete.toggle()         // in place: nothing else references the buffer
/// ```
///
/// Storage is reached through plain structs and tuples (read with the runtime's field metadata,
/// as reflection does), `Optional`, `Array`, `ContiguousArray`, `Dictionary` (values) and `Set`.
/// Enum payloads (other than `Optional`) and what classes hold keep sharing: mutating those still
/// copies on the app's thread, as without unsharing. So do collections smaller than
/// ``minimumCount`` (cheap to copy) and collections nested deeper than ``maximumDepth``.
///
/// Not thread-safe: one per worker thread.
final class StorageUnsharer {
  /// Collections nested deeper than this are left shared.
  static let maximumDepth = 32
  /// Collections with fewer elements are left shared: the app's copy-on-write copies them in well
  /// under a microsecond, and a state of many rows each holding a few tags would otherwise cost the
  /// worker one allocation per row on every action. Their elements' storage is still unshared.
  static let minimumCount = 32

  /// Where each type keeps storage, by type.
  private var plans: [ObjectIdentifier: Plan] = [:]

  /// The places inside a value of one type that hold collection storage.
  struct Plan {
    var steps: [(offset: Int, storage: any UnshareableStorage.Type)] = []
    var isEmpty: Bool { steps.isEmpty }
  }

  /// `value`, with storage of its own.
  func unshared(_ value: Any) -> Any {
    let plan = plan(for: type(of: value))
    guard !plan.isEmpty else { return value }
    let opened = _openExistential(type(of: value), do: unsharingType)
    return opened.unsharedCopy(of: value, plan: plan, using: self)
  }

  /// Where `type` keeps storage (computed once per type).
  func plan(for type: Any.Type) -> Plan {
    let key = ObjectIdentifier(type)
    if let plan = plans[key] { return plan }
    // Structs cannot contain themselves by value: recursion only comes through collections,
    // whose elements are planned when they are unshared, after this plan is stored.
    let plan = makePlan(for: type)
    plans[key] = plan
    return plan
  }

  private func makePlan(for type: Any.Type) -> Plan {
    if let storage = type as? any UnshareableStorage.Type {
      return storage.holdsStorage(using: self) ? Plan(steps: [(0, storage)]) : Plan()
    }
    guard let kind = _openExistential(type, do: metadataKind), kind == .struct || kind == .tuple else {
      return Plan()
    }
    // Every stored field is walked, whatever its ownership: a weak or unowned field holds a class
    // (or a class-bound existential), which never has a plan, so it is never read or written.
    var plan = Plan()
    _forEachField(of: type) { _, offset, fieldType, _ in
      for step in self.plan(for: fieldType).steps {
        plan.steps.append((offset + step.offset, step.storage))
      }
      return true
    }
    return plan
  }

  /// Unshares the storage `plan` lists in the value at `address`.
  func apply(_ plan: Plan, at address: UnsafeMutableRawPointer, depth: Int) {
    for step in plan.steps {
      step.storage.unshare(at: address + step.offset, using: self, depth: depth)
    }
  }

  /// What elements of type `Element`, `depth` collections deep, hold to unshare; nil for nothing.
  func elementPlan<Element>(_: Element.Type, depth: Int) -> Plan? {
    guard depth < Self.maximumDepth else { return nil }
    let plan = plan(for: Element.self)
    return plan.isEmpty ? nil : plan
  }

  /// Unshares what each element of `buffer` holds, as `plan` (its elements' plan) lists.
  func unshareElements<Element>(of buffer: UnsafeMutableBufferPointer<Element>, plan: Plan, depth: Int) {
    guard let base = buffer.baseAddress else { return }
    for index in buffer.indices {
      apply(plan, at: UnsafeMutableRawPointer(base + index), depth: depth + 1)
    }
  }

  /// Unshares what the value at `element` holds, as `plan` (its type's plan) lists.
  func unshareElement<Element>(_ element: inout Element, plan: Plan, depth: Int) {
    withUnsafeMutablePointer(to: &element) { apply(plan, at: UnsafeMutableRawPointer($0), depth: depth + 1) }
  }
}

/// Copies an `Any` holding a `T` out as a `T`, unshares it in place and boxes it again.
private protocol UnsharingCopier {
  static func unsharedCopy(of value: Any, plan: StorageUnsharer.Plan, using unsharer: StorageUnsharer) -> Any
}

private enum TypedUnsharingCopier<T>: UnsharingCopier {
  static func unsharedCopy(of value: Any, plan: StorageUnsharer.Plan, using unsharer: StorageUnsharer) -> Any {
    guard var copy = value as? T else { return value }
    withUnsafeMutablePointer(to: &copy) { unsharer.apply(plan, at: UnsafeMutableRawPointer($0), depth: 0) }
    return copy
  }
}

private func unsharingType<T>(_: T.Type) -> any UnsharingCopier.Type {
  TypedUnsharingCopier<T>.self
}

/// A type whose values keep copy-on-write storage that ``StorageUnsharer`` can give a copy of its own.
protocol UnshareableStorage {
  /// Whether values of this type can hold storage to unshare (`String?` cannot).
  static func holdsStorage(using unsharer: StorageUnsharer) -> Bool
  /// Gives the value at `address` storage of its own, then unshares what its elements hold.
  static func unshare(at address: UnsafeMutableRawPointer, using unsharer: StorageUnsharer, depth: Int)
}
