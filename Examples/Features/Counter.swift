import Runtime

/// The counter from TCA's "01-GettingStarted-Counter" case study: two buttons change a number.
public struct Counter: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var count = 0
    public init(count: Int = 0) { self.count = count }
  }

  public enum Action: Codable, Equatable, Sendable {
    case decrementButtonTapped
    case incrementButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}
