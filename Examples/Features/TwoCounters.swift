import Runtime

/// Two independent counters composed with ``Scope`` ("02-Composition-TwoCounters").
public struct TwoCounters: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var counter1 = Counter.State()
    public var counter2 = Counter.State()
    public init(counter1: Counter.State = .init(), counter2: Counter.State = .init()) {
      self.counter1 = counter1
      self.counter2 = counter2
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case counter1(Counter.Action)
    case counter2(Counter.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.counter1, action: Action.counter1) { Counter() }
    Scope(state: \.counter2, action: Action.counter2) { Counter() }
  }
}
