import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

private struct Account: Equatable {
  var user = "ada"
  var apiKey = "SECRET-apikey-1"
  var authToken = "SECRET-authtoken-2"
  var userPassword = "SECRET-password-3"
  var client_secret = "SECRET-snake-4"
  var headers: [String: String] = ["Authorization": "Bearer SECRET-bearer-5", "Accept": "text/plain"]
  var PRIVATE_KEY: String? = nil
  var tokenizer = "not a secret"
}

private enum AccountAction: Equatable {
  case login(user: String, password: String)
  case setCookie(cookie: String)
  case setKey(privateKey: String)
  case rename(String)
}

/// Default redaction, found by searching the trace's bytes: no secret-like name's value reaches
/// the disk, in states, actions or patches; the marker keeps the type; the header names the rules.
@Suite struct RecorderRedactionTests {
  private func record(_ options: TraceRecorderOptions = .init()) throws -> String {
    let path = traceTemporaryPath()
    let recorder = TraceRecorder(name: "Account", to: .file(path), options: options)
    var state = Account()
    let initial = state
    state.user = "grace"
    recorder.record(action: AccountAction.login(user: "grace", password: "SECRET-payload-6"), from: initial, to: state)
    var next = state
    next.headers["Cookie"] = "SECRET-cookie-7"
    next.headers["X-Api-Key"] = "SECRET-xapikey-8"
    recorder.record(action: AccountAction.setCookie(cookie: "SECRET-cookie-7"), from: state, to: next)
    var keyed = next
    keyed.PRIVATE_KEY = "SECRET-pem-9"
    recorder.record(action: AccountAction.setKey(privateKey: "SECRET-pem-9"), from: next, to: keyed)
    recorder.close()
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func secretsNeverReachTheFileByDefault() throws {
    let text = try record()
    #expect(!text.contains("SECRET"), "\(text)")
    #expect(text.contains(#""redaction":"default""#))
    // The type stays; a set optional shows its wrapped type, so setting it is a change.
    #expect(text.contains(#""apiKey":{"$redacted":"String"}"#))
    #expect(text.contains(#""authToken":{"$redacted":"String"}"#))
    #expect(text.contains(#""userPassword":{"$redacted":"String"}"#))
    #expect(text.contains(#""client_secret":{"$redacted":"String"}"#))
    #expect(text.contains(#""Authorization":{"$redacted":"String"}"#))
    #expect(text.contains(#""Accept":"text/plain""#))
    #expect(text.contains(#""tokenizer":"not a secret""#))
    #expect(text.contains(#""login":{"user":"grace","password":{"$redacted":"String"}}"#))
    #expect(text.contains(#"{"op":"add","path":"/headers/Cookie","value":{"$redacted":"String"}}"#))
    #expect(text.contains(#"{"op":"add","path":"/headers/X-Api-Key","value":{"$redacted":"String"}}"#))
    #expect(text.contains(#"{"op":"replace","path":"/PRIVATE_KEY","value":{"$redacted":"String"}}"#))
    #expect(text.contains(#""setKey":{"privateKey":{"$redacted":"String"}}"#))
    #expect(TraceValidator.validate(try TraceReader(path: writeTemporary(text))).map(\.description) == [])
  }

  /// A secret in a dictionary replaced by another: the change is in the trace (a replace of that
  /// entry with the marker), the secret is not — as for a redacted field.
  @Test func aChangedSecretInADictionaryIsAReplaceWithTheMarkers() throws {
    let path = traceTemporaryPath()
    let recorder = TraceRecorder(name: "Account", to: .file(path))
    var state = Account()
    let before = state
    state.headers["Authorization"] = "Bearer SECRET-rotated-10"
    recorder.record(action: AccountAction.rename("rotate"), from: before, to: state)
    recorder.close()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("SECRET"))
    let action = try #require(text.split(separator: "\n").first { $0.contains(#""kind":"action""#) })
    #expect(
      action.hasSuffix(
        #""patch":[{"op":"replace","path":"/headers/Authorization","value":{"$redacted":"String"}}]}"#
      ))
  }

  @Test func redactionCanBeTurnedOffOrExtended() throws {
    var off = TraceRecorderOptions()
    off.redaction = .none
    let clear = try record(off)
    #expect(clear.contains("SECRET-apikey-1"))
    #expect(clear.contains("SECRET-payload-6"))
    #expect(clear.contains(#""redaction":"none""#))

    var more = TraceRecorderOptions()
    more.redaction = .default.adding(["user"])
    let extended = try record(more)
    #expect(!extended.contains("grace"))
    #expect(!extended.contains("SECRET"))
    #expect(extended.contains(#""redaction":"default+custom""#))
  }

  @Test(arguments: [
    ("password", true), ("userPassword", true), ("user_password", true), ("USER-PASSWORD", true),
    ("passwd", true), ("passcode", true), ("clientSecret", true), ("authToken", true), ("accessTokens", true),
    ("apiKey", true), ("api_key", true), ("APIKey", true), ("X-API-Key", true), ("apikey", true),
    ("Authorization", true), ("cookie", true), ("Set-Cookie", true), ("credentials", true),
    ("privateKey", true), ("private_key_pem", true),
    ("title", false), ("tokenizer", false), ("secretary", false), ("keyPath", false), ("api", false),
    ("passwordless", false), ("", false),
  ])
  func wordsMatchInAnySpelling(_ name: String, _ redacted: Bool) {
    #expect(TraceRedaction.default.matches(name) == redacted)
  }

  /// A URL keeps its shape; the values of query items and fragment parameters named by a secret
  /// word and its password read `<redacted>`, percent-encoded (the value is still a URL).
  @Test(arguments: [
    (
      "https://ada:pw@x.test/cb?access_token=abc&page=2#id_token=def",
      "https://ada:%3Credacted%3E@x.test/cb?access_token=%3Credacted%3E&page=2#id_token=%3Credacted%3E"
    ),
    ("https://x.test/cb?api%5Fkey=abc&q=a%26b", "https://x.test/cb?api%5Fkey=%3Credacted%3E&q=a%26b"),
    ("https://x.test/search?q=token&page=2#top", "https://x.test/search?q=token&page=2#top"),
    ("file:///tmp/a.txt", "file:///tmp/a.txt"),
  ])
  func urlsKeepTheirShapeWithoutTheirSecrets(_ url: String, _ written: String) {
    #expect(
      Value(reflecting: URL(string: url)!, options: ReflectionOptions(redaction: .default))
        == .url(URL(string: written)!))
    #expect(
      Value(reflecting: URL(string: url)!, options: ReflectionOptions(redaction: .none)) == .url(URL(string: url)!))
  }

  /// A URL made relative to a base is written whole, so the base's secrets are redacted too
  /// (review: they were written as they were).
  @Test func aURLRelativeToABaseLosesTheBasesSecrets() {
    let base = URL(string: "https://ada:pw@x.test/api/?api_key=abc")!
    #expect(
      Value(reflecting: URL(string: "#top", relativeTo: base)!, options: ReflectionOptions(redaction: .default))
        == .url(URL(string: "https://ada:%3Credacted%3E@x.test/api/?api_key=%3Credacted%3E#top")!))
    #expect(
      Value(reflecting: URL(string: "users", relativeTo: base)!, options: ReflectionOptions(redaction: .default))
        == .url(URL(string: "https://ada:%3Credacted%3E@x.test/api/users")!))
  }

  /// Dictionary keys that name a secret through an id type around a string, or a case's one
  /// string value (review: both were written in the clear).
  @Test func keysAroundASecretNameAreRedacted() {
    struct Key: Hashable { var rawValue: String }
    enum Named: Hashable { case custom(String) }
    let options = ReflectionOptions(redaction: .default)
    #expect(
      Value(reflecting: [Key(rawValue: "password"): "s3cr3t"], options: options).containsRedaction)
    #expect(Value(reflecting: [Named.custom("api_key"): "s3cr3t"], options: options).containsRedaction)
    #expect(!Value(reflecting: [Key(rawValue: "title"): "Milk"], options: options).containsRedaction)
  }

  @Test func namesSplitIntoWords() {
    #expect(TraceRedaction.split("userPassword") == ["user", "password"])
    #expect(TraceRedaction.split("X-API-Key") == ["x", "api", "key"])
    #expect(TraceRedaction.split("AUTH_TOKEN") == ["auth", "token"])
    #expect(TraceRedaction.split("privateKeyPEM") == ["private", "key", "pem"])
    #expect(TraceRedaction.split("_token2") == ["token"])
  }

  private func writeTemporary(_ text: String) throws -> String {
    let path = traceTemporaryPath()
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }
}
