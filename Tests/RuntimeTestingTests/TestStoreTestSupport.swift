import RuntimeTesting

/// Collects what a `TestStore` reports, so tests can assert exact messages.
@MainActor
final class FailureLog {
  private(set) var failures: [TestFailure] = []

  /// A reporter that appends to this log.
  var reporter: TestFailureReporter {
    TestFailureReporter { [weak self] failure in self?.failures.append(failure) }
  }

  /// The messages of real failures, in order.
  var messages: [String] { failures.filter(\.isFailure).map(\.message) }

  /// The messages of informational notes (skipped assertions), in order.
  var notes: [String] { failures.filter { !$0.isFailure }.map(\.message) }
}

/// A feature whose first action makes an effect send a second one at once (`.send`), which
/// starts a delayed effect: for received actions and the effects they start.
struct Relay: Reducer {
  struct State: Equatable { var pings = 0, pongs = 0 }
  enum Action: Equatable { case start, ping, pong, stop }
  enum CancelID { case pong }
  let clock: TestClock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .send(.ping)
      case .ping:
        state.pings += 1
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.pong)
        }
        .cancellable(id: CancelID.pong)
      case .pong:
        state.pongs += 1
        return .none
      case .stop:
        return .cancel(id: CancelID.pong)
      }
    }
  }
}

/// A state whose `==` says two equal-looking values differ, so the diff engine finds nothing.
struct Unequal: Equatable, CustomStringConvertible {
  var value = 0
  static func == (lhs: Self, rhs: Self) -> Bool { false }
  var description: String { "Unequal(\(value))" }
}
