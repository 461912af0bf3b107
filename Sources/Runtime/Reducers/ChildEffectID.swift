/// The cancellation id `forEach`, `ifLet` and `ifCaseLet` give the effects of one child, so they
/// can cancel them when the child goes away (its element is removed, its state becomes `nil`, its
/// case is left). Internal: instrumentation does not list it.
///
/// ```swift
/// // The effects of row 7 of `\.rows` (inside whatever children are being reduced right now):
/// ChildEffectID(in: ChildScope(reducer: .keyPath(\Parent.State.rows)), child: 7)
/// ```
///
/// Ids are per store (cancellation is), per reducer (its key path, or its source location for a
/// case path), per child (element id, or ``OnlyChild`` for a single child) and per enclosing
/// child (``ChildScope/parents``): the same `ifLet` inside rows 1 and 2 of a list makes two ids.
struct ChildEffectID: RuntimeInternalCancelID, @unchecked Sendable {
  // Unchecked: `scope` and `child` are only built from `Sendable` values (ids, key paths, strings).
  let scope: ChildScope
  let child: AnyHashable

  init(in scope: ChildScope, child: some Hashable & Sendable) {
    self.init(in: scope, erasedChild: AnyHashable(child))
  }

  /// An id for a child already erased, as ``ChildEffectRegistry`` lists them.
  init(in scope: ChildScope, erasedChild child: AnyHashable) {
    self.scope = scope
    self.child = child
  }
}

/// One child-running reducer at one place in the tree of children: the reducer and the children
/// it runs inside, outermost first.
struct ChildScope: Hashable, @unchecked Sendable {
  // Unchecked: see ``ChildEffectID``.
  /// The store reducing (``ChildEffectContext/store``): stores never share scopes.
  let store: UInt64
  let reducer: ChildReducerIdentity
  let parents: [ChildStep]

  /// The scope of `reducer` inside the children being reduced right now, in the store reducing.
  init(reducer: ChildReducerIdentity) {
    self.store = ChildEffectContext.store
    self.reducer = reducer
    self.parents = ChildEffectContext.parents
  }
}

/// One enclosing child of a ``ChildScope``: which reducer, which of its children.
struct ChildStep: Hashable, @unchecked Sendable {
  // Unchecked: see ``ChildEffectID``.
  let reducer: ChildReducerIdentity
  let child: AnyHashable
}

/// What identifies a child-running reducer: the key path of `forEach` and `ifLet`; the source
/// location and types of `ifCaseLet` (a case path has no identity of its own).
enum ChildReducerIdentity: Hashable, @unchecked Sendable {
  // Unchecked: key paths are immutable.
  case keyPath(AnyKeyPath)
  case caseReducer(location: String, root: ObjectIdentifier, value: ObjectIdentifier)
}

/// The single child of an `ifLet` or `ifCaseLet`, as a ``ChildEffectID/child``.
struct OnlyChild: Hashable, Sendable {}
