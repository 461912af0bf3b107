import Debugging

/// A path pattern for `tca-trace diff --ignore`: the parts of states and actions that may differ
/// between two runs (ids, timestamps). Paths are walked in the trace's JSON form of a value
/// (docs/log-format.md): field names, enum case names, array indices, and a dictionary's keys
/// (an entry of a `$dict` is named by its key, as `blame` names it: `scores[5]`,
/// `owners[E621E1F8-…]`); `$` keys (`$type`, `$enum`, `$set`, …) are not path segments.
///
/// Two spellings:
/// - Swift-like: `todos[*].id`, `**.timestamp`, `todos[0].title`, `destination.*.title`,
///   `scores[5]`, `settings["a.b"]`, `created*` (a `*` inside a name or an unquoted key matches
///   any characters).
/// - JSON Pointer: `/todos/*/id`, `/**/timestamp` (`~0` and `~1` escape `~` and `/`).
///
/// The grammar is `PathSyntax`'s, shared with `blame`'s and `show --path`'s paths; only what may
/// stand in brackets differs.
///
/// `*` (or `[*]`) matches exactly one segment, `**` any number of segments, including none.
///
/// ```swift
/// let pattern = try IgnorePattern("todos[*].id")
/// pattern.matches(["todos", "3", "id"])  // true
/// pattern.matches(["todos", "3"])        // false
/// ```
public struct IgnorePattern: Sendable, Hashable, CustomStringConvertible {
  enum Segment: Sendable, Hashable {
    case literal(String)
    /// A name with `*` wildcards inside it: its literal parts.
    case glob([Substring])
    case one
    case any
  }

  let segments: [Segment]
  /// The text as given.
  public let description: String

  public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  public init(_ text: String) throws(ParseError) {
    description = text
    do {
      segments = try PathSyntax.segments(of: text, name: Self.segment, bracket: Self.bracket)
    } catch {
      throw ParseError(message: error.message)
    }
    guard !segments.isEmpty else { throw ParseError(message: "empty path") }
    // A marker copied from a patch's pointer (`/scores/$dict/1/1`) is not a segment: such a
    // pattern would match nothing, silently.
    for case let .literal(token) in segments where Self.markers.contains(token) {
      throw ParseError(
        message:
          "\(token) is a marker of the trace's value form, not a path segment: name a dictionary's entry by its key, scores[5], a set's member or a tuple's field by its place, tags[1], pair.0"
      )
    }
  }

  /// The `$` keys of the trace's value form (docs/log-format.md), which paths walk through.
  static let markers: Set<String> = [
    "$type", "$enum", "$tuple", "$set", "$dict", "$id", "$uuid", "$date", "$t", "$url", "$data", "$double",
    "$redacted", "$ref",
  ]

  /// This dialect's brackets (`PathSyntax` reads the rest): `[3]`, `[*]`, `[**]`, or a key:
  /// `[E621E1F8-…]`, `[api*]`, `["a.b"]` (quoted, a key is taken as written, `*` included).
  private static func bracket(_ inside: Substring) -> Result<Segment, PathSyntax.Error> {
    var key = inside
    while key.first == " " { key = key.dropFirst() }
    while key.last == " " { key = key.dropLast() }
    if key.count >= 2, key.hasPrefix("\""), key.hasSuffix("\"") {
      let quoted = key.dropFirst().dropLast()
      if !quoted.isEmpty { return .success(.literal(String(quoted))) }
    } else if key.hasPrefix("id:") {
      return .failure(PathSyntax.Error(message: "expected [index], [key], [*] or [**], not [id:…]"))
    } else if !key.isEmpty {
      return .success(segment(String(key)))
    }
    return .failure(PathSyntax.Error(message: "expected [index], [key], [*] or [**]"))
  }

  private static func segment(_ token: String) -> Segment {
    switch token {
    case "**": return .any
    case "*": return .one
    case _ where token.contains("*"): return .glob(token.split(separator: "*", omittingEmptySubsequences: false))
    default: return .literal(token)
    }
  }

  /// One step of a path into a value: a member's name or an element's index, or the key of a
  /// dictionary's entry (a `$dict` pair's first), which a segment matches as `blame` reads a key
  /// (`PathSyntax.key(_:reads:)`: `5`, a UUID in any case, an id type around one).
  enum Step {
    case name(String)
    case key(JSON)
  }

  /// Whether the path (segments from the root of the value) is matched by this pattern.
  public func matches(_ path: [String]) -> Bool {
    matches(count: path.count) { segment, index in Self.matches(segment, path[index]) }
  }

  /// Whether the path, whose steps may be dictionary keys, is matched by this pattern.
  func matches(_ path: [Step]) -> Bool {
    matches(count: path.count) { segment, index in
      switch path[index] {
      case let .name(token): Self.matches(segment, token)
      case let .key(key): Self.matches(segment, key: key)
      }
    }
  }

  private func matches(count: Int, _ step: (Segment, Int) -> Bool) -> Bool {
    // Dynamic programming over (pattern prefix, path prefix): O(segments × path).
    var reachable = [Bool](repeating: false, count: count + 1)
    reachable[0] = true
    for segment in segments {
      var next = [Bool](repeating: false, count: count + 1)
      switch segment {
      case .any:
        var seen = false
        for index in 0...count {
          seen = seen || reachable[index]
          next[index] = seen
        }
      default:
        for index in 0..<count where reachable[index] && step(segment, index) {
          next[index + 1] = true
        }
      }
      reachable = next
      if !reachable.contains(true) { return false }
    }
    return reachable[count]
  }

  private static func matches(_ segment: Segment, _ token: String) -> Bool {
    switch segment {
    case let .literal(text): return text == token
    case .one, .any: return true
    case let .glob(parts): return globMatches(parts, Substring(token))
    }
  }

  private static func matches(_ segment: Segment, key: JSON) -> Bool {
    switch segment {
    case let .literal(text): return PathSyntax.key(key, reads: text)
    case .one, .any: return true
    case let .glob(parts): return globMatches(parts, Substring(PathSyntax.keyText(key)))
    }
  }

  /// `created*` / `*At` / `a*b*c`: the literal parts in order, the first at the start and the
  /// last at the end.
  private static func globMatches(_ parts: [Substring], _ token: Substring) -> Bool {
    guard let first = parts.first, let last = parts.last, token.hasPrefix(first) else { return false }
    var rest = token.dropFirst(first.count)
    for part in parts.dropFirst().dropLast() {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return parts.count == 1 ? rest.isEmpty : rest.hasSuffix(last) && rest.count >= last.count
  }
}
