// Public entry points of the diff engine: a model (`StateDiff`) of two values, and its text.

/// The structural difference between two values as text in custom-dump's style, or `nil` when
/// they are equal.
///
/// ```swift
/// diff(Todo(title: "Milk", isComplete: false), Todo(title: "Milk", isComplete: true))
/// ```
/// ```text
///   Todo(
///     … (1 unchanged),
/// -   isComplete: false
/// +   isComplete: true
///   )
/// ```
public func diff(_ old: Any, _ new: Any) -> String? {
  diff(old, new, options: .init())
}

/// `diff(_:_:)` with render options (colour) and reflection options (redaction, depth).
public func diff(
  _ old: Any, _ new: Any, options: DiffRenderOptions, reflection: ReflectionOptions = .init()
) -> String? {
  let model = stateDiff(old, new, reflection: reflection)
  return model.isEqual ? nil : DiffTextRenderer(options: options).render(model)
}

/// The difference between two value trees.
///
/// ```swift
/// stateDiff(.int(1), .int(2)).root.change  // .replaced(old: .int(1), new: .int(2))
/// ```
public func stateDiff(_ old: Value, _ new: Value) -> StateDiff {
  ValueDiffer().diff(old, new)
}

/// The difference between two live Swift values. Equal `Equatable` parts are skipped without
/// being reflected; only the parts that differ are turned into `Value`s.
public func stateDiff(_ old: Any, _ new: Any, reflection: ReflectionOptions = .init()) -> StateDiff {
  LiveDiffer(options: reflection).diff(old, new)
}
