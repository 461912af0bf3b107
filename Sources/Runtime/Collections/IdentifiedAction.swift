/// An action for one element of an identified collection, as `forEach` routes it.
///
/// ```swift
/// enum Action { case todos(IdentifiedActionOf<Todo>) }
/// store.send(.todos(.element(id: todo.id, action: .checkBoxToggled)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action> {
  /// `action` for the element with `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}
// Synthesised (same file): `{"element":{"id":…,"action":…}}`, the layout a trace records.
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}

/// The identified action of an element reducer: `IdentifiedActionOf<Todo>`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable
