import Runtime

/// A client that fetches a fact about a number, injected so tests and scripted runs control it.
public struct NumberFactClient: Sendable {
  public var fetch: @Sendable (Int) async throws -> String

  public init(fetch: @escaping @Sendable (Int) async throws -> String) {
    self.fetch = fetch
  }

  /// Answers at once with "N is a good number.".
  public static let good = Self { "\($0) is a good number." }

  /// Always fails with `NumbersAPIError`.
  public static let failing = Self { _ in throw NumbersAPIError() }
}

/// The error the number fact API fails with.
public struct NumbersAPIError: Codable, Error, Equatable, Sendable {
  public init() {}
}

/// The number fact feature ("01-GettingStarted-EffectsBasics"): a counter whose decrement is undone
/// after a second if it goes negative, and a button that loads a fact about the current number.
public struct EffectsBasics: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var count = 0
    public var isNumberFactRequestInFlight = false
    public var numberFact: String?
    public init(count: Int = 0, isNumberFactRequestInFlight: Bool = false, numberFact: String? = nil) {
      self.count = count
      self.isNumberFactRequestInFlight = isNumberFactRequestInFlight
      self.numberFact = numberFact
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case decrementButtonTapped
    case decrementDelayResponse
    case incrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(Result<String, NumbersAPIError>)
  }

  enum CancelID { case delay }

  let clock: any Clock<Duration>
  let factClient: NumberFactClient

  public init(clock: any Clock<Duration> = ContinuousClock(), factClient: NumberFactClient = .good) {
    self.clock = clock
    self.factClient = factClient
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.numberFact = nil
        return state.count >= 0
          ? .none
          : .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.decrementDelayResponse)
          }
          .cancellable(id: CancelID.delay)

      case .decrementDelayResponse:
        if state.count < 0 { state.count += 1 }
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.numberFact = nil
        return state.count >= 0 ? .cancel(id: CancelID.delay) : .none

      case .numberFactButtonTapped:
        state.isNumberFactRequestInFlight = true
        state.numberFact = nil
        return .run { [count = state.count, factClient] send in
          do {
            await send(.numberFactResponse(.success(try await factClient.fetch(count))))
          } catch {
            await send(.numberFactResponse(.failure(NumbersAPIError())))
          }
        }

      case let .numberFactResponse(.success(response)):
        state.isNumberFactRequestInFlight = false
        state.numberFact = response
        return .none

      case .numberFactResponse(.failure):
        state.isNumberFactRequestInFlight = false
        state.numberFact = "Could not load a number fact :("
        return .none
      }
    }
  }
}

// `Result` is not `Codable` in the standard library. The number fact feature sends one in an
// action, so replaying its traces (`store.replay(trace:)`) needs this conformance: Swift's
// synthesised enum layout, `{"success":{"_0":…}}` or `{"failure":{"_0":…}}`, as the trace
// records the case.
private enum ResultCodingKeys: String, CodingKey { case success, failure }
private enum ResultPayloadKeys: String, CodingKey { case _0 }

extension Result: @retroactive Decodable where Success: Decodable, Failure: Decodable {

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ResultCodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.typeMismatch(
        Self.self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one case"))
    }
    let payload = try container.nestedContainer(keyedBy: ResultPayloadKeys.self, forKey: key)
    switch key {
    case .success: self = .success(try payload.decode(Success.self, forKey: ._0))
    case .failure: self = .failure(try payload.decode(Failure.self, forKey: ._0))
    }
  }
}

extension Result: @retroactive Encodable where Success: Encodable, Failure: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ResultCodingKeys.self)
    switch self {
    case let .success(value):
      var payload = container.nestedContainer(keyedBy: ResultPayloadKeys.self, forKey: .success)
      try payload.encode(value, forKey: ._0)
    case let .failure(error):
      var payload = container.nestedContainer(keyedBy: ResultPayloadKeys.self, forKey: .failure)
      try payload.encode(error, forKey: ._0)
    }
  }
}
