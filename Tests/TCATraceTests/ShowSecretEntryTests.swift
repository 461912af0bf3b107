import Foundation
import Runtime
import Testing

/// A secret kept in a dictionary under a secret-like key (`["apiKey": …]`, `[LoginField: String]`'s
/// `.password`) and replaced by another: `show` lists that entry as changed, redacted on both sides.
struct SecretSettings: Reducer {
  struct State: Equatable, Sendable {
    var settings: [String: String] = ["apiKey": "SECRET-1", "theme": "dark"]
    var byField: [LoginField: String] = [.password: "SECRET-A", .email: "ada"]
  }
  enum Action: Equatable, Sendable { case rotateKey, rotatePassword, same }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rotateKey: state.settings["apiKey"] = "SECRET-2"
    case .rotatePassword: state.byField[.password] = "SECRET-B"
    case .same: state.settings["apiKey"] = "SECRET-2"
    }
    return .none
  }
}

@MainActor
@Suite struct ShowSecretEntryTests {
  private func record(in directory: TemporaryDirectory) -> String {
    let path = directory.path("secrets.jsonl")
    var options = TraceRecorderOptions()
    options.timestamps = .deterministic
    do {
      let store = Store(initialState: SecretSettings.State()) {
        SecretSettings().debug(to: .file(path), options: options)
      }
      store.send(.rotateKey)
      store.send(.rotatePassword)
      store.send(.same)
    }
    return path
  }

  @Test func aChangedSecretEntryIsListedRedacted() throws {
    let directory = TemporaryDirectory()
    let path = record(in: directory)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("SECRET"), "\(text)")
    // The patch names the entry (by key, or by its pair's place), never its value.
    #expect(text.contains(#""patch":[{"op":"replace","path":"/settings/apiKey","value":{"$redacted":"String"}}]"#))
    #expect(text.contains(#""patch":[{"op":"replace","path":"/byField/$dict/1/1","value":{"$redacted":"String"}}]"#))
    #expect(
      tcaTrace("show", path, "--color", "never")
        == ToolRun(
          stdout: """
            SecretSettings — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.001s     0ns  SecretSettings.Action.rotateKey
                SecretSettings.Action.rotateKey
                SecretSettings.State(
                  settings: [
              -     "apiKey": <redacted String>,
              +     "apiKey": <redacted String>,
                    … (1 unchanged)
                  ],
                  … (1 unchanged)
                )

            #2      +0.002s     0ns  SecretSettings.Action.rotatePassword
                SecretSettings.Action.rotatePassword
                SecretSettings.State(
                  … (1 unchanged),
                  byField: [
                    … (1 unchanged),
              -     .password: <redacted String>
              +     .password: <redacted String>
                  ]
                )

            #3      +0.003s     0ns  SecretSettings.Action.same
                SecretSettings.Action.same
              (No state changes)
            end +0.004s: 3 actions

            """))
  }

  /// A trace recorded before entries were named replaced the whole dictionary with the markers:
  /// the dictionary is shown replaced, as it reads (never "No state changes"). A secret field
  /// replaced next to a key added elsewhere is listed too.
  @Test func aDictionaryReplacedWithTheSameMarkers() {
    let directory = TemporaryDirectory()
    let header =
      #"{"kind":"session","format":2,"reducer":"S","name":"S","prefix":"","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"Linux x86_64","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}"#
    func action(_ seq: Int, _ patch: String) -> String {
      #"{"kind":"action","seq":\#(seq),"t":\#(seq)000,"duration":0,"label":"S.Action.a","action":{"$enum":"S.Action","a":{}},"patch":[\#(patch)]}"#
    }
    _ = directory.file(
      "old.jsonl",
      contents: """
        \(header)
        {"kind":"state","seq":0,"t":0,"state":{"$type":"S.State","settings":{"apiKey":{"$redacted":"String"},"theme":"dark"},"byField":{"$dict":[[{"$enum":"LoginField","email":{}},"ada"],[{"$enum":"LoginField","password":{}},{"$redacted":"String"}]]},"apiKey":{"$redacted":"String"}}}
        \(action(1, #"{"op":"replace","path":"/byField","value":{"$dict":[[{"$enum":"LoginField","email":{}},"ada"],[{"$enum":"LoginField","password":{}},{"$redacted":"String"}]]}}"#))
        \(action(2, #"{"op":"replace","path":"/apiKey","value":{"$redacted":"String"}},{"op":"add","path":"/settings/zzz","value":"z"}"#))

        """)
    #expect(
      tcaTrace("show", "old.jsonl", in: directory)
        == ToolRun(
          stdout: """
            S — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.000s     0ns  S.Action.a
                S.Action.a
                S.State(
                  … (1 unchanged),
              -   byField: [
              -     .email: "ada",
              -     .password: <redacted String>
              -   ],
              +   byField: [
              +     .email: "ada",
              +     .password: <redacted String>
              +   ],
                  … (1 unchanged)
                )

            #2      +0.000s     0ns  S.Action.a
                S.Action.a
                S.State(
                  settings: [
                    … (2 unchanged),
              +     "zzz": "z"
                  ],
                  … (1 unchanged),
              -   apiKey: <redacted String>
              +   apiKey: <redacted String>
                )

            """))
  }
}
