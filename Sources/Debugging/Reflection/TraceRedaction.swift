import Foundation

/// Which names hide their values: struct and class fields, enum payload labels, tuple labels and
/// dictionary `String` keys whose *words* include a secret-like word. Names are split into words
/// at camelCase humps, `_`, `-`, `.`, spaces and digits, in any letter case: `userPassword`,
/// `user_password`, `X-API-Key`, `AUTH_TOKEN`, `privateKeyPEM` and `Authorization` all match;
/// `tokenizer`, `secretary` and `passwordless` (one word that is not a secret word) do not.
///
/// ```swift
/// TraceRedaction.default.matches("authToken")          // true  (auth, token)
/// TraceRedaction.default.matches("api_key")            // true  (api, key)
/// TraceRedaction.default.matches("Authorization")      // true
/// TraceRedaction.default.matches("title")              // false
/// TraceRedaction.default.adding(["pin"]).matches("cardPIN")  // true
/// TraceRedaction.none.matches("password")              // false
/// ```
///
/// A redacted value is written `{"$redacted":"String"}`: its type stays, the value never reaches the
/// disk. A `nil` optional stays `null`, so a secret being set or cleared still shows as a change.
public struct TraceRedaction: Sendable, Hashable {
  /// Each entry is a run of lowercase words: `["password"]`, `["api", "key"]`.
  public private(set) var words: [[String]]
  /// The rule set's name in the session header: `default`, `default+custom`, `custom`, `none`.
  public private(set) var name: String

  /// The secret-like words redacted by default.
  public static let defaultWords: [String] = [
    "password", "passwd", "passphrase", "passcode", "secret", "token", "api key", "apikey",
    "access key", "private key", "privatekey", "authorization", "cookie", "credential",
    "credentials", "session key", "signing key", "otp", "cvv", "pin code", "bearer",
  ]

  /// `defaultWords`.
  public static let `default` = TraceRedaction(words: defaultWords, name: "default")
  /// Nothing is redacted by name (`@Redacted`, `CustomTraceRepresentable` and
  /// `redactedFieldNames` still apply).
  public static let none = TraceRedaction(words: [], name: "none")

  /// A rule set of your own: each entry is one word or several (`"api key"`, `"apiKey"` and
  /// `"api_key"` are the same entry).
  public static func words(_ words: [String]) -> TraceRedaction {
    TraceRedaction(words: words, name: "custom")
  }

  /// These rules and `more` words.
  public func adding(_ more: [String]) -> TraceRedaction {
    var result = self
    result.words += more.map(Self.split).filter { !$0.isEmpty }
    result.name = name == "none" ? "custom" : name == "default" ? "default+custom" : name
    result.cache = RedactionCache()
    return result
  }

  private var cache = RedactionCache()

  private init(words: [String], name: String) {
    self.words = words.map(Self.split).filter { !$0.isEmpty }
    self.name = name
  }

  /// Whether `name` (a field, label or dictionary key) holds a secret-like word.
  public func matches(_ name: String) -> Bool {
    guard !words.isEmpty, !name.isEmpty else { return false }
    if let known = cache.lookup(name) { return known }
    let result = Self.matches(Self.split(name), words)
    cache.store(name, result)
    return result
  }

  public static func == (a: TraceRedaction, b: TraceRedaction) -> Bool { a.words == b.words && a.name == b.name }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(words)
    hasher.combine(name)
  }

  /// Whether `entries` occur in `name`'s words, each as a run of whole words (a trailing `s`
  /// allowed on the last: `tokens`, `cookies`), or joined into one word (`apikey`).
  static func matches(_ name: [String], _ entries: [[String]]) -> Bool {
    for entry in entries {
      let joined = entry.joined()
      for start in name.indices {
        if wordMatches(name[start], joined) { return true }
        guard entry.count > 1, start + entry.count <= name.count else { continue }
        var all = true
        for (offset, word) in entry.enumerated() {
          let candidate = name[start + offset]
          if offset == entry.count - 1 ? !wordMatches(candidate, word) : candidate != word {
            all = false
            break
          }
        }
        if all { return true }
      }
    }
    return false
  }

  private static func wordMatches(_ word: String, _ entry: String) -> Bool {
    word == entry || word == entry + "s" || (entry.hasSuffix("y") && word == entry.dropLast() + "ies")
  }

  /// `userPassword` → `["user", "password"]`, `X-API-Key` → `["x", "api", "key"]`,
  /// `AUTH_TOKEN` → `["auth", "token"]`, `privateKeyPEM` → `["private", "key", "pem"]`.
  static func split(_ name: String) -> [String] {
    var words: [String] = []
    var current: [Character] = []
    let characters = Array(name)
    func finish() {
      if !current.isEmpty { words.append(String(current).lowercased()) }
      current = []
    }
    for (index, character) in characters.enumerated() {
      guard character.isLetter else {
        finish()
        continue
      }
      if character.isUppercase, let last = current.last {
        let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
        // `userPassword`: a hump; `APIKey`: the last capital of a run starts the next word.
        if last.isLowercase || (last.isUppercase && nextIsLower) { finish() }
      }
      current.append(character)
    }
    finish()
    return words
  }
}

/// Names already decided, shared by the copies of one rule set (reflection asks for the same
/// field names over and over).
private final class RedactionCache: @unchecked Sendable {
  private let lock = NSLock()
  // Unchecked Sendable: guarded by `lock`.
  private var known: [String: Bool] = [:]

  func lookup(_ name: String) -> Bool? { lock.withLock { known[name] } }

  func store(_ name: String, _ value: Bool) {
    lock.withLock {
      if known.count > 10_000 { known.removeAll() }
      known[name] = value
    }
  }
}
