import Foundation
import Runtime
import Testing

/// A secret inside elements without identity (`[ServiceKey]`, `[KeyringAuth]`: diffed as plain
/// sequences) or in a struct's field, replaced by another: `show` lists that element as changed,
/// redacted on both sides, also when the same action adds, removes or shifts elements (the
/// rotation read as unchanged: the recorder matched the elements as they read, redacted; and
/// `show` compared the elements of an array changed otherwise as they read, identified ones too).
struct ServiceKey: Equatable, Sendable {
  var service: String
  var apiKey: String
}

enum KeyringAuth: Equatable, Sendable {
  case anonymous
  case apiKey(String)
}

struct KeyringDevice: Equatable, Identifiable, Sendable {
  var id: Int
  var token: String
}

struct KeyringAccount: Equatable, Sendable {
  var user = "ada"
  var password: String
}

struct Keyring: Reducer {
  struct State: Equatable, Sendable {
    var services = [ServiceKey(service: "mail", apiKey: "SECRET-1"), ServiceKey(service: "maps", apiKey: "SECRET-2")]
    var auths: [KeyringAuth] = [.anonymous, .apiKey("SECRET-A")]
    var account = KeyringAccount(password: "SECRET-P")
    var devices = [KeyringDevice(id: 1, token: "SECRET-D1"), KeyringDevice(id: 2, token: "SECRET-D2")]
  }
  enum Action: Equatable, Sendable {
    case rotateKey, rotateKeyAndAdd, rotateAuthAndAdd, rotatePassword, same, rotateDeviceAndAdd, rotateDeviceAndMove
  }
  let secret: String
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rotateKey:
      state.services[1].apiKey = "SECRET-\(secret)-3"
    case .rotateKeyAndAdd:
      state.services[1].apiKey = "SECRET-\(secret)-4"
      state.services.insert(ServiceKey(service: "news", apiKey: "SECRET-5"), at: 0)
    case .rotateAuthAndAdd:
      state.auths[1] = .apiKey("SECRET-\(secret)-B")
      state.auths.append(.anonymous)
    case .rotatePassword:
      state.account.password = "SECRET-\(secret)-Q"
    case .same:
      state.account.password = "SECRET-\(secret)-Q"
    case .rotateDeviceAndAdd:
      state.devices[0].token = "SECRET-\(secret)-D2"
      state.devices.append(KeyringDevice(id: 3, token: "SECRET-D3"))
    case .rotateDeviceAndMove:
      state.devices[1].token = "SECRET-\(secret)-D4"
      state.devices.append(state.devices.removeFirst())
    }
    return .none
  }
}

@MainActor
@Suite struct ShowSecretElementTests {
  private func record(_ name: String, secret: String = "x", in directory: TemporaryDirectory) -> String {
    let path = directory.path(name)
    var options = TraceRecorderOptions()
    options.timestamps = .deterministic
    do {
      let store = Store(initialState: Keyring.State()) {
        Keyring(secret: secret).debug(to: .file(path), options: options)
      }
      for action in [
        Keyring.Action.rotateKey, .rotateKeyAndAdd, .rotateAuthAndAdd, .rotatePassword, .same, .rotateDeviceAndAdd,
        .rotateDeviceAndMove,
      ] {
        store.send(action)
      }
    }
    return path
  }

  @Test func aChangedSecretInAnElementIsListedRedacted() throws {
    let directory = TemporaryDirectory()
    let path = record("keyring.jsonl", in: directory)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("SECRET"), "\(text)")
    // The patch names the field in the element (at its index once the element is in place),
    // never its value.
    #expect(
      text.contains(
        #""patch":[{"op":"add","path":"/services/0","value":{"$type":"ServiceKey","service":"news","apiKey":{"$redacted":"String"}}},{"op":"replace","path":"/services/2/apiKey","value":{"$redacted":"String"}}]"#
      ))
    #expect(
      text.contains(
        #""patch":[{"op":"replace","path":"/auths/1/apiKey/_0","value":{"$redacted":"String"}},{"op":"add","path":"/auths/2","value":{"$enum":"KeyringAuth","anonymous":{}}}]"#
      ))
    // A replace before a move: the element it changed ends up at another index.
    #expect(
      text.contains(
        #""patch":[{"op":"replace","path":"/devices/1/token","value":{"$redacted":"String"}},{"op":"move","from":"/devices/0","path":"/devices/2"}]"#
      ))
    #expect(
      tcaTrace("show", path, "--color", "never")
        == ToolRun(
          stdout: """
            Keyring — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.001s     0ns  Keyring.Action.rotateKey
                Keyring.Action.rotateKey
                Keyring.State(
                  services: [
                    … (1 unchanged),
                    [1]: ServiceKey(
                      … (1 unchanged),
              -       apiKey: <redacted String>
              +       apiKey: <redacted String>
                    )
                  ],
                  … (3 unchanged)
                )

            #2      +0.002s     0ns  Keyring.Action.rotateKeyAndAdd
                Keyring.Action.rotateKeyAndAdd
                Keyring.State(
                  services: [
              +     [0]: ServiceKey(
              +       service: "news",
              +       apiKey: <redacted String>
              +     ),
                    … (1 unchanged),
                    [2 (was 1)]: ServiceKey(
                      … (1 unchanged),
              -       apiKey: <redacted String>
              +       apiKey: <redacted String>
                    )
                  ],
                  … (3 unchanged)
                )

            #3      +0.003s     0ns  Keyring.Action.rotateAuthAndAdd
                Keyring.Action.rotateAuthAndAdd
                Keyring.State(
                  … (1 unchanged),
                  auths: [
                    … (1 unchanged),
                    [1]: .apiKey(
              -       <redacted String>
              +       <redacted String>
                    ),
              +     [2]: .anonymous
                  ],
                  … (2 unchanged)
                )

            #4      +0.004s     0ns  Keyring.Action.rotatePassword
                Keyring.Action.rotatePassword
                Keyring.State(
                  … (2 unchanged),
                  account: KeyringAccount(
                    … (1 unchanged),
              -     password: <redacted String>
              +     password: <redacted String>
                  ),
                  … (1 unchanged)
                )

            #5      +0.005s     0ns  Keyring.Action.same
                Keyring.Action.same
              (No state changes)

            #6      +0.006s     0ns  Keyring.Action.rotateDeviceAndAdd
                Keyring.Action.rotateDeviceAndAdd
                Keyring.State(
                  … (3 unchanged),
                  devices: [
                    [0, id: 1]: KeyringDevice(
                      … (1 unchanged),
              -       token: <redacted String>
              +       token: <redacted String>
                    ),
                    … (1 unchanged),
              +     [2, id: 3]: KeyringDevice(
              +       id: 3,
              +       token: <redacted String>
              +     )
                  ]
                )

            #7      +0.007s     0ns  Keyring.Action.rotateDeviceAndMove
                Keyring.Action.rotateDeviceAndMove
                Keyring.State(
                  … (3 unchanged),
                  devices: [
                    [0 (was 1), id: 2]: KeyringDevice(
                      … (1 unchanged),
              -       token: <redacted String>
              +       token: <redacted String>
                    ),
                    … (1 unchanged),
              ~     [0 → 2, id: 1]
                  ]
                )
            end +0.008s: 7 actions

            """))
  }

  /// `blame` of an element, or of the array or struct holding a secret, lists the action that
  /// replaced the secret (it said no action changed it: both sides read the same).
  @Test func blameListsTheRotationAboveTheSecret() {
    let directory = TemporaryDirectory()
    _ = record("keyring.jsonl", in: directory)
    #expect(
      tcaTrace("blame", "keyring.jsonl", "services", "--color", "never", in: directory)
        == ToolRun(
          stdout: """
            #1      +0.001s     0ns  Keyring.Action.rotateKey
              - [ServiceKey(service: "mail", apiKey: <redacted String>), ServiceKey(service: "maps", apiKey: <redacted String>)]
              + [ServiceKey(service: "mail", apiKey: <redacted String>), ServiceKey(service: "maps", apiKey: <redacted String>)]
            #2      +0.002s     0ns  Keyring.Action.rotateKeyAndAdd
              - [ServiceKey(service: "mail", apiKey: <redacted String>), ServiceKey(service: "maps", apiKey: <redacted String>)]
              + [ServiceKey(service: "news", apiKey: <redacted String>), ServiceKey(service: "mail", apiKey: <redacted String>), ServiceKey(service: "maps", apiKey: <redacted String>)]
            2 actions changed services.

            """))
    #expect(
      tcaTrace("blame", "keyring.jsonl", "auths[1]", "--color", "never", in: directory)
        == ToolRun(
          stdout: """
            #3      +0.003s     0ns  Keyring.Action.rotateAuthAndAdd
              - .apiKey(<redacted String>)
              + .apiKey(<redacted String>)
            1 action changed auths[1].

            """))
    #expect(
      tcaTrace("blame", "keyring.jsonl", "account", "--color", "never", in: directory)
        == ToolRun(
          stdout: """
            #4      +0.004s     0ns  Keyring.Action.rotatePassword
              - KeyringAccount(user: "ada", password: <redacted String>)
              + KeyringAccount(user: "ada", password: <redacted String>)
            1 action changed account.

            """))
  }

  /// Two runs that replace the secrets with different ones behave the same as far as the traces
  /// can tell: neither secret is known, nor printed.
  @Test func runsWithOtherSecretsCompareEqual() {
    let directory = TemporaryDirectory()
    _ = record("golden.jsonl", secret: "golden", in: directory)
    _ = record("current.jsonl", secret: "current", in: directory)
    #expect(
      tcaTrace("diff", "golden.jsonl", "current.jsonl", in: directory)
        == ToolRun(
          stdout: """
            No behavioural differences: golden.jsonl and current.jsonl (7 actions each) behave the same.

            """))
  }
}
