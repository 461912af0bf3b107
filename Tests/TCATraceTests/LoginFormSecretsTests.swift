import Foundation
import Runtime
import Testing

// A login form as TCA apps write it: fields named by an enum, a dictionary of their texts keyed by
// it, an action that says which field changed, rows of (field, value), and a bearer token in an
// enum. The QA run wrote the password and the one-time code into the file in all of these.

enum LoginField: String, Hashable, Sendable {
  case email, password, otp
}

struct LoginFormEntry: Equatable, Sendable {
  var field: LoginField
  var value: String
}

enum LoginAuth: Equatable, Sendable {
  case anonymous
  case bearer(String)
}

struct LoginForm: Reducer {
  struct State: Equatable, Sendable {
    var form: [LoginField: String] = [:]
    var entries: [LoginFormEntry] = []
    var auth = LoginAuth.anonymous
    var callback: URL?
  }
  enum Action: Equatable, Sendable {
    case textChanged(field: LoginField, value: String)
    case signedIn(LoginAuth)
    case redirected(URL)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .textChanged(field, value):
      state.form[field] = value
      if let index = state.entries.firstIndex(where: { $0.field == field }) {
        state.entries[index].value = value
      } else {
        state.entries.append(LoginFormEntry(field: field, value: value))
      }
    case let .signedIn(auth):
      state.auth = auth
    case let .redirected(url):
      state.callback = url
    }
    return .none
  }
}

@MainActor
@Suite struct LoginFormSecretsTests {
  private func record(in directory: TemporaryDirectory) -> String {
    let path = directory.path("login.jsonl")
    var options = TraceRecorderOptions()
    options.timestamps = .deterministic
    do {
      let store = Store(initialState: LoginForm.State()) { LoginForm().debug(to: .file(path), options: options) }
      store.send(.textChanged(field: .email, value: "ada@example.com"))
      store.send(.textChanged(field: .password, value: "SECRET-password-1"))
      store.send(.textChanged(field: .otp, value: "SECRET-otp-2"))
      store.send(.textChanged(field: .password, value: "SECRET-password-3"))
      store.send(.signedIn(.bearer("SECRET-bearer-4")))
      store.send(.redirected(URL(string: "https://ada:SECRET-6@x.test/cb?access_token=SECRET-url-5&page=2")!))
    }
    return path
  }

  @Test func noSecretReachesTheFile() throws {
    let directory = TemporaryDirectory()
    let text = try String(contentsOfFile: record(in: directory), encoding: .utf8)
    #expect(!text.contains("SECRET"), "\(text)")
    #expect(text.contains(#""textChanged":{"field":{"$enum":"LoginField","email":{}},"value":"ada@example.com"}"#))
    #expect(
      text.contains(#""textChanged":{"field":{"$enum":"LoginField","password":{}},"value":{"$redacted":"String"}}"#))
    #expect(text.contains(#""bearer":{"_0":{"$redacted":"String"}}"#))
    #expect(text.contains(#""$url":"https://ada:%3Credacted%3E@x.test/cb?access_token=%3Credacted%3E&page=2""#))
  }

  /// `show` says which field changed and never its text; the one-time code's row is new, the
  /// password's row and its entry in the form (keyed by a case named for a secret) changed from
  /// one secret to another.
  @Test func theFormShowsWhichFieldChangedAndNotItsText() {
    let directory = TemporaryDirectory()
    let path = record(in: directory)
    #expect(
      tcaTrace("show", path, "--from", "3", "--to", "4", "--color", "never")
        == ToolRun(
          stdout: """
            LoginForm — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #3      +0.003s     0ns  LoginForm.Action.textChanged(field: .otp, value:)
                LoginForm.Action.textChanged(
                  field: .otp,
                  value: <redacted String>
                )
                LoginForm.State(
                  form: [
                    … (2 unchanged),
              +     .otp: <redacted String>
                  ],
                  entries: [
                    … (2 unchanged),
              +     [2]: LoginFormEntry(
              +       field: .otp,
              +       value: <redacted String>
              +     )
                  ],
                  … (2 unchanged)
                )

            #4      +0.004s     0ns  LoginForm.Action.textChanged(field: .password, value:)
                LoginForm.Action.textChanged(
                  field: .password,
                  value: <redacted String>
                )
                LoginForm.State(
                  form: [
                    … (2 unchanged),
              -     .password: <redacted String>
              +     .password: <redacted String>
                  ],
                  entries: [
                    … (1 unchanged),
                    [1]: LoginFormEntry(
                      … (1 unchanged),
              -       value: <redacted String>
              +       value: <redacted String>
                    ),
                    … (1 unchanged)
                  ],
                  … (2 unchanged)
                )

            """))
  }
}
