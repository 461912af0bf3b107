import Runtime
import Testing

/// A session that is logged in (with a log whose `.tap` sleeps a second, then logs "done") or
/// logged out; the logged-in reducer is instrumented into `lines`.
struct Session: Reducer {
  enum State: Equatable { case loggedIn([String]), loggedOut }
  enum Action: Equatable, Sendable { case loggedIn(LogAction), logIn, logOut }

  let loggedIn: Instrumented<LogFeature>

  init(clock: TestClock, lines: Lines) {
    loggedIn = Instrumented(base: LogFeature(tapEffect: sleepThenLog(clock)), name: "loggedIn", lines: lines)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loggedIn(.log("log out")): state = .loggedOut
      case .loggedIn: break
      case .logIn: state = .loggedIn([])
      case .logOut: state = .loggedOut
      }
      return .none
    }
    .ifCaseLet(
      AnyCasePath(State.loggedIn), action: Action.loggedIn, then: { loggedIn }, fileID: "Session.swift", line: 20)
  }
}

/// Effects are awaited; a regression that never finishes fails after a minute instead of hanging.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct IfCaseLetReducerTests {
  let clock = TestClock()
  let lines = Lines()

  func makeStore(_ state: Session.State = .loggedIn([])) -> StoreOf<Session> {
    Store(initialState: state) { Session(clock: clock, lines: lines) }
  }

  @Test func runsTheChildOnTheCaseBeforeTheParent() {
    let store = makeStore()
    store.send(.loggedIn(.log("hello")))
    #expect(store.state == .loggedIn(["hello"]))
    store.send(.loggedIn(.log("log out")))  // the child logs it, then the parent logs out
    #expect(store.state == .loggedOut)
    #expect(lines.all == ["loggedIn: log(\"hello\") from user", "loggedIn: log(\"log out\") from user"])
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let store = makeStore()
    let warnings = await capturingWarnings {
      let task = store.send(.loggedIn(.tap))
      await clock.waitForSleepers(1)
      store.send(.logOut)
      #expect(clock.sleeperCount == 0)
      await task.finish()
    }
    #expect(store.state == .loggedOut)
    #expect(warnings == [])
    #expect(lines.all == ["loggedIn: tap from user", "loggedIn: effect#1 started", "loggedIn: effect#1 cancelled"])
  }

  @Test func enteringTheCaseAgainKeepsTheNewEffects() async {
    let store = makeStore()
    let old = store.send(.loggedIn(.tap))
    await clock.waitForSleepers(1)
    store.send(.logOut)
    await old.finish()
    store.send(.logIn)
    let new = store.send(.loggedIn(.tap))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await new.finish()
    #expect(store.state == .loggedIn(["done"]))
  }

  @Test func stayingInTheCaseKeepsTheEffects() async {
    let store = makeStore()
    let task = store.send(.loggedIn(.tap))
    await clock.waitForSleepers(1)
    store.send(.logIn)  // a new logged-in state, same case
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == .loggedIn(["done"]))
  }

  @Test func childActionForAnotherCaseIsAWarningNotACrash() async {
    let store = makeStore(.loggedOut)
    let warnings = await capturingWarnings {
      store.send(.loggedIn(.log("late")))
    }
    #expect(store.state == .loggedOut)
    #expect(
      warnings == [
        """
        An "ifCaseLet" at "Session.swift:20" received a child action when state was a different \
        case ("loggedOut"):

          loggedIn(RuntimeTests.LogAction.log("late"))

        The action was ignored. Make sure the state is in the child's case whenever a child action \
        can be sent.
        """
      ]
    )
  }
}
