import Foundation
import Testing

@testable import Debugging

private let secret = "hunter2-s3cr3t"

private struct Login {
  var user: String
  var password: String
  var apiToken: String?
  var Token: Int = 7
  var secretValue: Any = 42
}

private struct Session {
  var user = "ada"
  @Redacted var token = secret
  @Redacted var pin: Int? = 1234
}

private struct Password: CustomTraceRepresentable {
  var raw: String
  var traceValue: Value { .redacted(type: "Password") }
}

private struct Account {
  var name = "ada"
  var password = Password(raw: secret)
}

private enum AuthAction {
  case submit(user: String, password: String)
}

/// What a macro-observable type looks like to `Mirror` (TCA's `@ObservableState`).
private struct ObservableState {
  var _count = 1
  var _password = secret
  var _$id = UUID()
  var _$observationRegistrar = 0
}

private struct Cache { var _storage = 1 }

private final class Credentials {
  var user = "ada"
  var password = secret
  @Redacted var pin = 1234
}

private struct Stored: Codable, Equatable {
  @Redacted var token: String
}

private func expectNoSecret(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(!"\(value)".contains(secret), sourceLocation: sourceLocation)
  #expect(!reflectedTree(value).contains(secret), sourceLocation: sourceLocation)
}

@Suite struct RedactionTests {
  @Test func byFieldNameCaseInsensitive() {
    let login = Login(user: "ada", password: secret, apiToken: secret)
    let value = Value(
      reflecting: login,
      options: ReflectionOptions(redactedFieldNames: ["PASSWORD", "apitoken", "token", "secretValue"]))
    #expect(
      reflectedTree(value) == """
        Login(
          user: "ada",
          password: <redacted String>,
          apiToken: <redacted String>,
          Token: <redacted Int>,
          secretValue: <redacted Int>
        )
        """)
    expectNoSecret(value)
  }

  /// A redacted optional shows whether it is set, never what it holds: `nil` stays `null`, a
  /// value is `<redacted String>` (the wrapped type), so setting or clearing a secret is a change.
  @Test func aNilSecretStaysNullAndASetOneShowsItsWrappedType() {
    let options = ReflectionOptions(redactedFieldNames: ["apiToken"])
    #expect(Value(reflecting: Login(user: "ada", password: "", apiToken: nil), options: options)["apiToken"] == .null)
    #expect(
      Value(reflecting: Login(user: "ada", password: "", apiToken: "t"), options: options)["apiToken"]
        == .redacted(type: "String"))
  }

  @Test func withoutNamesNothingIsRedacted() {
    #expect(Value(reflecting: Login(user: "ada", password: secret, apiToken: nil))["password"] == .string(secret))
  }

  @Test func enumAssociatedValueLabels() {
    let value = Value(
      reflecting: AuthAction.submit(user: "ada", password: secret),
      options: ReflectionOptions(redactedFieldNames: ["password"]))
    #expect(
      reflectedTree(value) == """
        AuthAction.submit(
          user: "ada",
          password: <redacted String>
        )
        """)
    expectNoSecret(value)
  }

  @Test func propertyWrapper() {
    let value = Value(reflecting: Session())
    #expect(
      reflectedTree(value) == """
        Session(
          user: "ada",
          token: <redacted String>,
          pin: <redacted Int?>
        )
        """)
    expectNoSecret(value)
    #expect(Session().token == secret)
  }

  @Test func propertyWrapperHidesFromPrintAndDump() {
    var dumped = ""
    dump(Session(), to: &dumped)
    #expect(!dumped.contains(secret))
    #expect(!String(describing: Session()).contains(secret))
    #expect(!String(reflecting: Session()).contains(secret))
  }

  @Test func customTraceRepresentable() {
    let value = Value(reflecting: Account())
    #expect(
      reflectedTree(value) == """
        Account(
          name: "ada",
          password: <redacted Password>
        )
        """)
    expectNoSecret(value)
  }

  @Test func observableStorageNamesAndBookkeeping() {
    let value = Value(reflecting: ObservableState(), options: ReflectionOptions(redactedFieldNames: ["password"]))
    #expect(
      reflectedTree(value) == """
        ObservableState(
          count: 1,
          password: <redacted String>
        )
        """)
    expectNoSecret(value)
    #expect(Value(reflecting: Cache()) == .structure(type: "Cache", fields: [.init("_storage", .int(1))]))
  }

  @Test func isRedactedFieldHelper() {
    var options = ReflectionOptions(redactedFieldNames: ["Password"])
    #expect(options.isRedactedField("password"))
    #expect(options.isRedactedField("_PASSWORD"))
    #expect(!options.isRedactedField("passwords"))
    options.redactedFieldNames = ["pin"]
    #expect(!options.isRedactedField("password"))
    #expect(options.isRedactedField("Pin"))
  }

  @Test func traceChildrenPresentFieldsLikeReflect() {
    let options = ReflectionOptions(redactedFieldNames: ["user"])
    let session = Mirror(reflecting: Session()).traceChildren(options: options)
    #expect(session.map(\.label) == ["user", "token", "pin"])
    #expect(session.map(\.isRedacted) == [true, false, false])
    let observable = Mirror(reflecting: ObservableState()).traceChildren()
    #expect(observable.map(\.label) == ["count", "password"])
    let tuple = Mirror(reflecting: (1, b: 2)).traceChildren()
    #expect(tuple.map(\.label) == [nil, "b"])
  }

  @Test func classFieldsByName() {
    let value = Value(reflecting: Credentials(), options: ReflectionOptions(redactedFieldNames: ["password"]))
    #expect(
      reflectedTree(value) == """
        Credentials(
          user: "ada",
          password: <redacted String>,
          pin: <redacted Int>
        )
        """)
    expectNoSecret(value)
  }

  @Test func traceChildrenOfValueMatchesMirror() {
    let options = ReflectionOptions(redactedFieldNames: ["password"])
    let values: [Any] = [
      Session(), ObservableState(), (1, b: "two"), Login(user: "a", password: "b", apiToken: nil), Credentials(),
      [1, 2],
    ]
    for value in values {
      let fast = TraceChild.children(of: value, options: options)
      let mirror = Mirror(reflecting: value).traceChildren(options: options)
      #expect(fast.map(\.label) == mirror.map(\.label))
      #expect(fast.map(\.isRedacted) == mirror.map(\.isRedacted))
      #expect(fast.map { Value(reflecting: $0.value) } == mirror.map { Value(reflecting: $0.value) })
    }
    #expect(
      TraceChild.children(of: Login(user: "a", password: "b", apiToken: nil), options: options).map(\.isRedacted) == [
        false, true, false, false, false,
      ])
  }

  @Test func redactedIsTransparentToCodable() throws {
    let data = try JSONEncoder().encode(Stored(token: "abc"))
    #expect(String(decoding: data, as: UTF8.self) == #"{"token":"abc"}"#)
    #expect(try JSONDecoder().decode(Stored.self, from: data) == Stored(token: "abc"))
  }
}
