import Foundation
import Runtime
import Testing

// Secrets as TCA apps carry them, recorded by a child `.debug()` inside `body` with the default
// options: an unlabelled payload of a case named for a secret, a header or query item whose name
// says what its value is, and a secret replaced by another (which must still show as changed).

struct HTTPHeader: Equatable, Sendable {
  var name: String
  var value: String
}

struct SessionFeature: Reducer {
  struct State: Equatable, Sendable {
    var password = "SECRET-first-1"
    var cookie: String?
    var headers: [HTTPHeader] = [HTTPHeader(name: "Accept", value: "text/plain")]
    var query: [URLQueryItem] = []
  }
  enum Action: Equatable, Sendable {
    case setCookie(String)
    case tokenReceived(String, expires: Int)
    case setHeader(name: String, value: String)
    case addQuery(URLQueryItem)
    case passwordChanged(to: String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .setCookie(cookie): state.cookie = cookie
    case .tokenReceived: break
    case let .setHeader(name, value): state.headers.append(HTTPHeader(name: name, value: value))
    case let .addQuery(item): state.query.append(item)
    case let .passwordChanged(password): state.password = password
    }
    return .none
  }
}

struct SessionApp: Reducer {
  struct State: Equatable, Sendable { var session = SessionFeature.State() }
  enum Action: Equatable, Sendable {
    case session(SessionFeature.Action)
    static let sessionCase = AnyCasePath<Self, SessionFeature.Action>(embed: Self.session) { action in
      if case let .session(sessionAction) = action { sessionAction } else { nil }
    }
  }
  let path: String
  static var options: TraceRecorderOptions {
    var options = TraceRecorderOptions()
    options.timestamps = .deterministic
    return options
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.session, action: Action.sessionCase) {
      SessionFeature().debug(to: .file(path), options: Self.options)
    }
  }
}

@MainActor
@Suite struct SecretShapesTests {
  private func record(in directory: TemporaryDirectory) -> String {
    let path = directory.path("session.jsonl")
    do {
      let store = Store(initialState: SessionApp.State()) { SessionApp(path: path) }
      store.send(.session(.setCookie("SECRET-cookie-2")))
      store.send(.session(.tokenReceived("SECRET-token-3", expires: 3600)))
      store.send(.session(.setHeader(name: "Authorization", value: "Bearer SECRET-bearer-4")))
      store.send(.session(.addQuery(URLQueryItem(name: "access_token", value: "SECRET-query-5"))))
      store.send(.session(.addQuery(URLQueryItem(name: "page", value: "2"))))
      store.send(.session(.passwordChanged(to: "SECRET-second-6")))
    }
    return path
  }

  @Test func noSecretReachesTheFile() throws {
    let directory = TemporaryDirectory()
    let text = try String(contentsOfFile: record(in: directory), encoding: .utf8)
    #expect(!text.contains("SECRET"), "\(text)")
    #expect(text.contains(#""setCookie":{"_0":{"$redacted":"String"}}"#))
    #expect(text.contains(#""tokenReceived":{"_0":{"$redacted":"String"},"expires":3600}"#))
    #expect(text.contains(#""setHeader":{"name":"Authorization","value":{"$redacted":"String"}}"#))
    #expect(text.contains(#""value":"text/plain""#))
    #expect(text.contains(#""value":"2""#))
  }

  @Test func aSecretReplacedByAnotherShowsAsChanged() {
    let directory = TemporaryDirectory()
    let path = record(in: directory)
    let shown = tcaTrace("show", path, "--from", "6", "--color", "never")
    #expect(
      shown
        == ToolRun(
          stdout: """
            SessionFeature — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #6      +0.006s     0ns  SessionFeature.Action.passwordChanged
                SessionFeature.Action.passwordChanged(
                  to: <redacted String>
                )
                SessionFeature.State(
              -   password: <redacted String>,
              +   password: <redacted String>,
                  … (3 unchanged)
                )
            end +0.007s: 6 actions

            """))
  }
}
