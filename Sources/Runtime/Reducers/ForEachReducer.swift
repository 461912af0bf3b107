extension Reducer {
  /// Runs `element` on the element of an identified collection that a child action addresses by
  /// id, before this reducer. An action for an id that is not in the collection is reported as a
  /// runtime warning and ignored. When the reducer `forEach` is called on removes an element, the
  /// effects that element started are cancelled (an element re-added with the same id later
  /// starts afresh).
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.todos, action: Action.todos) { Todo() }
  /// ```
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements, toElementAction: toElementAction,
      location: "\(fileID):\(line)"
    )
  }

  /// `forEach` with the element action case built by `action`, such as `Action.todos`.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action embed: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    forEach(toElements, action: AnyCasePath(embed), element: element, fileID: fileID, line: line)
  }
}

/// The reducer `forEach` returns.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let element: Element
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let location: String

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    let registry = ChildEffectRegistry.shared
    if registry.isEmpty {  // No child effect in flight anywhere: nothing to cancel.
      return .merge(elementEffect, parent.reduce(into: &state, action: action))
    }
    // Only elements with effects in flight are checked, so a large collection costs nothing extra.
    let scope = ChildScope(reducer: .keyPath(toElements))
    let watched = children(registry.children(in: scope), presentIn: state, present: true)
    let parentEffect = parent.reduce(into: &state, action: action)
    let removed = children(watched, presentIn: state, present: false)
    if removed.isEmpty { return .merge(elementEffect, parentEffect) }
    var effects = [elementEffect, parentEffect]
    for child in removed { effects.append(.cancel(id: ChildEffectID(in: scope, erasedChild: child))) }
    return .merge(effects)
  }

  /// The `children` (element ids) that are (`present`) or are not in `state`'s collection. The
  /// collection is read once and let go before the parent runs, so changing it does not copy it.
  /// (Plain loops over `AnyHashable`: generic algorithms over `ID` are several times slower here.)
  private func children(_ children: [AnyHashable], presentIn state: Parent.State, present: Bool) -> [AnyHashable] {
    if children.isEmpty { return [] }
    let elements = state[keyPath: toElements]
    var result: [AnyHashable] = []
    for child in children {
      guard let id = child.base as? ID else { continue }
      if (elements.index(id: id) != nil) == present { result.append(child) }
    }
    return result
  }

  private func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction)? = toElementAction.extract(from: action) else {
      return .none
    }
    guard state[keyPath: toElements].index(id: id) != nil else {
      RuntimeWarning.report(
        """
        A "forEach" at "\(location)" received an action for a missing element (id: \(id)):

          \(action)

        The action was ignored. Make sure elements are not removed while actions for them can \
        still be sent.
        """
      )
      return .none
    }
    let toElements = self.toElements
    let toElementAction = self.toElementAction
    return ChildEffectContext.reducing(.keyPath(toElements), child: id) {
      element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
    }
    .mapAsChild({ ChildEffectID(in: ChildScope(reducer: .keyPath(toElements)), child: id) }) {
      toElementAction.embed(.element(id: id, action: $0))
    }
  }
}
