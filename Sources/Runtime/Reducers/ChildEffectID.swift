/// The cancellation id `forEach`, `ifLet` and `ifCaseLet` give the effects of one child, so they
/// can cancel them when the child goes away (its element is removed, its state becomes `nil`, its
/// case is left). Internal: instrumentation does not list it.
///
/// ```swift
/// // The effects of row 7 of `\.rows`, inside the `ifLet(\.detail)` child of whatever encloses it:
/// ChildEffectID(in: ChildScope(reducer: \Parent.State.rows), child: 7)
/// ```
///
/// Ids are per store (cancellation is), per reducer (`reducer`: its key path, or its source
/// location for a case path), per child (`child`: element id, or one value for a single child) and
/// per enclosing child (`scope.parents`): the same `ifLet` inside rows 1 and 2 of a list makes two
/// different ids.
struct ChildEffectID: RuntimeInternalCancelID, @unchecked Sendable {
  // Unchecked: `scope` and `child` are only built from `Sendable` values (ids, key paths, strings).
  let scope: ChildScope
  let child: AnyHashable

  init(in scope: ChildScope, child: AnyHashable) {
    self.scope = scope
    self.child = child
  }
}

/// One child-running reducer at one place in the tree of children: the reducer's identity and
/// the children it runs inside (outermost first).
struct ChildScope: Hashable, @unchecked Sendable {
  // Unchecked: see ``ChildEffectID``.
  let reducer: AnyHashable
  let parents: [ChildEffectID]

  /// The scope of `reducer` inside the child being reduced right now.
  init(reducer: AnyHashable) {
    self.reducer = reducer
    self.parents = ChildEffectContext.parents
  }
}

/// The single child of an `ifLet` or `ifCaseLet`, as a ``ChildEffectID/child``.
struct OnlyChild: Hashable, Sendable {}

/// The source location and types that identify an `ifCaseLet` (a case path has no identity of its
/// own, unlike a key path).
struct CaseReducerIdentity: Hashable, Sendable {
  let location: String
  let root: ObjectIdentifier
  let value: ObjectIdentifier

  init<Root, Value>(location: String, _: Root.Type, _: Value.Type) {
    self.location = location
    self.root = ObjectIdentifier(Root.self)
    self.value = ObjectIdentifier(Value.self)
  }
}

/// The children being reduced right now, outermost first: while a `forEach` runs row 7's reducer,
/// every child scope made inside it lists row 7 as a parent.
enum ChildEffectContext {
  @TaskLocal static var parents: [ChildEffectID] = []

  /// Runs `reduce` as the reducer of `child`.
  static func reducing<Result>(_ child: ChildEffectID, _ reduce: () -> Result) -> Result {
    $parents.withValue(parents + [child], operation: reduce)
  }
}
