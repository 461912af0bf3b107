import Foundation
import Runtime

/// One row of the todo list ("Todos" example): a checkbox and a text field.
public struct Todo: Reducer {
  public struct State: Codable, Equatable, Identifiable, Sendable {
    public var description: String
    public let id: UUID
    public var isComplete: Bool

    public init(description: String = "", id: UUID, isComplete: Bool = false) {
      self.description = description
      self.id = id
      self.isComplete = isComplete
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case checkBoxToggled
    case textFieldChanged(String)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .checkBoxToggled:
        state.isComplete.toggle()
        return .none
      case let .textFieldChanged(description):
        state.description = description
        return .none
      }
    }
  }
}

/// Makes ids for new todos: `UUID()` in apps, a counter (`00000000-0000-0000-0000-000000000000`,
/// `…0001`, …) in tests and scripted runs.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }

  public func callAsFunction() -> UUID { generate() }

  /// Random ids.
  public static let random = Self { UUID() }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, and so on.
  public static func incrementing() -> Self {
    let counter = IncrementingCounter()
    return Self { UUID(counter.next()) }
  }
}

extension UUID {
  /// The id whose last 12 hex digits are `n`: `UUID(1)` is `00000000-0000-0000-0000-000000000001`.
  public init(_ n: Int) {
    self.init(uuidString: "00000000-0000-0000-0000-\(String(format: "%012x", n))")!
  }
}

private final class IncrementingCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func next() -> Int {
    lock.withLock {
      defer { value += 1 }
      return value
    }
  }
}
