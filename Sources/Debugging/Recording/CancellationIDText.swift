/// The text of an effect's cancellation ids on its `started` line (`"id"`, `docs/log-format.md`).
///
/// ```swift
/// CancellationIDText.text(of: [Todos.CancelID.todoCompletion], options: .init())
/// CancellationIDText.text(of: ["sort", 42], options: .init())
/// CancellationIDText.text(of: [], options: .init())
/// ```
/// ```text
/// Todos.CancelID.todoCompletion
/// sort, 42
/// nil
/// ```
///
/// An enum case reads like an action label (``ActionLabel``); a string is itself; an integer, a
/// `Bool` or a `UUID` is its plain value; anything else is its type name (`Search.TimerID`).
/// The ids are reflected with the recorder's options, so a redacted one shows only its type.
enum CancellationIDText {
  /// The ids' texts joined with `", "`; `nil` when there are none.
  static func text(of ids: [AnyHashable], options: ReflectionOptions) -> String? {
    if ids.isEmpty { return nil }
    return ids.map { text(of: $0, options: options) }.joined(separator: ", ")
  }

  /// The text of one id.
  static func text(of id: AnyHashable, options: ReflectionOptions) -> String {
    let value = Value(reflecting: id.base, options: options)
    switch value {
    case let .string(text): return text
    case let .int(number): return String(number)
    case let .uint(number): return String(number)
    case let .bool(flag): return flag ? "true" : "false"
    case let .uuid(uuid): return Value.uuidText(uuid)
    default: return ActionLabel.text(of: value)
    }
  }
}
