import Foundation
import RuntimeTesting
import Testing
import TraceTestSupport

/// A sign-in form whose token is redacted in traces.
struct SignIn: Reducer {
  struct State: Equatable {
    var user = ""
    @Redacted var token = ""
    var attempts: [String: Int] = [:]
  }

  enum Action: Codable, Equatable {
    case userChanged(String)
    case signedIn(token: String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .userChanged(user):
        state.user = user
        state.attempts[user, default: 0] += 1
      case let .signedIn(token):
        state.token = token
      }
      return .none
    }
  }
}

@MainActor @Suite struct TraceReplayRedactionTests {
  /// Records a session with a test store and replays it into a fresh one: the redacted token
  /// (`{"$redacted":"String"}` in the trace) matches whatever the store holds, and the
  /// dictionary matches whatever order it was recorded in.
  @Test func redactedFieldsAndDictionariesMatch() async throws {
    let path = traceTemporaryPath("replay-redaction.jsonl")
    do {
      // Word redaction (on by default) would hide the `signedIn(token:)` payload, and an action
      // whose value the trace does not hold cannot be replayed: only `@Redacted` applies here.
      var options = TraceRecorderOptions()
      options.redaction = .none
      let recording = TestStore(
        initialState: SignIn.State(), reducer: SignIn(), trace: .file(path), timestamps: .deterministic,
        traceOptions: options
      )
      await recording.send(.userChanged("ada")) {
        $0.user = "ada"; $0.attempts = ["ada": 1]
      }
      await recording.send(.userChanged("grace")) {
        $0.user = "grace"; $0.attempts = ["ada": 1, "grace": 1]
      }
      await recording.send(.signedIn(token: "s3cr3t")) { $0.token = "s3cr3t" }
    }
    let trace = try String(contentsOfFile: path, encoding: .utf8)
    #expect(trace.contains(#""token":{"$redacted":"String"}"#))

    let log = FailureLog()
    let store = TestStore(initialState: SignIn.State(), failureReporter: log.reporter) { SignIn() }
    let report = await store.replay(trace: path)
    #expect(log.failures.map(\.message) == [])
    #expect(report.matched == 3)
  }
}
