import Foundation

/// A path to one case of an enum: build a `Root` from the case's value (`embed`), or get the value
/// back out if `root` is that case (`extract`). The enum counterpart of a writable key path, used to
/// route child actions in ``Scope``, `ifLet` and `forEach`.
///
/// ```swift
/// let counter1 = AnyCasePath(TwoCounters.Action.counter1)
/// counter1.extract(from: .counter1(.incrementButtonTapped))   // .incrementButtonTapped
/// counter1.extract(from: .counter2(.incrementButtonTapped))   // nil
/// counter1.embed(.decrementButtonTapped)                      // .counter1(.decrementButtonTapped)
/// ```
public struct AnyCasePath<Root, Value>: Sendable {
  private let _embed: @Sendable (Value) -> Root
  private let _extract: @Sendable (Root) -> Value?

  /// A case path from explicit functions (fastest; no reflection).
  ///
  /// ```swift
  /// AnyCasePath(embed: Action.child, extract: { if case let .child(a) = $0 { a } else { nil } })
  /// ```
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    _embed = embed
    _extract = extract
  }

  /// A case path from the constructor of an enum case with an associated value, such as
  /// `Action.counter1`; extraction compares the case name by reflection (about a microsecond;
  /// use ``init(embed:extract:)`` on hot paths).
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let caseName = CaseNameCache()
    self.init(embed: embed) { root in
      guard let child = Mirror(reflecting: root).children.first, let label = child.label else {
        return nil
      }
      if let name = caseName.value {
        guard name == label else { return nil }
        return child.value as? Value
      }
      guard
        let value = child.value as? Value,
        let name = Mirror(reflecting: embed(value)).children.first?.label
      else { return nil }
      caseName.value = name
      return name == label ? value : nil
    }
  }

  /// The root for `value`.
  public func embed(_ value: Value) -> Root { _embed(value) }

  /// The value, if `root` is this case.
  public func extract(from root: Root) -> Value? { _extract(root) }
}

extension AnyCasePath where Root == Value? {
  /// The path to the wrapped value of an optional.
  public static var some: Self {
    Self(embed: { $0 }, extract: { $0 })
  }
}

/// The case name a reflective case path embeds into, learnt on first use.
private final class CaseNameCache: @unchecked Sendable {
  private let lock = NSLock()
  private var name: String?

  var value: String? {
    get { lock.withLock { name } }
    set { lock.withLock { name = newValue } }
  }
}
