// Public entry points of the diff engine: a model (`StateDiff`) of two values, and its text.

extension StateDiff {
  /// The structural difference between two values as text in custom-dump's style, or `nil` when
  /// they are equal; `options` sets colour, `reflection` redaction and depth.
  ///
  /// ```swift
  /// StateDiff.text(Todo(title: "Milk", isComplete: false), Todo(title: "Milk", isComplete: true))
  /// ```
  /// ```text
  ///   Todo(
  ///     … (1 unchanged),
  /// -   isComplete: false
  /// +   isComplete: true
  ///   )
  /// ```
  public static func text(
    _ old: Any, _ new: Any, options: DiffRenderOptions = .init(), reflection: ReflectionOptions = .init()
  ) -> String? {
    let model = StateDiff(old, new, reflection: reflection)
    return model.isEqual ? nil : DiffTextRenderer(options: options).render(model)
  }

  /// The difference between two value trees.
  ///
  /// ```swift
  /// StateDiff(.int(1), .int(2)).root.change  // .replaced(old: .int(1), new: .int(2))
  /// ```
  public init(_ old: Value, _ new: Value) {
    self = ValueDiffer().diff(old, new)
  }

  /// The difference between two live Swift values. Equal `Equatable` parts are skipped without
  /// being reflected; only the parts that differ are turned into `Value`s.
  public init(_ old: Any, _ new: Any, reflection: ReflectionOptions = .init()) {
    self = LiveDiffer(options: reflection).diff(old, new)
  }
}
