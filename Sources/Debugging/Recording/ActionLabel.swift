/// The short label of an action in TCA's `debugCaseOutput` style, computed from its reflected
/// `Value`: the type and case path, with associated values shown only when they are enum cases.
///
/// ```swift
/// ActionLabel.text(of: Value(reflecting: Todos.Action.todos(.element(id: id, action: .checkBoxToggled))))
/// ```
/// ```text
/// Todos.Action.todos(.element(id:, action: .checkBoxToggled))
/// ```
///
/// A case with one associated value shows it only when it is an enum case
/// (`Counter.Action.counter1(.incrementButtonTapped)`, `Todo.Action.textFieldChanged`); a case with
/// several lists them by label (`_:` when unlabelled): `Todos.Action.move(_:, _:)`. A value that is
/// not an enum case is its type name (`Int`).
public enum ActionLabel {
  /// Enum cases nested deeper than this are shown as `(…)`.
  public static let maximumDepth = 32

  /// The label of `action`.
  public static func text(of action: Value) -> String {
    switch action {
    case let .enumCase(type, name, values):
      return type + "." + name + payload(values, depth: 1)
    default:
      return typeName(of: action)
    }
  }

  private static func payload(_ values: [Value.Field], depth: Int) -> String {
    if values.isEmpty { return "" }
    if depth > maximumDepth { return "(…)" }
    if values.count == 1 {
      let inner = nested(values[0].value, depth: depth)
      return inner.isEmpty ? "" : "(" + inner + ")"
    }
    let parts = values.map { field -> String in
      let label = (field.label ?? "_") + ":"
      let inner = nested(field.value, depth: depth)
      return inner.isEmpty ? label : label + " " + inner
    }
    return "(" + parts.joined(separator: ", ") + ")"
  }

  /// `.case(…)` for an enum case, empty for anything else.
  private static func nested(_ value: Value, depth: Int) -> String {
    guard case let .enumCase(_, name, values) = value else { return "" }
    return "." + name + payload(values, depth: depth + 1)
  }

  private static func typeName(of value: Value) -> String {
    switch value {
    case let .structure(type, _), let .enumCase(type, _, _), let .redacted(type), let .reference(type): return type
    case .tuple: return "Tuple"
    case .array: return "Array"
    case .set: return "Set"
    case .dictionary: return "Dictionary"
    case .string: return "String"
    case .int, .uint: return "Int"
    case .double: return "Double"
    case .bool: return "Bool"
    case .uuid: return "UUID"
    case .date: return "Date"
    case .url: return "URL"
    case .data: return "Data"
    case .null: return "nil"
    }
  }
}
